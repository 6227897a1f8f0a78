"""Fake speech engines for the worker tests, named as "speech_fakes:<factory>".

The worker process is spawned, so it imports this module afresh by name: the tests folder is
on `sys.path` (pytest puts it there, and spawning passes the path on).
"""

from __future__ import annotations

import os
import threading
import time
import wave
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from kidswar.sound import mp3

HANG = "please hang"  # texts that make the fake engine misbehave
CRASH = "please crash"
FAIL = "please raise"
SWITCH = "KIDSWAR_FAKE_SPEECH_SWITCH"  # names a file: "hang", "fail" or "" for every text


@dataclass(frozen=True)
class FakeVoice:
    """A voice as pyttsx3 lists it: an id and its language codes."""

    id: str
    languages: list[str]


VOICES = [
    FakeVoice("fake/en-us", ["en-us"]),
    FakeVoice("fake/en", ["en-gb"]),
    FakeVoice("fake/tr", ["tr"]),
    FakeVoice("fake/de", ["de"]),
]


def write_mp3(path: str | Path, seconds: float = 0.5) -> None:
    """Write an MP3 clip of silence, as the worker makes them."""
    wav = Path(f"{path}.wav")
    write_wav(wav, seconds)
    mp3.encode(wav, Path(path))
    wav.unlink()


def spoken_seconds(text: str, least: float = 0.5) -> float:
    """About how long a voice takes to say `text` (kidswar's voice: 14 letters a second)."""
    return max(least, sum(character.isalnum() for character in text) / 14)


def write_wav(path: str | Path, seconds: float = 0.5, rate: int = 22050) -> None:
    """Write a WAV file of silence."""
    with wave.open(str(path), "wb") as out:
        out.setnchannels(1)
        out.setsampwidth(2)
        out.setframerate(rate)
        out.writeframes(b"\0\0" * int(seconds * rate))


class FakeEngine:
    """The part of a pyttsx3 engine the worker uses; certain texts hang, crash or raise."""

    def __init__(self) -> None:
        """An engine with nothing queued."""
        self.properties: dict[str, Any] = {}
        self.text = ""
        self.path = ""

    def getProperty(self, name: str) -> Any:  # noqa: N802 (pyttsx3's name)
        """The voices, or a property set before."""
        return VOICES if name == "voices" else self.properties.get(name)

    def setProperty(self, name: str, value: Any) -> None:  # noqa: N802
        """Remember a property."""
        self.properties[name] = value

    def save_to_file(self, text: str, path: str) -> None:
        """Queue a text to write to a file."""
        self.text, self.path = text, path

    def runAndWait(self) -> None:  # noqa: N802
        """Write the queued file, unless the text asks to hang, crash or raise (with nothing
        queued, as after settings alone, nothing happens)."""
        if not self.path:
            return
        if self.text == HANG:
            threading.Event().wait()  # forever: only a kill ends it
        if self.text == CRASH:
            os._exit(3)  # the process dies at once, as a segfaulting library would
        if self.text == FAIL:
            raise RuntimeError("the fake engine failed")
        self.write()

    def write(self) -> None:
        """Write the queued text's clip: silence as long as the text takes to say."""
        write_wav(self.path, spoken_seconds(self.text))
        self.text = self.path = ""


class SwitchedEngine(FakeEngine):
    """A fake engine that does what a file says (named by $KIDSWAR_FAKE_SPEECH_SWITCH).

    The worker is another process, so a test steers it through the file: "hang" hangs every
    job until the file says otherwise (as a stopped worker would), "fail" makes every job raise,
    anything else renders. The file is read when each job starts and while it hangs.
    """

    def runAndWait(self) -> None:  # noqa: N802
        """Hang, raise or write the clip, as the switch file says."""
        if not self.path:
            return
        while switch() == "hang":
            time.sleep(0.01)  # a worker stuck until released: nothing to synchronise on
        if switch() == "fail":
            raise RuntimeError("the switched engine was told to fail")
        self.write()


def switch() -> str:
    """What the switch file says now."""
    try:
        with open(os.environ[SWITCH], encoding="utf-8") as handle:
            return handle.read().strip()
    except FileNotFoundError:
        return ""


def switched_engine() -> SwitchedEngine:
    """The factory of the switched engine."""
    return SwitchedEngine()


def fake_engine() -> FakeEngine:
    """The factory the worker calls."""
    return FakeEngine()


class FiveLanguagesEngine(FakeEngine):
    """A fake engine with a voice for each of the app's five languages, as eSpeak NG has."""

    def getProperty(self, name: str) -> Any:  # noqa: N802 (pyttsx3's name)
        """The voices (Spanish and French too), or a property set before."""
        if name == "voices":
            return [*VOICES, FakeVoice("fake/es", ["es"]), FakeVoice("fake/fr", ["fr-fr"])]
        return super().getProperty(name)


def five_languages_engine() -> FiveLanguagesEngine:
    """The factory of the fake engine that speaks every language of the app."""
    return FiveLanguagesEngine()


