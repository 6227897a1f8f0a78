"""The rules pages of Addition War and the little deck (issue 12), and the lengths they state.

Every page's length must be what the setup page says for two players (issue 14): the same
simulation, at one battle every 3 seconds.
"""

from __future__ import annotations

import gettext
import html
import io
import math
import re
from pathlib import Path
from typing import Any

import pytest
from flask.testing import FlaskClient

from kidswar.game.rules import Variant
from kidswar.sound.phrases import SPOKEN_KINDS, phrase_text, voiced
from kidswar.words import catalogs, content
from kidswar.words.catalogs import LANGUAGES
from kidswar.words.content import PAGES, load_page, page, page_title
from kidswar.words.estimates import Estimate, estimate
from kidswar.words.phrase_keys import rules_section_keys
from kidswar.words.variant_names import game_title, how_to_play, start_label

EN = gettext.NullTranslations()
TRANSLATED = [lang for lang in LANGUAGES if lang != "en"]
NUMBER = re.compile(r"\d+")
VARIANT_OF_PAGE = {variant.page: variant.value for variant in Variant}


def setup_estimate(variant: str, deck: str = "full") -> Estimate:
    """The figures the setup page shows for two players of this variant with this deck (kept
    once simulated, as the setup page keeps them)."""
    return estimate(variant, 2, deck=deck)


def usual_length(figures: Estimate) -> tuple[int, int]:
    """The usual length as the setup page words it: whole battles and whole minutes."""
    return math.floor(figures.median + 0.5), figures.minutes(figures.median)


def section(name: str, section_id: str, t: Any = EN) -> dict[str, Any]:
    """One section of a page, translated."""
    return next(s for s in page(name, t).sections if s["id"] == section_id)


def texts(name: str) -> list[str]:
    """Every English text of a page, as the translators get them."""
    raw = (content.content_dir() / f"{name}.toml").read_bytes()
    extracted = content.extract_content(io.BytesIO(raw), (), (), {})
    return [message for _, _, (_, message), _ in extracted]


def shown(client: FlaskClient, url: str) -> str:
    """A page's HTML with its entities decoded, as a reader sees the words."""
    response = client.get(url)
    assert response.status_code == 200, url
    return html.unescape(response.get_data(as_text=True))


# Addition War's page


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_addition_page_is_served_in_every_language(client: FlaskClient, lang: str) -> None:
    t = catalogs.load(lang)
    text = shown(client, f"/{lang}/rules/addition")
    assert f'<html lang="{lang}">' in text
    assert f"<h1>{page_title('addition', t)}</h1>" in text
    assert f"<title>{how_to_play(Variant.ADDITION, t)} · " in text
    assert start_label(Variant.ADDITION, t) in text
    for spoken in (s for s in page("addition", t).sections if s["kind"] in SPOKEN_KINDS):
        for item in spoken["items"]:
            assert item in text


@pytest.mark.parametrize("lang", TRANSLATED)
def test_no_english_is_left_on_the_translated_addition_page(client: FlaskClient, lang: str) -> None:
    text = shown(client, f"/{lang}/rules/addition")
    english = [*texts("addition"), "How to play Addition War", "Start a game of Addition War"]
    left = [sentence for sentence in english if sentence in text]
    assert not left, f"{lang}: still in English: {left}"


def test_addition_war_has_a_name_of_its_own_in_every_language() -> None:
    for lang in LANGUAGES:
        t = catalogs.load(lang)
        names = {page_title(name, t) for name in PAGES}
        assert len(names) == len(PAGES), lang
        assert game_title(Variant.ADDITION, t) not in {
            game_title(v, t) for v in Variant if v is not Variant.ADDITION
        }


def test_the_addition_steps_say_the_rules_of_the_preset() -> None:
    steps = section("addition", "play")["items"]
    assert "two cards" in steps[2] and "sum" in steps[3]
    war = section("addition", "war")["items"]
    assert "Nobody puts cards face down" in war[0]  # docs/rules.md: no face-down cards
    assert "two new cards" in war[1]
    deck = " ".join(section("addition", "deck")["items"])
    assert "40 cards from ace to 10" in deck and "ace counts 1" in deck
    assert "10 + 10 = 20" in deck and "14 + 14 = 28" in deck  # the largest sums, each deck
    assert "Addition Top-It" in " ".join(section("addition", "history")["items"])


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_addition_page_is_read_aloud_in_every_language(lang: str) -> None:
    t = catalogs.load(lang)
    shown = page("addition", t)
    spoken = [s for s in shown.sections if s["kind"] in SPOKEN_KINDS]
    assert {s["id"] for s in spoken} >= {"what", "play", "war", "deck", "length"}
    for part in spoken:
        keys = rules_section_keys("addition", part["id"], len(part["items"]))
        # each item as shown, or its declared spoken form (the sums' signs in words)
        expected = [voiced(lang, shown.said(item)) for item in part["items"]]
        assert [phrase_text(lang, key) for key in keys] == expected


def test_unknown_and_war_variant_addresses_are_not_pages(client: FlaskClient) -> None:
    assert client.get("/en/rules/standard").status_code == 404
    assert client.get("/en/rules/war").status_code == 404  # War lives at /rules/


# The lengths the pages state (issue 14)

