"""Choosing a voice for a language by its language code, from the voices an engine lists."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any


def language_codes(voice: Any) -> list[str]:
    """A voice's language codes, lowercase with dashes ("en-gb", "tr")."""
    codes = []
    for code in getattr(voice, "languages", None) or []:
        if isinstance(code, bytes):
            # Older pyttsx3 hands eSpeak's raw field: a priority byte, then the code.
            code = code.lstrip(bytes(range(32))).decode("utf-8", "ignore")
        codes.append(str(code).lower().replace("_", "-"))
    return codes


def pick_voice(voices: Iterable[Any], lang: str) -> str:
    """The id of the voice that best speaks `lang` (a code like "tr" or "en").

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
