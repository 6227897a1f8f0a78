"""Rendering many clips at once (`kidswar speech warm`): one speech worker process per core.

eSpeak NG makes one clip at a time on one core (`kidswar.sound.espeak`), so a machine with two
cores renders twice as fast with two workers. Each worker here is a `SpeechRenderer` of its own
(one process, one engine) driven by a thread that takes the next clip from a shared queue, so
the workers stay busy to the end whatever the languages; each clip is rendered once, by one.
"""

from __future__ import annotations

import os
import queue
import threading
from collections.abc import Iterable, Iterator
from pathlib import Path

from kidswar.sound.cache import Renderer, SpeechCache


def worker_count(clips: int, cores: int | None = None) -> int:
    """How many workers render `clips` clips: one per core, never more than clips, at least 1."""
    return max(1, min(cores if cores is not None else os.cpu_count() or 1, clips))


def render_all(
    root: Path, clips: Iterable[tuple[str, str]], renderers: list[Renderer]
) -> Iterator[tuple[str, str]]:
    """Render each (lang, key) clip missing or stale under `root`, each renderer in a thread
    of its own; yield each clip once it is on disk (in the order they finish).

    The first error of any renderer (SpeechError, InvalidClip) stops the others after their
    clip in progress, and is raised here.
    """
    waiting: queue.SimpleQueue[tuple[str, str]] = queue.SimpleQueue()
    for clip in clips:
        waiting.put(clip)
    finished: queue.SimpleQueue[tuple[str, str] | BaseException | None] = queue.SimpleQueue()
    stop = threading.Event()

    def work(renderer: Renderer) -> None:
        """Render clips from the queue until it is empty or another worker failed."""
        try:
            cache = SpeechCache(root, renderer)
            while not stop.is_set():
                try:
                    lang, key = waiting.get_nowait()
                except queue.Empty:
                    return
                cache.get(lang, key)
                finished.put((lang, key))
        except BaseException as error:  # the caller's thread raises it
            finished.put(error)
        finally:
            finished.put(None)  # this worker is done

    threads = [
        threading.Thread(target=work, args=(renderer,), name="kidswar-warm", daemon=True)
        for renderer in renderers
    ]
    for thread in threads:
        thread.start()
    try:
        done = 0
        while done < len(threads):
            item = finished.get()
            if item is None:
                done += 1
            elif isinstance(item, BaseException):
                raise item
            else:
                yield item
    finally:
        stop.set()
        for thread in threads:
            thread.join()
