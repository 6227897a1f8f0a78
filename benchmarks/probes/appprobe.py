"""`school.py --app-cpu`: how much of a request's server CPU is the app's own work.

Benchmark-only: installed in every process of the server by the probes' `sitecustomize`
(`school.py --app-cpu` sets APPPROBE_DIR). It wraps `Flask.wsgi_app`, the
app's whole handling of a request, and adds the CPU time of the thread that ran it
(`time.thread_time`) to the request's kind: "static" (an address under /static/), "battle" (a
POST to a table's move) or "other". What the server's processes spend beyond that is the
server's own: its loop, its threads, reading and writing the connections.

Each process writes its counts to APPPROBE_DIR/probe-<pid>.json twice a second
(`probe_report.Report`); `school.py` adds them up around each phase.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable
from typing import Any

from probe_report import Report

KINDS = ("static", "battle", "other")


def fresh() -> dict[str, Any]:
    """Counts of no request yet: for each kind, requests and CPU seconds."""
    return {kind: [0, 0.0] for kind in KINDS}


def kind_of(environ: dict[str, Any]) -> str:
    """The request's kind, by its method and address."""
    path = str(environ.get("PATH_INFO", ""))
    if path.startswith("/static/"):
        return "static"
    if environ.get("REQUEST_METHOD") == "POST" and path.endswith("/move"):
        return "battle"
    return "other"


def install(directory: str) -> None:
    """Wrap Flask's `wsgi_app` (see the module's docstring), counting into `directory`."""
    from flask import Flask

    report = Report(directory, fresh)
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
            with report.lock:
                report.counts[kind][0] += 1
                report.counts[kind][1] += spent

    Flask.wsgi_app = wsgi_app  # type: ignore[method-assign]
