"""Compile the `.po` catalogs of `translations/` into `.mo` files (they are not committed).

Used by the build hook (wheels and editable installs) and by the test suite, so a checkout,
an editable install and a wheel all serve every language from the same sources.
"""

from __future__ import annotations

import os
from pathlib import Path

from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po


def compile_catalogs(source: Path, target: Path) -> list[Path]:
    """Compile every `<lang>/LC_MESSAGES/*.po` under `source` into the same place under `target`.

    Fuzzy entries are left out, as msgfmt does; the tests make sure there are none.
    """
    written = []
    for po_path in sorted(source.glob("*/LC_MESSAGES/*.po")):
        with po_path.open("rb") as handle:
            catalog = read_po(handle)
        mo_path = target / po_path.relative_to(source).with_suffix(".mo")
        mo_path.parent.mkdir(parents=True, exist_ok=True)
        # A name of this process's own: test workers (pytest-xdist) compile at the same time.
        temporary = mo_path.with_suffix(f".mo.{os.getpid()}.tmp")
        with temporary.open("wb") as handle:
            write_mo(handle, catalog)
        temporary.replace(mo_path)  # a reader never sees half a catalog
        written.append(mo_path)
    return written
