"""How often the analysis marks the moves of each player: games between computer players,
each analysed; the losses per decision by player, the marks the game's thresholds give,
and the quantiles of the losses (from which the thresholds are chosen: docs/strength.md,
"Analysis"). A loss does not depend on the thresholds, so ``--out`` keeps them all.

The players and the analysis's workers get the data folder's data sets, as the command
line's and the server's do (``folder.setup``); each line of ``--out`` says which
implementation each seat and the analysis's player used (``implementation_of``).

    nice .venv/bin/python benchmarks/analysis_marks.py wari --players strong,normal \\
        --games 10 --seed 1 --out benchmarks/results/analysis-marks-wari.jsonl
"""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path
from typing import Any

from ludotheek.ai import players
from ludotheek.ai.arena import expand_specs, make_player
from ludotheek.ai.base import implementation_of
from ludotheek.analysis import measure
from ludotheek.analysis.local import analyse_record, default_workers
from ludotheek.analysis.review import review_for
from ludotheek.core.record import Record
from ludotheek.data import folder
from ludotheek.games import get

BAD = ("inaccuracy", "mistake", "blunder")
#: games without chance begin with random moves (seeded), not judged: two deterministic
#: players would otherwise play the same game again and again
OPENING = {"wari": 4}


def quantile(xs: list[float], q: float) -> float:
    if not xs:
        return 0.0
    s = sorted(xs)
    return s[min(len(s) - 1, int(q * len(s)))]


def opening_then(game: str, options: dict[str, Any], seed: int, specs: list[str],
                 opening: int, player_seed: int) -> Record:
    """A game of ``specs`` (one per seat) after ``opening`` random moves."""
    state = get(game).new(seed, **options)
    seats = [make_player(game, spec, player_seed * 7919 + i) for i, spec in enumerate(specs)]
    rng = players.get(game, "random", seed=player_seed)
    moves: list[str] = []
    while not state.is_over and len(moves) < get(game).max_moves:
        mover = state.to_move
        assert mover is not None
        player, seconds = seats[mover]
        move = rng.choose(state) if len(moves) < opening else player.choose(state, seconds)
        moves.append(move)
        state = state.play(move)
    return Record(game, dict(state.options), seed, tuple(moves))


def implementations(game: str, options: dict[str, Any], specs: list[str]) -> dict[str, Any]:
    """Which implementation each seat's player and the analysis's player would use here
    (``compiled``, ``python``: the reference; None: a player without a compiled path)."""
    state = get(game).new(0, **options)
    return {"seats": [implementation_of(make_player(game, spec, 0)[0], state) for spec in specs],
            "analysis": measure.implementation(state)}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("game")
    ap.add_argument("--players", required=True, help="one spec per seat, e.g. strong,normal")
    ap.add_argument("--games", type=int, default=10)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--workers", type=int, default=default_workers())
    ap.add_argument("--options", default="{}", help="the game's options as JSON")
    ap.add_argument("--out", type=Path, default=None)
    ap.add_argument("--opening", type=int, default=None,
                    help="random first moves, not judged (default: 4 for Wari, else 0)")
    args = ap.parse_args()
    # the players' data sets as the command line has them (compiled searches, Wari's
    # endgame database and book), and the analysis's workers too
    folder.setup()
    review = review_for(args.game)
    specs = expand_specs(args.players.split(","))
    losses: dict[str, list[float]] = {s: [] for s in specs}
    marks: dict[str, dict[str, int]] = {s: dict.fromkeys(BAD, 0) for s in specs}
    out = args.out.open("a") if args.out else None
    started = time.time()
    pool = folder.pool(args.workers) if args.workers > 0 else None  # workers: the same
    for g in range(args.games):
        k = len(specs)
        seated = [specs[(seat - g) % k] for seat in range(k)]  # seats rotate
        t0 = time.time()
        opening = OPENING.get(args.game, 0) if args.opening is None else args.opening
        record = opening_then(args.game, json.loads(args.options), args.seed + g, seated,
                              opening, args.seed * 100_003 + g)
        t1 = time.time()
        analysis = analyse_record(record, args.workers, executor=pool)
        t2 = time.time()
        judged = [d for d in analysis["decisions"]
                  if d["mark"] and not d["forced"] and d["number"] > opening]
        for d in judged:
            spec = seated[d["seat"]]
            losses[spec].append(d["loss"])
            if d["mark"] in BAD:
                marks[spec][d["mark"]] += 1
        print(f"game {g + 1}: {len(record.moves)} moves, played in {t1 - t0:.0f} s, "
              f"analysed in {t2 - t1:.0f} s", flush=True)
        if out:
            out.write(json.dumps({
                "game": args.game, "seed": args.seed + g, "seats": seated,
                "engine": analysis["engine"],
                "implementation": implementations(args.game, dict(record.options), seated),
                "moves": list(record.moves),
                "losses": [[d["seat"], d["loss"]] for d in judged]}) + "\n")
            out.flush()
    if pool is not None:
        pool.shutdown(cancel_futures=True)
    t = review.thresholds
    print(f"\n{args.game}: {args.games} games, seed {args.seed}, {time.time() - started:.0f} s; "
          f"thresholds {t.inaccuracy:g} / {t.mistake:g} / {t.blunder:g} {review.unit}")
    print(f"{'player':<28}{'decisions':>10}{'?!':>8}{'?':>8}{'??':>8}{'mean loss':>11}"
          f"{'q90':>9}{'q95':>9}{'q99':>9}{'max':>9}")
    for spec in dict.fromkeys(specs):
        xs = losses[spec]
        n = max(1, len(xs))
        m = marks[spec]
        print(f"{spec:<28}{len(xs):>10}"
              + "".join(f"{100 * m[k] / n:>7.1f}%" for k in BAD)
              + f"{sum(xs) / n:>11.3f}"
              + "".join(f"{quantile(xs, q):>9.3f}" for q in (0.9, 0.95, 0.99))
              + f"{max(xs, default=0):>9.3f}")


if __name__ == "__main__":
    main()
