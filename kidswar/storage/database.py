"""The database's schema kept up to date: one migration story for SQLite and PostgreSQL.

The schema's version is kept in a SQLite file itself (`PRAGMA user_version`: 0 in a new file and
in any file made before versions were kept), in PostgreSQL in the table `kidswar_schema`. The
steps are written once, in SQL both understand (`Database.ddl` maps the types). `MIGRATIONS`
lists the steps from the first release on, in order; step n brings the database to version n.
`create` applies every step above the database's version, each in its own transaction, so an
old database is upgraded keeping every game and a new one is made at the latest version.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from kidswar.storage.connection import connect, is_postgres
from kidswar.storage.interfaces import Database, immediate
from kidswar.storage.sqlite import SqliteDatabase

__all__ = ["LATEST_VERSION", "MIGRATIONS", "Database", "connect", "create", "immediate", "migrate"]


def _add_column(db: Database, table: str, name: str, declaration: str) -> None:
    """Add a column unless the table has it already.

    Before versions were kept, columns were added one by one at start-up, so a file at
    version 0 may hold some of the columns of the later steps already.
    """
    if name not in db.columns(table):
        db.ddl(f"ALTER TABLE {table} ADD COLUMN {name} {declaration}")


def _first_release(db: Database) -> None:
    """Version 1: the games table as first released ("IF NOT EXISTS": a version-0 file has it)."""
    db.ddl(
        """
        CREATE TABLE IF NOT EXISTS games (
            id TEXT PRIMARY KEY,
            setup TEXT NOT NULL,      -- TableSetup as JSON: mode, seats, rules ("Play again")
            state TEXT NOT NULL,      -- the engine's Game.to_json()
            last_battle TEXT,         -- the last Battle.to_json(), to draw it; NULL before any
            turned TEXT NOT NULL,     -- JSON list of seats that turned a card for the next battle
            version INTEGER NOT NULL, -- goes up by one with every saved move
            created REAL NOT NULL,
            updated REAL NOT NULL,
            finished REAL             -- when the game ended; old finished games are cleaned up
        )
        """
    )
    db.ddl("CREATE INDEX IF NOT EXISTS games_finished ON games (finished)")
    if db.dialect == "postgresql":
        # SQLite numbers every row (`rowid`): the clean-up deletes by it and a round's games
        # tie on it in the order they were made. PostgreSQL gets a column of that name.
        _add_column(db, "games", "rowid", "BIGINT GENERATED ALWAYS AS IDENTITY UNIQUE")


def _timed_games(db: Database) -> None:
    """Version 2: a timed game's deadline; NULL for no time limit or a class round's game."""
    _add_column(db, "games", "deadline", "REAL")


def _class_rounds(db: Database) -> None:
    """Version 3: class rounds, their tables, and the round and table a game plays for."""
    db.ddl(
        """
        CREATE TABLE IF NOT EXISTS rounds (
            code TEXT PRIMARY KEY,        -- the join code the tables type (or scan as a QR code)
            teacher TEXT NOT NULL UNIQUE, -- the secret token of the teacher's page
            settings TEXT NOT NULL,       -- JSON: minutes, variant, players per table, who plays
            clock TEXT NOT NULL,          -- the round's Clock.to_json(): every table's deadline
            version INTEGER NOT NULL,     -- goes up by one with every saved change
            created REAL NOT NULL,
            updated REAL NOT NULL,
            finished REAL                 -- when time was up; old rounds are cleaned up
        )
        """
    )
    db.ddl(
        """
        CREATE TABLE IF NOT EXISTS round_tables (
            code TEXT NOT NULL,           -- the round (its rows are deleted with it)
            number INTEGER NOT NULL,      -- 1, 2, 3... in the order the tables joined
            name TEXT NOT NULL,
            game_id TEXT NOT NULL,        -- the table's game now (a new one after "Play again")
            PRIMARY KEY (code, number)
        )
        """
    )
    _add_column(db, "games", "round_code", "TEXT")  # the class round whose clock it plays under
    _add_column(db, "games", "round_table", "INTEGER")  # the number of its table in that round


def _practice(db: Database) -> None:
    """Version 4: practice mode's answers and score (JSON); NULL while there are none."""
    _add_column(db, "games", "practice", "TEXT")


def _games_updated_index(db: Database) -> None:
    """Version 5: an index for the clean-up, which deletes games untouched since a cutoff."""
    db.ddl("CREATE INDEX IF NOT EXISTS games_updated ON games (updated)")


