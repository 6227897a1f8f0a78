"""Feedback in the child's order, in a real browser: for each sign (<, = and >), answered rightly
and wrongly, in the drill and at the table, the reply shows the question's two numbers where
the question showed them, with the true sign between them."""

from __future__ import annotations

import re

from deals import redeal
from flask import Flask
from playwright.sync_api import Page, expect

from .browserhelpers import next_battle, open_table, table_id, wait_for_battle_after
from .practice_support import set_up_practice, values

SIGNS = ("<", "=", ">")
MAX_DRILLS = 4  # a drill has one tie and random pairs: a few drills cover every case


def true_sign(left: int, right: int) -> str:
    """The sign that is true between two numbers."""
    return "=" if left == right else "<" if left < right else ">"


def expect_feedback(page: Page, left: int, right: int, pressed: str) -> None:
    """The reply to `pressed` about `left ? right`: the numbers in order, the true sign."""
    truth = f"{left} {true_sign(left, right)} {right}"
    if pressed == true_sign(left, right):
        expect(page.locator(".reply-right")).to_be_visible()
        expect(page.locator(".reply .chain-line")).to_have_text(truth)
    else:
        expect(page.locator(".reply-wrong")).to_be_visible()
        expect(page.locator(".answer-box.chosen .answer-signs")).to_have_text(
            f"{left} {pressed} {right}"
        )
        expect(page.locator(".answer-box.truth .answer-signs")).to_have_text(truth)
    expect(page.locator(".reply .strip-sign")).to_have_text(true_sign(left, right))


def test_the_drill_answers_every_sign_rightly_and_wrongly(page: Page) -> None:
    to_cover = {(sign, right) for sign in SIGNS for right in (True, False)}
    for _drill in range(MAX_DRILLS):
        page.goto("/en/drill")
        page.get_by_role("button", name="Start practising").click()
        page.wait_for_url(re.compile(r"/drill/play$"))
        page.wait_for_load_state("domcontentloaded")  # the deferred script takes the keys
        for number in range(1, 11):
            expect(page.locator(".progress")).to_have_text(f"Question {number} of 10")
            # The first level of the ladder: the little deck's 1 to 5, its ace 1.
            left, right = values(page.locator(".pair .card-button svg"), ace=1)
            truth = true_sign(left, right)
            wrong = sorted(sign for sign in SIGNS if sign != truth and (sign, False) in to_cover)
            pressed = truth if (truth, True) in to_cover or not wrong else wrong[0]
            page.keyboard.press(pressed)
            expect_feedback(page, left, right, pressed)
            to_cover.discard((pressed, pressed == truth))
            page.keyboard.press("Enter")
        if not to_cover:
            return
    raise AssertionError(f"not met in {MAX_DRILLS} drills: {sorted(to_cover)}")


# Battles 1 to 3 are answered rightly (<, >, =), 4 to 6 wrongly (=, <, >); 3 and 6 are wars.
DEAL = [
    ["3C", "9C", "7C", "2C", "AC", "4C", "8C", "6C", "10C", "QC"],
    ["5D", "4D", "7D", "3D", "KD", "6D", "2D", "6H", "9D", "JD"],
]
PRESSED = ["<", ">", "=", "=", "<", ">"]


def test_the_table_answers_every_sign_rightly_and_wrongly(page: Page, live_app: Flask) -> None:
    address = set_up_practice(page)
    redeal(live_app.config["DATABASE"], table_id(address), DEAL)
    open_table(page, address)
    for pressed in PRESSED:
        before = next_battle(page)
        page.get_by_role("button", name="Turn cards", exact=True).click()
        wait_for_battle_after(page, before)
        expect(page.locator(".question-text")).to_have_text(re.compile("bigger"))
        left, right = values(page.locator(".seat .card-button svg"))
        page.keyboard.press(pressed)
        expect_feedback(page, left, right, pressed)
