"""How long Wari's ``normal`` level takes a move: wall-clock and CPU time per move.

Ten games of ``normal`` against itself, each after 4 random opening plies (seeds 0-9),
in one process with the data folder's data sets (``LUDOTHEEK_DATA``); the first move of
the process (the one-time loads: the compiled search's machine code, the endgame
database's manifest check) is given on its own, the others as mean, median, 99th
percentile and maximum.

    LUDOTHEEK_DATA=<data folder> LUDOTHEEK_BUILDS=load nice -n 5 \\
        .venv/bin/python benchmarks/wari_normal_times.py
"""

from __future__ import annotations

import json
import os
import random
import statistics
import time

from ludotheek.ai import players
from ludotheek.data import folder as resources
from ludotheek.games import get


def _at(values: list[float], fraction: float) -> float:
    return sorted(values)[int(fraction * (len(values) - 1))]


def _summary(values: list[float]) -> dict[str, float]:
    return {"mean": round(statistics.mean(values), 4), "median": round(_at(values, 0.5), 4),
            "p99": round(_at(values, 0.99), 4), "max": round(max(values), 4)}


def main(games: int = 10) -> None:
    resources.setup()
    resources.preload()
    game = get("wari")
    first: tuple[float, float] | None = None
    walls: list[float] = []
    cpus: list[float] = []
    for seed in range(games):
        level = [players.for_level("wari", "normal", seed=seed + k) for k in (0, 100)]
        state = game.new(seed=seed)
        pick = random.Random(seed)
        for _ in range(4):
            state = state.play(pick.choice(state.legal_moves()))
        while not state.is_over and len(walls) < 300 * (seed + 1):
            player, seconds = level[state.to_move or 0]
            wall, cpu = time.perf_counter(), time.process_time()
            move = player.choose(state, seconds)
            wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
            if first is None:
                first = (wall, cpu)
            else:
                walls.append(wall)
                cpus.append(cpu)
            state = state.play(move)
    assert first is not None
    print(json.dumps({"date": time.strftime("%Y-%m-%d %H:%M"), "load": os.getloadavg(),
                      "moves": len(walls) + 1,
                      "first_move": {"wall": round(first[0], 3), "cpu": round(first[1], 3)},
                      "later_wall": _summary(walls), "later_cpu": _summary(cpus)}))


if __name__ == "__main__":
    main()
