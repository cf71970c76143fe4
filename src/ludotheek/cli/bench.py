"""``ludotheek bench``: how fast random games run through the public game API."""

from __future__ import annotations

import json
import time
from typing import Any

import click

from ludotheek.cli.lang import lang_option
from ludotheek.core.game import Game
from ludotheek.core.rng import Rng
from ludotheek.core.texts import text
from ludotheek.games import get, names


def random_playout_speed(game: Game, seconds: float = 2.0, seed: int = 0) -> dict[str, Any]:
    """Random games through ``legal_moves``/``play`` for about ``seconds``."""
    rng = Rng.from_seed(seed)
    moves = games = 0
    start = time.perf_counter()
    while True:
        state = game.new(seed + games)
        played = 0
        while not state.is_over and played < game.max_moves:
            state = state.play(rng.choice(state.legal_moves()))
            played += 1
        moves += played
        games += 1
        elapsed = time.perf_counter() - start
        if elapsed >= seconds:
            break
    return {"game": game.name, "moves": moves, "games": games, "seconds": elapsed,
            "moves_per_second": moves / elapsed, "games_per_second": games / elapsed}


@click.command("bench")
@click.argument("game", required=False)
@click.option("--seconds", type=float, default=2.0, show_default=True,
              help="Time per game measured.")
@click.option("--json", "as_json", is_flag=True, help="Print the figures as JSON.")
@lang_option
def command(game: str | None, seconds: float, as_json: bool, lang: str) -> None:
    """Random-playout speed (moves/s, games/s) of GAME, or of every game."""
    chosen = [get(game)] if game else [get(n) for n in names()]
    results = []
    for g in chosen:
        if not as_json:
            click.echo(text("cli.bench.playing", lang, game=g.name, seconds=f"{seconds:g}"),
                       err=True)
        results.append(random_playout_speed(g, seconds))
    if as_json:
        click.echo(json.dumps(results, indent=1))
        return
    click.echo(f"{text('cli.bench.game', lang):<14}{text('cli.bench.moves', lang):>12}"
               f"{text('cli.bench.games', lang):>12}")
    for r in results:
        click.echo(f"{r['game']:<14}{r['moves_per_second']:12,.0f}{r['games_per_second']:12,.1f}")
