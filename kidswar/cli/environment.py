"""The settings of the `KIDSWAR_*` environment, checked before a command does anything."""

from __future__ import annotations

import os

import click

from kidswar.settings import Settings, SettingsError


def checked_settings() -> Settings:
    """The environment's settings; a wrong one stops the command in one line, non-zero."""
    try:
        return Settings.from_environment(os.environ)
    except SettingsError as error:
        raise click.ClickException(str(error)) from error
