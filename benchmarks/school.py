"""A whole school on one box: N tables each turning cards once a second, beside a static file.

Starts `kidswar serve --workers W` on a free loopback port (its own instance folder; SQLite, or
PostgreSQL with --database-url), starts one easy game per table, then runs two phases of the
same length at the same rate, in this order for each worker count:

1. **static**: every table fetches a small static file (the table's script, `table.js`, by the
   versioned address its page names, compressed as a browser takes it) once a second;
2. **battle**: every table turns its cards once a second, as the table's script does (the
   move POST with the fetch header, answered by the table's fragment).

The load is open loop: each table sends at its planned times (spread evenly over the second)
whether or not the last answer has come, on its own keep-alive connection (every table from
one thread's event loop: `benchmarks/tablets.py`), and a latency is counted from the planned
send time, so a server that falls behind shows it instead of slowing the load down. Prints
per phase the requests, median and 99th-percentile latency,
errors, and the server's CPU per request (all its processes, from /proc), and the battle's
CPU over the static file's. Before the phases it waits until the server is idle (a new
server's speech worker renders a table's first clips in the background: that is not a
request's cost). It also prints the load generator's own CPU (one core is 100 %), so it is
seen not to be the bottleneck, and how the tables' connections are spread over the processes.

`--find-p99 MS` searches instead (by halving) for the most tables each moving once a second
that the server carries at p99 <= MS with no error, between `--low` (halved until it is
carried) and `--tables`. Past about 1,000 tables, raise `--connection-limit` (the server's:
1,000 by default, shared out among its processes), or the newest tables wait for a place.
`--server` also measures gunicorn (sync or threaded workers) or granian (WSGI, its HTTP loop in
Rust; `pip install granian`) behind the same load, and `--rounds` repeats every configuration
alternately, so other load on the machine weighs on each alike. `--pairs N` runs N static and
battle phases in turn on each server, printing each pair's ratio and their median: this VM's
speed moves by a fifth within a minute, so the ratio of two phases seconds apart is the
steadier figure. Each battle phase prints how the connections are spread over the processes at
its end; `--probe` also counts, in every server process, how many SQLite writes found the
write lock taken and how long the writes took (`benchmarks/probes/lockprobe.py`: it adds two
PRAGMAs to each write, so leave it off for the figures of capacity). `--app-cpu` prints, for
each phase, how much of the server's CPU a request was spent inside the app (`Flask.wsgi_app`,
timed in every server process by `benchmarks/probes/appprobe.py`) and how much by the server
around it. `--free fragment` gives a floor instead of the app's figure: every battle is
answered without drawing the table (`benchmarks/probes/boundprobe.py`), and `--free view`
without computing its view either. The probes start in the server's processes from
`benchmarks/probes`, put first on its PYTHONPATH. With
`--database-url` naming a PostgreSQL server on this box, its processes' CPU is printed
beside the app's.

    .venv/bin/python benchmarks/school.py --tables 300 --seconds 20 --workers 1 2
    .venv/bin/python benchmarks/school.py --database-url postgresql://... --workers 1 2
    .venv/bin/python benchmarks/school.py --find-p99 100 --tables 980 --low 400 --seconds 10
    .venv/bin/python benchmarks/school.py --find-p99 100 --tables 1400 --low 980 --workers 2 \
        --connection-limit 3000
    .venv/bin/python benchmarks/school.py --server gunicorn-sync gunicorn-gthread --rounds 2
    .venv/bin/python benchmarks/school.py --tables 150 --seconds 10 --workers 2 --threads 4 --probe
    .venv/bin/python benchmarks/school.py --tables 100 --seconds 5 --workers 1 --pairs 7 --app-cpu
    .venv/bin/python benchmarks/school.py --tables 100 --seconds 5 --workers 1 --pairs 7 \
        --free fragment

Only 127.0.0.1 is ever contacted; every loop is bounded in count and time. Linux only (/proc).
"""

from __future__ import annotations

import argparse
import http.client
import itertools
import json
import os
import re
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.parse
from pathlib import Path
from typing import Any

