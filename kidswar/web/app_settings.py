"""The app's settings, typed: `app_settings().speech_wait_seconds`, never a config string key.

`create_app()` keeps the checked `kidswar.settings.Settings` under `app.config["SETTINGS"]`, its
one place; Flask's and its extensions' own keys (`SECRET_KEY`, `TRUSTED_HOSTS`, `TESTING`...)
stay in the config where they look for them.
"""

from __future__ import annotations

import dataclasses
from typing import Any

from flask import Flask, current_app

from kidswar.settings import Settings

KEY = "SETTINGS"


def app_settings(app: Flask | None = None) -> Settings:
    """The settings of `app` (the current app by default)."""
    found = (app or current_app).config[KEY]
    assert isinstance(found, Settings)  # only create_app() and replace_settings() set it
    return found


def replace_settings(app: Flask, **changes: Any) -> Settings:
    """Change some of the app's settings (a test's tighter limit); the new settings."""
    changed = dataclasses.replace(app_settings(app), **changes)
    app.config[KEY] = changed
    return changed
