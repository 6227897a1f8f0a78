"""`kidswar db upgrade`: create the database, or bring it to the latest schema, and say so.
`kidswar db clean-up`: delete old games and rounds now (from a timer: docs/running.md, "Old games").
`kidswar db backup FILE`: copy the SQLite database while the servers run (docs/running.md,
"Backups"); on PostgreSQL, say which pg_dump command to run instead.

Every start of the app does the same, so a family never types it. With several app servers on
one PostgreSQL database it is the step before starting them (docs/running.md, "Several app
servers and PostgreSQL"): the tables are made once, by one command, rather than by whichever
server starts first.
"""

from __future__ import annotations

import os
import time
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

import click

from kidswar.cli.environment import checked_settings
from kidswar.settings import Settings
from kidswar.storage.connection import connect, is_postgres
from kidswar.storage.database import LATEST_VERSION, create, schema_version
from kidswar.storage.housekeeping import CLEAN_UP, claim, clean_up, cutoffs
from kidswar.storage.sqlite import backup


def database_target(settings: Settings) -> str:
    """The database the app would use: KIDSWAR_DATABASE_URL, else the instance folder's file."""
    if settings.database_url:
        return settings.database_url
    from kidswar.web import instance_path  # Flask's rule for the folder: only where needed

    folder = instance_path(settings)  # found exactly as the app finds it
    folder.mkdir(parents=True, exist_ok=True)
    return str(folder / "kidswar.sqlite")


def shown(target: str) -> str:
    """The database's name without a password that the URL may hold."""
    if not is_postgres(target):
        return target
    scheme, _, rest = target.partition("://")
    return f"{scheme}://{rest.rpartition('@')[2]}"


@click.group("db")
def db_group() -> None:
    """The database: SQLite in the instance folder, or PostgreSQL (KIDSWAR_DATABASE_URL)."""


@db_group.command("upgrade")
def upgrade_command() -> None:
    """Create the database's tables, or upgrade them to the latest version, keeping every game."""
    target = database_target(checked_settings())
    try:
        database = connect(target)
        try:
            before = schema_version(database)
        finally:
            database.close()
        create(target)
    except ImportError as error:
        raise click.ClickException("PostgreSQL needs: pip install 'kidswar[postgres]'") from error
    except Exception as error:  # a URL that does not connect, a file that cannot be written
        raise click.ClickException(f"{shown(target)}: {error}") from error
    if before >= LATEST_VERSION:
        click.echo(f"{shown(target)} is up to date (version {LATEST_VERSION}).")
    else:
        click.echo(f"{shown(target)} upgraded from version {before} to {LATEST_VERSION}.")


@db_group.command("clean-up")
def clean_up_command() -> None:
    """Delete old games and rounds now, in short steps (for a timer, e.g. every 5 minutes)."""
    settings = checked_settings()
    target = database_target(settings)
    now = time.time()
    try:
        create(target)  # a database that is not there yet, or not upgraded, has nothing old
        database = connect(target)
        try:
            claim(database, CLEAN_UP, now, 0)  # always due; the servers' threads then wait
            deleted, pages = clean_up(
                database,
                cutoffs(now, settings.finished_games_kept_days, settings.idle_games_kept_days),
                cutoffs(now, settings.finished_rounds_kept_days, settings.idle_rounds_kept_days),
            )
        finally:
            database.close()
    except ImportError as error:
        raise click.ClickException("PostgreSQL needs: pip install 'kidswar[postgres]'") from error
    except Exception as error:  # a URL that does not connect, a file that cannot be written
        raise click.ClickException(f"{shown(target)}: {error}") from error
    click.echo(f"{shown(target)}: {deleted} old games deleted, {pages} free pages given back.")


def without_password(url: str) -> str:
    """The URL with any password taken out (pg_dump finds it in PGPASSWORD or ~/.pgpass)."""
    parts = urlsplit(url)
    if parts.password is None:
        return url
    user = parts.username or ""
    host = parts.netloc.rpartition("@")[2]
    return urlunsplit(parts._replace(netloc=f"{user}@{host}"))


@db_group.command("backup")
@click.argument("file", type=click.Path(dir_okay=False, path_type=Path))
def backup_command(file: Path) -> None:
    """Copy the database to FILE while the servers run (SQLite's online backup).

    On PostgreSQL it copies nothing: it says the pg_dump command to run.
    """
    settings = checked_settings()
    target = database_target(settings)
    if is_postgres(target):
        command = f"pg_dump --format=custom --file={file} '{without_password(target)}'"
        raise click.ClickException(
            f"a PostgreSQL database is backed up with its own tool: {command}"
        )
    if not os.path.exists(target):
        raise click.ClickException(f"{target}: there is no database to back up yet")
    if file.exists() and os.path.samefile(file, target):
        raise click.ClickException(f"{file} is the database itself: name another file")
    try:
        backup(target, file)
    except Exception as error:  # a folder that cannot be written, a full disk
        raise click.ClickException(f"{file}: {error}") from error
    key = "KIDSWAR_SECRET_KEY" if settings.secret_key else f"{Path(target).parent / 'secret_key'}"
    click.echo(f"{shown(target)} backed up to {file}. Keep the secret key ({key}) with it.")