from tablets import Phase, Table, resync_lost, run_tables

TICKS = os.sysconf("SC_CLK_TCK")
HEADER = (
    f"  {'phase':<8} {'tables':>6} {'answers':>8} {'median ms':>10} {'p99 ms':>9} {'errors':>7}"
    f" {'CPU ms/req':>11} {'load gen.':>10}"
)
SERVERS = ("serve", "gunicorn-sync", "gunicorn-gthread", "granian")
PROBES = Path(__file__).parent / "probes"  # the server-side probes, by their sitecustomize
APP_PROBE_DIR: Path | None = None  # where the server's processes write it (--app-cpu)
FREE: str | None = None  # what of a battle's answer costs nothing (--free; boundprobe)
EDGES_MS = (0.1, 0.2, 0.5, 1, 2, 5, 10, 20, 50, 100)  # lockprobe's buckets
THREADS = 8  # kidswar serve's default, and the threads of a gunicorn gthread worker
THREADS_ASKED = 0  # --threads for kidswar serve (0: its default)
# --connection-limit for kidswar serve (0: its default, 1000, shared out among the processes:
# past about 1,000 tables the newest connections wait for a place, which counts as errors)
CONNECTION_LIMIT_ASKED = 0


def free_port() -> int:
    """A free TCP port on the loopback interface."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def server_command(kind: str, port: int, workers: int) -> list[str]:
    """`kidswar serve --workers W`, or gunicorn with W sync or threaded workers, as the
    README runs them."""
    scripts = Path(sys.executable).parent
    if kind == "serve":
        serve = [str(scripts / "kidswar"), "serve", "--port", str(port), "--workers", str(workers)]
        if CONNECTION_LIMIT_ASKED:
            serve += ["--connection-limit", str(CONNECTION_LIMIT_ASKED)]
        return [*serve, "--threads", str(THREADS_ASKED)] if THREADS_ASKED else serve
    if kind == "granian":  # its HTTP loop in Rust, the app on THREADS threads a process
        return [
            str(scripts / "granian"),
            *("--interface", "wsgi", "--workers", str(workers)),
            *("--blocking-threads", str(THREADS), "--host", "127.0.0.1", "--port", str(port)),
            *("--log-level", "warning", "--factory", "kidswar.web:create_app"),
        ]
    command = [str(scripts / "gunicorn"), "-w", str(workers), "-b", f"127.0.0.1:{port}"]
    if kind == "gunicorn-gthread":
        command += ["-k", "gthread", "--threads", str(THREADS)]
    return [*command, "kidswar.web:create_app()"]


def start_server(
    kind: str,
    port: int,
    instance: str,
    workers: int,
    database_url: str | None,
    probe: Path | None = None,
) -> subprocess.Popen[bytes]:
    """The server as a user would run it; return once it answers. With `probe`, every
    process of the server counts its SQLite writes' waits into that folder (lockprobe)."""
    env = {"KIDSWAR_INSTANCE_PATH": instance, "PATH": "/usr/bin:/bin"}
    if database_url:
        env["KIDSWAR_DATABASE_URL"] = database_url
        env["KIDSWAR_SECRET_KEY"] = "school-benchmark-" + "0" * 32  # required with a URL
    paths = [os.environ["PYTHONPATH"]] if "PYTHONPATH" in os.environ else []  # another checkout
    if probe is not None:
        probe.mkdir()
        env["LOCKPROBE_DIR"] = str(probe)
    if APP_PROBE_DIR is not None:
        APP_PROBE_DIR.mkdir(exist_ok=True)
        env["APPPROBE_DIR"] = str(APP_PROBE_DIR)
    if FREE is not None:
        env["BOUNDPROBE"] = FREE
    if probe is not None or APP_PROBE_DIR is not None or FREE is not None:
        paths.insert(0, str(PROBES))
    if paths:
        env["PYTHONPATH"] = os.pathsep.join(paths)
    command = server_command(kind, port, workers)
    server = subprocess.Popen(
        command, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
    )
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        try:
            connection = http.client.HTTPConnection("127.0.0.1", port, timeout=2)
            connection.request("GET", "/en/")
            if connection.getresponse().status == 200:
                connection.close()
                return server
        except OSError:
            pass
        time.sleep(0.05)  # waiting for a subprocess to bind: nothing to synchronise on
    server.kill()
    raise SystemExit("the server did not start")


