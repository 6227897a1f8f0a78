"""The `kidswar` command: serve the app, replay deals, simulate games, warm the speech cache."""

from __future__ import annotations

import importlib
import json
import sys
from typing import Any, TextIO

import click

from kidswar.game.replay import parse_deal, replay, result_json
from kidswar.game.rules import PRESETS, Deck, Pickup, Rules, Shortage, WhoFights
from kidswar.game.simulate import simulate as run_simulation

# The commands that need the web, storage or speech, imported only when one of them runs (or
# `--help` lists them): `kidswar simulate` and `replay` then load no Flask, no database driver
# and no speech worker, and start in a tenth of a second (a test checks what they import).
LAZY_COMMANDS = {
    "serve": "kidswar.cli.serve:serve_command",
    "speech": "kidswar.cli.speech:speech_group",
    "db": "kidswar.cli.db:db_group",
}


class OneLineErrors(click.Group):
    """A click group whose every error is one line on stderr and a non-zero exit.

    Scripts and tests read the message, so click's usage banner is left out.
    """

    def main(self, *args: Any, **kwargs: Any) -> Any:
        """Run the command; turn click's errors and our ValueErrors into one line each."""
        kwargs.pop("standalone_mode", None)
        try:
            # click's stubs overload main() on standalone_mode; forwarding *args hides which.
            code = super().main(*args, standalone_mode=False, **kwargs)  # type: ignore[call-overload]
        except click.ClickException as error:
            click.echo(f"kidswar: {error.format_message()}", err=True)
            sys.exit(error.exit_code)
        except click.exceptions.Abort:
            click.echo("kidswar: aborted", err=True)
            sys.exit(1)
        sys.exit(code if isinstance(code, int) else 0)

    def list_commands(self, ctx: click.Context) -> list[str]:
        """Every command, the lazily imported ones included."""
        return sorted({*super().list_commands(ctx), *LAZY_COMMANDS})

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        """The command of that name, importing its module first if it is a lazy one."""
        if cmd_name in LAZY_COMMANDS and cmd_name not in self.commands:
            self.add_command(lazy_command(cmd_name))
        return super().get_command(ctx, cmd_name)


def lazy_command(name: str) -> click.Command:
    """The command `name` of LAZY_COMMANDS, its module imported now."""
    module, _, attribute = LAZY_COMMANDS[name].partition(":")
    command: click.Command = getattr(importlib.import_module(module), attribute)
    return command


@click.group(cls=OneLineErrors, invoke_without_command=True)
# The version is said once, in pyproject.toml; the installed package's metadata carries it.
@click.version_option(package_name="kidswar", prog_name="kidswar", message="%(prog)s %(version)s")
@click.pass_context
def main(ctx: click.Context) -> None:
    """kidswar: the card game War for children, parents and classrooms.

    With no command, it serves the app (as `kidswar serve`).
    """
    if ctx.invoked_subcommand is None:
        # As if `serve` were typed: its options then come from KIDSWAR_* too (ctx.invoke
        # would fill in the defaults only).
        serve_command = lazy_command("serve")
        with serve_command.make_context("serve", [], parent=ctx) as serving:
            serve_command.invoke(serving)


def _fail(message: str) -> click.ClickException:
    """A one-line error for the user."""
    return click.ClickException(message)


@main.command("replay")
@click.argument("deal_file", metavar="DEAL.json")
@click.option("--log", is_flag=True, help="Print one JSON line per battle before the result.")
def replay_command(deal_file: str, log: bool) -> int:
    """Play a deal by the rules and print the result as JSON.

    With `-` read JSON Lines on standard input, one deal a line, one result a line.
    """
    if deal_file == "-":
        return _replay_lines(sys.stdin, log)
    try:
        with open(deal_file, encoding="utf-8") as handle:
            text = handle.read()
    except (OSError, UnicodeDecodeError) as error:
        raise _fail(
            f"cannot read {deal_file}: {getattr(error, 'strerror', None) or error}"
        ) from error
    try:
        game = parse_deal(text)
    except ValueError as error:
        raise _fail(f"{deal_file}: {error}") from error
    _print_game(game, log)
    return 0


def _replay_lines(lines: TextIO, log: bool) -> int:
    """Replay JSON Lines: a bad line prints an error object in its place; the rest still play."""
    failed = 0
    for line in lines:
        if not line.strip():
            continue
        try:
            game = parse_deal(line)
        except ValueError as error:
            failed += 1
            click.echo(json.dumps({"error": str(error)}))
            continue
        _print_game(game, log)
    if failed:
        click.echo(f"kidswar: {failed} bad deal(s), see the error lines", err=True)
    return 1 if failed else 0


def _print_game(game: Any, log: bool) -> None:
    """Play a game to its end, printing its battles (with --log) and then its result."""
    if log:
        for battle in replay(game):
            click.echo(json.dumps(battle.to_json()))
    else:
        game.play_to_end()
    click.echo(json.dumps(result_json(game)))


def _choice(members: Any) -> click.Choice[str]:
    """A click choice of enum members' text values."""
    return click.Choice([member.value for member in members])


@main.command("simulate")
@click.option("--variant", type=_choice(PRESETS), default="standard", show_default=True)
@click.option(
    "--deck",
    type=_choice(Deck),
    default="full",
    show_default=True,
    help="full: 52 cards; numbers: the 40 cards A to 10, the ace counting 1.",
)
@click.option("--players", type=int, default=2, show_default=True)
@click.option("--games", type=int, default=1000, show_default=True)
@click.option("--seed", type=int, default=0, show_default=True)
@click.option("--pickup", type=_choice(Pickup), default="shuffled", show_default=True)
@click.option("--battle-limit", type=int, default=1000, show_default=True)
@click.option("--shortage", type=_choice(Shortage), default="last-card", show_default=True)
@click.option("--who-fights", type=_choice(WhoFights), default="everyone", show_default=True)
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object.")
def simulate_command(
    variant: str,
    deck: str,
    players: int,
    games: int,
    seed: int,
    pickup: str,
    battle_limit: int,
    shortage: str,
    who_fights: str,
    as_json: bool,
) -> int:
    """Play many seeded random deals and show how long games last and who wins."""
    try:
        rules = Rules.from_options(
            variant,
            players,
            battle_limit=battle_limit,
            shortage=shortage,
            who_fights=who_fights,
            pickup=pickup,
            deck=deck,
        )
        summary = run_simulation(rules, games, seed)
    except ValueError as error:
        raise _fail(str(error)) from error
    if as_json:
        click.echo(json.dumps(summary.to_json()))
        return 0
    deck_words = "" if rules.deck is Deck.FULL else f", {deck} deck"
    click.echo(f"{variant}{deck_words}, {players} players, {games} games, seed {seed}")
    click.echo(
        f"battles per game: mean {summary.mean:.1f}, median {summary.median:g}, "
        f"10th percentile {summary.p10:g}, 90th percentile {summary.p90:g}"
    )
    click.echo(
        "wins: "
        + ", ".join(f"seat {seat} {count}" for seat, count in enumerate(summary.wins, start=1))
    )
    click.echo(
        "draws: " + ", ".join(f"{reason} {count}" for reason, count in summary.draws.items())
    )
    click.echo(f"time: {summary.seconds:.2f} s, {summary.games_per_second:.0f} games per second")
    return 0


def __getattr__(name: str) -> Any:
    """`network_addresses` (of `kidswar serve`), imported only when asked for."""
    if name == "network_addresses":
        from kidswar.cli.addresses import network_addresses

        return network_addresses
    raise AttributeError(name)


__all__ = ["main", "network_addresses"]
