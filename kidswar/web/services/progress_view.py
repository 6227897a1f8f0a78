"""The progress page's children: read from the request's body, checked, and drawn for the adult.

A child's progress lives only in the child's browser (static/children.mjs). The progress page's
script sends the children of its device in the body of a POST, and an imported file goes the
same way before the browser keeps it: both are outside input, checked here (the progress by
`Progress.from_json`) and refused with a reason the page says in its language. Nothing is
stored: what comes in is drawn and forgotten.
"""

from __future__ import annotations

import enum
import json
import re
from collections.abc import Sequence
from dataclasses import dataclass, replace
from datetime import date, datetime

from babel.dates import format_skeleton
from babel.lists import format_list
from markupsafe import Markup

from kidswar.game.cards import CARDS, Card, Rank, Suit
from kidswar.game.keeps_missing import keeps_missing
from kidswar.game.ladder import LADDER, Rung
from kidswar.game.progress import (
    MAX_CHARS,
    Progress,
    ProgressRefusal,
    ProgressRefused,
    nested_too_deep,
)
from kidswar.game.rules import Deck
from kidswar.game.table import MAX_NAME_LENGTH, verify_name
from kidswar.web.drawing.animals_svg import animal_svg
from kidswar.web.drawing.cards_svg import card_svg
from kidswar.web.drawing.days_svg import DayBar, days_svg
from kidswar.web.services.context import Context
from kidswar.words.animal_names import ANIMALS, child_label
from kidswar.words.card_names import card_label
from kidswar.words.catalogs import Translations
from kidswar.words.isolate import isolate
from kidswar.words.levels import level_names
from kidswar.words.rung_words import rung_practises
from kidswar.words.sums import addition

MOST_CHILDREN = 4  # as the browser's store keeps (static/children.mjs)
# A child's file: one progress at most the one limit of a progress (`progress.MAX_CHARS`),
# with room for the file's own few keys; the page's POST: four children.
MAX_FILE = MAX_CHARS + 1024
MAX_BODY = MOST_CHILDREN * MAX_FILE
CHART_DAYS = 14  # the chart's days, ending today
CHILD_ID = re.compile(r"c[0-9]{1,4}")  # as children.mjs names them: c1, c2...
SAVED_DAY = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}")  # the device's date of the last file
SIDE_SUITS = (Suit.HEARTS, Suit.SPADES, Suit.DIAMONDS)  # each side's cards in a suit of its own


class ChildrenRefusal(enum.Enum):
    """Why the children a request brought cannot be drawn (or an imported file kept)."""

    MALFORMED = "malformed"  # not JSON, or not the shape of the children of a device
    TOO_BIG = "too-big"
    TOO_MANY = "too-many"  # more children than a device keeps
    NAME = "name"  # a name no seat could carry
    NEWER = "newer"  # a progress written by a newer kidswar
    OUT_OF_RANGE = "out-of-range"  # a progress with values, levels or lists it never holds


class ChildrenRefused(ValueError):
    """Children that cannot be drawn; `reason` says why."""

    def __init__(self, reason: ChildrenRefusal) -> None:
        super().__init__(reason.value)
        self.reason = reason


@dataclass(frozen=True)
class ChildEntry:
    """One child as the device keeps it: its id there, animal, name, progress (None: none).

    For the children a device keeps (the page's own list), a progress that cannot be read is
    no reason to draw none of them: it is `refused` (why), drawn beside the others so that the
    adult can save or delete it."""

    id: str
    animal: str
    name: str
    progress: Progress | None
    saved: date | None = None  # the day its progress was last saved to a file, on the device
    refused: ChildrenRefusal | None = None  # its progress could not be read: why
    aside: bool = False  # the drill put a refused progress aside for the adult


