"""Battles a second and p99 with 1 and 2 app processes, on SQLite and on PostgreSQL, in one run.

Each configuration starts that many `kidswar serve` processes (waitress, 8 threads each) on free
loopback ports, all on one database: the SQLite file of one shared instance folder, or the
PostgreSQL database of `--database-url` (each process then has an instance folder of its own,
as on separate machines, and they share the URL and a secret key). The clients are spread over
the processes, as a reverse proxy would spread them, and each plays battles ("Turn cards") of
its own easy game as fast as its server answers, for `--seconds`.

    .venv/bin/python benchmarks/scale.py --database-url postgresql://... [--clients 20]

Without `--database-url` (or KIDSWAR_TEST_DATABASE_URL) only SQLite is measured. Only
127.0.0.1 and the given database are ever contacted; every loop is bounded in count and time.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
from pathlib import Path

from web import Client, free_port, report, run, start_server

BENCH_KEY = "a-benchmark-key-shared-by-the-processes"


def measure(processes: int, clients: int, seconds: float, database_url: str | None) -> None:
    """Start `processes` servers on one database, play battles through them, print a line."""
    with tempfile.TemporaryDirectory() as folder:
        servers: list[subprocess.Popen[bytes]] = []
        bases: list[str] = []
        try:
            for number in range(processes):
                port = free_port()
                if database_url is None:  # one SQLite file, shared by the processes
                    instance, settings = folder, {}
                else:
                    instance = str(Path(folder) / f"server-{number}")
                    settings = {
                        "KIDSWAR_DATABASE_URL": database_url,
                        "KIDSWAR_SECRET_KEY": BENCH_KEY,
                    }
                servers.append(start_server(port, instance, settings))
                bases.append(f"http://127.0.0.1:{port}")
            players = [Client(bases[index % processes]) for index in range(clients)]
            backend = "SQLite" if database_url is None else "PostgreSQL"
            report(f"{backend} x{processes}", *run(players, "play_battle", seconds))
        finally:
            for server in servers:
                server.terminate()
                server.wait(10)


def empty(database_url: str) -> None:
    """Make the PostgreSQL database's tables, and empty them, so every run starts alike."""
    from kidswar.storage.database import connect, create
    from kidswar.storage.postgres import TABLES

    create(database_url)
    db = connect(database_url)
    db.execute(f"TRUNCATE {', '.join(TABLES)}")
    db.close()


def main() -> None:
    """Measure every configuration asked for; print one table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clients", type=int, default=20)
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument("--database-url", default=os.environ.get("KIDSWAR_TEST_DATABASE_URL"))
    args = parser.parse_args()
    print(
        f"{args.clients} concurrent clients, {args.seconds:g} s each, waitress with 8 threads "
        f"per process, Python {sys.version.split()[0]}, {os.cpu_count()} cores"
    )
    print(
        f"{'setup':<16} {'battles':>7} {'median ms':>10} {'p99 ms':>9} {'per s':>9} {'errors':>7}"
    )
    for url in [None] + ([args.database_url] if args.database_url else []):
        for processes in (1, 2):
            if url is not None:
                empty(url)
            measure(processes, args.clients, args.seconds, url)


if __name__ == "__main__":
    main()
