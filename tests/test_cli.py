"""`kidswar replay` and `kidswar simulate`, driven as a user or a script would."""

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from deals import write_deal

from kidswar.cli import main


def test_replay_plays_every_published_example(
    runner: CliRunner,
    tmp_path: Path,
    rules_examples: list[dict[str, Any]],
    deck_addition_examples: list[dict[str, Any]],
) -> None:
    for example in [*rules_examples, *deck_addition_examples]:
        result = runner.invoke(main, ["replay", write_deal(tmp_path, example["deal"])])
        assert result.exit_code == 0, result.stderr
        assert json.loads(result.stdout) == example["expected"]


def test_replay_json_lines_prints_one_result_a_line_in_order(
    runner: CliRunner, rules_examples: list[dict[str, Any]]
) -> None:
    lines = "".join(json.dumps(example["deal"]) + "\n" for example in rules_examples)
    result = runner.invoke(main, ["replay", "-"], input=lines)
    assert result.exit_code == 0
    assert [json.loads(line) for line in result.stdout.splitlines()] == [
        example["expected"] for example in rules_examples
    ]


def test_replay_log_prints_one_line_per_battle_before_the_result(
    runner: CliRunner, tmp_path: Path
) -> None:
    deal = {
        "variant": "standard",
        "hands": [["9H", "3C", "KD", "2C"], ["9S", "5D", "7C", "2D"]],
        "pickup": "as-laid",
    }
    result = runner.invoke(main, ["replay", "--log", write_deal(tmp_path, deal)])
    *battles, final = [json.loads(line) for line in result.stdout.splitlines()]
    assert final["battles"] == len(battles) and final["result"] == "win"
    assert [b["battle"] for b in battles] == list(range(1, len(battles) + 1))
    assert battles[0]["taken"] == ["9H", "9S", "3C", "KD", "5D", "7C"]
    assert battles[-1]["outcome"]["reason"] == final["reason"]


def test_replay_shuffled_pickup_with_a_seed_replays_exactly(
    runner: CliRunner, tmp_path: Path
) -> None:
    hands = [["AS", "2C", "9H", "5D", "KC", "3H"], ["4S", "2D", "9S", "6D", "QC", "3D"]]

    def replayed(seed: int) -> str:
        """The result of the deal shuffled with `seed`."""
        deal = {"variant": "standard", "hands": hands, "seed": seed, "pickup": "shuffled"}
        return str(runner.invoke(main, ["replay", write_deal(tmp_path, deal)]).stdout)

    outputs = {replayed(7) for _ in range(3)}
    assert len(outputs) == 1
    assert replayed(8) not in outputs  # the seed decides the game: another one plays another


BAD_DEALS = [
    ("{not json", "not JSON"),
    ("[1, 2]", "must be a JSON object"),
    ({"variant": "war", "hands": [["2C"], ["3C"]]}, "unknown variant 'war'"),
    ({"variant": "standard", "hands": [["2C"], ["1C"]]}, "'1C' is not a card"),
    ({"variant": "standard", "hands": [["2C", "QS"], ["QS"]]}, "QS is dealt twice"),
    ({"variant": "standard", "hands": [["2C", "TS"], ["10S"]]}, "10S is dealt twice"),
    ({"variant": "standard", "hands": [["2C"], []]}, "seat 2 has no cards"),
    ({"variant": "standard", "hands": [["2C"]]}, "2 to 4 players, and this deal has 1"),
    ({"variant": "standard", "hands": [["2C"], ["3C"], ["4C"], ["5C"], ["6C"]]}, "this deal has 5"),
    ({"variant": "standard", "hands": [["2C"], ["3C"]], "battle_limit": 0}, "battle_limit"),
    ({"variant": "standard", "hands": [["2C"], ["3C"]], "battle_limit": 100001}, "battle_limit"),
    (
        {"variant": "standard", "hands": [["2C"], ["3C"], ["4C"]], "shortage": "forfeit"},
        "only for 2 players",
    ),
    ({"variant": "standard", "hands": [["2C"], ["3C"]], "pickup": "random"}, "unknown pickup"),
    ({"variant": "standard", "hands": [["2C"], ["3C"]], "seed": "x"}, "seed"),
    ({"variant": "standard", "hands": [["2C"], ["3C"]], "players": 2}, "unknown field"),
    ({"hands": [["2C"], ["3C"]]}, "no 'variant'"),
    ({"variant": "standard"}, "no 'hands'"),
    ({"variant": "standard", "hands": "2C 3C"}, "must be a list of seats"),
    ({"variant": "standard", "hands": [[2], [3]]}, "written as text"),
]