def read_children(body: bytes) -> tuple[ChildEntry, ...]:
    """The children in a POST's body, `{"children": [{"animal", "name", "progress"}...]}`;
    ChildrenRefused before anything is drawn from a body that is not that.

    With `"stored": true` (the children this device keeps, not a file to bring in), a child
    whose progress cannot be read is drawn as refused, and the body is not refused for it."""
    if len(body) > MAX_BODY:
        raise ChildrenRefused(ChildrenRefusal.TOO_BIG)
    try:
        data = json.loads(body.decode("utf-8"))
    except (UnicodeDecodeError, ValueError, RecursionError) as error:  # or nested past any
        raise ChildrenRefused(ChildrenRefusal.MALFORMED) from error
    entries = data.get("children") if isinstance(data, dict) else None
    if not isinstance(entries, list):
        raise ChildrenRefused(ChildrenRefusal.MALFORMED)
    if len(entries) > MOST_CHILDREN:
        raise ChildrenRefused(ChildrenRefusal.TOO_MANY)
    stored = data.get("stored") is True
    return tuple(_stored(entry) if stored else _entry(entry) for entry in entries)


def _stored(entry: object) -> ChildEntry:
    """One child this device keeps: refused for its shape or name, but a progress that cannot
    be read is only marked so (the adult may save or delete it; the others are drawn)."""
    try:
        return _entry(entry)
    except ChildrenRefused as error:
        if not isinstance(entry, dict):
            raise
        try:  # the same child without its progress: is it the progress that was refused?
            checked = _entry({**entry, "progress": None, "tooBig": False, "tooDeep": False})
        except ChildrenRefused:
            raise error from None  # the child itself is not one of ours
        return replace(checked, refused=error.reason)


def _saved_day(found: object) -> date | None:
    """The day a child's progress was last saved to a file, as the device wrote it, or None
    (never, or not a date: a wrong one only makes the page say "never")."""
    if not isinstance(found, str) or not SAVED_DAY.fullmatch(found):
        return None
    try:
        return date.fromisoformat(found)
    except ValueError:
        return None


def _entry(entry: object) -> ChildEntry:
    """One child of the body, checked."""
    if not isinstance(entry, dict):
        raise ChildrenRefused(ChildrenRefusal.MALFORMED)
    animal, name = entry.get("animal"), entry.get("name", "")
    if animal not in ANIMALS or not isinstance(name, str):
        raise ChildrenRefused(ChildrenRefusal.MALFORMED)
    try:
        verify_name(name.strip())
    except ValueError as error:
        raise ChildrenRefused(ChildrenRefusal.NAME) from error
    found = entry.get("id", "")
    child_id = found if isinstance(found, str) and CHILD_ID.fullmatch(found) else ""
    raw = entry.get("progress")
    if entry.get("tooBig") is True:  # the page kept back a progress too long to send
        raise ChildrenRefused(ChildrenRefusal.TOO_BIG)
    if entry.get("tooDeep") is True:  # or one nested deeper than any progress
        raise ChildrenRefused(ChildrenRefusal.MALFORMED)
    if nested_too_deep(raw):  # before it is measured: json.dumps would recurse into it
        raise ChildrenRefused(ChildrenRefusal.MALFORMED)
    if raw is not None and len(json.dumps(raw, separators=(",", ":"))) > MAX_CHARS:
        raise ChildrenRefused(ChildrenRefusal.TOO_BIG)  # the drill would refuse it
    try:
        progress = None if raw is None else Progress.from_json(raw)
    except ProgressRefused as error:
        if error.reason is ProgressRefusal.NEWER:
            raise ChildrenRefused(ChildrenRefusal.NEWER) from error
        if error.reason is ProgressRefusal.MALFORMED:
            raise ChildrenRefused(ChildrenRefusal.MALFORMED) from error
        raise ChildrenRefused(ChildrenRefusal.OUT_OF_RANGE) from error
    saved, aside = _saved_day(entry.get("saved")), entry.get("aside") is True
    return ChildEntry(child_id, str(animal), name.strip(), progress, saved, aside=aside)


