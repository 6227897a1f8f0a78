"""The engines of the speech worker: this machine's own speech (SAPI5, NSSpeech) and eSpeak NG.

`make_engines` is the default engine factory (`kidswar.sound.worker.DEFAULT_ENGINE`): the
bundled eSpeak NG always (it speaks every language of the app), and on Windows and macOS the
system's driver through pyttsx3 (`sapi5`, `nsss`; pyttsx3 brings comtypes/pywin32 or pyobjc
there). A native driver that fails to load is reported, not fatal: eSpeak NG speaks instead.
Only the worker process calls it; importing this module imports no speech library.

Both native drivers write the whole file before `runAndWait` returns: SAPI5 speaks into its
file stream synchronously; NSSpeech keeps the driver busy until its "did finish speaking"
callback, and `runAndWait` ends only after that. NSSpeech writes AIFF under any name: the
worker reads either (`kidswar.sound.pcm`).
"""

from __future__ import annotations

import sys
from typing import Any

from kidswar.sound.espeak import make_engine
from kidswar.sound.voices import ESPEAK, Engines, native_driver


def make_engines(platform: str = sys.platform) -> Engines:
    """eSpeak NG, and this platform's own speech driver where it loads."""
    engines = Engines({})
    native = native_driver(platform)
    if native is not None:
        try:
            engines.engines[native] = _pyttsx3_engine(native)
        except Exception as error:  # no COM, no pyobjc, no voices: eSpeak NG speaks
            engines.problems[native] = f"{type(error).__name__}: {error}"
    engines.engines[ESPEAK] = make_engine()
    return engines


def _pyttsx3_engine(driver: str) -> Any:
    """pyttsx3's engine on one of its native drivers."""
    import pyttsx3

    return pyttsx3.init(driver)
