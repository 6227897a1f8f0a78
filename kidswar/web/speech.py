"""Spoken clips: `/speech/<language>/<key>.wav`, rendered once and cached in the instance folder.

Only the closed set of phrase keys can be spoken (never text from the request). The renderer
is one worker process per app, started on the first clip; if speech cannot work on this
machine the route answers 503 and the pages hide their speaker buttons.
"""

from __future__ import annotations

import atexit
import functools
import threading

from flask import Blueprint, Flask, abort, current_app, request, send_file, url_for
from werkzeug.wrappers import Response

from kidswar.sound.cache import SpeechCache, speech_root
from kidswar.sound.phrases import LANGUAGES, phrase_keys
from kidswar.sound.worker import DEFAULT_ENGINE, DEFAULT_RATE, SpeechError, SpeechRenderer

bp = Blueprint("speech", __name__, url_prefix="/speech")
_creating = threading.Lock()
ONE_YEAR = 365 * 24 * 60 * 60


def speech_cache(app: Flask | None = None) -> SpeechCache:
    """The app's speech cache and renderer, made on first use (the worker starts lazily)."""
    app = app or current_app._get_current_object()  # type: ignore[attr-defined]
    with _creating:
        cache = app.extensions.get("kidswar_speech")
        if cache is None:
            renderer = SpeechRenderer(
                rate=int(app.config["SPEECH_RATE"]), engine=app.config["SPEECH_ENGINE"]
            )
            atexit.register(renderer.close)  # no worker process outlives the server
            cache = SpeechCache(speech_root(app.instance_path), renderer)
            app.extensions["kidswar_speech"] = cache
    return cache


def speech_available() -> bool:
    """False once the renderer has given up (the pages then hide the speaker buttons)."""
    cache = current_app.extensions.get("kidswar_speech")
    return cache is None or bool(cache.renderer.available)


def clip_urls(language: str, keys: list[str] | tuple[str, ...]) -> list[str]:
    """The versioned addresses of some clips, for the page to play in order."""
    cache = speech_cache()
    return [
        url_for("speech.clip", language=language, key=key, v=cache.version(language, key))
        for key in keys
    ]


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


@functools.cache
def known_keys() -> frozenset[str]:
    """Every phrase key, as a set (built once)."""
    return frozenset(phrase_keys())


def init_app(app: Flask) -> None:
    """Speech settings (`KIDSWAR_SPEECH_RATE`, `KIDSWAR_SPEECH_ENGINE`) and the route."""
    app.config.setdefault("SPEECH_RATE", DEFAULT_RATE)
    app.config.setdefault("SPEECH_ENGINE", DEFAULT_ENGINE)
    app.register_blueprint(bp)
    app.jinja_env.globals.update(speech_available=speech_available)
