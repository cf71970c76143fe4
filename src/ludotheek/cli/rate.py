"""``ludotheek rate``: rate a game's computer levels by a round robin (docs/strength.md)."""

from __future__ import annotations

import json
import os
import shlex
import sys
import time
from importlib import resources

import click

from ludotheek.ai import players
from ludotheek.cli.common import game_argument, load_game, progress_bar, write_atomic
from ludotheek.cli.lang import lang_option
from ludotheek.core.texts import text
from ludotheek.rated import ladder


def default_out(game: str, lang: str = "en") -> str:
    """The ratings file the level declarations read: ``ratings.json`` in the game's package."""
    module = players.game_module(game)
    if module is None or module.__package__ is None:
        raise click.UsageError(text("cli.rate.no_module", lang, game=game))
    return str(resources.files(module.__package__) / players.RATINGS_FILE)


@click.command("rate")
@game_argument
@click.option("--seed", "-s", type=int, default=1, show_default=True,
              help="The seed of the deals, the players and the order of rating.")
@click.option("--jobs", "-j", type=click.IntRange(1), default=1, show_default=True,
              help="Games played at once, each in a process of its own.")
@click.option("--results", type=click.Path(dir_okay=False), default=None,
              help="The games so far, one JSON line each [default: ratings-GAME.jsonl]; "
                   "a run goes on from them.")
@click.option("--out", type=click.Path(dir_okay=False), default=None,
              help="Where the ratings go [default: the game's ratings.json, which the "
                   "levels read].")
@click.option("--bootstrap", "rounds", type=click.IntRange(0), default=200, show_default=True,
              help="Resamplings of the games that check each rating's interval.")
@click.option("--scale", type=click.FloatRange(0.001), default=1.0, show_default=True,
              help="Play this part of the plan's games (a quick look; keep 1 for the "
                   "ratings the levels show).")
@click.option("--plan", "show_plan", is_flag=True, help="Only show the plan and stop.")
@click.option("--reference", is_flag=True,
              help="Rate even where a level would play with its slow pure-Python reference "
                   "(its compiled search not built in the data folder): not for the ratings "
                   "the levels show.")
@lang_option
def command(game: str, seed: int, jobs: int, results: str | None, out: str | None,
            rounds: int, scale: float, show_plan: bool, reference: bool, lang: str) -> None:
    """Rate GAME's levels: play the round robin of its plan, rate it with openskill and
    write the ratings where the levels read them. Interrupted, it goes on from its
    results file."""
    load_game(game)
    plan = ladder.rating_plan(game)
    levels = players.levels(game)
    tables = ladder.tables(list(levels), plan)
    total = sum(max(1, round(t.games * scale)) for t in tables)
    if show_plan:
        click.echo(text("cli.rate.plan", lang, game=game, levels=len(levels),
                        tables=len(tables), seats=plan.seats, games=total,
                        options=dict(plan.options)))
        for t in tables:
            click.echo(f"  {t.key:<60} {max(1, round(t.games * scale)):>5}")
        return
    slow = [] if reference else ladder.reference_levels(game, plan.options)
    if slow:
        raise click.ClickException(text("cli.rate.reference", lang, game=game,
                                        levels=", ".join(slow)))
    results = results or f"ratings-{game}.jsonl"
    target = out or default_out(game, lang)
    started = time.monotonic()
    cpu = _cpu()
    with progress_bar(total, text("cli.rate.progress", lang, game=game, games=total)) as bar:
        played = ladder.run_round_robin(game, plan, seed, results, jobs, bar.update, scale)
    command_line = "ludotheek rate " + " ".join(shlex.quote(a) for a in sys.argv[2:]) \
        if len(sys.argv) > 2 and sys.argv[1] == "rate" else f"ludotheek rate {game} --seed {seed}"
    with progress_bar(rounds, text("cli.rate.bootstrap", lang, game=game)) as bar:
        summary = ladder.summarise(game, plan, played, seed, rounds, command_line, bar.update)
    summary["wall_seconds"] = round(time.monotonic() - started)
    summary["cpu_seconds_this_run"] = round(_cpu() - cpu)
    summary["load_average"] = [round(x, 1) for x in os.getloadavg()]
    if scale != 1.0:
        summary["scale_of_plan"] = scale
    write_atomic(target, json.dumps(summary, indent=1, ensure_ascii=False) + "\n")
    click.echo(text("cli.rate.written", lang, game=game, games=len(played), path=target))
    click.echo(f"{text('cli.rate.level', lang):<20}{text('cli.rate.rating', lang):>8}"
               f"{text('cli.rate.interval', lang):>8}{text('cli.rate.games', lang):>9}"
               f"{text('cli.rate.seconds', lang):>14}")
    for name, entry in summary["levels"].items():
        click.echo(f"{name:<20}{entry['rating']:8.0f}{entry['interval']:8.0f}"
                   f"{entry['games']:9d}{entry['seconds_per_decision']:14.4f}")
    for gap in summary["gaps"]:
        a, b = gap["levels"]
        click.echo(text("cli.rate.gap", lang, low=a, high=b, points=f"{gap['points']:+.0f}"))


def _cpu() -> float:
    """CPU seconds of this process and its finished children (the --jobs processes)."""
    t = os.times()
    return t.user + t.system + t.children_user + t.children_system