def broken_engine() -> FakeEngine:
    """A factory that fails as a missing eSpeak library would."""
    raise OSError("libespeak-ng.so.1: cannot open shared object file")


@dataclass(frozen=True)
class NamedVoice:
    """A voice as pyttsx3's native drivers list it: an id, a name and its languages."""

    id: str
    name: str
    languages: list[str]


SAPI5_TOKENS = "HKEY_LOCAL_MACHINE\\SOFTWARE\\Microsoft\\Speech\\Voices\\Tokens\\"
# A Windows 10 laptop with the English and German voices (pyttsx3's sapi5 driver turns each
# voice's language LCID into "en-US"); no Turkish, Spanish or French voice installed.
SAPI5_VOICES = [
    NamedVoice(SAPI5_TOKENS + "MSSam", "Microsoft Sam", ["en-US"]),  # XP's: no better than eSpeak
    NamedVoice(SAPI5_TOKENS + "TTS_MS_EN-US_ZIRA_11.0", "Microsoft Zira Desktop", ["en-US"]),
    NamedVoice(SAPI5_TOKENS + "TTS_MS_EN-US_DAVID_11.0", "Microsoft David Desktop", ["en-US"]),
    NamedVoice(SAPI5_TOKENS + "TTS_MS_DE-DE_HEDDA_11.0", "Microsoft Hedda Desktop", ["de-DE"]),
]
# A Mac (pyttsx3's nsss driver gives VoiceLocaleIdentifier: "en_US"): novelty voices first,
# as macOS sorts them by name; a Turkish voice; no German, Spanish or French one.
NSSS_VOICES = [
    NamedVoice("com.apple.speech.synthesis.voice.Bells", "Bells", ["en_US"]),
    NamedVoice("com.apple.speech.synthesis.voice.Zarvox", "Zarvox", ["en_US"]),
    NamedVoice("com.apple.speech.synthesis.voice.Alex", "Alex", ["en_US"]),
    NamedVoice("com.apple.voice.compact.tr-TR.Yelda", "Yelda", ["tr_TR"]),
    NamedVoice("com.apple.speech.synthesis.voice.Whisper", "Whisper", ["fr_FR"]),
]


class NativeEngine(FakeEngine):
    """A fake native engine (SAPI5 or NSSpeech) with its voice list; NSSpeech writes AIFF."""

    def __init__(self, voices: list[NamedVoice], aiff: bool = False) -> None:
        """An engine listing `voices`; with `aiff` it writes AIFF, as NSSpeechSynthesizer does."""
        super().__init__()
        self.voices, self.aiff = voices, aiff

    def getProperty(self, name: str) -> Any:  # noqa: N802 (pyttsx3's name)
        """The native voices, or a property set before."""
        return self.voices if name == "voices" else self.properties.get(name)

    def write(self) -> None:
        """Write the queued text's clip, as AIFF under any name if this is NSSpeech."""
        if self.aiff:
            write_aiff(self.path, spoken_seconds(self.text))
            self.text = self.path = ""
        else:
            super().write()


def write_aiff(path: str | Path, seconds: float = 0.5, rate: int = 22050) -> None:
    """Write an AIFF file of a quiet tone, big-endian 16-bit mono, as NSSpeech does."""
    import struct

    frames = int(seconds * rate)
    samples = struct.pack(f">{frames}h", *((index % 50) * 10 for index in range(frames)))
    exponent, value = 16383 + 63, rate
    while not value & (1 << 63):  # normalise the 80-bit extended rate
        value <<= 1
        exponent -= 1
    common = struct.pack(">hIh", 1, frames, 16) + struct.pack(">HQ", exponent, value)
    sound = struct.pack(">II", 0, 0) + samples
    body = b"AIFF" + b"COMM" + struct.pack(">I", len(common)) + common
    body += b"SSND" + struct.pack(">I", len(sound)) + sound
    Path(path).write_bytes(b"FORM" + struct.pack(">I", len(body)) + body)


def sapi5_engines() -> Any:
    """A Windows machine's engines: SAPI5 with English and German voices, and eSpeak NG."""
    from kidswar.sound.voices import Engines

    return Engines({"sapi5": NativeEngine(SAPI5_VOICES), "espeak": FiveLanguagesEngine()})


def nsss_engines() -> Any:
    """A Mac's engines: NSSpeech (AIFF files) with English and Turkish voices, and eSpeak NG."""
    from kidswar.sound.voices import Engines

    return Engines({"nsss": NativeEngine(NSSS_VOICES, aiff=True), "espeak": FiveLanguagesEngine()})


def broken_native_engines() -> Any:
    """A Windows machine whose SAPI5 fails to load: eSpeak NG alone."""
    from kidswar.sound.voices import Engines

    return Engines({"espeak": FiveLanguagesEngine()}, {"sapi5": "OSError: no COM"})


def held_engine() -> FiveLanguagesEngine:
    """A factory that takes as long to load as the switch file says "hold" (a slow machine's
    first start of eSpeak), then speaks every language of the app."""
    while switch() == "hold":
        time.sleep(0.01)  # a load held back by the test: nothing to synchronise on
    return FiveLanguagesEngine()
