"""Fit the weights of Akwaier's evaluation (``games/akwaier/evaluation.py``).

Plays ``--games`` computer games (seeds from ``--seed`` on): in each game one seat
(drawn by the seed) is played by the ``strong`` player with ``--iterations``
simulations a decision, one or two by the one-ply ``estimate`` player, the others
by the 1987 ``classic`` player; every third turn it records each seat's terms of
the evaluation. A least-squares fit of each seat's final wealth on those terms
gives the weights, printed as Python to paste into ``evaluation.py``.

    .venv/bin/python benchmarks/akwaier_fit_evaluation.py --games 1000 --data /tmp/fit.npz

(``--data`` keeps the positions, so that a second run only fits.) The weights in
``evaluation.py`` come from ``--games 1500 --seed 50000 --iterations 0
--classic-only --blocks`` (six 1987 players; stage weights as a step function),
with one change by hand that its docstring explains.

The terms are exactly those of ``evaluation.estimates``: for each stage weight,
its interpolation factor at the turn times the amount it weighs (cash, a share's
price in the largest chain or another, the pot part by lead), and the factor
alone for the part equal for all seats.

The strong player gets the data folder's compiled rollouts as the command line's does
(``folder.setup``); the output says which it used.
"""

from __future__ import annotations

import argparse
from pathlib import Path

import numpy as np

from ludotheek.ai.base import implementation_of
from ludotheek.core.rng import Rng
from ludotheek.data import folder
from ludotheek.games.akwaier import GAME
from ludotheek.games.akwaier.board import NUM_CHAINS
from ludotheek.games.akwaier.classic import classic_move
from ludotheek.games.akwaier.core import OVER, PLACE, SEATS, Core
from ludotheek.games.akwaier.evaluation import STAGE_TURNS, STAGES, pot_parts, stage_factors
from ludotheek.games.akwaier.money import PER_SHARE, PRICE_BY_SIZE
from ludotheek.games.akwaier.rules import AkwaierState
from ludotheek.games.akwaier.search import EstimatePlayer, StrongPlayer, play_on

#: for the whole game: cash, share (other, largest); per stage: bonus (other, largest)
#: × lead (3), the common part
GLOBAL = 3
PER_STAGE = 6 + 1


def block_factors(turn: int) -> list[tuple[int, float]]:
    """Stage weights as a step function: one block of 30 turns each (``--blocks``)."""
    return [(min(turn // STAGE_TURNS, STAGES - 1), 1.0)]


#: how the stage weights make up the weight at a turn (``--blocks`` changes it)
FACTORS = [stage_factors]


def terms(core: Core, seat: int) -> np.ndarray:
    sizes, out, shares = core.sizes, core.out, core.shares
    largest = max(range(NUM_CHAINS), key=sizes.__getitem__)
    glob = np.zeros(GLOBAL)
    glob[0] = core.cash[seat]
    base = np.zeros(PER_STAGE)
    base[6] = 1.0
    for c in range(NUM_CHAINS):
        tiles = sizes[c]
        held = shares[seat * NUM_CHAINS + c]
        if not tiles or not held:
            continue
        price = PRICE_BY_SIZE[c][tiles] + PER_SHARE * out[c]
        big = 1 if c == largest else 0
        glob[1 + big] += held * price
        col = shares[c::NUM_CHAINS]
        part = pot_parts(col)[seat]
        if part:
            lead = held - max(col[q] for q in range(SEATS) if q != seat)
            k = 0 if lead <= 0 else 1 if lead <= 3 else 2
            base[big * 3 + k] += (tiles + out[c]) * price * part
    row = np.zeros(GLOBAL + STAGES * PER_STAGE)
    row[:GLOBAL] = glob
    for i, f in FACTORS[0](core.turn):
        row[GLOBAL + i * PER_STAGE:GLOBAL + (i + 1) * PER_STAGE] += f * base
    return row


def collect(games: int, seed: int, iterations: int,
            estimators: bool) -> tuple[np.ndarray, np.ndarray]:
    xs: list[np.ndarray] = []
    ys: list[float] = []
    for g in range(games):
        rng = Rng.from_seed(seed + g)
        core = GAME.new(seed=seed + g).core.copy()
        seats: dict[int, EstimatePlayer | StrongPlayer] = {}
        if iterations:
            seats[rng.randbelow(SEATS)] = StrongPlayer(seed=g, iterations=iterations)
        for _ in range(1 + rng.randbelow(2) if estimators else 0):
            seats.setdefault(rng.randbelow(SEATS), EstimatePlayer(seed=g))
        rows: list[tuple[int, np.ndarray]] = []
        while core.phase != OVER:
            if core.phase == PLACE and core.turn % 3 == 0:
                rows.extend((s, terms(core, s)) for s in range(SEATS))
            player = seats.get(core.mover)
            if player is not None:
                move = player.choose(AkwaierState(core))
            else:
                move = classic_move(core, rng)
            play_on(core, move)
        final = [core.wealth(s) for s in range(SEATS)]
        for s, row in rows:
            xs.append(row)
            ys.append(final[s])
    return np.array(xs), np.array(ys)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--games", type=int, default=2000)
    ap.add_argument("--seed", type=int, default=500_000)
    ap.add_argument("--iterations", type=int, default=40,
                    help="the strong player's simulations a decision (0: no strong player)")
    ap.add_argument("--classic-only", action="store_true",
                    help="no estimate players either: six 1987 players")
    ap.add_argument("--blocks", action="store_true",
                    help="fit the stage weights as a step function (one per 30 turns) instead "
                         "of interpolated between the stages' middles")
    ap.add_argument("--data", help="an .npz file: read the positions from it if it exists, "
                                   "else write them to it")
    args = ap.parse_args()
    folder.setup()  # the strong player's compiled rollouts, as the command line has them
    if args.blocks:
        FACTORS[0] = block_factors
    if args.data and Path(args.data).exists():
        saved = np.load(args.data)
        if bool(saved["blocks"]) != args.blocks:
            raise SystemExit(f"{args.data} holds terms for {'' if saved['blocks'] else 'no '}"
                             f"--blocks")
        x, y = saved["x"], saved["y"]
        loaded = True
    else:
        loaded = False
        x, y = collect(args.games, args.seed, args.iterations, not args.classic_only)
        if args.data:
            np.savez(args.data, x=x, y=y, blocks=args.blocks)
    used = x.std(axis=0) > 0
    used[GLOBAL + 6::PER_STAGE] = True  # the common parts
    coef = np.zeros(x.shape[1])
    coef[used] = np.linalg.lstsq(x[:, used], y, rcond=None)[0]
    r2 = 1 - ((y - x @ coef) ** 2).mean() / y.var()
    w = coef[GLOBAL:].reshape(STAGES, PER_STAGE)
    print(f"# {args.games} games from seed {args.seed}: {len(y)} positions, R² {r2:.3f}")
    if args.iterations and not loaded:
        used = implementation_of(StrongPlayer(iterations=args.iterations), GAME.new(args.seed))
        print(f"# the strong player's rollouts: {used}")
    print(f"CASH = {coef[0]:.3f}")
    print(f"SHARE = ({coef[1]:.3f}, {coef[2]:.3f})")
    print("BONUS = (")
    for row in w:
        print(f"    (({row[0]:.3f}, {row[1]:.3f}, {row[2]:.3f}), "
              f"({row[3]:.3f}, {row[4]:.3f}, {row[5]:.3f})),")
    print(")")
    print("COMMON = (" + ", ".join(f"{v:.0f}" for v in w[:, 6]) + ")")


if __name__ == "__main__":
    main()
