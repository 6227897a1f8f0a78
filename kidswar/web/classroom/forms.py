"""The teacher's form for a new class round: how long, which game and cards, how many at each
table, whether every table practises (issue 11), at which level of the ladder (issue 21), and
whether the board shows the class together, no table ranked (issue 23)."""

from __future__ import annotations

from werkzeug.datastructures import MultiDict

from kidswar.game.class_round import RoundSettings, at_level
from kidswar.game.ladder import LADDER, RUNGS
from kidswar.game.rules import Deck, Variant
from kidswar.web.forms import (
    ChoiceField,
    PageForm,
    TickField,
    ValidationError,
    deck_field,
    players_field,
    practice_field,
    time_field,
    variant_field,
)
from kidswar.web.i18n import LazyText, translations
from kidswar.web.i18n import lazy_gettext as _
from kidswar.words.levels import class_level_label

NEW_DEFAULTS = MultiDict(
    {
        "time": "10",
        "variant": "standard",
        "deck": "full",
        "players": "2",
        "who": "children",
        "level": "none",
    }
)
NO_LEVEL = "none"


def level_label(rung: str) -> str:
    """A rung as the teacher picks it for every table, in this request's language."""
    return class_level_label(RUNGS[rung], translations())


class NewRoundForm(PageForm):
    """A round always has a time limit: that is what makes it a round."""

    time = time_field(allow_off=False)
    variant = variant_field()
    deck = deck_field()
    players = players_field()
    who = ChoiceField(
        choices=[
            ("children", _("Children against each other, each turning their own card")),
            ("computer", _("One child against the computer")),
        ],
        message=_("Choose one of the options."),
    )
    practice = practice_field()  # off unless ticked, as on the setup pages
    # A form sent without a level (a page drawn before levels) means none, as it did then.
    level = ChoiceField(
        choices=[
            (NO_LEVEL, _("No level: the game and the cards chosen above")),
            *((rung.name, LazyText(level_label, rung.name)) for rung in LADDER),
        ],
        message=_("Choose one of the options."),
        default=NO_LEVEL,
    )
    together = TickField(message=_("Tick the box, or leave it empty."))

    def validate_level(self, field: ChoiceField) -> None:
        """A level of three cards needs three seats a table: its question compares three."""
        rung = RUNGS.get(field.data)
        players = self.players.data
        if rung is not None and players in {"2", "3", "4"} and int(players) < rung.sides:
            raise ValidationError(
                _("This level needs 3 or 4 players at each table. Choose 3 or 4 players.")
            )

    def settings(self) -> RoundSettings:
        """The round this form asks for (call it once the form is valid)."""
        assert self.time.number is not None  # "off" is not offered for a round
        if self.level.data != NO_LEVEL:
            return at_level(
                RUNGS[self.level.data],
                self.time.number,
                int(self.players.data),
                self.who.data == "computer",
                together=self.together.ticked,
            )
        return RoundSettings(
            self.time.number,
            Variant(self.variant.data),
            int(self.players.data),
            self.who.data == "computer",
            practice=self.practice.ticked,
            deck=Deck(self.deck.data),
            together=self.together.ticked,
        )
