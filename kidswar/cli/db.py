"""`kidswar db upgrade`: create the database, or bring it to the latest schema, and say so.
`kidswar db clean-up`: delete old games and rounds now (from a timer: README, "Old games").

Every start of the app does the same, so a family never types it. With several app servers on
one PostgreSQL database it is the step before starting them (README, "Outgrowing one machine"):
the tables are made once, by one command, rather than by whichever server starts first.
"""

from __future__ import annotations

import time

import click

from kidswar.cli.environment import checked_settings
from kidswar.settings import Settings
from kidswar.storage.connection import connect, is_postgres
from kidswar.storage.database import LATEST_VERSION, create, schema_version
from kidswar.storage.housekeeping import CLEAN_UP, claim, clean_up, cutoffs


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
