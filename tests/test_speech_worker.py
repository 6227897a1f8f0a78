"""The speech worker process: it survives hangs and crashes, gives up cleanly, and really speaks."""

from __future__ import annotations

import contextlib
import sys
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from clockhelpers import FakeClock
from speech_fakes import CRASH, FAIL, HANG

from kidswar.sound import mp3
from kidswar.sound.cache import SpeechCache
from kidswar.sound.worker import RenderFailed, SpeechRenderer, SpeechUnavailable

FAKE = "speech_fakes:fake_engine"


def poll(check: Callable[[], bool], timeout: float) -> None:
    """Ask `check` again and again until it says yes; fail after `timeout` seconds."""
    deadline = time.monotonic() + timeout
    while not check():
        assert time.monotonic() < deadline, "not within the time allowed"
        time.sleep(0.01)  # the interval between two looks


@pytest.fixture
def fake(tmp_path: Path) -> Iterator[SpeechRenderer]:
    """A renderer on the fake engine whose jobs time out after 2 s."""
    with SpeechRenderer(engine=FAKE, timeout=2.0) as renderer:
        yield renderer


def test_worker_renders_with_the_voice_of_the_language(
    fake: SpeechRenderer, tmp_path: Path
) -> None:
    english = fake.render("en", "Seven is bigger than four.", tmp_path / "en.mp3")
    turkish = fake.render("tr", "Yedi dörtten büyük.", tmp_path / "tr.mp3")
    assert (english.voice, turkish.voice) == ("fake/en", "fake/tr")
    assert mp3.is_valid(tmp_path / "en.mp3") and mp3.is_valid(tmp_path / "tr.mp3")


def test_worker_is_killed_when_a_job_hangs_and_the_next_job_renders(
    fake: SpeechRenderer, tmp_path: Path
) -> None:
    fake.render("en", "before", tmp_path / "before.mp3")
    with pytest.raises(RenderFailed, match="longer than 2 s"):
        fake.render("en", HANG, tmp_path / "hang.mp3")
    fake.render("en", "after", tmp_path / "after.mp3")
    assert mp3.is_valid(tmp_path / "after.mp3") and fake.available


def test_worker_is_restarted_after_a_crash_and_the_next_job_renders(
    fake: SpeechRenderer, tmp_path: Path
) -> None:
    with pytest.raises(RenderFailed, match="died"):
        fake.render("en", CRASH, tmp_path / "crash.mp3")
    fake.render("tr", "after", tmp_path / "after.mp3")
    assert mp3.is_valid(tmp_path / "after.mp3") and fake.available


def test_a_success_resets_the_count_of_failures(fake: SpeechRenderer, tmp_path: Path) -> None:
    for text in (FAIL, FAIL, "fine", FAIL, FAIL):
        with contextlib.suppress(RenderFailed):
            fake.render("en", text, tmp_path / "clip.mp3")
    assert fake.available


def test_three_failures_in_a_row_make_speech_unavailable(
    fake: SpeechRenderer, tmp_path: Path
) -> None:
    for text in (FAIL, CRASH, FAIL):
        with pytest.raises(RenderFailed):
            fake.render("en", text, tmp_path / "clip.mp3")
    assert not fake.available
    assert fake.reason is not None and "3 times in a row" in fake.reason
    with pytest.raises(SpeechUnavailable):  # at once, without trying again
        fake.render("en", "fine", tmp_path / "clip.mp3")


def test_after_failures_speech_rests_then_one_trial_decides(tmp_path: Path) -> None:
    clock = FakeClock()
    clip = tmp_path / "clip.mp3"
    with SpeechRenderer(engine=FAKE, timeout=2.0, cool_down=30.0, clock=clock) as renderer:
        for _ in range(3):
            with pytest.raises(RenderFailed):
                renderer.render("en", FAIL, clip)
        assert not renderer.available and renderer.retry_in == 30
        with pytest.raises(SpeechUnavailable) as refused:
            renderer.render("en", "fine", clip)  # refused at once: the worker is not asked
        assert refused.value.retry_after == 30 and renderer.worker_pid is None
        clock.advance(29)
        assert not renderer.available and renderer.retry_in == 1
        clock.advance(1)
        assert renderer.available  # half-open: the next job is a trial
        with pytest.raises(RenderFailed):
            renderer.render("en", FAIL, clip)
        assert not renderer.available and renderer.retry_in == 30  # one failure: rest again
        clock.advance(30)
        renderer.render("en", "fine", clip)  # the trial works: speech is back
        assert renderer.available and renderer.reason is None
        with pytest.raises(RenderFailed):
            renderer.render("en", FAIL, clip)
        assert renderer.available  # closed again: it takes three failures in a row once more


