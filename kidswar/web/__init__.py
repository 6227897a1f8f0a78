"""The kidswar web app: `create_app()` builds it, one blueprint per area."""

from __future__ import annotations

import atexit
import os
import time
from pathlib import Path
from typing import Any

from flask import Flask
from werkzeug.middleware.proxy_fix import ProxyFix

from kidswar.game.class_round import display_code
from kidswar.settings import RULES, Settings, SettingsError
from kidswar.web import (
    compression,
    db,
    import_map,
    public,
    scripts,
    security,
    static_files,
    templating,
)
from kidswar.web.app_settings import app_settings
from kidswar.web.clips import speech_available, speech_clip, start_speech
from kidswar.web.i18n import init_babel
from kidswar.web.names import bdi, bdi_names, isolate
from kidswar.web.second_language import init_second_language
from kidswar.web.services.housekeeper import Housekeeper
from kidswar.words.catalogs import translations_dir


def instance_path(settings: Settings | None = None) -> Path:
    """The instance folder: `settings.instance_path` (KIDSWAR_INSTANCE_PATH, or `INSTANCE_PATH`
    in a test config; without settings, the environment's), else Flask's own default for this
    package (`instance/` beside a checkout, `<prefix>/var/...` for an installed package). The
    `kidswar` command finds the folder the same way."""
    if settings is None:
        settings = Settings.from_environment(os.environ)
    configured = settings.instance_path
    if configured:
        return Path(configured).resolve()
    return Path(Flask(__name__).instance_path)  # Flask's rule, worked out from the import name


def create_app(test_config: dict[str, Any] | None = None) -> Flask:
    """Create and configure the app (the flaskr pattern: an instance folder per deployment).

    Settings come from `test_config`, else from the `KIDSWAR_*` environment variables, checked
    once into `kidswar.settings.Settings` (a wrong one raises SettingsError, naming it):
    `KIDSWAR_INSTANCE_PATH` says where the instance folder (database, secret key) lives, and
    `KIDSWAR_DATABASE_URL` names a PostgreSQL database to use instead of its SQLite file.
    Under gunicorn a wrong setting is gunicorn's own "app failed to load": one line, no
    traceback, and no worker started again and again.
    """
    try:
        if test_config is None:
            settings = Settings.from_environment(os.environ)
        else:
            settings = Settings.from_values(test_config)
        settings.verify_database()
    except SettingsError as error:
        if served_by_gunicorn():
            raise gunicorn_refusal(f"kidswar: {error}") from None
        raise
    app = Flask(__name__, instance_path=str(instance_path(settings)))
    app.jinja_environment = templating.Environment  # before anything makes `app.jinja_env`
    app.config.from_mapping(
        SESSION_COOKIE_SAMESITE="Lax",
        SESSION_COOKIE_HTTPONLY=True,
        WTF_CSRF_TIME_LIMIT=None,  # a game left open all afternoon must still accept moves
        MAX_CONTENT_LENGTH=64 * 1024,  # forms: a few hundred bytes; the progress page: 4 children
        BABEL_TRANSLATION_DIRECTORIES=str(translations_dir()),
    )
    # The settings, typed and checked, in one place (read with `app_settings()`); Flask's own
    # checks read the secret key and the host names from its config keys.
    app.config.from_mapping(
        SETTINGS=settings, SECRET_KEY=settings.secret_key, TRUSTED_HOSTS=settings.trusted_hosts
    )
    app.config["DATABASE"] = settings.database_url or os.path.join(
        app.instance_path, "kidswar.sqlite"
    )
    if test_config is not None:  # a test's own keys (TESTING, CLOCK, DATABASE...) as given
        app.config.from_mapping(
            {key: value for key, value in test_config.items() if key not in RULES}
        )
    os.makedirs(app.instance_path, exist_ok=True)
    trust_proxies(app)
    # Registered first, so it runs last: it compresses the answer every other hook has made.
    compression.init_app(app)
    security.init_app(app)
    static_files.init_app(app)
    init_babel(app)
    init_second_language(app)
    db.init_app(app)
    scripts.init_app(app)
    import_map.init_app(app)
    public.init_app(app)
    app.jinja_env.globals.update(
        speech_available=speech_available, speech_clip=speech_clip, kept=templating.kept
    )
    app.jinja_env.filters["join_code"] = display_code  # "K7HQ-X4MP", as a child copies it
    # A typed name, isolated from the text around it (kidswar/web/names.py): on its own, in a
    # sentence made as plain text, in an attribute.
    app.jinja_env.filters.update(bdi=bdi, bdi_names=bdi_names, isolate=isolate)
    register_blueprints(app)
    start_speech(app)  # the worker starts with the server, not on the first child's clip
    # The clean-up runs beside the app server, never in a request: `kidswar serve` starts it,
    # and so does loading the app in gunicorn (a test asks for it with HOUSEKEEPER=True).
    if app.config.get("HOUSEKEEPER", served_by_gunicorn()):
        start_housekeeper(app)
    return app


def served_by_gunicorn() -> bool:
    """True in a process gunicorn started: its arbiter says so in SERVER_SOFTWARE
    ("gunicorn/23.0.0", the CGI variable naming the server) before it loads the app."""
    return os.environ.get("SERVER_SOFTWARE", "").startswith("gunicorn/")


def start_housekeeper(app: Flask) -> Housekeeper | None:
    """Start the app's clean-up thread (`app.extensions["kidswar.housekeeper"]`; none with
    KIDSWAR_CLEAN_UP_MINUTES=0), stopped at exit; a process forked from this one (gunicorn
    --preload) starts its own."""
    config, settings = app.config, app_settings(app)
    if settings.clean_up_minutes <= 0:
        return None
    running: Housekeeper | None = app.extensions.get("kidswar.housekeeper")
    if running is not None:
        return running
    housekeeper = Housekeeper(
        config["DATABASE"], settings, lambda: float(config.get("CLOCK", time.time)())
    )
    app.extensions["kidswar.housekeeper"] = housekeeper
    housekeeper.start()
    atexit.register(housekeeper.stop)
    os.register_at_fork(after_in_child=housekeeper.start)
    return housekeeper


def gunicorn_refusal(message: str) -> Exception:
    """gunicorn's own refusal of an app, said in one line: its workers print an AppImportError
    and stop the server ("App failed to load"), its master (`--preload`) a RuntimeError."""
    from gunicorn.errors import AppImportError

    class SettingsRefused(AppImportError, RuntimeError):  # type: ignore[misc]
        """A setting that cannot work, as gunicorn reports a failure to load the app."""

    return SettingsRefused(message)


def trust_proxies(app: Flask) -> None:
    """Behind `PROXIES` reverse proxies (KIDSWAR_PROXIES), take the client's address, scheme
    and host from the headers they add: else every child behind one proxy would share one
    address, and the join limits per address would count a whole school as one device."""
    proxies = app_settings(app).proxies
    if proxies > 0:
        app.wsgi_app = ProxyFix(  # type: ignore[method-assign]
            app.wsgi_app, x_for=proxies, x_proto=proxies, x_host=proxies
        )


def register_blueprints(app: Flask) -> None:
    """One blueprint per area; each registers its routes when its package is imported."""
    from kidswar.web import (
        classroom,
        drill,
        errors,
        health,
        home,
        join,
        privacy,
        progress,
        rules,
        setup,
        speech,
        table,
    )

    for area in (
        *(home, setup, table, drill, progress, rules, classroom, join, speech),
        *(errors, health, privacy),
    ):
        app.register_blueprint(area.bp)


__all__ = ["SettingsError", "create_app", "instance_path", "start_housekeeper"]
