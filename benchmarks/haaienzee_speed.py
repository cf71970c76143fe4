"""Haaienzee speed: the public game API against the players' simulation, in one run.

    .venv/bin/python benchmarks/haaienzee_speed.py [--seconds 3]

Three measurements, each for about ``--seconds``:

- ``api_random``: whole random games through ``legal_moves``/``play`` (what
  ``ludotheek bench haaienzee`` measures: random sharks starve, so these games are
  short and half their moves are placements);
- ``api_turns``: random shark turns through the public API, from positions after a
  greedy setup (the turn phase only);
- ``sim_turns``: random shark turns on ``search.Sim`` (make only) from the same
  positions, and ``sim_greedy``: the greedy policy's turns (what ``strong``'s
  play-outs cost).

The ratios compare each with ``api_turns`` measured in the same run. Times are
CPU seconds of this process (``time.process_time``), so that other programs on a
busy machine disturb the figures less (``api_random`` uses ``ludotheek bench``'s
wall-clock code and is the exception).
"""

from __future__ import annotations

import argparse
import json
import time
from typing import Any

from ludotheek.cli.bench import random_playout_speed
from ludotheek.core.rng import Rng
from ludotheek.games.haaienzee import GAME, HaaienzeeState
from ludotheek.games.haaienzee.players import HaaienzeeGreedy
from ludotheek.games.haaienzee.search import Sim, greedy_move


def starts(n: int) -> list[HaaienzeeState]:
    """``n`` positions right after a greedy setup."""
    out = []
    for seed in range(n):
        s = GAME.new(seed)
        assert isinstance(s, HaaienzeeState)
        greedy = HaaienzeeGreedy(seed=seed)
        while s.phase == "setup":
            s = s.play(greedy.choose(s))
        out.append(s)
    return out


def api_turns(positions: list[HaaienzeeState], seconds: float) -> float:
    rng = Rng.from_seed(1)
    moves = 0
    t0 = time.process_time()
    while time.process_time() - t0 < seconds:
        s = positions[moves % len(positions)]
        while not s.is_over:
            s = s.play(rng.choice(s.legal_moves()))
            moves += 1
    return moves / (time.process_time() - t0)


def sim_turns(positions: list[HaaienzeeState], seconds: float, greedy: bool) -> float:
    rng = Rng.from_seed(1)
    moves = 0
    t0 = time.process_time()
    while time.process_time() - t0 < seconds:
        sim = Sim(positions[moves % len(positions)])
        while not sim.over:
            sim.make(greedy_move(sim) if greedy else rng.choice(sim.moves()))
            moves += 1
    return moves / (time.process_time() - t0)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0)
    args = parser.parse_args()
    positions = starts(50)
    results: dict[str, Any] = {
        "api_random": random_playout_speed(GAME, args.seconds),
        "api_turns": api_turns(positions, args.seconds),
        "sim_turns": sim_turns(positions, args.seconds, greedy=False),
        "sim_greedy": sim_turns(positions, args.seconds, greedy=True),
    }
    base = results["api_turns"]
    results["ratios_to_api_turns"] = {
        "api_random_moves": results["api_random"]["moves_per_second"] / base,
        "sim_turns": results["sim_turns"] / base,
        "sim_greedy": results["sim_greedy"] / base,
    }
    print(json.dumps(results, indent=1))


if __name__ == "__main__":
    main()
