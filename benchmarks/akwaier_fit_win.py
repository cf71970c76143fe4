"""Fit the strong player's curve of the chance to finish first (``search.WIN_CURVE``).

Plays ``--games`` games of six 1987 players (game seeds from ``--seed`` on) and records
at every placement each seat's estimated lead over the best other seat (the
evaluation's estimates, ``evaluation.estimates``) and whether it finished first (a
shared first place counts its part). For each block of 15 turns it prints the
logistic curve P(first) = 1 / (1 + exp(-(slope × lead / 10,000 + intercept))) of
greatest likelihood (a grid: slopes 0.05-20 on a log scale, intercepts -5 to 3 in
steps of 0.1). ``WIN_CURVE`` holds the figures of::

    .venv/bin/python benchmarks/akwaier_fit_win.py --games 300 --seed 90000

(the block of turns 150-164 had 438 positions only: the curve keeps that of 135-149).
"""

from __future__ import annotations

import argparse

import numpy as np

from ludotheek.core.rng import Rng
from ludotheek.games.akwaier import GAME
from ludotheek.games.akwaier.core import OVER, PLACE, SEATS
from ludotheek.games.akwaier.evaluation import estimates
from ludotheek.games.akwaier.playout import classic_step
from ludotheek.games.akwaier.search import WIN_STEP


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--games", type=int, default=300)
    ap.add_argument("--seed", type=int, default=90000)
    args = ap.parse_args()
    leads: list[float] = []
    turns: list[int] = []
    firsts: list[float] = []
    lengths = []
    for g in range(args.games):
        core = GAME.new(seed=args.seed + g).core.copy()
        rng = Rng.from_seed(args.seed * 7 + g)
        seen: list[tuple[int, int, float]] = []
        while core.phase != OVER:
            if core.phase == PLACE:
                e = estimates(core)
                for s in range(SEATS):
                    seen.append((core.turn, s, e[s] - max(e[q] for q in range(SEATS) if q != s)))
            classic_step(core, rng)
        wealth = [core.wealth(s) for s in range(SEATS)]
        top = max(wealth)
        lengths.append(core.turn)
        for t, s, lead in seen:
            turns.append(t)
            leads.append(lead)
            firsts.append(1.0 / wealth.count(top) if wealth[s] == top else 0.0)
    x_all, t_all, y_all = np.array(leads) / 10_000.0, np.array(turns), np.array(firsts)
    print(f"turns a game: mean {np.mean(lengths):.0f}, {min(lengths)}-{max(lengths)}")
    for lo in range(0, 211, WIN_STEP):
        sel = (t_all >= lo) & (t_all < lo + WIN_STEP)
        if sel.sum() < 100:
            continue
        x, y = x_all[sel], y_all[sel]
        best = (-np.inf, 0.0, 0.0)
        for a in np.exp(np.linspace(np.log(0.05), np.log(20), 80)):
            for b in np.linspace(-5, 3, 81):
                z = np.clip(a * x + b, -30, 30)
                likelihood = float(np.sum(y * z - np.log1p(np.exp(z))))
                if likelihood > best[0]:
                    best = (likelihood, float(a), float(b))
        _, a, b = best
        print(f"turns {lo:3d}-{lo + WIN_STEP - 1:3d}: {int(sel.sum()):6d} positions, "
              f"slope {a:.3f}, intercept {b:.3f}")


if __name__ == "__main__":
    main()
