"""How fast Wari's strong player searches, against the public API's random games.

Measured in one run, CPU time of this process (``time.process_time``: the machine
is shared, and every path is single-threaded):

(a) baseline: random games through ``legal_moves`` / ``play`` (as ``ludotheek bench``);
(b) the alpha-beta search (``search.Searcher``, no database) to a fixed depth from 8
    positions after random openings: nodes per second and the time per depth;
(c) endgame database look-ups (``EndgameDB.entry`` of random boards of 10-15 seeds), if
    a database is in the data folder.

    nice .venv/bin/python benchmarks/wari_search_speed.py --depth 10
"""

from __future__ import annotations

import argparse
import json
import time
from typing import Any

from ludotheek.core.rng import Rng
from ludotheek.games.wari import GAME, WariState
from ludotheek.games.wari import endgame as eg
from ludotheek.games.wari.rules import MOVE_LIMIT
from ludotheek.games.wari.search import Searcher


def positions(count: int = 8) -> list[WariState]:
    out = []
    for k in range(count):
        rng = Rng.from_seed(100 + k)
        state = GAME.new()
        for _ in range(6 + 2 * k):
            state = state.play(rng.choice(state.legal_moves()))
        out.append(state)
    return out


def api_moves_per_second(seconds: float) -> float:
    rng = Rng.from_seed(0)
    moves = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        state = GAME.new()
        while not state.is_over and state.ply < MOVE_LIMIT:
            state = state.play(rng.choice(state.legal_moves()))
            moves += 1
    return moves / (time.process_time() - start)


def search(depth: int) -> dict[str, Any]:
    nodes = 0
    per_depth: dict[int, float] = {}
    for d in range(max(1, depth - 3), depth + 1):
        start = time.process_time()
        nodes = 0
        for state in positions():
            nodes += Searcher().run(state, None, d).nodes
        per_depth[d] = (time.process_time() - start) / len(positions())
    return {"depth": depth, "nodes": nodes, "nodes_per_second": nodes / (per_depth[depth] * 8),
            "seconds_per_position": per_depth}


def lookups(count: int = 100_000) -> float | None:
    db = eg.load(verify=False)
    if db is None or db.max_seeds < 15:
        return None
    rng = Rng.from_seed(1)
    boards = []
    for _ in range(count):
        board = [0] * 12
        for _ in range(10 + rng.randbelow(6)):
            board[rng.randbelow(12)] += 1
        boards.append(tuple(board))
    start = time.process_time()
    for b in boards:
        db.entry(b)
    return count / (time.process_time() - start)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--depth", type=int, default=10)
    parser.add_argument("--seconds", type=float, default=3.0, help="for the baseline")
    args = parser.parse_args(argv)
    api = api_moves_per_second(args.seconds)
    s = search(args.depth)
    look = lookups()
    out = {"api_moves_per_second": api, "search": s,
           "search_nodes_per_api_move": s["nodes_per_second"] / api,
           "db_lookups_per_second": look,
           "db_lookups_per_api_move": None if look is None else look / api}
    print(json.dumps(out, indent=1))


if __name__ == "__main__":
    main()
