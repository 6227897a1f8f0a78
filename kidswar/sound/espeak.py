"""The real speech engine: pyttsx3's espeak driver over the eSpeak NG that espeakng-loader ships.

Only the worker process calls `make_engine` (see `kidswar.sound.worker`): pyttsx3 is not safe
to use from several threads, can hang, and loads a C library into the process that imports it,
so the web process never imports it. Importing this module imports neither.

eSpeak NG runs in its synchronous mode: `espeak_Synth` makes the whole utterance on the
calling thread and returns when it is done. pyttsx3's own driver starts eSpeak in its retrieval
mode, where a thread of eSpeak's makes the sound and `espeak_Synchronize` polls it every 20 ms:
about 17 ms of waiting a phrase, half the wall time of `kidswar speech warm` (issue 37). The
sound is the same sample for sample (tests/test_speech_engine.py). pyttsx3 stays the interface:
`SynchronousDriver` is its espeak driver, registered with pyttsx3 under `DRIVER`, that only
initialises eSpeak in the other mode.
"""

from __future__ import annotations

import ctypes
import os
import sys
import wave
from collections.abc import Callable
from typing import Any

SAMPLE_RATE = 22050  # what eSpeak NG makes (and pyttsx3's driver writes)
DRIVER = "kidswar_espeak_synchronous"  # pyttsx3 imports a driver as pyttsx3.drivers.<name>


class SynchronizedEngine:
    """A pyttsx3 engine whose `runAndWait` returns once the whole clip is written.

    pyttsx3's driver was written for eSpeak's asynchronous (retrieval) mode, and three things
    followed from that, which this engine keeps away whatever the mode:
    - Settings (the voice, the rate) are queued, and run just before the driver's loop calls
      `stop()`, which cancels whatever eSpeak is still busy with: a setting still being applied,
      and the utterance behind it (a clip of no sound). Here settings go to the driver at once,
      and eSpeak is waited for (`espeak_Synchronize`) before each utterance.
    - The driver's loop ends as soon as the utterance has *started*; the WAV is written later,
      on eSpeak's end-of-message event. Returning then said "done" for a file not yet there
      (the first clip after a start was missing 3 times in 6).
    - The driver writes the file on the end-of-message event with the sound it has gathered by
      then, and drops what comes with or after that event: clips came out cut (4.43 s of speech
      saved as 3.00 s; a short one empty). `_WholeClip` keeps every sample eSpeak makes, and
      the clip is written from those once eSpeak is done.

    So the utterance itself is not handed to pyttsx3's loop either, which polls every 10 ms:
    `runAndWait` asks eSpeak for it (`synthesize`, espeak_Synth), which in the synchronous mode
    returns with the whole clip made (`synchronize` then returns at once), the very calls the
    benchmark's baseline makes (`benchmarks/speech.py`). pyttsx3 still lists the voices and
    applies the settings.
    """

    def __init__(
        self,
        engine: Any,
        driver: Any,
        synchronize: Callable[[], object],
        sound: _WholeClip,
        synthesize: Callable[[str], object],
    ) -> None:
        """Wrap `engine` (and its `driver`); `synchronize` waits until eSpeak has done all it
        was asked; `sound` is the callback that gathers every sample eSpeak makes;
        `synthesize` asks eSpeak to speak a text."""
        self._engine = engine
        self._driver = driver
        self._synchronize = synchronize
        self._sound = sound
        self._synthesize = synthesize
        self._saving: str | None = None
        self._text = ""

    def __getattr__(self, name: str) -> Any:
        """Everything else is the pyttsx3 engine's own."""
        return getattr(self._engine, name)

    def setProperty(self, name: str, value: Any) -> None:  # noqa: N802 (pyttsx3's name)
        """Apply a setting now (not queued behind the next utterance), and wait for eSpeak."""
        self._driver.setProperty(name, value)
        self._synchronize()

    def save_to_file(self, text: str, path: str) -> None:
        """Queue `text` to be spoken into the WAV file `path` (by `runAndWait`)."""
        self._saving, self._text = path, text

    def runAndWait(self) -> None:  # noqa: N802 (pyttsx3's name)
        """Speak what was queued, wait until eSpeak is done, and write the clip from every
        sample it made (RuntimeError if it made none: the job fails, and is tried again)."""
        path, self._saving = self._saving, None
        if path is None:
            return
        self._synchronize()
        self._sound.pcm.clear()
        self._synthesize(self._text)
        self._synchronize()
        if not self._sound.pcm:
            raise RuntimeError("eSpeak made no sound for the text")
        with wave.open(path, "wb") as clip:  # in place of the driver's file, which may be cut
            clip.setnchannels(1)
            clip.setsampwidth(2)
            clip.setframerate(SAMPLE_RATE)
            clip.writeframes(bytes(self._sound.pcm))


