"""The kidswar web app: `create_app()` builds it, one blueprint per area."""

from __future__ import annotations

import importlib.util
import os
from pathlib import Path
from typing import Any

from flask import Flask
from werkzeug.middleware.proxy_fix import ProxyFix

from kidswar.game.class_round import display_code
from kidswar.sound.worker import DEFAULT_ENGINE, DEFAULT_RATE
from kidswar.storage.connection import is_postgres
from kidswar.web import db, scripts, security
from kidswar.web.clips import speech_available
from kidswar.web.i18n import init_babel
from kidswar.words.catalogs import translations_dir


def instance_path(test_config: dict[str, Any] | None = None) -> Path:
    """The instance folder: `INSTANCE_PATH` in the test config, `KIDSWAR_INSTANCE_PATH`, else
    Flask's own default for this package (`instance/` beside a checkout, `<prefix>/var/...`
    for an installed package). The `kidswar` command finds the folder the same way."""
    configured = (test_config or {}).get("INSTANCE_PATH") or os.environ.get("KIDSWAR_INSTANCE_PATH")
    if configured:
        return Path(configured).resolve()
    return Path(Flask(__name__).instance_path)  # Flask's rule, worked out from the import name


def create_app(test_config: dict[str, Any] | None = None) -> Flask:
    """Create and configure the app (the flaskr pattern: an instance folder per deployment).

    Settings come from `test_config`, else from `KIDSWAR_*` environment variables;
    `KIDSWAR_INSTANCE_PATH` says where the instance folder (database, secret key) lives, and
    `KIDSWAR_DATABASE_URL` names a PostgreSQL database to use instead of its SQLite file.
    """
    app = Flask(__name__, instance_path=str(instance_path(test_config)))
    app.config.from_mapping(
        DATABASE=os.path.join(app.instance_path, "kidswar.sqlite"),
        FINISHED_GAMES_KEPT_DAYS=7,  # a finished game's share link keeps working a week
        IDLE_GAMES_KEPT_DAYS=60,  # an abandoned game is kept for two months
        FINISHED_ROUNDS_KEPT_DAYS=2,  # a class round's results stay for the next lesson
        IDLE_ROUNDS_KEPT_DAYS=14,  # a round set up and never finished
        CLEAN_UP_MINUTES=5,  # old games and rounds are looked for at most this often
        SESSION_COOKIE_SAMESITE="Lax",
        SESSION_COOKIE_HTTPONLY=True,
        WTF_CSRF_TIME_LIMIT=None,  # a game left open all afternoon must still accept moves
        MAX_CONTENT_LENGTH=64 * 1024,  # no form of ours is bigger than a few hundred bytes
        BABEL_TRANSLATION_DIRECTORIES=str(translations_dir()),
        SPEECH_RATE=DEFAULT_RATE,  # words a minute (KIDSWAR_SPEECH_RATE)
        SPEECH_ENGINE=DEFAULT_ENGINE,  # "module:function" making the engine (tests: a fake)
        # Speech never holds a page (README, "Serving a class"): a clip not on disk is waited
        # for this long (a render takes about 15 ms, a cold start 0.2 s), then 503 Retry-After;
        SPEECH_WAIT_SECONDS=2.0,
        SPEECH_WAITING_REQUESTS=4,  # at most half of `kidswar serve`'s 8 threads wait for clips
        SPEECH_TIMEOUT_SECONDS=20.0,  # a render taking longer gets the worker killed
        SPEECH_RETRY_SECONDS=30.0,  # after 3 failures in a row, speech rests, then tries again
        DEAL_SEED=None,  # a whole number: deal every game from one seeded stream (tests)
        # Class rounds (issue 13): tables one device may make in a round (children sharing a
        # tablet one after the other), new tables and wrong join codes a minute per address.
        # Where every tablet reaches the server from one address (a proxy, a NAT), raise the
        # joins, e.g. KIDSWAR_CLASS_JOINS_PER_MINUTE=60.
        CLASS_TABLES_PER_DEVICE=2,
        CLASS_JOINS_PER_MINUTE=6,
        CLASS_WRONG_CODES_PER_MINUTE=10,
        # Reverse proxies in front that add X-Forwarded-For (issue 15); 0: none, the client's
        # own address is the connection's. Never more than there are: clients could forge it.
        PROXIES=0,
    )
    if test_config is None:
        app.config.from_prefixed_env("KIDSWAR")
    else:
        app.config.from_mapping(test_config)
    os.makedirs(app.instance_path, exist_ok=True)
    use_database_url(app)
    trust_proxies(app)
    security.init_app(app)
    init_babel(app)
    db.init_app(app)
    scripts.init_app(app)
    app.jinja_env.globals.update(speech_available=speech_available)
    app.jinja_env.filters["join_code"] = display_code  # "K7HQ-X4MP", as a child copies it
    register_blueprints(app)
    return app


class SettingsError(ValueError):
    """A setting that cannot work, found at start-up: said in one line, before any request."""


def use_database_url(app: Flask) -> None:
    """Use the PostgreSQL database of `DATABASE_URL` (KIDSWAR_DATABASE_URL), if one is given.

    App servers sharing a database must share the secret key too, or a session cookie set by
    one (a table's seat, a form's CSRF token) is refused by the next: with a database URL the
    key must be given (KIDSWAR_SECRET_KEY), not made up in each server's instance folder.
    """
    url = app.config.get("DATABASE_URL")
    if not url:
        return  # the SQLite file in the instance folder
    if not is_postgres(str(url)):
        raise SettingsError("KIDSWAR_DATABASE_URL must start with postgresql://")
    if importlib.util.find_spec("psycopg_pool") is None:
        raise SettingsError("PostgreSQL needs psycopg: pip install 'kidswar[postgres]'")
    key = app.config.get("SECRET_KEY")
    if not key:
        raise SettingsError(
            "KIDSWAR_DATABASE_URL needs KIDSWAR_SECRET_KEY, the same on every server sharing the "
            "database; make one with: python3 -c 'import secrets; print(secrets.token_hex(32))'"
        )
    app.config["SECRET_KEY"] = str(key)  # from_prefixed_env reads a key of digits as a number
    app.config["DATABASE"] = str(url)


def trust_proxies(app: Flask) -> None:
    """Behind `PROXIES` reverse proxies (KIDSWAR_PROXIES), take the client's address, scheme
    and host from the headers they add: else every child behind one proxy would share one
    address, and the join limits per address would count a whole school as one device."""
    proxies = int(app.config["PROXIES"])
    if proxies > 0:
        app.wsgi_app = ProxyFix(  # type: ignore[method-assign]
            app.wsgi_app, x_for=proxies, x_proto=proxies, x_host=proxies
        )


def register_blueprints(app: Flask) -> None:
    """One blueprint per area; each registers its routes when its package is imported."""
    from kidswar.web import classroom, drill, errors, home, join, rules, setup, speech, table

    for area in (home, setup, table, drill, rules, classroom, join, speech, errors):
        app.register_blueprint(area.bp)
