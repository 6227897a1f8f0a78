"""`kidswar simulate` and `kidswar replay` load no web code (issue 24): they start quickly.

Each command runs in a fresh interpreter, as a user's shell would start it, which then prints
the modules it has imported: none may be the web's, Flask's or the speech worker's.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

# The web and what only the web, the database or speech need.
NOT_FOR_SCRIPTS = (
    "kidswar.web",
    "kidswar.storage",
    "kidswar.sound",
    "flask",
    "flask_babel",
    "werkzeug",
    "jinja2",
    "waitress",
    "babel",
    "multiprocessing",
)
RUN_AND_LIST = """
import json, sys
from kidswar.cli import main
try:
    main(sys.argv[1:])
except SystemExit:
    pass
print(json.dumps(sorted(sys.modules)))
"""


def imported_by(*arguments: str, stdin: str = "") -> list[str]:
    """The modules a fresh interpreter has imported after running `kidswar ARGUMENTS`."""
    finished = subprocess.run(
        [sys.executable, "-c", RUN_AND_LIST, *arguments],
        input=stdin,
        capture_output=True,
        text=True,
        check=True,
        timeout=60,
    )
    modules: list[str] = json.loads(finished.stdout.splitlines()[-1])
    return modules


def heavy(modules: list[str]) -> list[str]:
    """The modules among `modules` that a script's command must not import."""
    return [
        name
        for name in modules
        if any(name == banned or name.startswith(banned + ".") for banned in NOT_FOR_SCRIPTS)
    ]


def test_simulate_imports_no_web_code() -> None:
    modules = imported_by("simulate", "--games", "3", "--json")
    assert "kidswar.game.simulate" in modules  # the command did run
    assert heavy(modules) == []


@pytest.mark.parametrize("log", [False, True])
def test_replay_imports_no_web_code(
    tmp_path: Path, rules_examples: list[dict[str, Any]], log: bool
) -> None:
    deal = tmp_path / "deal.json"
    deal.write_text(json.dumps(rules_examples[0]["deal"]), encoding="utf-8")
    modules = imported_by("replay", *(["--log"] if log else []), str(deal))
    assert "kidswar.game.replay" in modules
    assert heavy(modules) == []


def test_the_other_commands_still_load_what_they_need() -> None:
    # The lazy commands are found and run: `speech phrases` needs the phrases, not the web.
    modules = imported_by("speech", "phrases", "--lang", "en", "--json")
    assert "kidswar.sound.phrases" in modules
    assert not [name for name in modules if name.startswith(("kidswar.web", "flask"))]
