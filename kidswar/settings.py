"""The settings: every `KIDSWAR_*` value parsed and checked once, at start-up, into `Settings`.

A mistyped value (`KIDSWAR_CLEAN_UP_MINUTES=five`) or name (`KIDSWAR_CLEAN_UP_MINUTE`) stops
`kidswar serve`, `kidswar db` and gunicorn's `create_app()` before any request, with one line
naming the variable, what it got and what it takes: never a 500 at the first game that reads it.
This module knows no Flask, so the command can check settings without loading the web.
"""

from __future__ import annotations

import dataclasses
import difflib
import importlib.util
import math
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from kidswar.sound.worker import DEFAULT_ENGINE, DEFAULT_RATE
from kidswar.storage.connection import is_postgres

PREFIX = "KIDSWAR_"
# The test suite's and CI's own variables, which are not settings of the app.
TOOL_VARIABLES = ("KIDSWAR_FUZZ_SCALE", "KIDSWAR_SCREENSHOTS", "KIDSWAR_VENV")
TOOL_PREFIXES = ("KIDSWAR_TEST_", "KIDSWAR_REQUIRE_", "KIDSWAR_PG_", "KIDSWAR_FAKE_")
# `kidswar serve`'s limits (docs/running.md, "Serving a class"); its options check the same ranges.
THREADS = range(1, 64 + 1)
WORKERS = range(1, 64 + 1)
CONNECTION_LIMIT = range(10, 100_000 + 1)
CHANNEL_TIMEOUT = range(2, 3600 + 1)
SPEECH_RATE = range(60, 400 + 1)  # words a minute that eSpeak speaks clearly


class SettingsError(ValueError):
    """A setting that cannot work, found at start-up: said in one line, before any request."""


@dataclass(frozen=True)
class Settings:
    """The app's settings, typed; each field is read from `KIDSWAR_<FIELD IN CAPITALS>`."""

    instance_path: str | None = None  # None: the package's own instance folder (the web's rule)
    database_url: str | None = None  # None: SQLite in the instance folder
    secret_key: str | None = None  # None: made once in the instance folder
    # A request waits this long for the database (a connection, or SQLite's write lock), then
    # gets 503 with Retry-After: a database that went away must not hold every thread.
    database_timeout: float = 2.0
    finished_games_kept_days: int = 7  # a finished game's share link keeps working a week
    idle_games_kept_days: int = 60  # an abandoned game is kept for two months
    finished_rounds_kept_days: int = 2  # a class round's results stay for the next lesson
    idle_rounds_kept_days: int = 14  # a round set up and never finished
    # Old games and rounds are looked for at most this often, off the requests; 0: never by
    # the servers (`kidswar db clean-up` from a timer instead).
    clean_up_minutes: int = 5
    speech_rate: int = DEFAULT_RATE  # words a minute
    speech_engine: str = DEFAULT_ENGINE  # "module:function" making the engine (tests: a fake)
    # Speech never holds a page (docs/running.md, "Serving a class"): a clip not on disk is
    # waited for this long (a render takes about 15 ms, a cold start 0.2 s), then 503 Retry-After.
    speech_wait_seconds: float = 2.0
    speech_waiting_requests: int = 4  # at most half of `kidswar serve`'s 8 threads wait
    speech_timeout_seconds: float = 20.0  # a render taking longer gets the worker killed
    speech_retry_seconds: float = 30.0  # after 3 failures in a row, speech rests, then retries
    deal_seed: int | None = None  # deal every game from one seeded stream (tests)
    # Class rounds: tables one device may make in a round (children sharing a tablet), new
    # tables by typed code and wrong join codes a minute per address. 30 typed joins: a class
    # of 30 tablets behind one school address, each typing the code in the same minute. A
    # table seated through the projector's QR code is not counted (docs/classroom.md).
    class_tables_per_device: int = 2
    class_joins_per_minute: int = 30
    class_wrong_codes_per_minute: int = 100  # a class of 30 behind one address, typing
    # Reverse proxies in front that add X-Forwarded-For; 0: none. Never more than there are:
    # clients could forge their address.
    proxies: int = 0
    # The address the class joins at ("https://war.example.org"), for the projector's join link
    # and QR code; None: the request's host, if it is among `trusted_hosts`.
    public_url: str | None = None
    # Host names the app answers to (Flask's TRUSTED_HOSTS: another Host header is a 400);
    # empty: any (a home or classroom server, opened by whatever address it has).
    trusted_hosts: tuple[str, ...] = ()
    threads: int = 8  # `kidswar serve`: a battle takes 7 ms, 8 threads keep 2 cores busy
    workers: int = 1  # `kidswar serve`: server processes; one per core for a whole school
    connection_limit: int = 1000  # 5 classes of 30 tablets at a browser's 6 connections
    channel_timeout: int = 30  # seconds after which an idle or half-sent connection closes

    @classmethod
    def from_environment(cls, environ: Mapping[str, str]) -> Settings:
        """The settings of the `KIDSWAR_*` variables in `environ`; raise SettingsError for a
        value that cannot work or a name that is no setting (a typing mistake)."""
        values: dict[str, object] = {}
        for variable, raw in environ.items():
            if not variable.startswith(PREFIX) or is_tool_variable(variable):
                continue
            key = variable.removeprefix(PREFIX)
            if key not in RULES:
                raise SettingsError(unknown(variable))
            values[key] = raw
        return cls.from_values(values)

    @classmethod
    def from_values(cls, values: Mapping[str, object]) -> Settings:
        """The settings of config keys (`CLEAN_UP_MINUTES`: 5 or "5"); other keys are ignored."""
        fields: dict[str, Any] = {}
        for key, raw in values.items():
            rule = RULES.get(key)
            if rule is None:
                continue
            try:
                fields[key.lower()] = rule.parse(raw)
            except (ValueError, TypeError, OverflowError):
                shown = raw if isinstance(raw, str) else repr(raw)
                raise SettingsError(
                    f"{PREFIX}{key} is {shown!r}, but it must be {rule.accepts}"
                ) from None
        return cls(**fields)

    def config(self) -> dict[str, object]:
        """The settings as the app's config keys (`CLEAN_UP_MINUTES`...), typed."""
        return {field.name.upper(): getattr(self, field.name) for field in dataclasses.fields(self)}

    def verify_database(self) -> None:
        """Raise SettingsError unless an app server can use this database.

        App servers sharing a database must share the secret key too, or a session cookie set
        by one (a table's seat, a form's CSRF token) is refused by the next.
        """
        if self.database_url is None:
            return
        if importlib.util.find_spec("psycopg_pool") is None:
            raise SettingsError("PostgreSQL needs psycopg: pip install 'kidswar[postgres]'")
        if self.secret_key is None:
            raise SettingsError(
                "KIDSWAR_DATABASE_URL needs KIDSWAR_SECRET_KEY, the same on every server sharing "
                "the database; make one with: python3 -c 'import secrets; "
                "print(secrets.token_hex(32))'"
            )


