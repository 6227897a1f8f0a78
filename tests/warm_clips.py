"""Clips rendered before a test asks for them over HTTP, so it never meets the 2 s wait.

A new clip is waited for at most SPEECH_WAIT_SECONDS (2 s) before the route answers 503; the
real eSpeak NG takes about that for a clip (the worker's start and the language's phrases
first) on a machine at load 15-40, where tests that fetched a real clip failed now and then.
A test about what the route sends (an MP3, its headers) renders the clip first, waiting for
the render itself up to a generous ceiling.
"""

from __future__ import annotations

from flask import Flask

from kidswar.web.clips import speech_cache

CEILING_SECONDS = 60.0  # a render on a loaded machine, with the worker's start


def warm_clip(app: Flask, lang: str, key: str) -> None:
    """Render the clip `lang`/`key` for `app` now (on disk afterwards), or fail trying."""
    path = speech_cache(app).fetch(lang, key, CEILING_SECONDS)
    assert path.is_file(), f"the clip {lang}/{key} was not rendered"
