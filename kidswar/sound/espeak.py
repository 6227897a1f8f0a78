"""The real speech engine: pyttsx3's espeak driver over the eSpeak NG that espeakng-loader ships.

Only the worker process calls `make_engine` (see `kidswar.sound.worker`): pyttsx3 is not safe
to use from several threads, can hang, and loads a C library into the process that imports it,
so the web process never imports it. Importing this module imports neither.
"""

from __future__ import annotations

import ctypes
import os
from collections.abc import Callable
from typing import Any


class SynchronizedEngine:
    """A pyttsx3 engine that lets eSpeak finish applying settings before each utterance.

    pyttsx3 drives eSpeak in its asynchronous mode, where a new rate (and a voice change) is
    queued inside eSpeak. `runAndWait` first calls the driver's `stop()`, which cancels whatever
    eSpeak is still busy with: if that is the queued setting, it cancels the new utterance too
    and writes a WAV with no sound (about 1 clip in 100 when the voice and rate are set before
    each clip). Waiting for eSpeak's queue to drain first (`espeak_Synchronize`) prevents it.
    """

    def __init__(self, engine: Any, synchronize: Callable[[], object]) -> None:
        """Wrap `engine`; `synchronize` waits until eSpeak has done all it was asked."""
        self._engine = engine
        self._synchronize = synchronize

    def __getattr__(self, name: str) -> Any:
        """Everything else is the pyttsx3 engine's own."""
        return getattr(self._engine, name)

    def runAndWait(self) -> None:  # noqa: N802 (pyttsx3's name)
        """Wait for eSpeak to be idle, then run the queued commands (the file is then written)."""
        self._synchronize()
        self._engine.runAndWait()


def make_engine() -> SynchronizedEngine:
    """A pyttsx3 engine on the bundled eSpeak NG: no system espeak-ng package is needed."""
    from espeakng_loader import get_data_path, get_library_path

    # pyttsx3 opens "libespeak-ng.so.1" by name when it is imported. Loading the bundled library
    # first, globally, makes that name resolve to it (the dynamic linker matches the soname of
    # a library already loaded); eSpeak reads ESPEAK_DATA_PATH when it initialises.
    os.environ["ESPEAK_DATA_PATH"] = get_data_path()
    ctypes.CDLL(get_library_path(), mode=ctypes.RTLD_GLOBAL)
    import pyttsx3
    from pyttsx3.drivers import _espeak

    return SynchronizedEngine(pyttsx3.init("espeak"), _espeak.Synchronize)
