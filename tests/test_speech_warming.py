"""`kidswar speech warm` renders with one worker per core (kidswar/sound/warming.py)."""

from __future__ import annotations

import threading
from pathlib import Path

import pytest
from speech_fakes import spoken_seconds, write_mp3

from kidswar.sound.cache import SpeechCache
from kidswar.sound.phrases import phrase_keys
from kidswar.sound.warming import render_all, worker_count
from kidswar.sound.worker import RenderFailed


class TogetherRenderer:
    """A renderer in this process whose first render waits until every other renderer of the
    `together` barrier is rendering too: it can only finish if they all render at once."""

    def __init__(self, together: threading.Barrier, error: Exception | None = None) -> None:
        """Meet the others at `together` on the first render; then raise `error`, if any."""
        self.settings = "together rate=140"
        self.available = True
        self.retry_in: float | None = 0.0
        self.together, self.error = together, error
        self.rendered: list[str] = []

    def render(self, lang: str, text: str, path: Path) -> None:
        """Wait for the others on the first render, then write the clip (or fail)."""
        if not self.rendered:
            self.together.wait(timeout=10)  # BrokenBarrierError if they never render at once
        self.rendered.append(text)
        if self.error is not None:
            raise self.error
        write_mp3(path, spoken_seconds(text))


def test_two_workers_render_at_once_and_every_clip_once(tmp_path: Path) -> None:
    clips = [(lang, key) for lang in ("en", "tr") for key in phrase_keys()[:12]]
    together = threading.Barrier(2)
    renderers = [TogetherRenderer(together), TogetherRenderer(together)]
    done = list(render_all(tmp_path, clips, list(renderers)))
    assert sorted(done) == sorted(clips)
    assert all(renderer.rendered for renderer in renderers)
    assert sum(len(renderer.rendered) for renderer in renderers) == len(clips)
    cache = SpeechCache(tmp_path, renderers[0])
    assert all(cache.is_cached(lang, key) for lang, key in clips)


def test_a_worker_that_fails_stops_the_warming_with_its_error(tmp_path: Path) -> None:
    clips = [("en", key) for key in phrase_keys()[:20]]
    together = threading.Barrier(2)
    failing = TogetherRenderer(together, error=RenderFailed("the engine raised"))
    working = TogetherRenderer(together)
    with pytest.raises(RenderFailed, match="the engine raised"):
        list(render_all(tmp_path, clips, [working, failing]))
    # The other stopped after its clip in progress: the clips are not all rendered.
    assert len(working.rendered) < len(clips) - 1


@pytest.mark.parametrize(
    ("clips", "cores", "workers"), [(5486, 2, 2), (5486, 1, 1), (1, 8, 1), (0, 2, 1)]
)
def test_one_worker_per_core_and_never_more_than_clips(
    clips: int, cores: int, workers: int
) -> None:
    assert worker_count(clips, cores) == workers