def is_tool_variable(variable: str) -> bool:
    """True for the tests' and CI's own `KIDSWAR_*` variables, which the app does not read."""
    return variable in TOOL_VARIABLES or variable.startswith(TOOL_PREFIXES)


def unknown(variable: str) -> str:
    """What to say of a `KIDSWAR_*` variable that is no setting: most likely a typing mistake."""
    names = [PREFIX + key for key in RULES]
    close = difflib.get_close_matches(variable, names, n=1)
    hint = f"did you mean {close[0]}?" if close else "the settings are in docs/running.md"
    return f"{variable} is not a kidswar setting ({hint})"


@dataclass(frozen=True)
class Rule:
    """How one setting is read: `parse` raises ValueError for a value outside `accepts`."""

    accepts: str
    parse: Callable[[object], object]


def whole(low: int, high: int, unit: str) -> Rule:
    """A whole number from `low` to `high` (text from the environment, or a number)."""

    def parse(raw: object) -> int:
        if isinstance(raw, bool | float):
            raise ValueError(raw)
        number = int(raw.strip()) if isinstance(raw, str) else int(raw)  # type: ignore[call-overload]
        if not low <= number <= high:
            raise ValueError(raw)
        return number

    of = f" of {unit}" if unit else ""
    return Rule(f"a whole number{of} from {low} to {high}", parse)


def within(numbers: range, unit: str) -> Rule:
    """A whole number in `numbers`."""
    return whole(numbers.start, numbers.stop - 1, unit)


def seconds(low: float, high: float) -> Rule:
    """A number of seconds from `low` to `high`, fractions allowed."""

    def parse(raw: object) -> float:
        if isinstance(raw, bool):
            raise ValueError(raw)
        number = float(raw.strip()) if isinstance(raw, str) else float(raw)  # type: ignore[arg-type]
        if math.isnan(number) or not low <= number <= high:
            raise ValueError(raw)
        return number

    return Rule(f"a number of seconds from {low:g} to {high:g}", parse)


