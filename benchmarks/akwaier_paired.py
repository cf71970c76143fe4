"""Akwaier: paired screening of the strong player's variants against five 1987 players.

Plays the games of ``ludotheek match akwaier --players 'strong,classic*5' --games N
--seed S`` (the same game seeds, seats rotating and player seeds as ``ai.arena``),
the default ``strong`` player in its seat, up to turn ``--turn``; from that position
the default and each variant (the strong player's attributes changed, the same
generators copied) play on to the end. A variant's games differ from the default's
only from that turn on, so the games whose result changed say more than two separate
matches would. Fixed work: ``--seconds`` (default 30) only caps a decision, so a run
replays exactly; the times printed are CPU seconds of the strong player's decisions
after the turn.

    nice -n 10 .venv/bin/python benchmarks/akwaier_paired.py --games 150 --seed 100 \
        --turn 100 '{"win": 100}' '{"win": 100, "finish": 75}'

The benchmark-only oracle (a variant ``'{"oracle": "hands"}'`` whose worlds kept the
true hidden hands: an upper bound for inferring them, docs/strength.md) was
``benchmarks/akwaier_oracle.py``; the experiment concluded, it is in git's history up to
commit de391e3.

One line per game (its results, 1 for a win, shared first places their part, and the
rollouts each variant used from the turn on: ``compiled`` or ``python``), then the totals;
``--out FILE`` also writes the lines as JSON. The players get the data folder's data sets
as the command line's do (``folder.setup``: the compiled rollouts).
"""

from __future__ import annotations

import argparse
import copy
import json
import time
from typing import Any

from ludotheek.ai.arena import make_player
from ludotheek.ai.base import implementation_of
from ludotheek.core.game import State
from ludotheek.core.registry import get as get_game
from ludotheek.data import folder
from ludotheek.games.akwaier.rules import AkwaierState

SEATS = 6


class WithMoves(AkwaierState):
    """A state that carries the public moves of the game so far (``public_moves``), for
    the strong player's ``infer`` (the rules' state does not carry them)."""

    __slots__ = ("public_moves",)

    def __init__(self, state: AkwaierState, moves: list[str]) -> None:
        super().__init__(state.core)
        self.public_moves = tuple(moves)


def play_on(state: State, players: list[Any], seconds: float, seat: int,
            turn: int | None = None, moves: list[str] | None = None
            ) -> tuple[State, list[float], list[str]]:
    """Play until ``turn`` (None: the end); the CPU seconds of ``seat``'s decisions and
    every move of the game (``moves``: those before ``state``)."""
    times: list[float] = []
    moves = list(moves or [])
    while not state.is_over and (turn is None or state.turn < turn):  # type: ignore[attr-defined]
        mover = state.to_move
        assert mover is not None and isinstance(state, AkwaierState)
        t0 = time.process_time()
        seen = WithMoves(state, moves) if mover == seat else state
        move = players[mover].choose(seen, seconds)
        if mover == seat:
            times.append(time.process_time() - t0)
        moves.append(move)
        state = state.play(move)
    return state, times, moves


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("variants", nargs="*", help='JSON of attributes, e.g. \'{"win": 100}\'')
    ap.add_argument("--games", type=int, default=150)
    ap.add_argument("--seed", type=int, default=100)
    ap.add_argument("--turn", type=int, default=100)
    ap.add_argument("--seconds", type=float, default=30.0)
    ap.add_argument("--out", default=None)
    ap.add_argument("--first", type=int, default=0,
                    help="start at this game (to go on with a stopped run: games are "
                         "independent)")
    ap.add_argument("--without-default", action="store_true",
                    help="play only the variants (the default's games replay exactly, so "
                         "an earlier run with the same --games, --seed and --turn has them)")
    args = ap.parse_args()
    folder.setup()  # the compiled rollouts, as ``ludotheek match`` has them
    variants: list[dict[str, Any]] = [] if args.without_default else [{}]
    variants += [json.loads(v) for v in args.variants]
    game = get_game("akwaier")
    totals = [0.0] * len(variants)
    cpu: list[list[float]] = [[] for _ in variants]
    out = open(args.out, "a") if args.out else None  # noqa: SIM115
    every: list[list[float]] = []
    for g in range(args.first, args.games):
        rotation = g % SEATS
        seated = [(seat - rotation) % SEATS for seat in range(SEATS)]
        seat = seated.index(0)
        specs = ["strong" if p == 0 else "classic" for p in seated]
        player_seed = args.seed * 100_003 + g
        players = [make_player("akwaier", spec, player_seed * 7919 + s)[0]
                   for s, spec in enumerate(specs)]
        start, _, before = play_on(game.new(args.seed + g // SEATS), players, args.seconds,
                                   seat, args.turn)
        results = []
        turns = []
        used = []
        for k, changes in enumerate(variants):
            mine = copy.deepcopy(players)
            for name, value in changes.items():
                if not hasattr(mine[seat], name):  # a variant of a removed experiment, a typo
                    raise SystemExit(f"the strong player has no {name!r}")
                setattr(mine[seat], name, value)
            used.append(implementation_of(mine[seat], start))
            end, times, _ = play_on(start, mine, args.seconds, seat, moves=before)
            wealth = end.scores()
            top = max(wealth)
            won = 1.0 / wealth.count(top) if wealth[seat] == top else 0.0
            results.append(won)
            turns.append(end.turn)  # type: ignore[attr-defined]
            totals[k] += won
            cpu[k].extend(times)
        every.append(results)
        line = {"game": g, "seat": seat, "turns": turns, "results": results,
                "implementation": used}
        print(json.dumps(line), flush=True)
        if out:
            out.write(json.dumps(line) + "\n")
            out.flush()
    print(f"{args.games} games, seed {args.seed}, variants from turn {args.turn}:")
    for k, changes in enumerate(variants):
        times = cpu[k] or [0.0]
        better = sum(1 for r in every if r[k] > r[0])
        worse = sum(1 for r in every if r[k] < r[0])
        print(f"  {json.dumps(changes) if changes else 'default':32} wins {totals[k]:6.1f} "
              f"({totals[k] / max(1, len(every)):.1%}); than the first: {better} better, {worse} "
              f"worse; CPU s a decision after the turn: mean "
              f"{sum(times) / len(times):.3f}, max {max(times):.3f}")


if __name__ == "__main__":
    main()
