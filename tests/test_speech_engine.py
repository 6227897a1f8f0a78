"""The real speech engine (kidswar/sound/espeak.py): every clip whole, the first one too.

pyttsx3's espeak driver said "done" before eSpeak had written the file, and wrote the file
before adding the last buffer of sound: the first clip after a start was missing or cut.
"""

from __future__ import annotations

import wave
from pathlib import Path

from kidswar.sound.worker import SpeechRenderer

FIRST = "Seven is bigger than four. Player 1 takes 2 cards."  # long: several of eSpeak's buffers
SHORT = "Nine is bigger than three."  # short: one buffer, end of message included
FRESH_STARTS = 20
# A warm eSpeak and a fresh one may differ by a sample or two; a cut clip lost a whole buffer.
SAME = 220  # samples: 10 ms at eSpeak's 22,050 a second


def frames(path: Path) -> int:
    """How many samples a WAV file holds (the file must be there and readable)."""
    with wave.open(str(path)) as clip:
        return int(clip.getnframes())


def test_every_first_clip_after_a_fresh_start_is_whole(tmp_path: Path) -> None:
    """Twenty fresh workers: each first clip is there, as long as the same text rendered by a
    warm worker (the same text and voice give the same sound, to a sample or two)."""
    with SpeechRenderer() as warm:
        for _ in range(2):  # the second render of each is from a worker long past its start
            warm.render("en", FIRST, tmp_path / "first.wav")
            warm.render("en", SHORT, tmp_path / "short.wav")
    whole_first, whole_short = frames(tmp_path / "first.wav"), frames(tmp_path / "short.wav")
    assert whole_first > whole_short > 0
    for start in range(FRESH_STARTS):
        with SpeechRenderer() as renderer:
            renderer.render("en", FIRST, tmp_path / f"{start}-first.wav")
            renderer.render("en", SHORT, tmp_path / f"{start}-short.wav")
        first, short = (
            frames(tmp_path / f"{start}-first.wav"),
            frames(tmp_path / f"{start}-short.wav"),
        )
        assert abs(first - whole_first) <= SAME, f"fresh start {start}: {first} of {whole_first}"
        assert abs(short - whole_short) <= SAME, f"fresh start {start}: {short} of {whole_short}"
