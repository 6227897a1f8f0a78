"""Simulated children play the drill over HTTP exactly as the page does (issue 31): the start
form, then each answer and "Next" with the progress the page kept, in the body; a day passed by
moving the kept days back by one. Children who cannot compare are never offered the next
level in five days of 20 questions; a capable child is; the left-tapper is not trapped in
its misses."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from children_models import Capable, Child, LeftTapper, RandomButtons, TieGuesser, is_retry
from drill_support import drill_now, progress_of
from flask.testing import FlaskClient
from progress_days import a_day_earlier
from webhelpers import token

from kidswar.game.progress import Progress
from kidswar.web.live import FETCH, HEADER

LIVE = {HEADER: FETCH}  # as the page's script sends its forms
DAYS, DRILLS_A_DAY = 5, 2


def play_over_http(client: FlaskClient, child: Child, rung: str, seed: int) -> tuple[int, float]:
    """Five days of two drills from `rung`, never taking an offer; the climb offers seen and
    the share of questions that asked again a pair the child had missed."""
    rng = random.Random(seed)
    csrf = token(client, "/en/drill")
    kept: dict[str, Any] = {}
    offers = retries = asked = 0
    for _day in range(DAYS):
        for _drill in range(DRILLS_A_DAY):
            text = json.dumps(kept) if kept else ""
            started = client.post(
                "/en/drill",
                data={"csrf_token": csrf, "level": rung, "progress": text},
            )
            assert started.status_code == 303
            while not (drill := drill_now(client)).finished:
                level = drill.rung
                assert level is not None
                values = drill.values()
                progress = Progress.from_json(kept) if kept else Progress().choose(rung)
                retries += is_retry(progress, values)
                asked += 1
                form = {
                    "csrf_token": csrf,
                    "token": drill.token,
                    "number": str(drill.number),
                    "answer": child.answer(level, values, rng).value,
                    "progress": json.dumps(kept) if kept else "",
                }
                replied = client.post("/en/drill/answer", data=form, headers=LIVE)
                assert replied.status_code == 200
                page = replied.get_data(as_text=True)
                offers += "level-offer-climb" in page
                kept = progress_of(page)
                form = {k: form[k] for k in ("csrf_token", "token", "number")}
                form["progress"] = json.dumps(kept)
                assert client.post("/en/drill/next", data=form, headers=LIVE).status_code == 200
        kept = a_day_earlier(kept)  # the next day
    return offers, retries / asked


SEEDS = range(2)


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize(
    "child", [TieGuesser(), RandomButtons(), LeftTapper()], ids=["tie", "random", "left"]
)
def test_a_child_who_cannot_compare_is_never_offered_the_next_level(
    client: FlaskClient, child: Child, seed: int
) -> None:
    offers, retried = play_over_http(client, child, "first-five", seed)
    assert offers == 0
    if isinstance(child, LeftTapper):  # asked again what it missed, but not trapped in it
        assert retried <= 0.35


@pytest.mark.parametrize("seed", SEEDS)
def test_a_capable_child_is_offered_the_next_level_within_five_days(
    client: FlaskClient, seed: int
) -> None:
    offers, _ = play_over_http(client, Capable(), "first-five", seed)
    assert offers >= 1
