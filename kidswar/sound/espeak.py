"""The real speech engine: pyttsx3's espeak driver over the eSpeak NG that espeakng-loader ships.

Only the worker process calls `make_engine` (see `kidswar.sound.worker`): pyttsx3 is not safe
to use from several threads, can hang, and loads a C library into the process that imports it,
so the web process never imports it. Importing this module imports neither.
"""

from __future__ import annotations

import ctypes
import os
import wave
from collections.abc import Callable
from typing import Any


class SynchronizedEngine:
    """A pyttsx3 engine whose `runAndWait` returns once eSpeak has written the whole clip.

    pyttsx3 drives eSpeak in its asynchronous mode, and three things follow from that:
    - A new rate (and a voice change) is queued inside eSpeak. `runAndWait` first calls the
      driver's `stop()`, which cancels whatever eSpeak is still busy with: if that is the queued
      setting, it cancels the new utterance too and writes a WAV with no sound. Waiting for
      eSpeak's queue to drain first (`espeak_Synchronize`) prevents it.
    - The driver's loop ends as soon as the utterance has *started*: the WAV is written later,
      by eSpeak's own thread, when it reports the end of the message. Returning then said
      "done" for a file not yet there (the first clip after a start, while eSpeak is slow to
      warm up, was missing 3 times in 6). Waiting for eSpeak again afterwards makes "done" mean
      the file is written.
    - The driver writes the file on the end-of-message event *before* adding the sound that
      came with that same event, so a clip whose last buffer carries the end lost that buffer
      (4.43 s of speech saved as 3.00 s; a short clip saved empty). `_WholeClip` hands the
      driver each buffer's sound before its events.
    """

    def __init__(
        self, engine: Any, synchronize: Callable[[], object], sound: _WholeClip | None = None
    ) -> None:
        """Wrap `engine`; `synchronize` waits until eSpeak has done all it was asked; `sound`,
        the callback that sees every sample eSpeak makes, lets each saved file be checked."""
        self._engine = engine
        self._synchronize = synchronize
        self._sound = sound
        self._saving: str | None = None

    def __getattr__(self, name: str) -> Any:
        """Everything else is the pyttsx3 engine's own."""
        return getattr(self._engine, name)

    def save_to_file(self, text: str, path: str) -> None:
        """Queue `text` to be spoken into the WAV file `path` (by `runAndWait`)."""
        self._saving = path
        self._engine.save_to_file(text, path)

    def runAndWait(self) -> None:  # noqa: N802 (pyttsx3's name)
        """Wait for eSpeak to be idle, run the queued commands, and wait for the file; then
        check it holds every sample eSpeak made (RuntimeError if not: the job fails, and the
        cache renders it again rather than keep a cut clip)."""
        self._synchronize()
        if self._sound is not None:
            self._sound.samples = 0
        self._engine.runAndWait()
        self._synchronize()
        path, self._saving = self._saving, None
        if path is not None and self._sound is not None:
            try:
                with wave.open(path, "rb") as clip:
                    frames = clip.getnframes()
            except (OSError, EOFError, wave.Error) as error:
                raise RuntimeError(
                    f"eSpeak finished but the clip is unreadable: {error}"
                ) from error
            if frames != self._sound.samples:
                raise RuntimeError(
                    f"eSpeak made {self._sound.samples} samples; the clip holds {frames}"
                )


class _WholeClip:
    """eSpeak's sound callback in front of the driver's: each buffer's samples are added to the
    driver's clip before its events are handled, so the end-of-message event that writes the
    file finds every sample already there."""

    def __init__(self, driver: Any) -> None:
        """Sit in front of `driver`'s own callback (pyttsx3's espeak driver)."""
        self._driver = driver
        self.samples = 0  # made for the utterance now: what its file must hold

    def __call__(self, wav: Any, samples: int, events: Any) -> int:
        """Add the samples (while an utterance is being made), then let the driver see the
        events as if the buffer held no sound."""
        driver = self._driver
        if samples > 0 and driver._speaking:
            driver._data_buffer += ctypes.string_at(wav, samples * ctypes.sizeof(ctypes.c_short))
            self.samples += samples
        return int(driver._onSynth(wav, 0, events))


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

    engine = pyttsx3.init("espeak")
    sound = _WholeClip(engine.proxy._driver)
    _espeak.SetSynthCallback(sound)
    return SynchronizedEngine(engine, _espeak.Synchronize, sound)
