"""The server-side probes of `school.py`, started in every process of the server.

Benchmark-only: `school.py --probe`, `--app-cpu` or `--free` puts this folder first on the
server's PYTHONPATH, so Python imports this module at start-up in each process, and it installs
the probes the environment asks for: `lockprobe` with LOCKPROBE_DIR (SQLite's lock waits),
`appprobe` with APPPROBE_DIR (the app's own CPU a request), and `boundprobe` with BOUNDPROBE
(the table drawn at no cost, for a floor under a battle's cost).
"""

from __future__ import annotations

import os

if os.environ.get("LOCKPROBE_DIR"):
    import lockprobe

    lockprobe.install(os.environ["LOCKPROBE_DIR"])
if os.environ.get("APPPROBE_DIR"):
    import appprobe

    appprobe.install(os.environ["APPPROBE_DIR"])
if os.environ.get("BOUNDPROBE"):
    import boundprobe

    boundprobe.install(os.environ["BOUNDPROBE"])
