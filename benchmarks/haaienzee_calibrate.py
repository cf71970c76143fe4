"""Haaienzee's chance to win from the strong player's score: the calibration of
``games/haaienzee/review.py`` (docs/strength.md, "Analysis").

Games of two players (default: the strong level against itself) are played; in every
position with a choice the analysis player's value of the best move is kept with
whether the side to move went on to win. ``SPREAD`` is fitted by maximum likelihood
(P(win) = 1 / (1 + exp(-value / SPREAD)) for the values of play-outs that did not end
the game); for the play-outs that ended it, the share of those games that the side
to move won is printed (the review's ``DECIDED``).

    nice .venv/bin/python benchmarks/haaienzee_calibrate.py --games 200 --seed 1

The players get the data folder's data sets as the command line's do (``folder.setup``;
Haaienzee's players have no compiled path today, so it changes no figure).
"""

from __future__ import annotations

import argparse
import math

from ludotheek.ai import players
from ludotheek.ai.arena import make_player
from ludotheek.analysis.review import review_for
from ludotheek.data import folder
from ludotheek.games import get
from ludotheek.games.haaienzee.search import WIN


def log_likelihood(pairs: list[tuple[float, float]], spread: float) -> float:
    total = 0.0
    for v, won in pairs:
        p = 1.0 / (1.0 + math.exp(-v / spread))
        p = min(max(p, 1e-9), 1 - 1e-9)
        total += won * math.log(p) + (1 - won) * math.log(1 - p)
    return total


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--players", default="strong,strong")
    args = ap.parse_args()
    folder.setup()  # the players' data sets, as the command line has them
    game = get("haaienzee")
    review = review_for("haaienzee")
    specs = args.players.split(",")
    pairs: list[tuple[float, float]] = []
    decided: dict[bool, list[float]] = {True: [], False: []}
    for g in range(args.games):
        state = game.new(args.seed + g)
        seats = [make_player("haaienzee", s, 1000 * g + i) for i, s in enumerate(specs)]
        seen: list[tuple[int, float]] = []
        while not state.is_over:
            mover = state.to_move
            assert mover is not None
            if len(state.legal_moves()) > 1:
                judge = players.get("haaienzee", review.player, seed=g,
                                    **dict(review.params))
                a = judge.analyse(state)  # type: ignore[attr-defined]
                seen.append((mover, float(a.value)))
            player, seconds = seats[mover]
            state = state.play(player.choose(state, seconds))
        winners = state.winners()
        for mover, v in seen:
            won = 0.5 if not winners else float(mover in winners)
            if abs(v) > WIN / 2:
                decided[v > 0].append(won)
            else:
                pairs.append((v, won))
    best = max((log_likelihood(pairs, s / 10), s / 10) for s in range(5, 200))
    print(f"{args.games} games ({args.players}), seed {args.seed}: {len(pairs)} positions "
          f"with an undecided play-out; SPREAD = {best[1]:.1f} (log-likelihood {best[0]:.1f})")
    for won_side, xs in decided.items():
        if xs:
            print(f"play-out {'won' if won_side else 'lost'}: {len(xs)} positions, the side "
                  f"to move won {100 * sum(xs) / len(xs):.1f}% of those games")
    for lo, hi in ((-99, -6), (-6, -3), (-3, -1), (-1, 1), (1, 3), (3, 6), (6, 99)):
        xs = [w for v, w in pairs if lo <= v < hi]
        if xs:
            print(f"value in [{lo}, {hi}): {len(xs):5} positions, "
                  f"won {100 * sum(xs) / len(xs):5.1f}%")


if __name__ == "__main__":
    main()
