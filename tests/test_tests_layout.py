"""The tests' own layout (docs/developing-tests.md): a newcomer finds and trusts them."""

from __future__ import annotations

import ast
from pathlib import Path

TESTS = Path(__file__).resolve().parent


def all_test_files() -> list[Path]:
    """Every test file, the browser tests' too."""
    return sorted(TESTS.rglob("test_*.py"))


def imported_modules(path: Path) -> set[str]:
    """The top-level names of the modules `path` imports, wherever in the file."""
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module.split(".")[0])
    return names


def test_no_test_file_imports_another_test_file() -> None:
    """Shared helpers live in support modules (tests/*.py not named test_*.py): a test file
    importing another runs that file's tests' imports and hides where a helper belongs."""
    test_modules = {path.stem for path in all_test_files()}
    found = {
        str(path.relative_to(TESTS)): sorted(imported_modules(path) & test_modules)
        for path in all_test_files()
    }
    assert not {name: modules for name, modules in found.items() if modules}