def refusal_message(reason: ChildrenRefusal, t: Translations) -> str:
    """The sentence the progress page shows for a refusal (a bad import file, mostly)."""
    if reason is ChildrenRefusal.TOO_BIG:
        return t.gettext("This file is too big to be a child's progress. Nothing was changed.")
    if reason is ChildrenRefusal.TOO_MANY:
        return t.gettext("A device keeps at most four children. Nothing was changed.")
    if reason is ChildrenRefusal.NAME:
        return t.gettext(
            "A child's name may have at most %(most)d characters and no control characters. "
            "Nothing was changed."
        ) % {"most": MAX_NAME_LENGTH}
    if reason is ChildrenRefusal.NEWER:
        return t.gettext(
            "This progress was saved by a newer kidswar than this one, so it cannot be read "
            "here. Nothing was changed."
        )
    if reason is ChildrenRefusal.OUT_OF_RANGE:
        return t.gettext(
            "This progress holds levels or numbers that kidswar never saves, so it cannot be "
            "read. Nothing was changed."
        )
    return t.gettext("This is not a child's progress saved by kidswar. Nothing was changed.")


@dataclass(frozen=True)
class LevelView:
    """One level of the ladder for one child: its title, and learned, now or still ahead."""

    title: str
    state: str  # "learned", "now" or "ahead"


@dataclass(frozen=True)
class HardPair:
    """A pair still to try again: each side's small cards, and the numbers in words."""

    sides: tuple[tuple[Markup, ...], ...]
    text: str  # "7 or 8", "3 + 4 or 2 + 5"; a tie "4 and 4"


@dataclass(frozen=True)
class DayLine:
    """A day played, in words, for the list beside the chart."""

    date: str
    text: str  # "6 Dec: 7 of 9 answers right", the whole line from the catalog


@dataclass(frozen=True)
class ChildView:
    """What the progress page draws for one child."""

    id: str  # the device's id for it ("" when the body named none)
    animal: str
    label: str  # "Ada (Cat)", or "Cat"
    picture: Markup
    level: str  # the title of the level now
    practises: str  # what the level now practises, for the adult
    levels: tuple[LevelView, ...]
    total: str | None  # "35 of 42 answers right in all", None before any answer
    chart: Markup | None  # None before any answer
    days: tuple[DayLine, ...]  # the days of the chart played, newest first
    hard: tuple[HardPair, ...]
    saved: str  # "Last saved to a file: 3 December", or "... never"
    keeps_missing: bool  # the adult is shown one thing to try (game/keeps_missing.py)
    refused: str | None  # why its progress could not be read (None: it was read)
    aside: bool  # a progress that could not be read was put aside by the drill


def children_views(entries: Sequence[ChildEntry], ctx: Context) -> tuple[ChildView, ...]:
    """The progress page's drawing of each child, in the device's order."""
    today = datetime.fromtimestamp(ctx.now()).date()
    return tuple(child_view(entry, ctx.t, ctx.locale, today) for entry in entries)


def saved_line(saved: date | None, t: Translations, locale: str, today: date) -> str:
    """When the child's progress was last saved to a file on this device, for the adult."""
    if saved is None:
        # Translators: on the progress page; no file of this child's progress was ever saved.
        return t.gettext("Last saved to a file: never")
    skeleton = "MMMMd" if saved.year == today.year else "yMMMMd"
    # Translators: on the progress page; %(date)s is a date, "3 December".
    return t.gettext("Last saved to a file: %(date)s") % {
        "date": format_skeleton(skeleton, saved, locale=locale)
    }


def stored_refusal(reason: ChildrenRefusal, t: Translations) -> str:
    """Why a progress this device keeps could not be read (the progress page says it beside
    the child, whose copy the adult may save or delete)."""
    if reason is ChildrenRefusal.NEWER:
        return t.gettext(
            "This child's progress was saved by a newer kidswar, so it cannot be read here."
        )
    if reason is ChildrenRefusal.TOO_BIG:
        return t.gettext(
            "This child's progress is too big to be one kidswar keeps, so it cannot be read."
        )
    return t.gettext("This child's progress is not one kidswar can read.")