def test_an_engine_that_cannot_load_makes_speech_unavailable(tmp_path: Path) -> None:
    clock = FakeClock()
    with SpeechRenderer(engine="speech_fakes:broken_engine", clock=clock) as renderer:
        assert renderer.start() is False
        assert renderer.reason is not None and "libespeak-ng.so.1" in renderer.reason
        with pytest.raises(SpeechUnavailable) as refused:
            renderer.render("en", "hello", tmp_path / "clip.mp3")
        assert refused.value.retry_after is None  # nothing changes without a restart
        clock.advance(3600)
        assert not renderer.available and renderer.retry_in is None


def test_closing_does_not_wait_for_a_hung_job(tmp_path: Path) -> None:
    renderer = SpeechRenderer(engine=FAKE, timeout=600.0)
    renderer.render("en", "warm up", tmp_path / "first.mp3")

    def render_the_hanging_text() -> None:
        """Render a text the worker hangs on; the job fails when the worker is killed."""
        with contextlib.suppress(RenderFailed):
            renderer.render("en", HANG, tmp_path / "hang.mp3")

    hung = threading.Thread(target=render_the_hanging_text)
    hung.start()
    poll(lambda: renderer.busy, 5)
    renderer.close()  # the server is stopping: it must not wait the job's 600 s
    hung.join(60)  # room for a busy machine, far from the job's timeout
    assert not hung.is_alive()


def test_a_closed_renderer_starts_no_worker_for_the_jobs_that_wait(tmp_path: Path) -> None:
    # Requests queued behind a job as the server stops must not each spawn a worker: one
    # spawned after the server's exit began outlived it, holding its terminal's output open.
    renderer = SpeechRenderer(engine=FAKE)
    renderer.render("en", "warm up", tmp_path / "first.mp3")
    renderer.close()
    with pytest.raises(SpeechUnavailable, match="stopping") as refused:
        renderer.render("en", "after the end", tmp_path / "late.mp3")
    assert refused.value.retry_after is None
    assert renderer.worker_pid is None and not renderer.start()
    assert not (tmp_path / "late.mp3").exists()


def test_a_language_without_a_voice_fails_that_job_only(
    fake: SpeechRenderer, tmp_path: Path
) -> None:
    with pytest.raises(RenderFailed, match="no voice speaks"):
        fake.render("fr", "Sept est plus grand que quatre.", tmp_path / "fr.mp3")
    fake.render("de", "Sieben ist größer als vier.", tmp_path / "de.mp3")


# The real engine: pyttsx3 on the eSpeak NG bundled by espeakng-loader (no system package).


def clip_seconds(path: Path) -> float:
    """How long an MP3 clip plays."""
    seconds = mp3.seconds(path.read_bytes())
    assert seconds is not None
    return seconds


def test_real_engine_speaks_english_and_turkish_with_different_voices(tmp_path: Path) -> None:
    with SpeechRenderer() as renderer:
        english = renderer.render("en", "Seven is bigger than four.", tmp_path / "en.mp3")
        turkish = renderer.render("tr", "Yedi dörtten büyük.", tmp_path / "tr.mp3")
        cache = SpeechCache(tmp_path / "speech", renderer)
        cached = cache.get("tr", "compare-7-4")  # the whole path: phrase, cache, worker
    assert english.voice != turkish.voice
    assert "en" in english.voice and "tr" in turkish.voice
    for clip in (tmp_path / "en.mp3", tmp_path / "tr.mp3", cached):
        assert mp3.is_valid(clip)
        assert 0.3 < clip_seconds(clip) < 15
    assert "pyttsx3" not in sys.modules  # only the worker process loads the engine


def test_worker_leaves_the_resource_tracker_nothing_to_clean_up(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Named semaphores (a multiprocessing.Queue's) are the resource tracker's to unlink if the
    # server exits at the wrong moment, and Ctrl+C then printed its "leaked semaphore" warning.
    import multiprocessing.resource_tracker as tracker

    registered: list[tuple[str, str]] = []
    monkeypatch.setattr(tracker, "register", lambda name, kind: registered.append((name, kind)))
    with SpeechRenderer(engine=FAKE, timeout=2.0) as renderer:
        renderer.render("en", "Seven is bigger than four.", tmp_path / "en.mp3")
    assert registered == []
