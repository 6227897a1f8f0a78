"""Make `source-fingerprints.jsonl`: the rules texts' sources as hashed words, not as text.

The rules texts take facts from the documents in `../shared/sources/`, never sentences (issue
20); `tests/test_rules_own_words.py` checks that. The sources stay out of the repository, so
this script keeps only what the test needs: each sentence of each source, cut into its clauses
(at ; and :), each clause a list of word hashes (`tests/fingerprints.py` says how a word is
found and hashed). One JSON object a line:

    {"source": "004_4424e515e33c7947.txt", "lang": "en", "clauses": [["9c1d...", ...], ...]}

A sentence found twice in one language is kept once. Run it by hand when a source is added or
changed, from the repository's root, and commit the file it writes:

    .venv/bin/python tests/data/make_source_fingerprints.py ../shared/sources

Every source must be listed in SOURCES with its language, so none is compared in the wrong one.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
OUTPUT = HERE / "source-fingerprints.jsonl"
# The sources and the language each is written in (../shared/sources/README.md describes them).
SOURCES = {
    "000_7e249f38f06d3c43.txt": "en",  # Peace, a War variant
    "001_ccb9436dd2ccf297.txt": "tr",  # Peace (Barış), the same page in Turkish
    "002_c534fc990de5e871.txt": "en",  # a browser War game's guide
    "003_44631a2b6aee1d84.txt": "en",  # One card down
    "004_4424e515e33c7947.txt": "en",  # "How to play War" for grown-ups
}


def fingerprint_lines(folder: Path) -> list[str]:
    """One JSON line per distinct sentence of the sources in `folder`, source by source."""
    sys.path.insert(0, str(HERE.parent))  # tests/fingerprints.py, which the test uses too
    from fingerprints import clauses, fingerprint, sentences

    found = sorted(path.name for path in folder.glob("*.txt"))
    if found != sorted(SOURCES):
        raise SystemExit(f"list every source with its language in SOURCES: {found}")
    lines, seen = [], set()
    for name, lang in SOURCES.items():
        text = (folder / name).read_text(encoding="utf-8")
        for sentence in sentences(text, run_together=True):
            hashed = [fingerprint(clause, lang) for clause in clauses(sentence)]
            hashed = [clause for clause in hashed if clause]
            key = (lang, json.dumps(hashed))
            if hashed and key not in seen:
                seen.add(key)
                record = {"source": name, "lang": lang, "clauses": hashed}
                lines.append(json.dumps(record, separators=(",", ":")))
    return lines


def main() -> None:
    """Write the fingerprints of the sources in the folder given."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("sources", type=Path, help="the folder of the sources")
    lines = fingerprint_lines(parser.parse_args().sources)
    OUTPUT.write_text("\n".join(lines) + "\n", encoding="utf-8")
    print(f"{OUTPUT.name}: {len(lines)} sentences")


if __name__ == "__main__":
    main()
