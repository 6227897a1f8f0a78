"""The speech route: one clip as a WAV file (the speech service renders and keeps it)."""

from __future__ import annotations

from flask import abort, request, send_file
from werkzeug.wrappers import Response

from kidswar.sound.phrases import LANGUAGES
from kidswar.sound.worker import SpeechError
from kidswar.web.services.speech import known_keys, speech_cache
from kidswar.web.speech import bp

ONE_YEAR = 365 * 24 * 60 * 60


@bp.get("/<language>/<key>.wav")
def clip(language: str, key: str) -> Response:
    """One spoken phrase as a WAV file; 404 for an unknown one, 503 if speech cannot work."""
    if language not in LANGUAGES or key not in known_keys():
        abort(404)
    cache = speech_cache()
    if not cache.renderer.available:
        abort(503)
    try:
        path = cache.get(language, key)
    except SpeechError:
        abort(503)
    # The address carries the clip's version, so a browser may keep it for a year.
    response = send_file(
        path,
        mimetype="audio/wav",
        etag=cache.version(language, key),
        max_age=ONE_YEAR,
        conditional=True,
    )
    response.cache_control.immutable = bool(request.args.get("v"))
    return response
