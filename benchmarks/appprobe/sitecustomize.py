"""`school.py --app-cpu`: how much of a request's server CPU is the app's own work.

Benchmark-only: `school.py --app-cpu` puts this folder first on the server's PYTHONPATH, so
Python imports it at start-up in every process of the server. It wraps `Flask.wsgi_app`, the
app's whole handling of a request, and adds the CPU time of the thread that ran it
(`time.thread_time`) to the request's kind: "static" (an address under /static/), "battle" (a
POST to a table's move) or "other". What the server's processes spend beyond that is the
server's own: its loop, its threads, reading and writing the connections.

Each process writes its counts to APPPROBE_DIR/probe-<pid>.json twice a second (from a thread
started in each forked process); `school.py` adds them up around each phase.
"""

from __future__ import annotations

import contextlib
import json
import os
import threading
import time
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

DIRECTORY = os.environ.get("APPPROBE_DIR")
KINDS = ("static", "battle", "other")

counts: dict[str, list[float]] = {kind: [0, 0.0] for kind in KINDS}  # requests, CPU seconds
lock = threading.Lock()


def kind_of(environ: dict[str, Any]) -> str:
    """The request's kind, by its method and address."""
    path = str(environ.get("PATH_INFO", ""))
    if path.startswith("/static/"):
        return "static"
    if environ.get("REQUEST_METHOD") == "POST" and path.endswith("/move"):
        return "battle"
    return "other"


def dump_now() -> None:
    """Write this process's counts (replacing the last ones)."""
    if DIRECTORY is None:
        return
    target = Path(DIRECTORY) / f"probe-{os.getpid()}.json"
    with lock:
        text = json.dumps(counts)
    partial = target.with_suffix(".part")
    partial.write_text(text)
    partial.replace(target)


def dumping() -> None:
    """Write the counts twice a second for as long as the process lives."""
    while True:
        time.sleep(0.5)  # a periodic report, not a synchronisation
        with contextlib.suppress(OSError):
            dump_now()


def start_dumping() -> None:
    """A fresh process (or a forked one, whose threads did not survive the fork) starts its own
    dumping thread with counts of its own."""
    with lock:
        counts.update({kind: [0, 0.0] for kind in KINDS})
    threading.Thread(target=dumping, daemon=True).start()


def install() -> None:
    """Wrap Flask's `wsgi_app` (see the module's docstring)."""
    from flask import Flask

    original = Flask.wsgi_app

    def wsgi_app(
        self: Flask, environ: dict[str, Any], start_response: Callable[..., Any]
    ) -> Iterable[bytes]:
        started = time.thread_time()
        try:
            return original(self, environ, start_response)
        finally:
            spent = time.thread_time() - started
            kind = kind_of(environ)
            with lock:
                counts[kind][0] += 1
                counts[kind][1] += spent

    Flask.wsgi_app = wsgi_app  # type: ignore[method-assign]


if DIRECTORY is not None:
    install()
    os.register_at_fork(after_in_child=start_dumping)
    start_dumping()
