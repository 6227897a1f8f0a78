"""The speech clips of the app: its clip cache and renderer, and the addresses of its clips.

Only the closed set of phrase keys can be spoken (never text from a request). The renderer is
one worker process per app, started on the first clip. Speech never holds a page: a clip on
disk is served at once, a new one is waited for at most `SPEECH_WAIT_SECONDS`. While speech is
off (resting after failures, or impossible on this machine) the pages hide their speaker
buttons (`speech_available`); after `SPEECH_RETRY_SECONDS` they show them again and the next
clip tries the worker again.
"""

from __future__ import annotations

import atexit
import functools
import threading
import time
from collections.abc import Sequence

from flask import Flask, current_app, url_for
from flask_babel import get_locale

from kidswar.sound.cache import SpeechCache, speech_root
from kidswar.sound.phrases import phrase_keys
from kidswar.sound.worker import SpeechRenderer

_creating = threading.Lock()


def speech_cache(app: Flask | None = None) -> SpeechCache:
    """The app's speech cache and renderer, made on first use (the worker starts lazily)."""
    app = app or current_app._get_current_object()  # type: ignore[attr-defined]
    with _creating:
        cache: SpeechCache | None = app.extensions.get("kidswar_speech")
        if cache is None:
            config = app.config
            renderer = SpeechRenderer(
                rate=int(config["SPEECH_RATE"]),
                engine=config["SPEECH_ENGINE"],
                timeout=float(config["SPEECH_TIMEOUT_SECONDS"]),
                cool_down=float(config["SPEECH_RETRY_SECONDS"]),
                # The app's clock, read at each use (tests put theirs there after create_app).
                clock=lambda: float(config.get("CLOCK", time.time)()),
            )
            atexit.register(renderer.close)  # no worker process outlives the server
            cache = SpeechCache(
                speech_root(app.instance_path),
                renderer,
                max_waiting=int(config["SPEECH_WAITING_REQUESTS"]),
            )
            app.extensions["kidswar_speech"] = cache
    return cache


def speech_available() -> bool:
    """False while speech is off (the pages then hide the speaker buttons)."""
    cache = current_app.extensions.get("kidswar_speech")
    return cache is None or bool(cache.renderer.available)


def clip_urls(language: str, keys: Sequence[str]) -> list[str]:
    """The versioned addresses of some clips, for the page to play in order."""
    cache = speech_cache()
    return [
        url_for("speech.clip", language=language, key=key, v=cache.version(language, key))
        for key in keys
    ]


def speech_clip(key: str) -> str:
    """The address of one clip in the page's language (for templates: a speaker corner)."""
    return clip_urls(str(get_locale()), [key])[0]


@functools.cache
def known_keys() -> frozenset[str]:
    """Every phrase key, as a set (built once)."""
    return frozenset(phrase_keys())
