"""Choosing a voice for a language: the machine's own voice where it has one, else eSpeak NG.

pyttsx3 drives the system's speech where there is one: SAPI5 on Windows (a teacher's laptop
has Microsoft's "Zira" or "Hedda"), NSSpeechSynthesizer on macOS ("nsss": "Alex", "Yelda"),
which sound far more natural than eSpeak. Such a voice is preferred for a language it speaks;
every other language is spoken by the eSpeak NG that kidswar bundles (espeakng-loader), which
speaks all five. pyttsx3 2.99's "avspeech" driver cannot write files (no `save_to_file`), so it
is not used. macOS also lists novelty voices ("Bells", "Zarvox", "Bad News"): never for a child.

Everything here works on voice lists (objects with `id`, `name` and `languages`, as pyttsx3's
drivers list them), so that tests prove the choice with fake SAPI5 and NSSpeech lists on Linux.
"""

from __future__ import annotations

import hashlib
import re
import sys
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

ESPEAK = "espeak"
# The native driver of each platform that can write a clip to a file (pyttsx3's names).
NATIVE_DRIVERS = {"win32": "sapi5", "darwin": "nsss"}
DRIVER_NAMES = {"sapi5": "SAPI5", "nsss": "NSSpeechSynthesizer", ESPEAK: "eSpeak NG"}
# macOS's novelty voices (singing, whispering, robots) and its old "Fred" generation.
NOVELTY_VOICES = frozenset(
    {"albert", "badnews", "bahh", "bells", "boing", "bruce", "bubbles", "cellos", "deranged"}
    | {"fred", "goodnews", "hysterical", "junior", "kathy", "organ", "pipeorgan", "princess"}
    | {"ralph", "trinoids", "vicki", "victoria", "whisper", "zarvox"}
)


@dataclass(frozen=True)
class VoiceChoice:
    """The voice chosen for one language: its driver, its id and name, and why it was chosen."""

    lang: str
    driver: str  # "sapi5", "nsss" or "espeak"
    voice: str  # the driver's id of the voice
    name: str
    reason: str

    @property
    def folder(self) -> str:
        """A folder name for this voice's clips (readable, safe, and unique to the voice)."""
        tail = re.split(r"[\\/]", self.voice)[-1]
        readable = re.sub(r"[^A-Za-z0-9._-]+", "-", tail).strip(".-")[:40] or "voice"
        digest = hashlib.sha256(f"{self.driver}\n{self.voice}".encode()).hexdigest()[:8]
        return f"{self.driver}-{readable}-{digest}"


@dataclass
class Engines:
    """The speech engines a worker has, by driver, and why any driver that was tried failed."""

    engines: dict[str, Any]
    problems: dict[str, str] = field(default_factory=dict)


def native_driver(platform: str = sys.platform) -> str | None:
    """The pyttsx3 driver of this platform's own speech, or None (Linux: only eSpeak NG)."""
    return NATIVE_DRIVERS.get(platform)


def language_codes(voice: Any) -> list[str]:
    """A voice's language codes, lowercase with dashes ("en-gb", "tr")."""
    codes = []
    for code in getattr(voice, "languages", None) or []:
        if isinstance(code, bytes):
            # Older pyttsx3 hands eSpeak's raw field: a priority byte, then the code.
            code = code.lstrip(bytes(range(32))).decode("utf-8", "ignore")
        codes.append(str(code).lower().replace("_", "-"))
    return codes


def speaks(voice: Any, lang: str) -> str | None:
    """The code by which `voice` speaks `lang` ("en-us" for "en"), or None if it does not."""
    for code in language_codes(voice):
        if code == lang or code.startswith(lang + "-"):
            return code
    return None


def pick_voice(voices: Iterable[Any], lang: str) -> str:
    """The id of the eSpeak voice that best speaks `lang` (a code like "tr" or "en").

    Best is a voice whose language is exactly `lang` ("tr" for Turkish), then the voice named
    after it (eSpeak's "gmw/en", which speaks en-gb, is its main English voice), then any
    regional variant ("es-419" for "es"); the engine's order breaks ties. LookupError if none.
    """
    lang = lang.lower()
    best: tuple[int, str] | None = None
    for voice in voices:
        codes = language_codes(voice)
        if lang in codes:
            rank = 0
        elif str(voice.id).lower().rsplit("/", 1)[-1] == lang:
            rank = 1
        elif any(code.startswith(lang + "-") for code in codes):
            rank = 2
        else:
            continue
        if best is None or rank < best[0]:
            best = (rank, str(voice.id))
    if best is None:
        raise LookupError(f"no voice speaks the language {lang!r}")
    return best[1]


def native_quality(driver: str, voice: Any) -> int | None:
    """How good a native voice is (0 best), or None for a voice a child should never hear."""
    voice_id = str(voice.id).lower()
    if driver == "nsss":
        last = voice_id.rsplit(".", 1)[-1].replace("-", "")
        if "speech.synthesis.voice" in voice_id and last in NOVELTY_VOICES:
            return None
        if ".premium." in voice_id:
            return 0
        if ".enhanced." in voice_id or voice_id.endswith("premium"):
            return 1
        if ".eloquence." in voice_id:  # the old "Eddy" and "Flo": robotic, but better than none
            return 3
        return 2  # "com.apple.voice.compact.*", "Alex"
    if driver == "sapi5":
        # Windows XP's MSSam, MSMary and MSMike sound no better than eSpeak NG.
        return None if voice_id.rsplit("\\", 1)[-1] in {"mssam", "msmary", "msmike"} else 1
    return 2


def choose_voice(
    lang: str, voices: Mapping[str, Iterable[Any]], problems: Mapping[str, str] | None = None
) -> VoiceChoice:
    """The voice for `lang` from each driver's voice list (`voices`: driver -> its voices).

    A native driver's voice that speaks the language wins (the best-sounding one, then the
    driver's order); else eSpeak NG's. `problems` says why a driver could not be loaded, for
    the reason given. LookupError if no voice at all speaks the language.
    """
    lang = lang.lower()
    problems = problems or {}
    natives = [driver for driver in {**voices, **problems} if driver != ESPEAK]
    why_not = ["this system has no native speech driver that writes files"] if not natives else []
    for native in natives:
        shown = DRIVER_NAMES.get(native, native)
        if native in problems:
            why_not.append(f"{shown} could not load ({problems[native]})")
            continue
        ranked = []
        for order, voice in enumerate(voices[native]):
            code, quality = speaks(voice, lang), native_quality(native, voice)
            if code is not None and quality is not None:
                ranked.append((quality, order, code, voice))
        if ranked:
            _, _, code, voice = min(ranked, key=lambda entry: entry[:2])
            reason = f"a {shown} voice of this machine speaks {code}"
            return VoiceChoice(lang, native, str(voice.id), _name(voice), reason)
        why_not.append(f"no {shown} voice of this machine speaks {lang}")
    if ESPEAK in problems:
        raise LookupError(f"no voice speaks the language {lang!r}: {problems[ESPEAK]}")
    espeak_voices = list(voices.get(ESPEAK, ()))
    voice_id = pick_voice(espeak_voices, lang)  # LookupError if eSpeak has none either
    voice = next(voice for voice in espeak_voices if str(voice.id) == voice_id)
    reason = "; ".join(why_not) + ": the bundled eSpeak NG"
    return VoiceChoice(lang, ESPEAK, voice_id, _name(voice), reason)


def _name(voice: Any) -> str:
    """A voice's name as its driver gives it, else its id."""
    return str(getattr(voice, "name", None) or voice.id)