def _housekeeping(db: Database) -> None:
    """Version 6: when each periodic task last ran (the clean-up runs every few minutes, not at
    every new game), and the indexes the clean-up of old rounds looks rounds up by."""
    db.ddl(
        """
        CREATE TABLE IF NOT EXISTS housekeeping (
            task TEXT PRIMARY KEY,    -- "clean-up"
            last_run REAL NOT NULL    -- when it last started (the app's clock)
        )
        """
    )
    db.ddl("CREATE INDEX IF NOT EXISTS rounds_updated ON rounds (updated)")
    db.ddl("CREATE INDEX IF NOT EXISTS rounds_finished ON rounds (finished)")


def _crowded_rounds(db: Database) -> None:
    """Version 7 (issue 13): a table's device, removed tables, a table's games, request limits.

    A table's games were already marked with their round and table (version 3); the index finds
    every game a table played, so "Play again" keeps the earlier ones in the round's results.
    """
    # A hash of the joining device's random token and the round's code (NULL: joined before
    # devices were told apart): the same device in two rounds cannot be linked.
    _add_column(db, "round_tables", "device", "TEXT")
    _add_column(db, "round_tables", "removed", "REAL")  # when the teacher removed it; NULL: listed
    db.ddl("CREATE INDEX IF NOT EXISTS games_round ON games (round_code, round_table)")
    db.ddl(
        """
        CREATE TABLE IF NOT EXISTS limited_requests (
            kind TEXT NOT NULL,   -- what is limited: "join" (a new table), "code" (a code tried)
            client TEXT NOT NULL, -- a keyed hash of the client's address, never the address
            at REAL NOT NULL      -- when; rows older than the limit's window are deleted
        )
        """
    )
    db.ddl(
        "CREATE INDEX IF NOT EXISTS limited_requests_client ON limited_requests (kind, client, at)"
    )


# Append only: a released step never changes, since databases out there are already past it.
MIGRATIONS: tuple[Callable[[Database], None], ...] = (
    _first_release,
    _timed_games,
    _class_rounds,
    _practice,
    _games_updated_index,
    _housekeeping,
    _crowded_rounds,
)
LATEST_VERSION = len(MIGRATIONS)
INCREMENTAL = 2  # PRAGMA auto_vacuum: free pages are kept track of and given back on request


def schema_version(db: Database) -> int:
    """The migration step the database is at (0: none, or made before versions were kept)."""
    return db.schema_version()


def migrate(db: Database) -> int:
    """Apply every step above the database's version, each in one transaction; return how many.

    Several processes may start at once (waitress workers, app servers, `kidswar speech warm`):
    each step takes the schema's lock first and reads the version again under it, so a step
    that another process applied meanwhile is skipped, and none is applied twice.
    """
    if schema_version(db) >= LATEST_VERSION:
        return 0  # the usual start: up to date, and no lock taken
    applied = 0
    for number, step in enumerate(MIGRATIONS, start=1):
        db.begin_schema_change()
        try:
            if schema_version(db) >= number:
                db.commit()
                continue
            step(db)
            db.set_schema_version(number)
        except BaseException:
            db.rollback()
            raise
        db.commit()
        applied += 1
    return applied


def create(target: str | Path) -> None:
    """Create the database, or bring an older one up to date (once, at start-up).

    `target` is a SQLite file's path or a PostgreSQL URL (`connection.connect`).
    """
    if is_postgres(target):
        database = connect(target)
        try:
            migrate(database)
        finally:
            database.close()
        return
    connection = SqliteDatabase(target)
    try:
        # Before anything is written: a new file keeps track of its free pages, so that the
        # clean-up can give them back (`storage.housekeeping`); an older file is converted below.
        connection.execute("PRAGMA auto_vacuum=INCREMENTAL")
        # WAL lets pages be read while a move is written; the setting stays with the file.
        # It cannot be changed inside a transaction, so it comes before the migrations.
        connection.execute("PRAGMA journal_mode=WAL")
        migrate(connection)
        _convert_to_incremental_vacuum(connection)
    finally:
        connection.close()


def _convert_to_incremental_vacuum(db: SqliteDatabase) -> None:
    """Rewrite a file made before issue 13 once (VACUUM) so that it can shrink from then on.

    Only a VACUUM turns `auto_vacuum` on in a file that has tables. It copies every page, a
    few seconds for a file of 50,000 games; it runs outside any transaction, and two processes
    starting at once at worst both do it. The log it leaves as big as the file is emptied.
    """
    if db.execute("PRAGMA auto_vacuum").fetchone()[0] == INCREMENTAL:
        return
    db.execute("VACUUM")  # takes the `auto_vacuum=INCREMENTAL` asked for in `create`
    db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
