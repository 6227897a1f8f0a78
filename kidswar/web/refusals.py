"""What a table says when it refuses a move, an answer or "Play again" (`table_rules.Refusal`).

One sentence for each refusal a child can meet; the refusals of requests no page sends (a bad
request) have none: they get the plain "bad request" page.
"""

from __future__ import annotations

from kidswar.game.table_rules import Refusal
from kidswar.words.catalogs import Translations


def refusal_sentence(refusal: Refusal, t: Translations) -> str:
    """The sentence shown above the table (or on its own page) for a refusal."""
    if refusal is Refusal.REMOVED:
        return t.gettext(
            "Your teacher took this table out of the class round, so no more battles are played "
            "here. Ask your teacher what to do next."
        )
    if refusal is Refusal.NOT_STARTED:
        return t.gettext("The round has not started yet. Wait for your teacher to start it.")
    if refusal is Refusal.PAUSED:
        return t.gettext("The round is paused. Wait for your teacher to start it again.")
    if refusal is Refusal.TIME_UP:
        return t.gettext("Time is up, so no more battles are played.")
    if refusal is Refusal.ALREADY_PLAYED:
        return t.gettext("That move was already played. Here is the game now.")
    if refusal is Refusal.ANSWER_FIRST:
        return t.gettext("First answer the question, then play on.")
    if refusal is Refusal.ALREADY_ANSWERED:
        return t.gettext("That question was already answered. Here is the game now.")
    if refusal is Refusal.ROUND_OVER:
        return t.gettext("Time is up for this round, so no new game can start.")
    if refusal is Refusal.NOT_OVER:
        return t.gettext("This game is not over yet. Finish it, then you can play again.")
    raise ValueError(f"{refusal} is a bad request, which no sentence explains")
