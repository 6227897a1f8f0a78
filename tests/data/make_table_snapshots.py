"""Make `table-snapshots.json.gz`: the table as the app draws it on fixed deals, to compare.

`tests/test_table_snapshots.py` draws the scenes of `tests/table_scenes.py` again (each game
played as the table's script plays it: the fragments its moves and answers get, the whole page
and its fragment) and asks that every answer is the one recorded here, so a faster way of drawing
the table draws the same table. The snapshot must come from code whose rendering you trust: it
was recorded from commit 2d017a2 (main with the names isolated, before the table's rendering was
made cheaper), recorded again when a practice card button's name took the badges it
shows ("ace of spades (A = 14)"), three answers changing in their aria-label alone, and
again on the merge of issues 32-37: 153 of 201 answers changed, by exactly four things (the
import map in the head, the clock's "paused" word in the page data, the footer's privacy link,
and the clips said after a battle: the sign row no longer said before the sentence), and again
when the language menu took its list of second languages (issue 36: every page's header, and
nothing else, changed), and when the import map took the home-screen hint's module (issue 31:
that line of every page, and nothing else, changed), and when the scenes took every language
of the package's one list (kidswar.words.catalogs: Spanish and French added, every earlier
answer unchanged). To record it again (after a deliberate change to what the table shows),
from the repository's root, check the new pages by eye or against the old ones, then:

    .venv/bin/python tests/data/make_table_snapshots.py

and commit the file it writes. One JSON object, `{"scene lang: n what": "status\\nhtml"}`.
"""

from __future__ import annotations

import gzip
import json
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
OUTPUT = HERE / "table-snapshots.json.gz"


def main() -> None:
    """Draw every scene and write the snapshot."""
    sys.path.insert(0, str(HERE.parent))
    from table_scenes import drawn_now

    answers = drawn_now()
    text = json.dumps(answers, ensure_ascii=False, indent=0, sort_keys=True)
    OUTPUT.write_bytes(gzip.compress(text.encode("utf-8"), 9, mtime=0))
    print(f"{OUTPUT.name}: {len(answers)} answers")


if __name__ == "__main__":
    main()