def child_view(entry: ChildEntry, t: Translations, locale: str, today: date) -> ChildView:
    """One child's levels, days and pairs still hard (a new child: the first level, no days)."""
    progress = entry.progress or Progress()
    rung = progress.level
    names = level_names(t)  # as the drill names them: one name per level, on every page
    levels = tuple(
        LevelView(
            names[each.name],
            "now" if each is rung else "learned" if each.name in progress.reached else "ahead",
        )
        for each in LADDER
    )
    asked = sum(day.asked for day in progress.days)
    right = sum(day.right for day in progress.days)
    total = (
        t.ngettext(
            "%(right)d of %(num)d answer right in all",
            "%(right)d of %(num)d answers right in all",
            asked,
        )
        % {"right": right, "num": asked}
        if asked
        else None
    )
    chart, days = _chart(progress, t, locale, today) if asked else (None, ())
    return ChildView(
        entry.id,
        entry.animal,
        child_label(entry.animal, isolate(entry.name) if entry.name else "", t),  # FSI..PDI
        animal_svg(entry.animal, css="animal child-animal"),
        names[rung.name],
        rung_practises(rung, t),
        levels,
        total,
        chart,
        days,
        _hard_pairs(progress, t, locale),
        saved_line(entry.saved, t, locale, today),
        keeps_missing(progress),
        None if entry.refused is None else stored_refusal(entry.refused, t),
        entry.aside,
    )


def _chart(
    progress: Progress, t: Translations, locale: str, today: date
) -> tuple[Markup, tuple[DayLine, ...]]:
    """The chart of the last days and the days played among them, in words."""
    end = max(today.toordinal(), progress.days[-1].day if progress.days else 0)
    first = end - CHART_DAYS + 1
    played = {day.day: day for day in progress.days if day.day >= first}
    bars = [
        DayBar(played[n].asked, played[n].right) if n in played else DayBar(0, 0)
        for n in range(first, end + 1)
    ]

    def short(ordinal: int) -> str:
        return format_skeleton("MMMd", date.fromordinal(ordinal), locale=locale)

    label = t.ngettext(
        "Questions and right answers on each of the last %(num)d day",
        "Questions and right answers on each of the last %(num)d days",
        CHART_DAYS,
    ) % {"num": CHART_DAYS}
    lines = tuple(
        DayLine(
            short(day.day),
            # Translators: one day in the list beside the chart, %(date)s its short date
            # ("6 Dec"); the colon as your language writes it (French "6 déc. : …").
            t.ngettext(
                "%(date)s: %(right)d of %(num)d answer right",
                "%(date)s: %(right)d of %(num)d answers right",
                day.asked,
            )
            % {"date": short(day.day), "right": day.right, "num": day.asked},
        )
        for day in sorted(played.values(), key=lambda day: day.day, reverse=True)
    )
    return days_svg(bars, label, short(first), short(end)), lines


def _card(value: int, deck: Deck, suit: Suit) -> Card:
    """The card that shows `value` in `deck` (the little deck's 1 is the ace)."""
    rank = Rank.ACE if value == 1 and deck is Deck.NUMBERS else Rank(value)
    return next(card for card in CARDS if card.rank is rank and card.suit is suit)


def _hard_pairs(progress: Progress, t: Translations, locale: str) -> tuple[HardPair, ...]:
    """The pairs to try again, newest miss first, each side's cards drawn small."""
    pairs = []
    seen = set()
    for retry in reversed(progress.retry):
        rung: Rung = next(each for each in LADDER if each.name == retry.rung)
        each = rung.adds
        sides = [retry.values[i : i + each] for i in range(0, len(retry.values), each)]
        # The same cards on two levels, or the sides swapped, are one hard pair to the adult.
        key = tuple(sorted(tuple(sorted(side)) for side in sides))
        if key in seen:
            continue
        seen.add(key)
        drawn = []
        for side, suit in zip(sides, SIDE_SUITS, strict=False):
            cards = [_card(value, rung.deck, suit) for value in side]
            drawn.append(tuple(Markup(card_svg(card, card_label(card, t))) for card in cards))
        numbers = [addition(side) if each > 1 else str(side[0]) for side in sides]
        # A choice ("7 or 8"), but a tie is no choice: the two are the same ("4 and 4").
        tie = len({sum(side) for side in sides}) == 1
        text = format_list(numbers, style="standard" if tie else "or", locale=locale)
        pairs.append(HardPair(tuple(drawn), text))
    return tuple(pairs)
