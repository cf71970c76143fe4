"""Speed of the Aqua Romana engine and players, with Wari in the same run as the baseline.

CPU time (``time.process_time``, so that other programs on a shared machine disturb it
little), fixed seeds, best of ``--repeat`` rounds:

* random games through the public API (``legal_moves``/``play``, moves as text, checked),
  Aqua Romana and Wari;
* the same Aqua Romana games through the engine's inner API (``legal``/``apply_unchecked``,
  moves as tuples), which the search uses;
* whole games of two greedy players;
* the strong player's search on positions from greedy games (iterations per second).

Usage: ``.venv/bin/python benchmarks/aqua_romana_speed.py [--games 200] [--repeat 3]``

The players get the data folder's data sets as the command line's do (``folder.setup``;
Aqua Romana's players have no compiled path today, so it changes no figure).
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable

from ludotheek.core.rng import Rng
from ludotheek.data import folder
from ludotheek.games import get
from ludotheek.games.aqua_romana import GAME, AquaState
from ludotheek.games.aqua_romana.players import GreedyPlayer
from ludotheek.games.aqua_romana.search import StrongPlayer


def random_public(name: str, games: int) -> int:
    g = get(name)
    moves = 0
    for seed in range(games):
        s = g.new(seed)
        rng = Rng.from_seed(seed)
        while not s.is_over:
            s = s.play(rng.choice(s.legal_moves()))
            moves += 1
    return moves


def random_inner(games: int) -> int:
    moves = 0
    for seed in range(games):
        s: AquaState = GAME._new(seed, GAME.check_options({}))
        rng = Rng.from_seed(seed)
        while s.to_move is not None:
            s = s.apply_unchecked(rng.choice(s.legal()))
            moves += 1
    return moves


def greedy_games(games: int) -> int:
    moves = 0
    for seed in range(games):
        s = GAME.new(seed)
        players = [GreedyPlayer(seed=seed), GreedyPlayer(seed=seed + 1)]
        while s.to_move is not None:
            s = s.play(players[s.to_move].choose(s))
            moves += 1
    return moves


def strong_search(positions: int) -> int:
    done = 0
    for seed in range(positions):
        s = GAME.new(seed)
        greedy = GreedyPlayer(seed=seed)
        while s.phase != "build" or s.ply < 30 + seed:
            s = s.play(greedy.choose(s))
        a = StrongPlayer(seed=seed, iterations=300).analyse(s)
        done += int(a.stats.get("iterations", 0))
    return done


def best(fn: Callable[[], int], repeat: int) -> tuple[float, int]:
    times = []
    count = 0
    for _ in range(repeat):
        t0 = time.process_time()
        count = fn()
        times.append(time.process_time() - t0)
    return min(times), count


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--repeat", type=int, default=3)
    a = ap.parse_args()
    folder.setup()  # the players' data sets, as the command line has them
    n = a.games
    rows = [
        ("wari: random games, public API", lambda: random_public("wari", n), "moves"),
        ("aqua_romana: random games, public API", lambda: random_public("aqua_romana", n),
         "moves"),
        ("aqua_romana: the same games, inner API", lambda: random_inner(n), "moves"),
        ("aqua_romana: greedy v greedy games", lambda: greedy_games(n // 4), "moves"),
        ("aqua_romana: strong search, 300 iterations", lambda: strong_search(10), "iterations"),
    ]
    results = []
    for label, fn, unit in rows:
        seconds, count = best(fn, a.repeat)
        results.append((label, seconds, count, unit))
    base = results[0][2] / results[0][1]
    print("| run | CPU s | count | per second | vs Wari moves/s |")
    print("|---|---:|---:|---:|---:|")
    for label, seconds, count, unit in results:
        rate = count / seconds
        print(f"| {label} | {seconds:.2f} | {count} {unit} | {rate:,.0f} | {rate / base:.3f}x |")


if __name__ == "__main__":
    main()
