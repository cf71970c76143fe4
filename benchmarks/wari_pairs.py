"""Two Wari player specs against each other from varied openings (paired games).

The start position of Wari is fixed and ``strong`` is deterministic, so a plain
match would repeat one game. Here each opening is a few random legal moves
(seeded), played twice with the seats swapped, so that a lucky opening favours
each player once. Used to choose ``strong``'s evaluation weights and settings
(docs/strength.md, "Wari").

    nice .venv/bin/python benchmarks/wari_pairs.py strong:depth=6 \\
        strong:depth=6:material=0 --openings 20 --plies 4 --seed 1
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from typing import Any

from ludotheek import players
from ludotheek.core.rng import Rng
from ludotheek.games.wari import GAME, WariState


def opening(seed: int, plies: int) -> WariState:
    rng = Rng.from_seed(seed)
    state = GAME.new(seed=seed)
    for _ in range(plies):
        if state.is_over:
            break
        state = state.play(rng.choice(state.legal_moves()))
    return state


def play(state: WariState, specs: list[str], seconds: float | None) -> tuple[WariState, int]:
    seats = []
    for seat, spec in enumerate(specs):
        name, params = players.parse_spec(spec)
        params.setdefault("seed", seat)
        seats.append(players.get("wari", name, **params))
    moves = 0
    while not state.is_over:
        if moves >= GAME.max_moves:
            return state.adjudicate(), moves
        assert state.to_move is not None
        state = state.play(seats[state.to_move].choose(state, seconds))
        moves += 1
    return state, moves


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("a")
    parser.add_argument("b")
    parser.add_argument("--openings", type=int, default=20)
    parser.add_argument("--plies", type=int, default=4)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--seconds", type=float, default=None)
    args = parser.parse_args(argv)
    points = [0.0, 0.0]
    margin = 0.0
    start = time.perf_counter()
    for k in range(args.openings):
        first = opening(args.seed + k, args.plies)
        for swap in (False, True):
            specs = [args.b, args.a] if swap else [args.a, args.b]
            final, _ = play(first, specs, args.seconds)
            a_seat = 1 if swap else 0
            w = final.winners()
            if not w:
                points[0] += 0.5
                points[1] += 0.5
            else:
                points[0 if w == [a_seat] else 1] += 1
            margin += final.stores[a_seat] - final.stores[1 - a_seat]
        print(f"{k + 1}/{args.openings}: {points[0]:g}-{points[1]:g}, "
              f"{time.perf_counter() - start:.0f} s", file=sys.stderr, flush=True)
    games = 2 * args.openings
    out: dict[str, Any] = {"a": args.a, "b": args.b, "games": games, "points_a": points[0],
                           "points_b": points[1], "mean_margin_a": margin / games,
                           "seconds": round(time.perf_counter() - start, 1)}
    print(json.dumps(out))


if __name__ == "__main__":
    main()
