"""Instructions per request under callgrind: a battle, the table page or a static file (issue 24).

CPU time on a shared 2-core machine moves by a tenth between runs of the same code; the number
of instructions does not. Run under valgrind with instrumentation off, so that starting the app
costs no instrumented time; the script switches it on (`callgrind_control -i on`) for the
measured requests only, on fixed deals (`DEAL_SEED`), after the same warm-up as
`profile_battle.py`, then prints nothing: callgrind's "Collected" count divided by N is the
figure.

    valgrind --tool=callgrind --instr-atstart=no --callgrind-out-file=/tmp/cg.out \\
        .venv/bin/python benchmarks/instructions_battle.py 200 battles   # or pages, statics
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile

from profile_battle import Player

from kidswar.web import create_app


def instrument(on: bool) -> None:
    """Switch callgrind's instrumentation of this process on or off."""
    command = ["callgrind_control", "-i", "on" if on else "off", str(os.getpid())]
    subprocess.run(command, capture_output=True, check=False)


def main() -> None:
    """Play the warm-up, then `count` requests of `kind` with instrumentation on."""
    count, kind = int(sys.argv[1]), sys.argv[2] if len(sys.argv) > 2 else "battles"
    with tempfile.TemporaryDirectory() as instance:
        config = {"INSTANCE_PATH": instance, "SPEECH_AT_START": False, "DEAL_SEED": 7}
        player = Player(create_app(config).test_client())
        player.battles(30)
        player.pages(5)
        player.statics(5)
        instrument(True)
        getattr(player, kind)(count)
        instrument(False)


if __name__ == "__main__":
    main()
