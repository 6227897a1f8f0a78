"""`kidswar replay` and `kidswar simulate` with the `numbers` deck and Addition War (issue 12)."""

import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from deals import write_deal

from kidswar.cli import main
from kidswar.game.rules import Rules, Variant
from kidswar.game.simulate import simulate


def test_replay_log_plays_every_published_example_battle_by_battle(
    runner: CliRunner, tmp_path: Path, deck_addition_examples: list[dict[str, Any]]
) -> None:
    for example in deck_addition_examples:
        result = runner.invoke(main, ["replay", "--log", write_deal(tmp_path, example["deal"])])
        assert result.exit_code == 0, result.stderr
        *battles, final = [json.loads(line) for line in result.stdout.splitlines()]
        assert final == example["expected"]
        assert [battle["battle"] for battle in battles] == list(range(1, final["battles"] + 1))


def test_replay_json_lines_of_old_and_new_examples_in_one_stream(
    runner: CliRunner,
    rules_examples: list[dict[str, Any]],
    deck_addition_examples: list[dict[str, Any]],
) -> None:
    examples = [*rules_examples, *deck_addition_examples]
    lines = "".join(json.dumps(example["deal"]) + "\n" for example in examples)
    result = runner.invoke(main, ["replay", "-"], input=lines)
    assert result.exit_code == 0
    assert [json.loads(line) for line in result.stdout.splitlines()] == [
        example["expected"] for example in examples
    ]


def test_replay_log_shows_each_seats_two_cards_and_sums_in_addition(
    runner: CliRunner, tmp_path: Path
) -> None:
    deal = {
        "variant": "addition",
        "deck": "full",
        "hands": [["3C", "8D", "5H", "2S"], ["6C", "5D", "4S", "9H"]],
        "pickup": "as-laid",
    }
    result = runner.invoke(main, ["replay", "--log", write_deal(tmp_path, deal)])
    battle, final = [json.loads(line) for line in result.stdout.splitlines()]
    assert (battle["turned"], battle["sums"], battle["best"]) == (
        [["3C", "8D"], ["6C", "5D"]],
        [11, 11],
        11,
    )
    (war,) = battle["rounds"]
    assert [lay["turned"] for lay in war["lays"]] == [["5H", "2S"], ["4S", "9H"]]
    assert (war["sums"], war["best"], war["tied"]) == ([7, 13], 13, [1])
    assert battle["taken"] == ["3C", "8D", "6C", "5D", "5H", "2S", "4S", "9H"]
    assert (final["result"], final["winner"]) == ("win", 1)


def test_replay_without_a_deck_plays_the_full_deck(runner: CliRunner, tmp_path: Path) -> None:
    deal = {"variant": "standard", "hands": [["AC"], ["2D"]]}
    assert (
        json.loads(runner.invoke(main, ["replay", write_deal(tmp_path, deal)]).stdout)["winner"]
        == 0
    )
    numbers = {**deal, "deck": "numbers"}  # the ace counts 1: the 2 wins
    assert (
        json.loads(runner.invoke(main, ["replay", write_deal(tmp_path, numbers)]).stdout)["winner"]
        == 1
    )


BAD_DEALS = [
    ({"variant": "addition", "deck": "little", "hands": [["2C"], ["3C"]]}, "unknown deck 'little'"),
    ({"variant": "standard", "deck": 40, "hands": [["2C"], ["3C"]]}, "unknown deck 40"),
    ({"variant": "addition", "deck": "numbers", "hands": [["2C"], ["JC"]]}, "JC is not in the"),
    ({"variant": "peace", "deck": "numbers", "hands": [["KS", "2C"], ["3C"]]}, "KS is not in"),
    ({"variant": "addition", "hands": [["2C"], ["3C"]], "decks": "numbers"}, "unknown field"),
    ({"variant": "addition", "hands": [["2C"], ["3C"]], "face_down": 1}, "unknown field"),
    ({"variant": "addition", "hands": [["2C"]] * 1}, "this deal has 1"),
    (
        {"variant": "addition", "hands": [["2C"], ["3C"], ["4C"]], "shortage": "forfeit"},
        "only for 2 players",
    ),
]


