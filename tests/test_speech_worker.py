"""The speech worker process: it survives hangs and crashes, gives up cleanly, and really speaks."""

from __future__ import annotations

import contextlib
import sys
import wave
from collections.abc import Iterator
from pathlib import Path

import pytest
from speech_fakes import CRASH, FAIL, HANG

from kidswar.sound.cache import SpeechCache, is_valid_wav
from kidswar.sound.worker import RenderFailed, SpeechRenderer, SpeechUnavailable

FAKE = "speech_fakes:fake_engine"


@pytest.fixture
def fake(tmp_path: Path) -> Iterator[SpeechRenderer]:
    """A renderer on the fake engine whose jobs time out after 2 s."""
    with SpeechRenderer(engine=FAKE, timeout=2.0) as renderer:
        yield renderer


def test_worker_renders_with_the_voice_of_the_language(
    fake: SpeechRenderer, tmp_path: Path
) -> None:
    english = fake.render("en", "Seven is bigger than four.", tmp_path / "en.wav")
    turkish = fake.render("tr", "Yedi dörtten büyük.", tmp_path / "tr.wav")
    assert (english.voice, turkish.voice) == ("fake/en", "fake/tr")
    assert is_valid_wav(tmp_path / "en.wav") and is_valid_wav(tmp_path / "tr.wav")


def test_worker_is_killed_when_a_job_hangs_and_the_next_job_renders(
    fake: SpeechRenderer, tmp_path: Path
) -> None:
    fake.render("en", "before", tmp_path / "before.wav")
    with pytest.raises(RenderFailed, match="longer than 2 s"):
        fake.render("en", HANG, tmp_path / "hang.wav")
    fake.render("en", "after", tmp_path / "after.wav")
    assert is_valid_wav(tmp_path / "after.wav") and fake.available


def test_worker_is_restarted_after_a_crash_and_the_next_job_renders(
    fake: SpeechRenderer, tmp_path: Path
) -> None:
    with pytest.raises(RenderFailed, match="died"):
        fake.render("en", CRASH, tmp_path / "crash.wav")
    fake.render("tr", "after", tmp_path / "after.wav")
    assert is_valid_wav(tmp_path / "after.wav") and fake.available


def test_a_success_resets_the_count_of_failures(fake: SpeechRenderer, tmp_path: Path) -> None:
    for text in (FAIL, FAIL, "fine", FAIL, FAIL):
        with contextlib.suppress(RenderFailed):
            fake.render("en", text, tmp_path / "clip.wav")
    assert fake.available


def test_three_failures_in_a_row_make_speech_unavailable(
    fake: SpeechRenderer, tmp_path: Path
) -> None:
    for text in (FAIL, CRASH, FAIL):
        with pytest.raises(RenderFailed):
            fake.render("en", text, tmp_path / "clip.wav")
    assert not fake.available
    assert fake.reason is not None and "3 times in a row" in fake.reason
    with pytest.raises(SpeechUnavailable):  # at once, without trying again
        fake.render("en", "fine", tmp_path / "clip.wav")


def test_an_engine_that_cannot_load_makes_speech_unavailable(tmp_path: Path) -> None:
    with SpeechRenderer(engine="speech_fakes:broken_engine") as renderer:
        assert renderer.start() is False
        assert renderer.reason is not None and "libespeak-ng.so.1" in renderer.reason
        with pytest.raises(SpeechUnavailable):
            renderer.render("en", "hello", tmp_path / "clip.wav")


def test_a_language_without_a_voice_fails_that_job_only(
    fake: SpeechRenderer, tmp_path: Path
) -> None:
    with pytest.raises(RenderFailed, match="no voice speaks"):
        fake.render("fr", "Sept est plus grand que quatre.", tmp_path / "fr.wav")
    fake.render("de", "Sieben ist größer als vier.", tmp_path / "de.wav")


# The real engine: pyttsx3 on the eSpeak NG bundled by espeakng-loader (no system package).


def wav_seconds(path: Path) -> float:
    """How long a WAV file plays."""
    with wave.open(str(path)) as clip:
        return float(clip.getnframes() / clip.getframerate())


def test_real_engine_speaks_english_and_turkish_with_different_voices(tmp_path: Path) -> None:
    with SpeechRenderer() as renderer:
        english = renderer.render("en", "Seven is bigger than four.", tmp_path / "en.wav")
        turkish = renderer.render("tr", "Yedi dörtten büyük.", tmp_path / "tr.wav")
        cache = SpeechCache(tmp_path / "speech", renderer)
        cached = cache.get("tr", "compare-7-4")  # the whole path: phrase, cache, worker
    assert english.voice != turkish.voice
    assert "en" in english.voice and "tr" in turkish.voice
    for clip in (tmp_path / "en.wav", tmp_path / "tr.wav", cached):
        assert is_valid_wav(clip)
        assert 0.3 < wav_seconds(clip) < 15
    assert "pyttsx3" not in sys.modules  # only the worker process loads the engine
