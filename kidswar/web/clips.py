"""The speech clips of the app: its clip cache and renderer, and the addresses of its clips.

Only the closed set of phrase keys can be spoken (never text from a request). The renderer is
one worker process per app, started with the server (`start_speech`, from `create_app`; a test's
app starts it on its first clip unless it sets `SPEECH_AT_START`). Until the worker has started
the pages do not offer Read aloud; then it renders, in the background, the first clips a table
needs (the comparisons of the default language, "War!", "Peace!"), each after any clip a
request is waiting for. Speech never holds a page: a clip on disk is served at once, a new one
is waited for at most `SPEECH_WAIT_SECONDS`. While speech is
off (resting after failures, or impossible on this machine) the pages hide their speaker
buttons (`speech_available`); after `SPEECH_RETRY_SECONDS` they show them again and the next
clip tries the worker again.
"""

from __future__ import annotations

import atexit
import functools
import logging
import os
import threading
import time
from collections.abc import Iterable, Sequence

from flask import Flask, current_app, request, url_for
from flask_babel import get_locale

from kidswar.sound.cache import SpeechCache, speech_root
from kidswar.sound.errors import SpeechError
from kidswar.sound.phrases import phrase_keys
from kidswar.sound.worker import SpeechRenderer
from kidswar.web.app_settings import app_settings
from kidswar.words.said import Said, voiced

_creating = threading.Lock()
DEFAULT_LANGUAGE = "en"  # what a browser that names none of the app's languages gets
FIRST_CLIPS = ("compare-", "war", "peace")  # a table's first battle says one of these
log = logging.getLogger("kidswar.speech")


def speech_cache(app: Flask | None = None) -> SpeechCache:
    """The app's speech cache and renderer, made on first use (the worker starts lazily)."""
    app = app or current_app._get_current_object()  # type: ignore[attr-defined]
    with _creating:
        cache: SpeechCache | None = app.extensions.get("kidswar_speech")
        # A server process forked after the app was made (gunicorn --preload) needs its own.
        if cache is None or app.extensions.get("kidswar_speech_pid") != os.getpid():
            config, settings = app.config, app_settings(app)
            renderer = SpeechRenderer(
                rate=settings.speech_rate,
                engine=settings.speech_engine,
                timeout=settings.speech_timeout_seconds,
                cool_down=settings.speech_retry_seconds,
                # The app's clock, read at each use (tests put theirs there after create_app).
                clock=lambda: float(config.get("CLOCK", time.time)()),
            )
            atexit.register(renderer.close)  # no worker process outlives the server
            cache = SpeechCache(
                speech_root(app.instance_path),
                renderer,
                max_waiting=settings.speech_waiting_requests,
            )
            app.extensions["kidswar_speech"] = cache
            app.extensions["kidswar_speech_pid"] = os.getpid()
    return cache


def start_speech(app: Flask) -> None:
    """Start the speech worker now, in the background, then render the first clips a table
    needs; a test's app (TESTING) does so only with `SPEECH_AT_START`."""
    if not app.config.get("SPEECH_AT_START", not app.testing):
        return
    cache = speech_cache(app)
    stop = threading.Event()
    atexit.register(stop.set)  # runs before the renderer is closed (registered earlier)
    app.extensions["kidswar_speech_starting"] = True
    threading.Thread(
        target=warm_first_clips, args=(cache, stop), name="kidswar-speech-start", daemon=True
    ).start()


def first_clips() -> list[str]:
    """The keys a fresh table plays first, in the default language."""
    return [key for key in phrase_keys() if key.startswith(FIRST_CLIPS)]


def warm_first_clips(cache: SpeechCache, stop: threading.Event) -> int:
    """Start the worker, then render `first_clips` that are not on disk, each after the clips
    requests wait for; stop at `stop`, or when speech fails. Returns how many were rendered."""
    renderer = cache.renderer
    started = time.monotonic()
    if not isinstance(renderer, SpeechRenderer) or not renderer.start():
        return 0
    log.info("speech worker ready in %.2f s", time.monotonic() - started)
    rendered = 0
    for key in first_clips():
        cache.background.wait_idle()
        if stop.is_set() or not renderer.available:
            break
        try:
            if not cache.is_cached(DEFAULT_LANGUAGE, key):
                cache.get(DEFAULT_LANGUAGE, key)
                rendered += 1
        except SpeechError as error:
            log.warning("warming the first clips: %s", error)
    log.info("%d first clips rendered in %.1f s", rendered, time.monotonic() - started)
    return rendered


def speech_available() -> bool:
    """False while speech is off or still starting (the pages then hide the speaker buttons)."""
    extensions = current_app.extensions
    cache: SpeechCache | None = extensions.get("kidswar_speech")
    if cache is None:
        return True  # a test's app: the first clip starts the worker
    renderer = cache.renderer
    if (
        extensions.get("kidswar_speech_starting")
        and isinstance(renderer, SpeechRenderer)
        and not renderer.wait_started(0)
    ):
        return False  # not yet: a clip asked now would wait for the worker's start
    return bool(renderer.available)


def clip_urls(language: str, keys: Sequence[str]) -> list[str]:
    """The versioned addresses of some clips, for the page to play in order."""
    cache = speech_cache()
    root = request.script_root
    return [_clip_url(root, language, key, cache.version(language, key)) for key in keys]


def said_urls(texts: Iterable[Said | str], language: str) -> list[str]:
    """The addresses of the clips a page in `language` plays for its texts, in the order shown,
    each text's twin in the second language after it (`said.voiced`)."""
    return [url for lang, keys in voiced(texts, language) for url in clip_urls(lang, keys)]


@functools.lru_cache(maxsize=4096)
def _clip_url(script_root: str, language: str, key: str, version: str) -> str:
    """A clip's address, built once per clip and version (a battle's page names three or four,
    and building an address costs more than finding its version); the address depends on
    nothing else but where the app is mounted (`script_root`, behind a proxy's prefix)."""
    return url_for("speech.clip", language=language, key=key, v=version)


def speech_clip(key: str) -> str:
    """The address of one clip in the page's language (for templates: a speaker corner)."""
    return clip_urls(str(get_locale()), [key])[0]


@functools.cache
def known_keys() -> frozenset[str]:
    """Every phrase key, as a set (built once)."""
    return frozenset(phrase_keys())
