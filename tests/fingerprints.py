"""Sentences as lists of hashed words: how the rules texts are compared with their sources.

The rules texts may take facts from the documents in `../shared/sources/`, never sentences
(issue 20). The sources stay outside the repository, so what the test needs of them is kept as
fingerprints (`tests/data/source-fingerprints.json`, made by
`tests/data/make_source_fingerprints.py`): each source sentence, split into its clauses, each
clause a list of hashed words. A rules sentence, cut and hashed the same way here, is compared
hash by hash, which finds the same shared runs and the same `difflib` similarity as the words.

A word is a run of letters and digits, lowercased in the text's language (Turkish keeps dotted
and dotless i apart), with its apostrophes ("that's", "Savaş'ı") and without hyphens or other
punctuation ("face-down" is "face" and "down", "1,000" is "1" and "000"). A hash is the first
5 bytes of the word's BLAKE2b digest (personalised "kidswar-rules"), in hex: 10 digits.
"""

from __future__ import annotations

import hashlib
import re
import unicodedata

HASH_BYTES = 5
HASH_PERSON = b"kidswar-rules"  # keeps these hashes apart from any other use of BLAKE2b

_APOSTROPHES = re.compile(r"[’ʼ`´]")
_WORD = re.compile(r"[^\W_]+(?:'[^\W_]+)*")
# A sentence ends at . ! ? or … (perhaps before a closing quote or a French thin space).
_SENTENCE_END = re.compile(r"(?<=[.!?…])[\u202f\u00a0]?[»”“\"']?\s+")
_CLAUSE_END = re.compile(r"[;:]\s+")
# Table cells a web page ran together ("a battleStandard War", "low.Peace", "Barış1.000"): a
# small letter or a full stop, then a capital; a small letter, then a digit; a "|" between cells.
_RUN_TOGETHER = re.compile(r"(?<=[a-zß-ÿğış.!?])(?=[A-ZÀ-ÞĞİŞ])|(?<=[a-zß-ÿğış])(?=\d)|\|")


def lowered(text: str, lang: str) -> str:
    """A text in lowercase, as its language writes it (Turkish: I to ı, İ to i)."""
    text = unicodedata.normalize("NFC", text)
    if lang == "tr":
        text = text.replace("I", "ı").replace("İ", "i")
    return text.lower()


def words(text: str, lang: str) -> list[str]:
    """The words of a text, lowercased, apostrophes kept, every other mark dropped."""
    return _WORD.findall(_APOSTROPHES.sub("'", lowered(text, lang)))


def hashed(word: str) -> str:
    """One word's fingerprint: 10 hex digits of its BLAKE2b hash."""
    digest = hashlib.blake2b(word.encode("utf-8"), digest_size=HASH_BYTES, person=HASH_PERSON)
    return digest.hexdigest()


def fingerprint(text: str, lang: str) -> list[str]:
    """A text as the list of its words' fingerprints."""
    return [hashed(word) for word in words(text, lang)]


def sentences(text: str, run_together: bool = False) -> list[str]:
    """The sentences of a text: every line cut after . ! ? or …

    With `run_together` (a page's text copied from a web page), table cells that ran together
    ("a battleStandard War") are cut apart too.
    """
    found = []
    for line in text.splitlines():
        for cell in _RUN_TOGETHER.split(line) if run_together else [line]:
            found += [part.strip() for part in _SENTENCE_END.split(cell) if part.strip()]
    return found


def clauses(sentence: str) -> list[str]:
    """A sentence cut at its semicolons and colons (the whole sentence if it has none)."""
    return [part for part in _CLAUSE_END.split(sentence) if part.strip()]
