"""The teacher's form for a new class round: how long, which game and cards, how many at each
table, and whether every table practises (issue 11)."""

from __future__ import annotations

from werkzeug.datastructures import MultiDict

from kidswar.game.class_round import RoundSettings
from kidswar.game.rules import Deck, Variant
from kidswar.web.forms import (
    ChoiceField,
    PageForm,
    deck_field,
    players_field,
    practice_field,
    time_field,
    variant_field,
)
from kidswar.web.i18n import lazy_gettext as _

NEW_DEFAULTS = MultiDict(
    {"time": "10", "variant": "standard", "deck": "full", "players": "2", "who": "children"}
)


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

    def settings(self) -> RoundSettings:
        """The round this form asks for (call it once the form is valid)."""
        assert self.time.number is not None  # "off" is not offered for a round
        return RoundSettings(
            self.time.number,
            Variant(self.variant.data),
            int(self.players.data),
            self.who.data == "computer",
            practice=self.practice.ticked,
            deck=Deck(self.deck.data),
        )
