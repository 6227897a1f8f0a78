"""The setup pages' forms: easy mode (two players, standard rules, either deck) and full mode
(every option)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from flask_babel import format_number
from werkzeug.datastructures import MultiDict

from kidswar.game.ladder import RUNGS
from kidswar.game.ladder_table import table_rules
from kidswar.game.rules import (
    BATTLE_LIMIT_CHOICES,
    MAX_BATTLE_LIMIT,
    MAX_PLAYERS,
    MIN_BATTLE_LIMIT,
    MIN_PLAYERS,
    Deck,
    Pickup,
    Rules,
    Shortage,
    WhoFights,
)
from kidswar.game.table import Seat, TableSetup
from kidswar.web.forms import (
    OFF,
    OTHER,
    ChoiceField,
    NameField,
    NumberChoiceField,
    PageForm,
    SeatInUse,
    ValidationError,
    child_animal_field,
    deck_field,
    one_of_the_options,
    players_field,
    practice_field,
    practice_level_field,
    time_field,
    variant_field,
)
from kidswar.web.forms.choices import (
    EASY_DECK,
    EASY_DECK_LABELS,
    EASY_DEFAULT_MINUTES,
    EASY_MINUTES,
)
from kidswar.web.i18n import LazyText
from kidswar.web.i18n import lazy_gettext as _
from kidswar.web.i18n import lazy_ngettext as ngettext

# A fresh easy page: the little deck and a timer (forms.choices says why); all the cards and no
# time limit are one tap away. (A form that sends no deck still means all the cards.)
EASY_DEFAULTS = MultiDict(
    {"who": "computer", "deck": EASY_DECK.value, "time": str(EASY_DEFAULT_MINUTES)}
)
FAMILY = Rules()  # the family game of docs/rules.md, chosen on a fresh full-mode page
FULL_DEFAULTS = MultiDict(
    {
        "players": str(FAMILY.players),
        "variant": FAMILY.variant.value,
        "deck": FAMILY.deck.value,
        "limit": str(FAMILY.battle_limit),
        "shortage": FAMILY.shortage.value,
        "who_fights": FAMILY.who_fights.value,
        "pickup": FAMILY.pickup.value,
        "kind-1": "human",
        **{f"kind-{number}": "computer" for number in range(2, MAX_PLAYERS + 1)},
        "time": OFF,
    }
)
SHORTAGE_LABELS = {
    Shortage.LAST_CARD: _("Play your last card face up"),
    Shortage.FORFEIT: _("You lose the game (two players only)"),
}
WHO_FIGHTS_LABELS = {
    WhoFights.EVERYONE: _("Everyone still in the battle"),
    WhoFights.TIED: _("Only the players who tied"),
}
PICKUP_LABELS = {
    Pickup.SHUFFLED: _("Mixed up (games end sooner)"),
    Pickup.AS_LAID: _("In the order they were laid"),
}


def child_animal(animal: ChoiceField) -> str:
    """The animal of the device's child for the first seat, in every game started on this
    device (issue 32): shown beside the seat, and the voice calls the seat by it unless a
    name is typed for it (a name typed stays the seat's name)."""
    return str(animal.data) if animal.data else ""


def seat_fields(number: int) -> tuple[Any, Any]:
    """Seat `number`'s name and who plays it, checked only if the seat is in use."""
    in_use = [SeatInUse(number)]
    kind = ChoiceField(
        choices=[("human", _("a person")), ("computer", _("the computer"))],
        message=_("Choose a person or the computer for this seat."),
        validators=in_use,
        name=f"kind-{number}",
    )
    return NameField(validators=in_use, name=f"name-{number}"), kind


class EasyForm(PageForm):
    """Easy mode: a child against the computer, or two children on one device."""

    who = ChoiceField(
        choices=[
            ("computer", _("One child against the computer")),
            ("two", _("Two children on this device")),
        ],
        message=_("Choose who is playing."),
    )
    name_1 = NameField(name="name-1")
    name_2 = NameField(name="name-2")
    deck = deck_field(EASY_DECK_LABELS)  # the little deck: no face cards, the ace counts 1
    time = ChoiceField(
        choices=[
            (OFF, _("No time limit")),
            *(
                (str(count), ngettext("%(num)d minute", "%(num)d minutes", count))
                for count in EASY_MINUTES
            ),
        ],
        message=_("Choose how long the game lasts."),
        default=OFF,  # a page from before easy games had a timer sends none: no time limit
    )
    practice = practice_field()
    level = practice_level_field()
    child_animal = child_animal_field()

    def table_setup(self) -> TableSetup:
        """The game this form asks for (call it once the form is valid)."""
        two = self.who.data == "two"
        seats = (
            Seat(self.name_1.data, False, child_animal(self.child_animal)),
            Seat(self.name_2.data if two else "", not two),
        )
        minutes = None if self.time.data == OFF else int(self.time.data)
        rules = Rules(time_limit_minutes=minutes, deck=Deck(self.deck.data))
        return TableSetup(
            "easy", seats, on_level(rules, self), self.practice.ticked, practice_level(self)
        )


class FullForm(PageForm):
    """Full mode: 2 to 4 seats, every variant and rule option, explained when they clash."""

    seat_numbers = range(1, MAX_PLAYERS + 1)  # the page shows every seat; `players` are used
    players = players_field()
    name_1, kind_1 = seat_fields(1)
    name_2, kind_2 = seat_fields(2)
    name_3, kind_3 = seat_fields(3)
    name_4, kind_4 = seat_fields(4)
    variant = variant_field()
    deck = deck_field()
    time = time_field(allow_off=True)
    limit = NumberChoiceField(
        choices=[
            *((str(count), LazyText(format_number, count)) for count in BATTLE_LIMIT_CHOICES),
            (OTHER, _("Another number:")),
        ],
        low=MIN_BATTLE_LIMIT,
        high=MAX_BATTLE_LIMIT,
        message=_(
            "The battle limit must be a whole number from %(low)s to %(high)s.",
            low=LazyText(format_number, MIN_BATTLE_LIMIT),
            high=LazyText(format_number, MAX_BATTLE_LIMIT),
        ),
    )
    shortage = one_of_the_options(Shortage, SHORTAGE_LABELS)
    who_fights = one_of_the_options(WhoFights, WHO_FIGHTS_LABELS)
    pickup = one_of_the_options(Pickup, PICKUP_LABELS)
    practice = practice_field()
    level = practice_level_field()
    child_animal = child_animal_field()

    def seats_in_use(self) -> int:
        """The number of players chosen (the fewest while that choice is wrong)."""
        chosen = self.players.data
        offered = {value for value, _label in self.players.choices}
        return int(chosen) if chosen in offered else MIN_PLAYERS

    def validate_shortage(self, field: ChoiceField) -> None:
        """Losing when you run short is a two-player rule (docs/rules.md): say how to fix it."""
        if field.data == Shortage.FORFEIT.value and self.seats_in_use() != 2:
            raise ValidationError(
                _(
                    "Losing when you run short is only for two players. Choose "
                    "“Play your last card face up” or set two players."
                )
            )

    def table_setup(self) -> TableSetup:
        """The game this form asks for (call it once the form is valid)."""
        seats = tuple(
            Seat(self[f"name_{number}"].data, self[f"kind_{number}"].data == "computer")
            for number in range(1, self.seats_in_use() + 1)
        )
        if not seats[0].computer:  # the device's child sits in the first seat, if a person's
            seats = (
                replace(seats[0], animal=child_animal(self.child_animal)),
                *seats[1:],
            )
        rules = Rules.from_options(
            self.variant.data,
            len(seats),
            battle_limit=self.limit.number,
            shortage=self.shortage.data,
            who_fights=self.who_fights.data,
            pickup=self.pickup.data,
            time_limit_minutes=self.time.number,
            deck=self.deck.data,
        )
        return TableSetup(
            "full", seats, on_level(rules, self), self.practice.ticked, practice_level(self)
        )


def practice_level(form: EasyForm | FullForm) -> str:
    """The level a practice table plays, or "" (no practice, or the game's own rules)."""
    return str(form.level.data) if form.practice.ticked and form.level.data else ""


def on_level(rules: Rules, form: EasyForm | FullForm) -> Rules:
    """The rules of a practice table on the level chosen: the level's deck and question (War,
    Peace or Addition War), the deal the level's numbers; without practice or a level, as
    chosen."""
    level = practice_level(form)
    return table_rules(RUNGS[level], rules) if level else rules
