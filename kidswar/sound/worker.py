"""Rendering text to MP3 files in one worker process, each job with a timeout.

pyttsx3 is not safe to call from several threads and can hang, so the web process never runs
it: `SpeechRenderer` starts one worker process with the "spawn" method (a fresh interpreter; no
forked copy of the web server's threads or locks), feeds it one job at a time through a pipe
and waits for its reply with a timeout. A job that hangs gets the worker killed; a worker that
dies is restarted for the next job. After `max_failures` failures in a row the renderer rests
(`kidswar.sound.breaker`): it refuses jobs at once for `cool_down` seconds, then tries one again,
so speech comes back by itself when the worker does. An engine that cannot load at all (no
eSpeak library) makes it unavailable until the server restarts: nothing changes without one.

The engine comes from a factory named by a "module:function" string, so that the worker can
import it after spawning (tests name fake engines that hang or crash). Only the worker process
imports the engine; this module imports no speech library.
"""

from __future__ import annotations

import contextlib
import itertools
import logging
import multiprocessing
import os
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from multiprocessing.connection import Connection, wait
from pathlib import Path
from typing import Any

from kidswar.sound import mp3
from kidswar.sound.breaker import Breaker
from kidswar.sound.child import serve
from kidswar.sound.errors import RenderFailed, SpeechError, SpeechUnavailable
from kidswar.sound.voices import VoiceChoice

__all__ = [  # the errors live in kidswar.sound.errors; callers may still take them from here
    "DEFAULT_ENGINE",
    "DEFAULT_RATE",
    "RenderFailed",
    "Rendered",
    "SpeechError",
    "SpeechRenderer",
    "SpeechUnavailable",
]

DEFAULT_RATE = 140  # words a minute: slower than eSpeak's 175, for children of 4 and up
DEFAULT_ENGINE = "kidswar.sound.native:make_engines"  # the machine's voices, else eSpeak NG
_SPAWN = multiprocessing.get_context("spawn")
CLOSE_WAIT = 2.0  # seconds `close` waits for a job in progress before killing the worker anyway
log = logging.getLogger("kidswar.speech")
log.addHandler(logging.NullHandler())  # `kidswar serve` shows these lines; `speech warm` not


@dataclass(frozen=True)
class Rendered:
    """What the worker did for one job: the voice it used."""

    voice: str