DATABASE_PID = 0  # PostgreSQL's postmaster when --database-url names one on this box


def postmaster(url: str) -> int:
    """The pid of the PostgreSQL server listening on the URL's port on this box (0: none
    found), whose processes' CPU is counted beside the app's."""
    port = str(urllib.parse.urlsplit(url).port or 5432)
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            words = (entry / "cmdline").read_bytes().decode().split("\0")
        except OSError:
            continue
        pairs = itertools.pairwise(words)
        if words[0].endswith("/postgres") and ("-p", port) in pairs:
            return int(entry.name)
    return 0


def process_tree(pid: int) -> tuple[set[int], dict[int, float], dict[int, int]]:
    """`pid` and every process under it; each one's CPU seconds and parent."""
    parents: dict[int, int] = {}
    cpu: dict[int, float] = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        parents[int(entry.name)] = int(fields[1])
        cpu[int(entry.name)] = (int(fields[11]) + int(fields[12])) / TICKS
    wanted = {pid}
    changed = True
    while changed:  # every descendant, however deep (the speech worker is a grandchild)
        more = {child for child, parent in parents.items() if parent in wanted} - wanted
        changed = bool(more)
        wanted |= more
    return wanted, cpu, parents


def tree_cpu_seconds(pid: int) -> float:
    """User and system CPU of `pid` and every process under it (the workers), in seconds."""
    wanted, cpu, _parents = process_tree(pid)
    return sum(cpu.get(each, 0.0) for each in wanted)


def wait_idle(pid: int, limit: float = 180.0) -> float:
    """Wait until the server uses under 3 % of a core over a second (its speech worker done
    with the first clips), at most `limit` seconds; return the seconds waited."""
    started = time.monotonic()
    before = tree_cpu_seconds(pid)
    while time.monotonic() - started < limit:
        time.sleep(1.0)  # sampling a rate: a second is the measure, not a synchronisation
        now = tree_cpu_seconds(pid)
        if now - before < 0.03:
            break
        before = now
    return time.monotonic() - started


def memory(pid: int) -> list[str]:
    """Each process of the server: what it is, its parent, its RSS and PSS (the proportional
    set size: pages shared with other processes counted as a share), from smaps_rollup."""
    wanted, _cpu, parents = process_tree(pid)
    lines = []
    for each in sorted(wanted):
        try:
            words = Path(f"/proc/{each}/cmdline").read_bytes().decode().split("\0")
            rollup = Path(f"/proc/{each}/smaps_rollup").read_text()
        except OSError:
            continue
        sizes = dict(re.findall(r"^(Rss|Pss):\s+(\d+) kB", rollup, re.MULTILINE))
        command = " ".join(words)
        if "multiprocessing" in command and "resource_tracker" in command:
            role = "resource tracker (of a speech worker's start)"
        elif "multiprocessing" in command:
            role = "speech worker"
        elif each == pid:
            role = "the command (supervisor)"
        else:
            role = "server process"
        rss, pss = (int(sizes.get(name, 0)) / 1024 for name in ("Rss", "Pss"))
        lines.append(
            f"    pid {each} (parent {parents.get(each)}) {role}:"
            f" RSS {rss:.1f} MB, PSS {pss:.1f} MB"
        )
    return lines


def probe_counts(folder: Path | None) -> dict[str, Any]:
    """Every server process's lockprobe counts, added up (empty without --probe)."""
    total: dict[str, Any] = {}
    for file in sorted(folder.glob("probe-*.json")) if folder is not None else ():
        try:
            counts = json.loads(file.read_text())
        except (OSError, ValueError):
            continue
        for key, value in counts.items():
            if isinstance(value, list):
                old = total.get(key, [0] * len(value))
                total[key] = [a + b for a, b in zip(old, value, strict=True)]
            else:
                total[key] = total.get(key, 0) + value
    return total


