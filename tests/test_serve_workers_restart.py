"""`kidswar serve --workers 2` never gives up (issue 33): a process killed again and again (an
out-of-memory killer can do that) is started again, and two processes serve soon after.

A real server in a process of its own; the test kills the newest process ten times 1.5 s
apart (its own cadence), then looks, again and again, for two processes serving.
"""

from __future__ import annotations

import os
import signal
import subprocess
import time
from pathlib import Path

import pytest
from servers import answers, children, free_port, poll, serve_command, serve_environment

KILLS = 10
CADENCE = 1.5  # seconds between two kills: the test's own pace, not a wait for the server
SOON = 20.0  # seconds after the last kill within which two processes serve again


def started_at(pid: int) -> int:
    """When process `pid` started, in clock ticks since boot (/proc/<pid>/stat, field 22)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return int(fields[19])


def newest(pids: list[int]) -> int:
    """The process of `pids` started last."""
    return max(pids, key=lambda pid: (started_at(pid), pid))


def serving(server: int) -> list[int]:
    """The server's processes that have built their app (each then starts its speech worker)."""
    return [pid for pid in children(server) if children(pid)]


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="Linux's /proc is read")
def test_the_newest_process_killed_ten_times_leaves_two_serving(tmp_path: Path) -> None:
    port = free_port()
    log = tmp_path / "serve.log"
    with log.open("w") as errors:
        server = subprocess.Popen(
            serve_command(port, "--workers", "2"),
            env=serve_environment(tmp_path / "instance"),  # a fresh database: made once
            stdout=subprocess.DEVNULL,
            stderr=errors,
            text=True,
        )
    try:
        poll(lambda: len(serving(server.pid)) == 2 and answers(port), 60, "two serve")
        assert "a server process ended" not in log.read_text()  # none died at start-up
        last_kill = time.monotonic()
        for kill in range(KILLS):
            if kill:
                time.sleep(CADENCE)  # the kills' cadence, which the test defines
            workers = children(server.pid)
            if workers:
                os.kill(newest(workers), signal.SIGKILL)
                last_kill = time.monotonic()
        assert server.poll() is None, log.read_text()  # the supervisor never gave up
        poll(lambda: len(serving(server.pid)) == 2 and answers(port), SOON, "two serve again")
        print(f"two serving {time.monotonic() - last_kill:.1f} s after the last kill")
        assert server.poll() is None
        assert log.read_text().count("a server process ended") >= KILLS
    finally:
        server.send_signal(signal.SIGINT)
        try:
            server.wait(20)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait(10)