ABOUT_LENGTH = re.compile(
    r"about (\d+) minutes with all 52 cards, (\d+) with the little deck of 40"
)


@pytest.mark.parametrize("name", PAGES)
def test_each_page_states_the_setup_pages_length(name: str) -> None:
    variant = VARIANT_OF_PAGE[name]
    full_battles, full_minutes = usual_length(setup_estimate(variant))
    little_battles, little_minutes = usual_length(setup_estimate(variant, "numbers"))
    about = ABOUT_LENGTH.search(load_page(name)["about"])
    assert about, name
    assert (int(about.group(1)), int(about.group(2))) == (full_minutes, little_minutes)
    stated = section(name, "length")["items"]
    assert f"about {full_battles} battles" in stated[0]
    assert f"about {full_minutes} minutes" in stated[0]
    assert f"about {little_battles} battles" in stated[1]
    assert f"about {little_minutes} minutes" in stated[1]


def test_fewer_cards_face_down_make_longer_games_as_the_peace_page_says() -> None:
    lengths = [setup_estimate(variant).median for variant in ("standard", "three-down", "peace")]
    assert lengths == sorted(lengths, reverse=True)  # War, then Three down, then Peace
    said = " ".join(section("peace", "length")["items"])
    assert "War lasts longest, then Three down, then Peace" in said


@pytest.mark.parametrize("name", PAGES)
@pytest.mark.parametrize("lang", TRANSLATED)
def test_the_translated_lengths_keep_the_numbers(name: str, lang: str) -> None:
    english, translated = load_page(name), page(name, catalogs.load(lang))
    pairs = [(english["about"], translated.about)]
    length = next(s for s in english["section"] if s["id"] == "length")["items"]
    said = section(name, "length", catalogs.load(lang))["items"]
    pairs += zip(length, said, strict=True)
    for source, text in pairs:
        assert sorted(NUMBER.findall(text)) == sorted(NUMBER.findall(source)), text


# The War page: the little deck and the other ways to play


def test_the_easy_rules_stay_seven_steps_with_the_little_deck_as_a_tip() -> None:
    easy = section("war", "easy")
    assert len(easy["items"]) == 7
    assert "little deck" in easy["note"] and "ace counts 1" in easy["note"]
    assert not any("little deck" in step for step in easy["items"])


def test_the_full_war_rules_explain_the_deck_option() -> None:
    ready = " ".join(section("war", "ready")["items"])
    assert "the 40 cards from ace to 10" in ready
    assert "14, 13 and 13" in ready  # docs/rules.md, "Dealing": three players, the little deck
    ranks = " ".join(section("war", "ranks")["items"])
    assert "the ace counts 1, so it is the smallest card" in ranks


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_little_deck_tip_is_printed_with_the_easy_rules(client: FlaskClient, lang: str) -> None:
    note = section("war", "easy", catalogs.load(lang))["note"]
    assert f'<p class="rules-note">{note}</p>' in shown(client, f"/{lang}/rules/easy")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_war_page_links_to_every_other_game(client: FlaskClient, lang: str) -> None:
    t = catalogs.load(lang)
    text = shown(client, f"/{lang}/rules/")
    others = re.search(r'<section[^>]*id="others".*?</section>', text, re.S)
    assert others
    links = re.findall(r'<dt><a href="([^"]+)">([^<]+)</a></dt><dd>([^<]+)</dd>', others.group(0))
    assert [(url, name) for url, name, _ in links] == [
        (f"/{lang}/rules/{name}", page_title(name, t))
        for name in PAGES
        if name != Variant.STANDARD.page  # War's page lists every other variant
    ]
    assert section("war", "others", t)["items"] == [said for _, _, said in links]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_home_and_every_rules_page_lead_to_addition_war(client: FlaskClient, lang: str) -> None:
    link = f'href="/{lang}/rules/addition"'
    for url in (f"/{lang}/", f"/{lang}/rules/", f"/{lang}/rules/peace"):
        assert link in shown(client, url), url


def test_a_page_without_its_summary_is_refused(content_from: Path) -> None:
    # War's page links to every other variant's page by the summary in that page's own file.
    source = (content_from / "peace.toml").read_text("utf-8")
    unsummed = re.sub(r"^summary = .*\n", "", source, flags=re.M)
    assert unsummed != source
    (content_from / "peace.toml").write_text(unsummed, encoding="utf-8")
    with pytest.raises(ValueError, match=r"others.*peace\.toml"):
        load_page("war")


def test_a_links_section_that_lists_its_own_items_is_refused(content_from: Path) -> None:
    source = (content_from / "war.toml").read_text("utf-8")
    listed = source.replace(
        'heading = "Other ways to play"\n', 'heading = "Other ways to play"\nitems = ["Snap"]\n'
    )
    assert listed != source
    (content_from / "war.toml").write_text(listed, encoding="utf-8")
    with pytest.raises(ValueError, match="others"):
        load_page("war")


def test_each_other_page_says_what_it_is_in_its_own_summary() -> None:
    others = section("war", "others")
    assert others["ids"] == [name for name in PAGES if name != Variant.STANDARD.page]
    assert others["items"] == [load_page(name)["summary"] for name in others["ids"]]
    for name in others["ids"]:  # the translators get each summary from its own page
        assert load_page(name)["summary"] in texts(name)
