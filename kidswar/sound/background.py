"""Clips rendered on one background thread, so that a web request waits for one only briefly.

The server has a few threads for every page, style sheet and clip. A request for a clip that
is not on disk queues its render here (once: a second request for the same clip waits for the
same render) and waits for it at most `wait` seconds; then it gives up with NotReady (the page
gets 503 and Retry-After) while the render goes on, so the clip is on disk when asked again.
Two rules keep a hung or slow worker from taking the server's threads:

- when the render in progress has taken longer than a request would wait, the worker is stuck
  or slow: nobody waits behind it (NotReady at once);
- at most `max_waiting` requests wait at the same time; the others get NotReady at once.

The thread is a daemon: a hung job never keeps the server from exiting.

Why not pebble's ProcessPool (issue 13 asked): its timeouts kill and replace a worker, which
`SpeechRenderer` already does, and a caller would still need this bounded wait, one render per
clip, the limit on waiting requests and the breaker. An engine that fails to load in its
initializer makes the worker exit and the pool start another, again and again, without the
reason the page and `kidswar speech warm` report; and its pool adds three polling threads.
"""

from __future__ import annotations

import queue
import threading
import time
from collections.abc import Callable, Hashable
from concurrent.futures import Future
from concurrent.futures import TimeoutError as FutureTimeout

from kidswar.sound.errors import NotReady

Job = Callable[[], object]


class BackgroundRenders:
    """Runs render jobs one at a time on a thread of its own; callers wait a bounded time."""

    def __init__(self, max_waiting: int = 4, max_queued: int = 256) -> None:
        """Let `max_waiting` callers wait at once, and queue at most `max_queued` jobs."""
        self.max_waiting = max_waiting
        self.max_queued = max_queued  # more than every clip of a page at once, in all languages
        self._jobs: queue.SimpleQueue[tuple[Hashable, Job, Future[None]]] = queue.SimpleQueue()
        self._pending: dict[Hashable, Future[None]] = {}
        self._started: float | None = None  # when the job in progress started (monotonic)
        self._waiting = 0
        self._lock = threading.Lock()
        self._thread: threading.Thread | None = None
        self._idle = threading.Event()  # set while no job is queued or running
        self._idle.set()

    @property
    def waiting(self) -> int:
        """How many callers are waiting for a job right now."""
        return self._waiting

    def busy_for(self) -> float:
        """How long the job in progress has been running, in seconds (0 when idle)."""
        started = self._started
        return 0.0 if started is None else time.monotonic() - started

    def wait_idle(self, timeout: float | None = None) -> bool:
        """Wait until no job is queued or running (True), at most `timeout` seconds: work done
        for no one in particular (warming at start) lets every request's clip go first."""
        return self._idle.wait(timeout)

    def run(self, key: Hashable, job: Job, wait: float) -> None:
        """Run `job` (once for all callers with the same `key`) and wait up to `wait` seconds.

        Returns when the job is done; raises what the job raised, or NotReady if it is not done
        in time (it goes on), if it cannot be waited for now, or if too many jobs are queued.
        """
        counted = False  # this caller counts among the waiting ones
        with self._lock:
            future = self._pending.get(key)
            if future is None:
                if len(self._pending) >= self.max_queued:
                    raise NotReady("too many clips are waiting to be rendered", wait)
                future = self._queue(key, job)
            if not future.done():
                if self.busy_for() > wait:
                    raise NotReady("the speech worker is busy with a slow job", wait)
                if self._waiting >= self.max_waiting:
                    raise NotReady("enough requests are waiting for the speech worker", wait)
                self._waiting += 1
                counted = True
        try:
            future.result(timeout=wait)
        except FutureTimeout:
            raise NotReady(f"the clip was not ready within {wait:g} s", wait) from None
        finally:
            if counted:
                with self._lock:
                    self._waiting -= 1

    def _queue(self, key: Hashable, job: Job) -> Future[None]:
        """Put a job in the queue (the lock is held) and make sure the thread runs."""
        future: Future[None] = Future()
        self._pending[key] = future
        self._idle.clear()
        self._jobs.put((key, job, future))
        if self._thread is None:
            self._thread = threading.Thread(
                target=self._work, name="kidswar-speech-renders", daemon=True
            )
            self._thread.start()
        return future

    def _work(self) -> None:
        """The thread: run each queued job and hand its outcome to whoever waits for it."""
        while True:
            key, job, future = self._jobs.get()
            self._started = time.monotonic()
            outcome: BaseException | None = None
            try:
                job()
            except Exception as error:  # whatever it is, it belongs to the callers
                outcome = error
            with self._lock:
                self._started = None
                del self._pending[key]  # the next request for this clip starts afresh
                if not self._pending:
                    self._idle.set()
            if outcome is None:
                future.set_result(None)
            else:
                future.set_exception(outcome)
