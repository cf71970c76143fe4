"""``ludotheek match``: computer players against each other."""

from __future__ import annotations

import json

import click

from ludotheek.ai.arena import expand_specs, run_match
from ludotheek.cli.common import (
    game_argument,
    load_game,
    option_option,
    parse_options,
    progress_bar,
)
from ludotheek.cli.lang import lang_option
from ludotheek.core.texts import text


@click.command("match")
@game_argument
@click.option("--players", "-p", required=True,
              help="Players by seat, comma-separated: random,greedy or classic*5; "
                   "parameters as name:key=value; a level (easy, normal, strong) plays "
                   "as on the game's page, at the level's time per move.")
@click.option("--games", "-n", "count", type=click.IntRange(1), default=10, show_default=True)
@click.option("--seed", "-s", type=int, default=0, show_default=True)
@click.option("--seconds", type=float, default=None,
              help="Time per move for players that search (default: each player's own).")
@option_option
@click.option("--json", "as_json", is_flag=True, help="Print the result as JSON.")
@lang_option
def command(game: str, players: str, count: int, seed: int, seconds: float | None,
            options: tuple[str, ...], as_json: bool, lang: str) -> None:
    """Play GAME between computer players, seats rotating, and report the result."""
    g = load_game(game)
    opts = parse_options(g, options)
    specs = expand_specs([p.strip() for p in players.split(",") if p.strip()])
    seats = g.num_players(opts)
    if len(specs) != seats:
        raise click.UsageError(text("cli.match.seats", lang, game=game, seats=seats,
                                    given=len(specs)))
    with progress_bar(count, text("cli.match.progress", lang, game=game, count=count)) as bar:
        result = run_match(g, specs, count, seed, opts, seconds, progress=bar.update)
    if as_json:
        click.echo(json.dumps(result.to_json(), indent=1))
        return
    click.echo(text("cli.match.result", lang, game=game, count=count, seed=seed,
                    draws=result.draws))
    words = [text(f"cli.match.{k}", lang)
             for k in ("player", "wins", "rate", "mean", "seconds", "max")]
    header = f"{words[0]:<24}{words[1]:>8}{words[2]:>24}{words[3]:>12}{words[4]:>9}" \
             f"{words[5]:>8}"
    click.echo(header)
    click.echo("-" * len(header))
    for i, spec in enumerate(result.players):
        lo, hi = result.win_interval(i)
        rate = result.wins[i] / count
        click.echo(
            f"{spec[:23]:<24}{result.wins[i]:8.1f}{f'{rate:.0%} ({lo:.0%}-{hi:.0%})':>24}"
            f"{result.mean_score[i]:12.1f}{result.seconds_mean[i]:9.4f}"
            f"{result.seconds_max[i]:8.3f}"
        )
