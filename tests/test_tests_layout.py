"""The tests' own layout (docs/developing.md, "The tests"): a newcomer finds and trusts them."""

from __future__ import annotations

import ast
from pathlib import Path

TESTS = Path(__file__).resolve().parent


def all_test_files() -> list[Path]:
    """Every test file, the browser tests' too."""
    return sorted(TESTS.rglob("test_*.py"))


def imported_modules(path: Path) -> set[str]:
    """The top-level names of the modules `path` imports, wherever in the file; a relative
    import (the browser tests' `from .test_browser_fit import ...`) names its module."""
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
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


KIDSWAR = TESTS.parent / "kidswar"
# The packages whose modules each have a test file named after them (docs/developing.md).
COVERED_PACKAGES = ("game", "words", "web/services")
# Modules without a test file of their own, each with its reason; a module that gets one leaves
# this list then (the test below fails while it stays).
AWAITING_THEIR_TEST_FILE = frozenset(
    {
        # Only re-exports storage's DatabaseUnavailable for the error pages: nothing of its own
        # to test (the 503 it leads to: tests/test_database_outage.py, test_database_away.py).
        "web/services/availability",
    }
)


def covered_modules() -> list[str]:
    """Each module of the covered packages, as "package/module"."""
    return sorted(
        f"{package}/{path.stem}"
        for package in COVERED_PACKAGES
        for path in (KIDSWAR / package).glob("*.py")
        if path.stem != "__init__"
    )


def has_own_test_file(module: str) -> bool:
    """True if tests/test_<module>.py (or tests/test_<package>_<module>.py, where another
    package has a module of that name) is there and imports the module."""
    package, name = module.rsplit("/", 1)
    candidates = (f"test_{name}.py", f"test_{package.rsplit('/', 1)[-1]}_{name}.py")
    return any(
        (TESTS / candidate).is_file() and imports_module(TESTS / candidate, module)
        for candidate in candidates
    )


def imports_module(path: Path, module: str) -> bool:
    """True if the file imports `kidswar.<module>` or names from it."""
    dotted = "kidswar." + module.replace("/", ".")
    package, name = dotted.rsplit(".", 1)
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module == dotted:
            return True
        if (
            isinstance(node, ast.ImportFrom)
            and node.module == package
            and any(alias.name == name for alias in node.names)
        ):
            return True
        if isinstance(node, ast.Import) and any(alias.name == dotted for alias in node.names):
            return True
    return False


def test_each_module_has_a_test_file_named_after_it_that_imports_it() -> None:
    missing, stale = [], []
    for module in covered_modules():
        has_one = has_own_test_file(module)
        if module in AWAITING_THEIR_TEST_FILE:
            if has_one:
                stale.append(module)  # it has its file now: take it off the list
        elif not has_one:
            missing.append(module)
    assert not missing, f"no tests/test_<module>.py importing: {missing}"
    assert not stale, f"remove from AWAITING_THEIR_TEST_FILE: {stale}"
    assert set(covered_modules()) >= AWAITING_THEIR_TEST_FILE  # no module gone long ago
