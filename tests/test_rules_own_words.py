"""The rules texts are kidswar's own sentences: facts from the sources, never their sentences.

Issue 20: no sentence of a rules page (every text of `content/*.toml`: titles, headings, items,
notes and table cells, in each language) may share a run of 7 or more words with a sentence of a
source in its language, or resemble one as a whole: a word-level similarity of 0.7 or more, as
`difflib.SequenceMatcher` measures it on the two word lists. A source sentence is also compared
clause by clause (cut at ; and :), so a sentence copied from half of one is found too, and two
sentences of a text are also compared together, so a source sentence cut in two is found too.

The sources (`../shared/sources/`) are not in the repository; their sentences are kept as lists of
hashed words in `tests/data/source-fingerprints.jsonl` (made by
`tests/data/make_source_fingerprints.py`), and the rules texts are hashed the same way here
(`tests/fingerprints.py`). English is compared with sources 000 and 002-004, Turkish with 001;
German, Spanish and French have no source in their language.
"""

from __future__ import annotations

import difflib
import gettext
import itertools
import json
from dataclasses import dataclass
from functools import cache

import pytest
from conftest import DATA
from fingerprints import fingerprint, sentences

from kidswar.words import catalogs
from kidswar.words.catalogs import Translations
from kidswar.words.content import PAGES, page, page_texts

LONGEST_SHARED_RUN = 6  # words: a run of 7 in a row from a source sentence is its sentence
MOST_ALIKE = 0.7  # a similarity of 0.7 or more is a source sentence reworded by a word or two
# A whole is compared only where both have 5 words or more: shorter texts are headings, table
# cells and calls ("War!", "Tips", "The biggest card", a variant's name), whose wording is
# forced, and any sentence holding a name of three words would be 0.75 alike it. "Keep your
# pile face down." has five words.
FEWEST_WORDS_COMPARED = 5
SOURCE_LANGUAGES = ("en", "tr")  # the languages the sources are written in
FINGERPRINTS = DATA / "source-fingerprints.jsonl"


@dataclass(frozen=True)
class SourceSentence:
    """One sentence of a source, as hashed words: whole, and clause by clause."""

    source: str
    words: tuple[str, ...]
    clauses: tuple[tuple[str, ...], ...]


@cache
def source_sentences(lang: str) -> tuple[SourceSentence, ...]:
    """The sentences of the sources written in `lang`, from their fingerprints."""
    found = []
    for line in FINGERPRINTS.read_text(encoding="utf-8").splitlines():
        record = json.loads(line)
        if record["lang"] == lang:
            clauses = tuple(tuple(clause) for clause in record["clauses"])
            whole = tuple(word for clause in clauses for word in clause)
            found.append(SourceSentence(record["source"], whole, clauses))
    return tuple(found)


@cache
def source_runs(lang: str) -> dict[tuple[str, ...], str]:
    """Every run of 7 words in a source sentence of `lang`, and the source it is in."""
    size = LONGEST_SHARED_RUN + 1
    runs: dict[tuple[str, ...], str] = {}
    for sentence in source_sentences(lang):
        for start in range(len(sentence.words) - size + 1):
            runs.setdefault(sentence.words[start : start + size], sentence.source)
    return runs


def following(sentence: str, lang: str) -> list[str]:
    """How a rules sentence follows a source sentence (nothing if it is its own)."""
    hashed = fingerprint(sentence, lang)
    size = LONGEST_SHARED_RUN + 1
    runs = source_runs(lang)
    found = {
        f"shares a run of {size}+ words with {runs[run]}"
        for run in (tuple(hashed[i : i + size]) for i in range(len(hashed) - size + 1))
        if run in runs
    }
    if len(hashed) >= FEWEST_WORDS_COMPARED:
        matcher = difflib.SequenceMatcher(autojunk=False)
        matcher.set_seq1(hashed)
        for source in source_sentences(lang):
            for part in {source.words, *source.clauses}:
                if len(part) < FEWEST_WORDS_COMPARED:
                    continue
                matcher.set_seq2(part)
                if matcher.quick_ratio() >= MOST_ALIKE and matcher.ratio() >= MOST_ALIKE:
                    found.add(f"is {matcher.ratio():.2f} alike a sentence of {source.source}")
    return sorted(found)


def compared(text: str) -> list[str]:
    """The parts of a text compared with the sources: each sentence, and each two in a row."""
    said = sentences(text)
    return said + [f"{first} {second}" for first, second in itertools.pairwise(said)]


def rules_sentences(t: Translations) -> list[tuple[str, str]]:
    """Every sentence of every rules page in the language of `t` (and every two in a row)."""
    found = []
    for name in PAGES:
        shown = page(name, t)
        for text in [shown.title, shown.about, *page_texts(shown.sections)]:
            found += [(name, part) for part in compared(text)]
    return found


def translations(lang: str) -> Translations:
    """The catalog of a language (English: the source texts themselves)."""
    return gettext.NullTranslations() if lang == "en" else catalogs.load(lang)


@pytest.mark.parametrize("lang", SOURCE_LANGUAGES)
def test_no_rules_sentence_follows_a_source_sentence(lang: str) -> None:
    assert len(source_sentences(lang)) > 20, f"no fingerprints of the {lang} sources"
    said = rules_sentences(translations(lang))
    assert len(said) > 300
    copied = [(name, sentence, how) for name, sentence in said for how in following(sentence, lang)]
    assert not copied, "\n".join(f"{name}: {s!r} {how}" for name, s, how in copied)


def test_every_language_of_the_sources_is_compared() -> None:
    languages = {json.loads(line)["lang"] for line in FINGERPRINTS.read_text().splitlines()}
    assert languages == set(SOURCE_LANGUAGES)
    assert set(SOURCE_LANGUAGES) <= set(catalogs.LANGUAGES)


# What the check finds: sentences the rules texts had before issue 20 (the review's list).
COPIED_BEFORE = [
    ("en", "Share the cards into two piles, one for each player."),  # easy step 1
    ("en", "Keep your pile face down."),  # easy step 2: the source's very sentence
    ("en", "You both turn over your top card at the same time."),  # easy step 3
    ("en", "The bigger card takes both cards."),  # easy step 4
    ("en", "Each player puts one card face down and then one card face up."),
    ("en", "The jack is like 11, the queen 12 and the king 13. The ace beats them all."),  # a tip
    ("en", "Set a timer for 10 or 15 minutes."),  # a tip
    ("en", "You win by collecting every card, or by having the most cards when time is up."),
    ("en", "German games like it were written about as early as 1833."),
    ("en", "In Britain it is called Battle."),
    ("en", "Whoever collects every card wins."),  # Peace, what it is
    # Peace's history in Turkish: seven words in a row of the Turkish Peace page.
    (
        "tr",
        "Eşitlikte barış genellikle beş kapalı kartla yapılır: "
        "İngilizce peace kelimesinin her harfi için bir kart.",
    ),
]


@pytest.mark.parametrize(("lang", "sentence"), COPIED_BEFORE)
def test_the_check_finds_a_sentence_that_follows_its_source(lang: str, sentence: str) -> None:
    assert following(sentence, lang)


def test_the_check_finds_easy_step_2_as_it_was_on_the_page() -> None:
    was = "Keep your pile face down. No peeking!"
    assert [bool(following(s, "en")) for s in sentences(was)] == [True, False]
