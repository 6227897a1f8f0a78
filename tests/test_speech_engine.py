"""The real speech engine (kidswar/sound/espeak.py): every clip whole, the first one too.

pyttsx3's espeak driver said "done" before eSpeak had written the file, and wrote the file
before adding the last buffer of sound: the first clip after a start was missing or cut.
"""

from __future__ import annotations

from pathlib import Path

from espeak_modes import at_synth_return, in_own_process, retrieval, synchronous

from kidswar.sound import mp3
from kidswar.sound.worker import DEFAULT_RATE, SpeechRenderer

FIRST = "Seven is bigger than four. Player 1 takes 2 cards."  # long: several of eSpeak's buffers
SHORT = "Nine is bigger than three."  # short: one buffer, end of message included
FRESH_STARTS = 20
# A warm eSpeak and a fresh one may differ by a sample or two, which can make one MP3 frame
# more (26 ms); a cut clip lost a whole buffer of eSpeak's, a second or more.
SAME = 0.06  # seconds


def seconds_of(path: Path) -> float:
    """How long a clip plays (the file must be there, whole MP3 frames to its end)."""
    seconds = mp3.seconds(path.read_bytes())
    assert seconds is not None, path
    return seconds


def test_every_first_clip_after_a_fresh_start_is_whole(tmp_path: Path) -> None:
    """Twenty fresh workers: each first clip is there, as long as the same text rendered by a
    warm worker (the same text and voice give the same sound, to a sample or two)."""
    with SpeechRenderer() as warm:
        for _ in range(2):  # the second render of each is from a worker long past its start
            warm.render("en", FIRST, tmp_path / "first.mp3")
            warm.render("en", SHORT, tmp_path / "short.mp3")
    whole_first, whole_short = (
        seconds_of(tmp_path / "first.mp3"),
        seconds_of(tmp_path / "short.mp3"),
    )
    assert whole_first > whole_short > 0
    for start in range(FRESH_STARTS):
        with SpeechRenderer() as renderer:
            renderer.render("en", FIRST, tmp_path / f"{start}-first.mp3")
            renderer.render("en", SHORT, tmp_path / f"{start}-short.mp3")
        first, short = (
            seconds_of(tmp_path / f"{start}-first.mp3"),
            seconds_of(tmp_path / f"{start}-short.mp3"),
        )
        assert abs(first - whole_first) <= SAME, f"fresh start {start}: {first} of {whole_first}"
        assert abs(short - whole_short) <= SAME, f"fresh start {start}: {short} of {whole_short}"


def test_the_synchronous_mode_makes_the_same_sound_as_the_retrieval_mode() -> None:
    """kidswar's engine runs eSpeak in its synchronous mode (no thread of eSpeak's to wait for):
    each clip is the very sound eSpeak makes in pyttsx3's retrieval mode, sample for sample."""
    texts = [FIRST, SHORT, "Zwei plus drei ist fünf.", "Quatre est plus petit que sept."]
    expected = in_own_process(retrieval, texts, DEFAULT_RATE)
    assert all(expected), "a clip of no sound"
    assert in_own_process(synchronous, texts, DEFAULT_RATE) == expected
    # Synchronous: when espeak_Synth returns, the whole clip is made (nothing left to wait for).
    assert in_own_process(at_synth_return, texts, DEFAULT_RATE) == expected