def optional(rule: Rule) -> Rule:
    """`rule`, or nothing (an empty value) for the default."""

    def parse(raw: object) -> object:
        return None if raw is None or raw == "" else rule.parse(raw)

    return Rule(f"{rule.accepts}, or empty", parse)


def text_of(raw: object, pattern: str = r".+") -> str | None:
    """`raw` as text matching `pattern`; None for empty text (the default)."""
    if raw is None or raw == "":
        return None
    if not isinstance(raw, str):
        raise ValueError(raw)
    if not re.fullmatch(pattern, raw, re.DOTALL):
        raise ValueError(raw)
    return raw


def database_url(raw: object) -> str | None:
    """A PostgreSQL URL, or None for the instance folder's SQLite file."""
    url = text_of(raw.strip() if isinstance(raw, str) else raw)
    if url is not None and not is_postgres(url):
        raise ValueError(raw)
    return url


def public_url(raw: object) -> str | None:
    """An http(s) address with a host and no query, without its last slash; None if empty."""
    url = text_of(
        raw.strip() if isinstance(raw, str) else raw, r"https?://[\w.\-\[\]:]+(/[^?#\s]*)?"
    )
    return url.rstrip("/") if url is not None else None


def host_names(raw: object) -> tuple[str, ...]:
    """Host names separated by commas ("war.example.org, .school.example"); () if empty."""
    if isinstance(raw, list | tuple):
        raw = ",".join(str(name) for name in raw)
    text = text_of(raw)
    if text is None:
        return ()
    names = tuple(name.strip().lower() for name in text.split(",") if name.strip())
    # No port: Flask's TRUSTED_HOSTS matches the name alone, whatever the port.
    if not names or not all(re.fullmatch(r"\.?[\w\-]+(\.[\w\-]+)*", n) for n in names):
        raise ValueError(raw)
    return names


def engine(raw: object) -> str:
    """A speech engine's maker, "module:function"."""
    value = text_of(raw, r"[\w.]+:\w+")
    if value is None:
        raise ValueError(raw)
    return value


def path(raw: object) -> str | None:
    """A folder's path; None (empty) for the default."""
    return text_of(raw.strip() if isinstance(raw, str) else raw)


RULES: dict[str, Rule] = {
    "INSTANCE_PATH": Rule("a folder's path", path),
    "DATABASE_URL": Rule(
        "a postgresql:// URL, or empty for SQLite in the instance folder", database_url
    ),
    "SECRET_KEY": Rule("any text, the same on every server sharing a database", text_of),
    "DATABASE_TIMEOUT": seconds(0.1, 60),
    "FINISHED_GAMES_KEPT_DAYS": whole(0, 3650, "days"),
    "IDLE_GAMES_KEPT_DAYS": whole(0, 3650, "days"),
    "FINISHED_ROUNDS_KEPT_DAYS": whole(0, 3650, "days"),
    "IDLE_ROUNDS_KEPT_DAYS": whole(0, 3650, "days"),
    "CLEAN_UP_MINUTES": whole(0, 24 * 60, "minutes"),
    "SPEECH_RATE": within(SPEECH_RATE, "words a minute"),
    "SPEECH_ENGINE": Rule('"module:function", a function making a speech engine', engine),
    "SPEECH_WAIT_SECONDS": seconds(0, 60),
    "SPEECH_WAITING_REQUESTS": whole(0, 64, "requests"),
    "SPEECH_TIMEOUT_SECONDS": seconds(0.1, 600),
    "SPEECH_RETRY_SECONDS": seconds(0, 3600),
    "DEAL_SEED": optional(whole(0, 2**63 - 1, "")),
    "CLASS_TABLES_PER_DEVICE": whole(1, 1_000_000, "tables"),
    "CLASS_JOINS_PER_MINUTE": whole(1, 1_000_000, "tables"),
    "CLASS_WRONG_CODES_PER_MINUTE": whole(1, 1_000_000, "codes"),
    "PROXIES": whole(0, 10, "proxies"),
    "PUBLIC_URL": Rule(
        "an http:// or https:// address with a host and no query, or empty", public_url
    ),
    "TRUSTED_HOSTS": Rule(
        "host names without ports, separated by commas (a leading dot: its subdomains too),"
        " or empty",
        host_names,
    ),
    "THREADS": within(THREADS, "threads"),
    "WORKERS": within(WORKERS, "processes"),
    "CONNECTION_LIMIT": within(CONNECTION_LIMIT, "connections"),
    "CHANNEL_TIMEOUT": within(CHANNEL_TIMEOUT, "seconds"),
}