def report_probe(before: dict[str, Any], after: dict[str, Any]) -> None:
    """What the phase's SQLite writes waited: how many found the lock taken, how long they
    took (the lock taken before them included)."""
    writes = after.get("writes", 0) - before.get("writes", 0)
    if not writes:
        return
    busy = after["busy"] - before.get("busy", 0)
    busy_ms = after["busy_ms"] - before.get("busy_ms", 0.0)
    spent = after["ms"] - before.get("ms", 0.0)
    old = before.get("buckets", [0] * len(after["buckets"]))
    buckets = [a - b for a, b in zip(after["buckets"], old, strict=True)]
    over = {edge: sum(buckets[i + 1 :]) for i, edge in enumerate(EDGES_MS)}
    waited = f", waiting {busy_ms / busy:.2f} ms each" if busy else ""
    print(
        f"    writes {writes}: {busy} found SQLite's lock taken ({busy / writes:.1%}){waited};"
        f" a write took {spent / writes:.3f} ms on average;"
        f" over 1 ms {over[1]}, over 5 ms {over[5]}, over 20 ms {over[20]}",
        flush=True,
    )


def connections_per_process(pid: int, port: int) -> list[int]:
    """How many established connections to `port` each process of the server holds (the
    kernel hands a new connection to whichever process accepts it first)."""
    established: set[str] = set()
    for table in ("/proc/net/tcp", "/proc/net/tcp6"):
        try:
            lines = Path(table).read_text().splitlines()[1:]
        except OSError:
            continue
        for line in lines:
            fields = line.split()
            if fields[3] == "01" and int(fields[1].rsplit(":", 1)[1], 16) == port:
                established.add(fields[9])  # the socket's inode
    wanted, _cpu, _parents = process_tree(pid)
    counts = []
    for each in sorted(wanted):
        try:
            links = [os.readlink(fd) for fd in Path(f"/proc/{each}/fd").iterdir()]
        except OSError:
            continue
        held = sum(1 for link in links if link.startswith("socket:[") and link[8:-1] in established)
        if held:
            counts.append(held)
    return counts


def run_phase(tables: list[Table], action: str, seconds: float, server: int) -> Phase:
    """Every table does `action` once a second at its planned times, for `seconds`; the
    server's CPU (every process), PostgreSQL's and the load generator's around it."""
    resync_lost(tables)
    app_before = app_cpu_seconds(action)
    before, client_before = tree_cpu_seconds(server), time.process_time()
    database_before = tree_cpu_seconds(DATABASE_PID) if DATABASE_PID else None
    phase = run_tables(tables, action, seconds)
    phase.cpu = tree_cpu_seconds(server) - before
    phase.client_cpu = time.process_time() - client_before
    if DATABASE_PID and database_before is not None:
        phase.database_cpu = tree_cpu_seconds(DATABASE_PID) - database_before
    if APP_PROBE_DIR is not None:
        time.sleep(0.6)  # the processes write their counts twice a second
        phase.app_cpu = app_cpu_seconds(action) - app_before
    return phase


def app_cpu_seconds(kind: str) -> float:
    """The CPU seconds every server process has spent inside the app on requests of `kind`
    ("static" or "battle"), as the app probe last wrote them (0 without --app-cpu)."""
    total = 0.0
    for file in sorted(APP_PROBE_DIR.glob("probe-*.json")) if APP_PROBE_DIR else ():
        try:
            total += float(json.loads(file.read_text())[kind][1])
        except (OSError, ValueError, KeyError, IndexError):
            continue
    return total


def p99_ms(phase: Phase) -> float:
    """The phase's 99th-percentile latency in milliseconds (infinite with no answer)."""
    ordered = sorted(phase.latencies)
    if not ordered:
        return float("inf")
    return ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))] * 1000


