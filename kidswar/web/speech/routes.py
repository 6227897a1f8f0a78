"""The speech route: one clip as an MP3 file (the speech service renders and keeps it)."""

from __future__ import annotations

import math

from flask import abort, request, send_file
from flask_babel import gettext as _
from werkzeug.wrappers import Response

from kidswar.sound.errors import SpeechError, SpeechUnavailable
from kidswar.sound.phrases import LANGUAGES
from kidswar.web.app_settings import app_settings
from kidswar.web.clips import known_keys, speech_cache
from kidswar.web.speech import bp

ONE_YEAR = 365 * 24 * 60 * 60


@bp.get("/<language>/<key>.mp3")
def clip(language: str, key: str) -> Response:
    """One spoken phrase as an MP3 file; 404 for an unknown one, 503 if it cannot be had now.

    A clip on disk is served whatever the speech worker's state; a new one is waited for at
    most `SPEECH_WAIT_SECONDS`.
    """
    if language not in LANGUAGES or key not in known_keys():
        abort(404)
    cache = speech_cache()
    try:
        path = cache.fetch(language, key, app_settings().speech_wait_seconds)
    except SpeechError as error:
        return not_now(error)
    # The address carries the clip's version, so a browser may keep it for a year.
    response = send_file(
        path,
        mimetype="audio/mpeg",
        etag=cache.version(language, key),
        max_age=ONE_YEAR,
        conditional=True,
    )
    response.cache_control.immutable = bool(request.args.get("v"))
    return response


def not_now(error: SpeechError) -> Response:
    """503 for a clip that cannot be had now, with Retry-After unless it never can be."""
    response = Response(
        _("Something went wrong on our side. Please try again."), 503, mimetype="text/plain"
    )
    response.cache_control.no_store = True
    retry_after = error.retry_after
    if retry_after is None and not isinstance(error, SpeechUnavailable):
        retry_after = app_settings().speech_wait_seconds  # one job failed
    if retry_after is not None:
        response.headers["Retry-After"] = str(max(1, math.ceil(retry_after)))
    return response