@pytest.mark.parametrize("deal, message", BAD_DEALS)
def test_replay_bad_input_exits_non_zero_with_one_line(
    runner: CliRunner, tmp_path: Path, deal: Any, message: str
) -> None:
    result = runner.invoke(main, ["replay", write_deal(tmp_path, deal)])
    assert result.exit_code != 0
    assert result.stdout == ""
    assert len(result.stderr.strip().splitlines()) == 1
    assert message in result.stderr


def test_replay_missing_file_is_one_line(runner: CliRunner, tmp_path: Path) -> None:
    result = runner.invoke(main, ["replay", str(tmp_path / "nothing.json")])
    assert result.exit_code != 0
    assert result.stderr.strip().splitlines() == [
        f"kidswar: cannot read {tmp_path / 'nothing.json'}: No such file or directory"
    ]


def test_replay_json_lines_bad_line_gets_an_error_in_its_place(runner: CliRunner) -> None:
    good = {"variant": "standard", "hands": [["KC"], ["2D"]]}
    lines = [
        json.dumps(good),
        "{oops",
        json.dumps({"variant": "peace", "hands": [["2C"]]}),
        json.dumps(good),
    ]
    result = runner.invoke(main, ["replay", "-"], input="\n".join(lines) + "\n")
    assert result.exit_code != 0
    out = [json.loads(line) for line in result.stdout.splitlines()]
    assert len(out) == 4
    assert out[0] == out[3] and out[0]["winner"] == 0
    assert "not JSON" in out[1]["error"] and "this deal has 1" in out[2]["error"]


def test_simulate_json_has_the_promised_figures(runner: CliRunner) -> None:
    args = [
        "simulate",
        "--variant",
        "peace",
        "--players",
        "3",
        "--games",
        "40",
        "--seed",
        "3",
        "--json",
    ]
    result = runner.invoke(main, args)
    assert result.exit_code == 0, result.stderr
    figures = json.loads(result.stdout)
    assert figures["games"] == 40
    battles = figures["battles"]
    assert battles["p10"] <= battles["median"] <= battles["p90"] <= 1000
    assert battles["total"] == pytest.approx(battles["mean"] * 40)
    assert sum(figures["wins"]) + sum(figures["draws"].values()) == 40
    assert len(figures["wins"]) == 3
    assert set(figures["draws"]) == {"battle-limit", "stalemate", "forfeit"}
    assert figures["seconds"] > 0 and figures["games_per_second"] > 0
    again = json.loads(runner.invoke(main, args).stdout)
    assert again["battles"] == battles and again["wins"] == figures["wins"]


def test_simulate_prints_a_readable_summary(runner: CliRunner) -> None:
    result = runner.invoke(main, ["simulate", "--games", "20", "--seed", "1"])
    assert result.exit_code == 0
    assert "median" in result.stdout and "seat 2" in result.stdout


@pytest.mark.parametrize(
    "args, message",
    [
        (["--players", "5"], "2 to 4 players"),
        (["--players", "1"], "2 to 4 players"),
        (["--games", "0"], "at least 1"),
        (["--games", "many"], "'many' is not a valid integer"),
        (["--variant", "war"], "'war' is not one of"),
        (["--battle-limit", "0"], "battle_limit"),
        (["--shortage", "forfeit", "--players", "3"], "only for 2 players"),
        (["--pickup", "random"], "'random' is not one of"),
        (["--colour", "red"], "No such option"),
    ],
)
def test_simulate_bad_input_exits_non_zero_with_one_line(
    runner: CliRunner, args: list[str], message: str
) -> None:
    result = runner.invoke(main, ["simulate", *args])
    assert result.exit_code != 0
    assert len(result.stderr.strip().splitlines()) == 1
    assert message in result.stderr


def test_the_installed_command_reports_errors_through_its_exit_status() -> None:
    good = json.dumps({"variant": "standard", "hands": [["KC"], ["2D"]]})
    done = subprocess.run(
        [sys.executable, "-m", "kidswar", "replay", "-"],
        input=good + "\nnope\n",
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 1
    assert json.loads(done.stdout.splitlines()[0])["winner"] == 0
    assert "error" in json.loads(done.stdout.splitlines()[1])