def report(name: str, phase: Phase) -> float:
    """Print one line of figures; return the CPU milliseconds per request."""
    median = statistics.median(phase.latencies) * 1000 if phase.latencies else float("nan")
    done = max(1, len(phase.latencies))
    cpu_ms = phase.cpu * 1000 / done
    client = phase.client_cpu / max(phase.seconds, 1e-9) * 100
    print(
        f"  {name:<8} {phase.tables:>6} {len(phase.latencies):>8} {median:>10.1f}"
        f" {p99_ms(phase):>9.1f} {phase.errors:>7} {cpu_ms:>11.2f} {client:>9.0f}%",
        flush=True,
    )
    if phase.app_cpu is not None:
        app_ms = phase.app_cpu * 1000 / done
        print(
            f"    inside the app (Flask.wsgi_app): {app_ms:.2f} ms of CPU a request;"
            f" the server's loop, threads and connections: {cpu_ms - app_ms:.2f} ms",
            flush=True,
        )
    if phase.reasons:
        reasons = ", ".join(f"{why}: {n}" for why, n in phase.reasons.most_common())
        print(f"    errors: {reasons}", flush=True)
    if phase.database_cpu is not None:
        share = phase.database_cpu / max(phase.seconds, 1e-9) * 100
        print(
            f"    PostgreSQL's own processes: {phase.database_cpu * 1000 / done:.2f} ms of CPU"
            f" a request, {share:.0f} % of a core",
            flush=True,
        )
    return cpu_ms


def label(kind: str, workers: int) -> str:
    """How a configuration is named in the output."""
    if kind == "serve":
        return f"kidswar serve --workers {workers}"
    if kind == "granian":
        return f"granian --interface wsgi --workers {workers} --blocking-threads {THREADS}"
    return f"gunicorn -w {workers}" + (
        f" -k gthread --threads {THREADS}" if "gthread" in kind else ""
    )


def measure(kind: str, workers: int, args: argparse.Namespace) -> None:
    """One server: set the tables up, wait until it is idle, then the phases."""
    port = free_port()
    with tempfile.TemporaryDirectory() as instance:
        probe = Path(instance) / "probe" if args.probe else None
        global APP_PROBE_DIR
        APP_PROBE_DIR = Path(instance) / "appprobe" if args.app_cpu else None
        server = start_server(kind, port, instance, workers, args.database_url, probe)
        try:
            tables = [Table(port) for _ in range(args.tables)]
            waited = wait_idle(server.pid)
            for table in tables:  # the wait may have outlasted the server's idle timeout
                table.close()
                table.fetch("GET", table.script)
            spread = connections_per_process(server.pid, port)
            print(
                f"{label(kind, workers)}: {args.tables} tables, {args.seconds:g} s a phase"
                f" (idle after {waited:.0f} s; connections per process: {spread};"
                f" load average {os.getloadavg()[0]:.2f})"
            )
            if args.memory:
                print("  memory, every process of the server:", *memory(server.pid), sep="\n")
            print(HEADER)
            if args.find_p99:
                find(tables, args, server.pid, port, probe)
                return
            ratios = []
            for _pair in range(args.pairs):
                static = report("static", run_phase(tables, "static", args.seconds, server.pid))
                battle = battle_phase(tables, args.seconds, server.pid, port, probe)[1]
                ratios.append(battle / static)
                print(f"  a battle costs {ratios[-1]:.2f}x the server CPU of the static file")
            if len(ratios) > 1:
                listed = ", ".join(f"{ratio:.2f}" for ratio in ratios)
                median = statistics.median(ratios)
                print(f"  median of {len(ratios)} pairs: {median:.2f}x ({listed})")
        finally:
            server.terminate()
            server.wait(20)


def battle_phase(
    tables: list[Table], seconds: float, server: int, port: int, probe: Path | None
) -> tuple[Phase, float]:
    """The battle phase, reported with how the connections were spread at its end and what
    the SQLite writes waited (--probe); the phase and its CPU milliseconds a battle."""
    before = probe_counts(probe)
    phase = run_phase(tables, "battle", seconds, server)
    spread = connections_per_process(server, port)
    cpu_ms = report("battle", phase)
    print(f"    connections per process at its end: {spread}", flush=True)
    if probe is not None:
        time.sleep(0.6)  # the processes write their counts twice a second
        report_probe(before, probe_counts(probe))
    return phase, cpu_ms


