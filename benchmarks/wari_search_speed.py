"""How fast Wari's searches are: the compiled search against today's Python search, in
one run, by fixed work and CPU time (``time.thread_time``: the machine is shared, and
both searches are single-threaded, so other programs inflate them little).

(a) baseline: the Python search (``search.Searcher``, no database) to a fixed depth from
    8 positions after random openings: nodes per second of CPU time;
(b) the compiled search (``fast.FastSearcher``) on the same positions, deeper (the
    same work would take it milliseconds): nodes per second, and the ratio to (a);
(c) depth completed in 1 s of CPU time on 50 middle-game positions (after 10-30
    plies of random and greedy play, 25 or more seeds on the board), without and
    (if the data folder has it) with the endgame database: the distribution of depths.

    nice -n 15 .venv/bin/python benchmarks/wari_search_speed.py --json
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import time
from collections import Counter
from typing import Any

from ludotheek.ai import players
from ludotheek.core.rng import Rng
from ludotheek.data import folder as resources
from ludotheek.games.wari import GAME, WariState, fast
from ludotheek.games.wari.search import Searcher


def positions(count: int = 8) -> list[WariState]:
    """The positions of the Python search's benchmark (random openings)."""
    out = []
    for k in range(count):
        rng = Rng.from_seed(100 + k)
        state = GAME.new()
        for _ in range(6 + 2 * k):
            state = state.play(rng.choice(state.legal_moves()))
        out.append(state)
    return out


def middle_games(count: int = 50, min_seeds: int = 25) -> list[WariState]:
    """Middle-game positions: 10-30 plies of random and greedy play (every third move
    greedy's), at least ``min_seeds`` seeds left on the board, the game going on."""
    out: list[WariState] = []
    k = 0
    while len(out) < count:
        rng = Rng.from_seed(1000 + k)
        greedy = players.get("wari", "greedy", seed=k)
        state = GAME.new()
        for i in range(10 + rng.randbelow(21)):
            if state.is_over:
                break
            state = state.play(greedy.choose(state) if i % 3 == 0
                               else rng.choice(state.legal_moves()))
        k += 1
        if not state.is_over and sum(state.board) >= min_seeds:
            out.append(state)
    return out


def rate(make: Any, states: list[WariState], depth: int) -> dict[str, Any]:
    nodes = 0
    seconds = 0.0
    for state in states:
        searcher = make()
        t = time.thread_time()
        nodes += searcher.run(state, None, depth).nodes
        seconds += time.thread_time() - t
    return {"depth": depth, "nodes": nodes, "cpu_seconds": round(seconds, 3),
            "nodes_per_second": nodes / seconds}


def depths_at(seconds: float, states: list[WariState], tables: Any) -> dict[str, Any]:
    found = []
    rates = []
    for state in states:
        searcher = fast.FastSearcher(tables=tables)
        searcher.run(GAME.new(), max_depth=2)  # the table's pages touched before timing
        t = time.thread_time()
        r = searcher.run(state, seconds, clock="cpu")
        used = time.thread_time() - t
        found.append(r.depth)
        rates.append(r.nodes / used)
    return {"seconds": seconds, "depths": dict(sorted(Counter(found).items())),
            "min": min(found), "median": statistics.median(found),
            "at_least_18": sum(d >= 18 for d in found), "positions": len(found),
            "nodes_per_second_median": statistics.median(rates)}


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--depth", type=int, default=9, help="of the Python search")
    parser.add_argument("--fast-depth", type=int, default=14)
    parser.add_argument("--positions", type=int, default=50)
    parser.add_argument("--seconds", type=float, default=1.0)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    provided = resources.setup()
    fast.warm()
    states = positions()
    py = rate(Searcher, states, args.depth)
    compiled = rate(fast.FastSearcher, states, args.fast_depth)
    same = rate(fast.FastSearcher, states, args.depth)
    middle = middle_games(args.positions)
    db = provided.get("wari-endgames")
    out = {
        "date": time.strftime("%Y-%m-%d %H:%M"), "load_average": os.getloadavg(),
        "python": py, "compiled": compiled, "compiled_same_depth": same,
        "ratio": compiled["nodes_per_second"] / py["nodes_per_second"],
        "depth_at_1s": depths_at(args.seconds, middle, None),
        "depth_at_1s_with_db": (depths_at(args.seconds, middle, db.kernel_tables())
                                if db is not None else None),
        "db_max_seeds": None if db is None else db.max_seeds,
        "load_average_after": os.getloadavg(),
    }
    print(json.dumps(out, indent=1) if args.json else out)


if __name__ == "__main__":
    main()
