"""`kidswar serve` stopped with Ctrl+C: one line, no traceback from any process (issue 33).

A real server in a process group of its own, as a terminal runs it: Ctrl+C sends SIGINT to
every process of the group, the speech worker's and the `--workers` processes' included.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest
from servers import answers, children, free_port, poll, serve_command, serve_environment

# A shell starts a command with SIGINT at its default, but a process that is started with
# SIGINT ignored keeps it ignored (Python installs its KeyboardInterrupt handler only over the
# default), and a test runner started in the background, or by a CI runner, may ignore it: then
# the server would never see the Ctrl+C. This prefix sets it back to the default, as a
# terminal's shell has it, and execs the server in the same process (the pid stays the same).
AS_A_TERMINAL_STARTS_IT = [
    sys.executable,
    "-c",
    "import os, signal, sys; signal.signal(signal.SIGINT, signal.SIG_DFL); "
    "os.execv(sys.executable, [sys.executable, *sys.argv[1:]])",
]


def speech_started(pid: int) -> bool:
    """True once the speech worker of server process `pid` (and all it started) ignores Ctrl+C."""
    started = children(pid)  # the speech worker, and Python's resource tracker beside it
    return len(started) >= 2 and all(ignores_ctrl_c(child) for child in started)


def ignores_ctrl_c(pid: int) -> bool:
    """True if process `pid` ignores SIGINT (Linux's /proc status, SigIgn's bit 2)."""
    try:
        status = Path(f"/proc/{pid}/status").read_text()
    except OSError:
        return False
    [mask] = [line.split()[1] for line in status.splitlines() if line.startswith("SigIgn:")]
    return bool(int(mask, 16) & (1 << (signal.SIGINT - 1)))


@pytest.mark.skipif(not Path("/proc/self/status").exists(), reason="Linux's /proc is read")
@pytest.mark.skipif(sys.platform == "win32", reason="no process groups")
@pytest.mark.parametrize("workers", ["1", "2"])
def test_ctrl_c_ends_in_one_line(tmp_path: Path, workers: str) -> None:
    port = free_port()
    server = subprocess.Popen(
        [*AS_A_TERMINAL_STARTS_IT, *serve_command(port, "--workers", workers)[1:]],
        env=serve_environment(tmp_path / "instance"),
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,  # a group of its own, as a terminal's command has
    )
    try:
        poll(lambda: answers(port), 60, "the server answers")
        # Every process has started its speech worker (the one that printed the traceback),
        # and the worker has got as far as its own code. A Ctrl+C while the worker is still
        # importing Python's own modules can still print there: no code of ours runs yet.
        serving = [server.pid] if workers == "1" else children(server.pid)
        poll(lambda: all(map(speech_started, serving)), 60, "speech starts")
        os.killpg(server.pid, signal.SIGINT)  # Ctrl+C
        out, err = server.communicate(timeout=30)
    finally:
        if server.poll() is None:
            os.killpg(server.pid, signal.SIGKILL)
            server.wait(10)
    assert server.returncode == 0
    # The server's own log lines may be there (a busy start); nothing else.
    assert [line for line in err.splitlines() if " kidswar.serve: " not in line] == []
    assert out.splitlines()[-1] == "kidswar stopped."
