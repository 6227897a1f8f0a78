"""Hatchling build hook: compile the catalogs and ship them, with content/, in the wheel."""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path
from typing import Any

from hatchling.builders.hooks.plugin.interface import BuildHookInterface


class CatalogsHook(BuildHookInterface):  # type: ignore[type-arg]
    """Compile translations/*.po to .mo; a wheel carries them and content/ inside kidswar/."""

    PLUGIN_NAME = "custom"

    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        """Compile the catalogs: in place for an editable install, into the wheel otherwise."""
        root = Path(self.root)
        sys.path.insert(0, str(root))  # the compiler lives in the package being built
        try:
            from kidswar.words.compile_catalogs import compile_catalogs
        finally:
            sys.path.pop(0)
        source = root / "translations"
        if version == "editable":
            compile_catalogs(source, source)  # the checkout serves every language at once
            return
        target = Path(tempfile.mkdtemp(prefix="kidswar-mo-"))
        for mo_path in compile_catalogs(source, target):
            relative = mo_path.relative_to(target).as_posix()
            build_data["force_include"][str(mo_path)] = f"kidswar/translations/{relative}"
        build_data["force_include"][str(root / "content")] = "kidswar/content"