def find(
    tables: list[Table], args: argparse.Namespace, server: int, port: int, probe: Path | None
) -> None:
    """The most tables (each moving once a second) served at p99 <= the limit with no error,
    found by halving between --low and --tables; each step beside the static file."""
    limit = float(args.find_p99)

    def carried(count: int) -> bool:
        # Only the tables of this step are connected, as in a school of that many: waitress
        # looks at every open connection at each turn of its loop, so idle ones cost CPU.
        for table in tables[count:]:
            table.close()
        report("static", run_phase(tables[:count], "static", args.seconds, server))
        phase = battle_phase(tables[:count], args.seconds, server, port, probe)[0]
        return phase.errors == 0 and p99_ms(phase) <= limit

    low, high = args.low, len(tables)
    while not carried(low):  # then halve it until it is carried
        if low < 10:
            print(f"  not even {low} tables at p99 <= {limit:g} ms")
            return
        low, high = low // 2, low
    if high == len(tables) and carried(high):
        print(f"  all {high} tables at p99 <= {limit:g} ms (ask for more with --tables)")
        return
    while high - low > max(5, low // 20):  # to within 5 %
        middle = (low + high) // 2
        if carried(middle):
            low = middle
        else:
            high = middle
    print(f"  carried {low} battles a second at p99 <= {limit:g} ms, not {high}")


def main() -> None:
    """Measure each worker count asked for, one after the other, in one run."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=300)
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--workers", type=int, nargs="+", default=[1, 2])
    parser.add_argument("--database-url", default=None, help="PostgreSQL (default: SQLite)")
    parser.add_argument("--server", nargs="+", choices=SERVERS, default=["serve"])
    parser.add_argument("--rounds", type=int, default=1, help="repeat every configuration")
    parser.add_argument("--pairs", type=int, default=1, help="static and battle phases a server")
    parser.add_argument("--find-p99", type=float, default=None, metavar="MS")
    parser.add_argument("--memory", action="store_true", help="each process's RSS and PSS")
    parser.add_argument("--low", type=int, default=30, help="--find-p99's first table count")
    parser.add_argument("--probe", action="store_true", help="SQLite's lock waits (lockprobe)")
    parser.add_argument("--app-cpu", action="store_true", help="the app's own CPU (appprobe)")
    parser.add_argument(
        "--free",
        choices=["fragment", "view"],
        help="a floor: the table's drawing (and its view) at no cost (boundprobe)",
    )
    parser.add_argument("--threads", type=int, default=0, help="kidswar serve --threads")
    parser.add_argument(
        "--connection-limit", type=int, default=0, help="kidswar serve --connection-limit"
    )
    args = parser.parse_args()
    global THREADS_ASKED, CONNECTION_LIMIT_ASKED, FREE
    THREADS_ASKED, CONNECTION_LIMIT_ASKED = args.threads, args.connection_limit
    FREE = args.free
    backend = "PostgreSQL" if args.database_url else "SQLite"
    if args.database_url:
        global DATABASE_PID
        DATABASE_PID = postmaster(args.database_url)
        backend += f" (its server's pid on this box: {DATABASE_PID or 'none found'})"
    python = sys.version.split()[0]
    cores = os.cpu_count()
    print(f"kidswar serve on {backend}, load from this machine, Python {python}, {cores} cores")
    if FREE is not None:
        print(f"  a floor, not the app: the table's {FREE} costs nothing (boundprobe)")
    for _round in range(args.rounds):
        for kind in args.server:
            for workers in args.workers:
                load = os.getloadavg()[0]  # other work on the machine weighs on the figures
                print(f"{time.strftime('%H:%M:%S', time.gmtime())} UTC, load average {load:.2f}")
                measure(kind, workers, args)


if __name__ == "__main__":
    main()
