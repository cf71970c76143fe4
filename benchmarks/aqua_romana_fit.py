"""Fit the weights of ``ludotheek.games.aqua_romana.evaluate.estimate``.

Plays two-player games between greedy players (a third of them with 5% and a third with
15% random moves, for variety), records at the start of every turn each seat's features
and, at the end, the points it scored from then on; a least-squares fit gives the
weights. Usage (about 10 s):

    .venv/bin/python benchmarks/aqua_romana_fit.py [games]

It prints the weights in the order of ``evaluate.WEIGHTS`` and the R^2 of the fit.
"""

from __future__ import annotations

import sys

import numpy as np

from ludotheek.core.rng import Rng
from ludotheek.games.aqua_romana import GAME
from ludotheek.games.aqua_romana.evaluate import _features, close_now
from ludotheek.games.aqua_romana.players import GreedyPlayer


def game_rows(seed: int, eps: float) -> list[list[float]]:
    s = GAME.new(seed=seed, players=2)
    players = [GreedyPlayer(seed=seed * 10 + i) for i in range(2)]
    rng = Rng.from_seed(seed + 99)
    rows: list[tuple[list[float], list[float], list[int]]] = []
    while not s.is_over:
        if s.phase == "build":
            scores = s.scores()
            now = [a - b for a, b in zip(close_now(s), scores)]
            f = [list(_features(s, seat, now)) for seat in range(2)]
            rows.append((f[0], f[1], scores))
        seat = s.to_move
        assert seat is not None
        move = rng.choice(s.legal_moves()) if rng.random() < eps else players[seat].choose(s)
        s = s.play(move)
    final = s.scores()
    out = []
    for f0, f1, scores in rows:
        out.append([*f0, *f1[:3], final[0] - scores[0]])
        out.append([*f1, *f0[:3], final[1] - scores[1]])
    return out


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 600
    rows = [r for seed in range(games) for r in game_rows(seed, (0.0, 0.05, 0.15)[seed % 3])]
    data = np.array(rows, dtype=float)
    x = np.column_stack([np.ones(len(data)), data[:, :-1]])
    y = data[:, -1]
    coef, *_ = np.linalg.lstsq(x, y, rcond=None)
    r2 = 1 - ((y - x @ coef) ** 2).mean() / y.var()
    print("WEIGHTS = (" + ", ".join(f"{c:.3f}" for c in coef) + ")")
    print(f"R^2 {r2:.3f} over {len(data)} rows from {games} games")


if __name__ == "__main__":
    main()
