"""Issue 13's fuzz of the `kidswar` command: odd values for `simulate` and `replay` get a clear
one-line error and a non-zero exit, never a traceback (and never a run that cannot end)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from click.testing import CliRunner
from fuzzkit import HUGE, hostile
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from kidswar.cli import main
from kidswar.game.rules import Variant

FUZZ = settings(
    derandomize=True,
    database=None,
    deadline=None,
    max_examples=60,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
# Values for simulate's options: the good ones are small, so a run that is accepted is quick.
SIMULATE = {
    "--variant": tuple(variant.value for variant in Variant),
    "--deck": ("full", "numbers"),
    "--players": ("2", "3", "4", "1", "5", "-2"),
    "--games": ("1", "3", "0", "-1", "1000001", "99999999999999999999"),
    "--seed": ("0", "-5", "99999999999999999999999", "9" * 4000),
    "--pickup": ("shuffled", "as-laid"),
    "--battle-limit": ("1", "50", "0", "100001", "-1"),
    "--shortage": ("last-card", "forfeit"),
    "--who-fights": ("everyone", "tied"),
}
GOOD_DEAL: dict[str, Any] = {"variant": "standard", "hands": [["KC", "3H"], ["2D", "3S"]]}


def no_traceback(result: Any) -> None:
    """The command ended by itself: 0, or another code with one line of its own on stderr."""
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    assert "Traceback" not in result.stderr
    if result.exit_code != 0:
        lines = result.stderr.strip().splitlines()
        assert lines and lines[-1].startswith("kidswar: "), result.stderr
        assert len(lines) == 1, result.stderr


@settings(FUZZ)
@given(data=st.data())
def test_simulate_with_odd_options(data: st.DataObject) -> None:
    """Each option a good value, a near one, or anything at all."""
    args = ["simulate", "--json", "--games", "2"]
    for option in data.draw(st.lists(st.sampled_from(sorted(SIMULATE)), max_size=3, unique=True)):
        value = data.draw(st.one_of(st.sampled_from(SIMULATE[option]), hostile()), label=option)
        args += [option, value]
    no_traceback(CliRunner().invoke(main, args))


def deals() -> st.SearchStrategy[str]:
    """A deal's text: a good deal with one field changed, JSON that is no deal, or no JSON."""
    values: st.SearchStrategy[Any] = st.one_of(
        st.sampled_from((None, True, 1.5, -1, 0, 10**4000, [], {}, [[]], [["7H"]] * 5, "7H")),
        st.integers(),
        hostile(),
    )
    changed = st.builds(
        lambda field, value: json.dumps({**GOOD_DEAL, field: value}),
        st.sampled_from(("variant", "hands", "deck", "battle_limit", "seed", "pickup", "x")),
        values,
    )
    odd_json = st.sampled_from(
        (
            "[" * 100_000 + "]" * 100_000,  # nested past Python's recursion limit
            '{"variant": "standard", "hands": [["7H"], ["2C"]], "seed": ' + HUGE + "}",
            '{"variant": "standard", "hands": [["7H"], ["2C"]], "battle_limit": NaN}',
            '{"variant": "standard", "hands": [["7H"], ["7H"]]}',
            '{"variant": "standard", "hands": [["7H"], ["2C"]]',
            "",
            "null",
        )
    )
    return st.one_of(changed, odd_json, hostile())


@settings(FUZZ)
@given(text=deals())
def test_replay_of_an_odd_deal_file(tmp_path_factory: Any, text: str) -> None:
    """A file holding anything: one line saying what is wrong with it, or the game's result."""
    path = Path(tmp_path_factory.mktemp("deal")) / "deal.json"
    path.write_text(text, encoding="utf-8")
    no_traceback(CliRunner().invoke(main, ["replay", str(path)]))


@settings(FUZZ)
@given(lines=st.lists(deals(), min_size=1, max_size=3))
def test_replay_of_odd_json_lines(lines: list[str]) -> None:
    """JSON Lines on stdin: a result or an error object for each deal, one summary line."""
    text = "\n".join(line.replace("\n", " ").replace("\r", " ") for line in lines) + "\n"
    result = CliRunner().invoke(main, ["replay", "-"], input=text)
    no_traceback(result)
    for line in result.stdout.splitlines():
        assert set(json.loads(line)) & {"error", "result"}


def test_replay_of_what_is_no_deal_file(tmp_path: Path) -> None:
    """A folder, bytes that are no UTF-8, a missing file: one line each."""
    undecodable = tmp_path / "bytes.json"
    undecodable.write_bytes(b"\xff\xfe\x00")
    for target in (tmp_path, undecodable, tmp_path / "missing.json"):
        result = CliRunner().invoke(main, ["replay", str(target)])
        assert result.exit_code != 0
        no_traceback(result)


def test_a_deal_nested_too_deeply_or_with_too_long_a_number_is_one_line(tmp_path: Path) -> None:
    """Issue 13's fuzz: these two ended in a Python traceback."""
    for text, message in (
        ("[" * 100_000 + "]" * 100_000, "its JSON is nested far too deeply"),
        (
            '{"variant": "standard", "hands": [], "seed": ' + HUGE + "}",
            "a number in it has far too many digits",
        ),
    ):
        path = tmp_path / "deal.json"
        path.write_text(text)
        result = CliRunner().invoke(main, ["replay", str(path)])
        assert result.exit_code == 1
        assert result.stderr == f"kidswar: {path}: not a deal: {message}\n"


def test_simulate_refuses_more_games_than_it_can_play() -> None:
    """Issue 13's fuzz: `--games 99999999999999999999` filled the memory before it failed."""
    result = CliRunner().invoke(main, ["simulate", "--games", "99999999999999999999"])
    assert result.exit_code == 1
    assert "at most 1,000,000" in result.stderr and len(result.stderr.splitlines()) == 1
