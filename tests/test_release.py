"""What a release carries (issue 34): the version said once and printed by `kidswar --version`,
this release first in CHANGELOG.md, the MIT licence, no link into a developer's own machine.
(.ci/wheel-check installs the built wheel away from the clone and serves from it.)"""

from __future__ import annotations

import re
import shutil
import subprocess
import tomllib
from importlib.metadata import version
from pathlib import Path

import pytest
from click.testing import CliRunner

from kidswar.cli import main

ROOT = Path(__file__).resolve().parent.parent


def project_version() -> str:
    """The version pyproject.toml says: the one place it is said."""
    with open(ROOT / "pyproject.toml", "rb") as handle:
        return str(tomllib.load(handle)["project"]["version"])


def test_kidswar_version_prints_the_projects_version(runner: CliRunner) -> None:
    result = runner.invoke(main, ["--version"])
    assert result.exit_code == 0
    assert result.output == f"kidswar {project_version()}\n"
    assert version("kidswar") == project_version()  # the installed metadata, not a copy


def test_the_changelog_starts_with_this_release_and_the_licence_is_mit() -> None:
    changelog = (ROOT / "CHANGELOG.md").read_text()
    # What is merged since is gathered under "Unreleased", above the version it was released as.
    first = re.search(r"^## (?!Unreleased$)(\S+)", changelog, re.M)
    assert first and first.group(1) == project_version()
    licence = (ROOT / "LICENSE").read_text()
    assert licence.startswith("MIT License") and "the kidswar contributors" in licence


def test_no_tracked_file_is_a_link() -> None:
    git = shutil.which("git")
    if git is None or not (ROOT / ".git").exists():
        pytest.skip("not a git checkout")
    listed = subprocess.run(
        [git, "ls-files", "-s"], cwd=ROOT, capture_output=True, text=True, check=True
    ).stdout
    links = [line.split("\t", 1)[1] for line in listed.splitlines() if line.startswith("120000")]
    assert links == [], f"tracked symbolic links: {links}"