class SpeechRenderer:
    """Renders text to MP3 files in one worker process; safe to call from several threads."""

    def __init__(
        self,
        rate: int = DEFAULT_RATE,
        *,
        engine: str = DEFAULT_ENGINE,
        timeout: float = 20.0,
        start_timeout: float = 30.0,
        max_failures: int = 3,
        cool_down: float = 30.0,
        clock: Callable[[], float] = time.time,
        languages: tuple[str, ...] | None = None,
    ) -> None:
        """Set up the renderer; the worker starts on the first `render` (or on `start`).

        The worker chooses a voice for each of `languages` (default: the app's) when it starts.
        """
        self.rate = rate
        self.engine = engine
        self.timeout = timeout
        self.start_timeout = start_timeout  # spawning and loading eSpeak: slower than a job
        self.breaker = Breaker(max_failures, cool_down, clock)
        self._lock = threading.Lock()  # one job at a time: the worker has one engine
        self._process: Any = None
        self._jobs: Any = None
        self._replies: Connection | None = None
        self._broken: str | None = None  # why the engine cannot load: final
        self._job_ids = itertools.count(1)
        self._languages = languages
        self._voices: dict[str, VoiceChoice] = {}  # the worker's choice, kept across restarts
        self._started = threading.Event()  # set once a worker has started (or cannot)
        self._closed = False  # closed for good: the server is stopping

    @property
    def available(self) -> bool:
        """False while speech is off (resting after failures, or impossible): see `reason`."""
        return self._broken is None and not self._closed and self.breaker.allows()

    @property
    def reason(self) -> str | None:
        """Why speech is unavailable, or None while it is available."""
        if self._closed:
            return "the server is stopping"
        return self._broken or self.breaker.reason

    @property
    def retry_in(self) -> float | None:
        """Seconds until a job may be tried: 0 while available, None if it never will be."""
        return None if self._broken is not None or self._closed else self.breaker.retry_in()

    @property
    def busy(self) -> bool:
        """True while a job (or the worker's start) is in progress."""
        return self._lock.locked()

    @property
    def worker_pid(self) -> int | None:
        """The worker process's id while one runs (for logs and for tests that stop it)."""
        process = self._process
        return None if process is None else int(process.pid)

    @property
    def settings(self) -> str:
        """What, besides the text, decides the sound: a cached clip made otherwise is stale."""
        return f"{self.engine} rate={self.rate} mp3={mp3.BITRATE}"

    @property
    def voices(self) -> dict[str, VoiceChoice]:
        """The voice of each language, as the worker chose them (empty before it started)."""
        return dict(self._voices)

    def voice(self, lang: str, start: bool = False) -> VoiceChoice | None:
        """The voice chosen for `lang`; with `start`, the worker is started first if need be.

        None if the worker has not started (without `start`), cannot, or no voice speaks it.
        """
        if start and not self._started.is_set():
            self.start()
        return self._voices.get(lang)

    def wait_started(self, timeout: float | None = None) -> bool:
        """Wait until a worker has started or failed to (True), at most `timeout` seconds."""
        return self._started.wait(timeout)

    def start(self) -> bool:
        """Start the worker now and wait until its engine is ready; return `available`."""
        with self._lock:
            if self.available and self._process is None:
                try:
                    self._start_worker()
                except RenderFailed as error:
                    self._failed(str(error))
                except SpeechUnavailable:
                    pass
        self._started.set()
        return self.available

    def render(self, lang: str, text: str, path: Path | str) -> Rendered:
        """Render `text` in a voice of language `lang` to the MP3 file `path`.

        Raises SpeechUnavailable (at once, without trying) while speech is off, and
        RenderFailed when this one job fails.
        """
        with self._lock:
            if not self.available:
                raise SpeechUnavailable(self.reason or "speech is off", retry_after=self.retry_in)
            try:
                if self._process is None:
                    self._start_worker()
                job_id = next(self._job_ids)
                self._send((job_id, lang, text, os.fspath(path)))
                reply = self._receive(self.timeout, "rendering")
                if reply[0] != "done" or reply[1] != job_id:
                    raise RenderFailed(str(reply[-1]))
            except RenderFailed as error:
                self._failed(str(error))
                raise
            if self.breaker.succeeded():
                log.warning("speech works again")
            return Rendered(voice=str(reply[2]))

    def close(self) -> None:
        """Stop the worker for good: a later job is refused, never given a new worker.

        A job in progress (a hung worker, say) is not waited for long: the server must exit.
        The requests queued behind it must not start a worker each while the server stops:
        a worker spawned then outlives the server's exit and holds its output open.
        """
        self._closed = True
        if self._lock.acquire(timeout=CLOSE_WAIT):
            try:
                self._stop_worker(graceful=True)
            finally:
                self._lock.release()
        elif (process := self._process) is not None:
            process.kill()  # the job's own wait then sees the worker die

    def __enter__(self) -> SpeechRenderer:
        """Use the renderer in a `with` block that closes it."""
        return self

    def __exit__(self, *exc_info: object) -> None:
        """Close the renderer at the end of the `with` block."""
        self.close()

    def _failed(self, message: str) -> None:
        """Count a failure; after too many in a row, stop the worker and rest a while."""
        log.warning("speech failed: %s", message)
        if self.breaker.failed(message):
            self._stop_worker()
            log.warning(
                "speech is off for %g s after %d failures in a row, then tried again",
                self.breaker.cool_down,
                self.breaker.failures,
            )

    def _start_worker(self) -> None:
        """Spawn the worker and wait for its engine to be ready."""
        if self._languages is None:
            from kidswar.words.catalogs import LANGUAGES  # babel: only once speech starts

            self._languages = tuple(LANGUAGES)
        # Pipes, not a multiprocessing.Queue: a queue's named semaphores are the resource
        # tracker's to clean up, and a Ctrl+C at the wrong moment made it warn of a leak.
        their_jobs, jobs = _SPAWN.Pipe(duplex=False)
        replies, their_end = _SPAWN.Pipe(duplex=False)
        process = _SPAWN.Process(
            target=serve,
            args=(self.engine, self.rate, their_jobs, their_end, self._languages),
            name="kidswar-speech",
            daemon=True,
        )
        try:
            process.start()
        except OSError as error:  # no memory or no process slots: a failure like any other
            raise RenderFailed(f"the speech worker cannot start: {error}") from error
        their_end.close()  # only the worker holds the sending end: its death reads as EOF
        their_jobs.close()  # and only we hold this one: our exit ends its wait for jobs
        self._process, self._jobs, self._replies = process, jobs, replies
        reply = self._receive(self.start_timeout, "starting")
        if reply[0] == "broken":
            self._broken = f"the speech engine cannot load: {reply[1]}"
            log.warning("%s; speech is off until the server restarts", self._broken)
            self._stop_worker()
            raise SpeechUnavailable(self._broken)
        self._voices = dict(reply[1] or {})
        self._started.set()

    def _send(self, job: tuple[Any, ...] | None) -> None:
        """Hand the worker a job (None: stop); a worker already dead fails the job."""
        assert self._jobs is not None
        try:
            self._jobs.send(job)
        except OSError as error:  # the worker died and closed its end: a broken pipe
            self._stop_worker()
            raise RenderFailed(f"the speech worker is gone: {error}") from error

    def _receive(self, timeout: float, doing: str) -> tuple[Any, ...]:
        """The worker's next reply; on a timeout or the worker's death, stop it and raise."""
        assert self._replies is not None and self._process is not None
        ready = wait([self._replies, self._process.sentinel], timeout)
        if self._replies in ready:  # a reply sent just before the worker died still counts
            try:
                return tuple(self._replies.recv())
            except (EOFError, OSError):
                pass
        if not ready:
            self._stop_worker()
            raise RenderFailed(f"{doing} took longer than {timeout:g} s: the worker was killed")
        self._process.join()
        code = self._process.exitcode
        self._stop_worker()
        raise RenderFailed(f"the speech worker died while {doing} (exit code {code})")

    def _stop_worker(self, graceful: bool = False) -> None:
        """End the worker: ask it to stop when `graceful`, else (or if it does not) kill it."""
        process, jobs, replies = self._process, self._jobs, self._replies
        self._process = self._jobs = self._replies = None
        if process is None or replies is None:
            return
        if graceful and process.is_alive():
            with contextlib.suppress(OSError):  # it died just now: nothing to ask
                jobs.send(None)
            process.join(5)
        if process.is_alive():
            process.kill()
            process.join()
        jobs.close()
        replies.close()
