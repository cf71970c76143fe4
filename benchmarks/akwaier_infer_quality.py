"""Akwaier: how well the inferred deal (games/akwaier/infer.py) places the hidden tiles.

Plays games of six 1987 players (seeds ``--seed`` on); at a position every 9 turns
after turn 20 (turns 22, 31, ...), the seat to move deals the unseen tiles 5 times,
by ``AkwaierState.determinize`` (uniform) and by ``infer.deal`` within the limits of
the public moves, and counts how many of each other seat's true tiles were dealt to
that seat. Prints the two rates (an oracle would score 100%).

    nice -n 10 .venv/bin/python benchmarks/akwaier_infer_quality.py --games 20 --seed 40
"""

from __future__ import annotations

import argparse

from ludotheek.core.rng import Rng
from ludotheek.games.akwaier import GAME
from ludotheek.games.akwaier.classic import classic_move, core_of
from ludotheek.games.akwaier.infer import deal, hidden_limits


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--seed", type=int, default=40)
    args = ap.parse_args()
    uniform = inferred = total = 0
    for seed in range(args.seed, args.seed + args.games):
        s = GAME.new(seed=seed)
        rng = Rng.from_seed(seed)
        moves: list[str] = []
        while not s.is_over:
            me = s.to_move
            assert me is not None
            if s.phase == "place" and s.turn % 9 == 4 and s.turn > 20:
                held = [sum(1 for t in s.core.hand(q) if t >= 0) for q in range(6)]
                limits = hidden_limits(s.options, moves, me, held)
                for k in range(5):
                    u = core_of(s.determinize(me, Rng.from_seed(k)))
                    c = deal(s.core, me, Rng.from_seed(k), limits)
                    for q in range(6):
                        if q != me:
                            true = {t for t in s.core.hand(q) if t >= 0}
                            uniform += len(true & set(u.hand(q)))
                            inferred += len(true & set(c.hand(q)))
                            total += len(true)
            move = classic_move(s.core, rng)
            moves.append(move)
            s = s.play(move)
    print(f"{args.games} games from seed {args.seed}: true tiles dealt to their seat: "
          f"uniform {uniform / total:.1%}, inferred {inferred / total:.1%}")


if __name__ == "__main__":
    main()