class _WholeClip:
    """eSpeak's sound callback in front of the driver's: it keeps every sample of the utterance
    being made, then lets the driver see the events as before (so its loop ends as it did)."""

    def __init__(self, driver: Any) -> None:
        """Sit in front of `driver`'s own callback (pyttsx3's espeak driver)."""
        self._driver = driver
        self.pcm = bytearray()  # the utterance now, as 16-bit samples

    def __call__(self, wav: Any, samples: int, events: Any) -> int:
        """Keep the samples, then hand the driver the events (and the sound while it listens)."""
        if samples > 0:
            sound = ctypes.string_at(wav, samples * ctypes.sizeof(ctypes.c_short))
            self.pcm += sound
            if self._driver._speaking:
                self._driver._data_buffer += sound
        return int(self._driver._onSynth(wav, 0, events))


def bundled_espeak() -> Any:
    """pyttsx3's bindings to eSpeak NG (`pyttsx3.drivers._espeak`), on the bundled library.

    pyttsx3 opens "libespeak-ng.so.1" by name when it is imported. Loading the bundled library
    first, globally, makes that name resolve to it (the dynamic linker matches the soname of a
    library already loaded); eSpeak reads ESPEAK_DATA_PATH when it initialises. The engine here
    and the tests and benchmarks that call eSpeak directly all load it this way."""
    from espeakng_loader import get_data_path, get_library_path

    os.environ["ESPEAK_DATA_PATH"] = get_data_path()
    ctypes.CDLL(get_library_path(), mode=ctypes.RTLD_GLOBAL)
    from pyttsx3.drivers import _espeak

    return _espeak


def make_engine() -> SynchronizedEngine:
    """A pyttsx3 engine on the bundled eSpeak NG: no system espeak-ng package is needed."""
    _espeak = bundled_espeak()
    import pyttsx3

    _register_driver()
    engine = pyttsx3.init(DRIVER)
    driver = engine.proxy._driver
    sound = _WholeClip(driver)
    _espeak.SetSynthCallback(sound)

    def synthesize(text: str) -> None:
        """Ask eSpeak to speak `text` (as pyttsx3's driver does), ending with a pause."""
        _espeak.Synth(text.encode("utf-8"), flags=_espeak.ENDPAUSE | _espeak.CHARS_UTF8)

    return SynchronizedEngine(engine, driver, _espeak.Synchronize, sound, synthesize)


def _register_driver() -> None:
    """Make `pyttsx3.init(DRIVER)` build `SynchronousDriver`: pyttsx3 finds a driver by
    importing `pyttsx3.drivers.<name>` and calling its `buildDriver`, and an import finds a
    module already in `sys.modules` under that name."""
    import types

    from pyttsx3.drivers import _espeak
    from pyttsx3.drivers.espeak import EspeakDriver

    class SynchronousDriver(EspeakDriver):  # type: ignore[misc]  # pyttsx3 has no types
        """pyttsx3's espeak driver, on eSpeak initialised in its synchronous mode."""

        def __init__(self, proxy: Any) -> None:
            """Initialise eSpeak once a process (as the driver does, in the other mode):
            the driver then finds it initialised and only sets its voice and rate."""
            if not EspeakDriver._moduleInitialized:
                if _espeak.Initialize(_espeak.AUDIO_OUTPUT_SYNCHRONOUS, 0) == -1:
                    raise RuntimeError("could not initialize espeak")
                voice = _espeak.GetCurrentVoice()
                if voice and voice.contents.name:
                    EspeakDriver._defaultVoice = voice.contents.name.decode("utf-8")
                else:
                    EspeakDriver._defaultVoice = "gmw/en"  # the driver's own fallback
                EspeakDriver._moduleInitialized = True
            super().__init__(proxy)

    module = types.ModuleType(f"pyttsx3.drivers.{DRIVER}", SynchronousDriver.__doc__)
    module.buildDriver = SynchronousDriver  # type: ignore[attr-defined]
    sys.modules.setdefault(module.__name__, module)