@pytest.mark.parametrize("deal, message", BAD_DEALS)
def test_replay_bad_deck_or_addition_input_is_one_line(
    runner: CliRunner, tmp_path: Path, deal: Any, message: str
) -> None:
    result = runner.invoke(main, ["replay", write_deal(tmp_path, deal)])
    assert result.exit_code != 0 and result.stdout == ""
    assert len(result.stderr.strip().splitlines()) == 1
    assert message in result.stderr


def test_replay_json_lines_a_bad_deck_line_gets_an_error_in_its_place(runner: CliRunner) -> None:
    good = {"variant": "addition", "deck": "numbers", "hands": [["10C", "9C"], ["AD", "2D"]]}
    bad = {"variant": "addition", "deck": "numbers", "hands": [["QC"], ["AD"]]}
    lines = "".join(json.dumps(deal) + "\n" for deal in (good, bad, good))
    result = runner.invoke(main, ["replay", "-"], input=lines)
    first, error, third = [json.loads(line) for line in result.stdout.splitlines()]
    assert first == third and first["winner"] == 0
    assert "QC is not in the numbers deck" in error["error"]
    assert result.exit_code != 0


def simulated(runner: CliRunner, *args: str) -> dict[str, Any]:
    """`kidswar simulate ... --json`, checked to succeed."""
    result = runner.invoke(main, ["simulate", *args, "--json"])
    assert result.exit_code == 0, result.stderr
    data: dict[str, Any] = json.loads(result.stdout)
    return data


def test_simulate_addition_with_the_numbers_deck(runner: CliRunner) -> None:
    args = ["--variant", "addition", "--deck", "numbers", "--players", "3", "--games", "40"]
    data = simulated(runner, *args, "--seed", "5")
    rules = Rules.from_options("addition", 3, deck="numbers")
    assert data["battles"]["total"] == simulate(rules, 40, 5).total
    assert data["games"] == 40 and sum(data["wins"]) + sum(data["draws"].values()) == 40


@pytest.mark.parametrize("variant", [variant.value for variant in Variant])
@pytest.mark.parametrize("deck", ["full", "numbers"])
def test_simulate_takes_a_deck_for_every_variant(
    runner: CliRunner, variant: str, deck: str
) -> None:
    data = simulated(runner, "--variant", variant, "--deck", deck, "--games", "20", "--seed", "3")
    rules = Rules.from_options(variant, 2, deck=deck)
    assert data["battles"]["total"] == simulate(rules, 20, 3).total


def test_simulate_without_a_deck_plays_the_full_deck(runner: CliRunner) -> None:
    default = simulated(runner, "--games", "30", "--seed", "2")
    full = simulated(runner, "--deck", "full", "--games", "30", "--seed", "2")
    numbers = simulated(runner, "--deck", "numbers", "--games", "30", "--seed", "2")
    assert default["battles"] == full["battles"] != numbers["battles"]


def test_simulate_text_says_the_deck(runner: CliRunner) -> None:
    args = ["simulate", "--variant", "addition", "--deck", "numbers", "--games", "5"]
    result = runner.invoke(main, args)
    assert result.exit_code == 0
    assert result.stdout.splitlines()[0] == "addition, numbers deck, 2 players, 5 games, seed 0"
    plain = runner.invoke(main, ["simulate", "--variant", "addition", "--games", "5"])
    assert plain.stdout.splitlines()[0] == "addition, 2 players, 5 games, seed 0"


def test_simulate_choices_come_from_the_enums(runner: CliRunner) -> None:
    help_text = runner.invoke(main, ["simulate", "--help"]).stdout
    assert f"[{'|'.join(variant.value for variant in Variant)}]" in help_text
    assert "[full|numbers]" in help_text
    result = runner.invoke(main, ["simulate", "--deck", "little"])
    assert result.exit_code != 0 and result.stdout == ""
    assert len(result.stderr.strip().splitlines()) == 1
    assert "'little' is not one of 'full', 'numbers'" in result.stderr


def test_simulate_refuses_forfeit_for_three_in_addition_in_one_line(runner: CliRunner) -> None:
    args = ["simulate", "--variant", "addition", "--players", "3", "--shortage", "forfeit"]
    result = runner.invoke(main, args)
    assert result.exit_code != 0
    assert result.stderr.strip() == (
        "kidswar: the forfeit shortage rule is only for 2 players, not 3"
    )
