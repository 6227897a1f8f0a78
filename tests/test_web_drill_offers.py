"""What a drill's reply offers (kidswar/web/drill/routes.py, `offered`), apart from the mastery
rule that decides the standing (game/ladder.py): "Stay" is nothing the server keeps, so each
later drill that confirms the level offers it again at its end (issue 31, "calm levels")."""

from __future__ import annotations

from kidswar.game.ladder import Standing
from kidswar.web.drill.routes import offered

CLIMB, STAY, DOWN = Standing.CLIMB, Standing.STAY, Standing.STEP_DOWN


def test_after_stay_the_next_drill_that_confirms_the_level_offers_it_again() -> None:
    assert offered(STAY, CLIMB, drill_done=True) is CLIMB  # first offered at a drill's end
    # The child tapped "Stay"; the standing is still "climb" at the next drill's end.
    assert offered(CLIMB, CLIMB, drill_done=True) is CLIMB


def test_the_next_level_is_offered_only_at_the_end_of_a_drill() -> None:
    assert offered(STAY, CLIMB, drill_done=False) is STAY
    assert offered(CLIMB, CLIMB, drill_done=False) is STAY


def test_the_level_below_is_offered_once_as_its_rule_is_met() -> None:
    assert offered(STAY, DOWN, drill_done=False) is DOWN
    assert offered(DOWN, DOWN, drill_done=False) is STAY  # not again on every answer
    assert offered(STAY, STAY, drill_done=True) is STAY
