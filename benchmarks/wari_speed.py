"""How fast Wari random games run: the public API, the bulk (numpy) path, and OpenSpiel.

Measured in one run, side by side, in rounds (each round measures every path once,
so that a machine busy with other work slows them alike); the median round counts:

(a) random games through the public API (``legal_moves`` / ``play``), as
    ``ludotheek bench wari`` plays them (default options: repetition rule on);
(b) ``ludotheek.games.wari.bulk.random_playouts`` on batches of N games from the
    start (the batch built inside the timing), for a few N;
(c) OpenSpiel's ``oware`` (``pyspiel.load_game("oware")``) driven from a Python loop,
    ``legal_actions`` / ``apply_action`` with ``random.choice``, if ``pyspiel`` can be
    imported (``pip install -e '.[bench]'``; never a runtime dependency).

Moves per second is the figure to compare: the games are of different lengths
(OpenSpiel's oware stops as soon as a player has more than half the seeds, or at the
first repeated position; the API path ends games at a third repetition; the bulk
path plays on to the end or 1,000 moves), so games per second is given only for
information. Speeds are per second of CPU time of this process (see ``Clock``);
the JSON output has the wall-clock figures too. Run from the repository::

    .venv/bin/python benchmarks/wari_speed.py            # a table
    .venv/bin/python benchmarks/wari_speed.py --json     # the figures as JSON
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import platform
import random
import statistics
import time
from collections.abc import Callable
from importlib import metadata
from typing import Any

import numpy as np

from ludotheek.core.rng import Rng
from ludotheek.games.wari import GAME
from ludotheek.games.wari.bulk import WariBatch, random_playouts_detailed
from ludotheek.games.wari.rules import MOVE_LIMIT

Figures = dict[str, float]


class Clock:
    """Wall-clock and CPU time of this process since it was made.

    The CPU time (``time.process_time``) is the figure reported: every path is
    single-threaded, so on an idle machine it equals the wall-clock time, and on a
    machine shared with other jobs it is much less disturbed by them.
    """

    def __init__(self) -> None:
        self.wall = time.perf_counter()
        self.cpu = time.process_time()

    def cpu_seconds(self) -> float:
        return time.process_time() - self.cpu

    def figures(self, moves: int, games: int) -> Figures:
        return {"moves": moves, "games": games, "cpu_seconds": self.cpu_seconds(),
                "wall_seconds": time.perf_counter() - self.wall}


def api_speed(seconds: float, seed: int) -> Figures:
    """(a) random games through ``legal_moves`` / ``play`` (as ``ludotheek bench``)."""
    rng = Rng.from_seed(seed)
    moves = games = 0
    clock = Clock()
    while clock.cpu_seconds() < seconds:
        state = GAME.new(seed + games)
        played = 0
        while not state.is_over and played < MOVE_LIMIT:
            state = state.play(rng.choice(state.legal_moves()))
            played += 1
        moves += played
        games += 1
    return clock.figures(moves, games)


def bulk_speed(size: int, seconds: float, seed: int) -> Figures:
    """(b) ``random_playouts`` on batches of ``size`` games from the start."""
    gen = np.random.default_rng(seed)
    moves = games = 0
    clock = Clock()
    while clock.cpu_seconds() < seconds:
        result = random_playouts_detailed(WariBatch.new(size), gen, max_moves=MOVE_LIMIT)
        moves += result.total_moves
        games += size
    return clock.figures(moves, games)


def openspiel_speed(seconds: float, seed: int) -> Figures | None:
    """(c) OpenSpiel's oware from a Python loop; ``None`` without ``pyspiel``."""
    try:
        import pyspiel  # type: ignore[import-not-found]
    except ImportError:
        return None
    game = pyspiel.load_game("oware")
    choice = random.Random(seed).choice
    moves = games = 0
    clock = Clock()
    while clock.cpu_seconds() < seconds:
        state = game.new_initial_state()
        while not state.is_terminal():
            state.apply_action(choice(state.legal_actions()))
            moves += 1
        games += 1
    return clock.figures(moves, games)


def rates(runs: list[Figures]) -> dict[str, Any]:
    """The median round's moves and games per CPU second (and per wall-clock second),
    and every round's moves per CPU second."""
    per_round = [r["moves"] / r["cpu_seconds"] for r in runs]
    mid = runs[per_round.index(statistics.median_low(per_round))]
    return {
        "moves_per_second": mid["moves"] / mid["cpu_seconds"],
        "games_per_second": mid["games"] / mid["cpu_seconds"],
        "moves_per_game": mid["moves"] / mid["games"],
        "moves_per_wall_second": mid["moves"] / mid["wall_seconds"],
        "rounds_moves_per_second": [round(x) for x in per_round],
    }


def machine() -> dict[str, Any]:
    model = platform.processor() or platform.machine()
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as f:
            model = next(line.split(":", 1)[1].strip() for line in f
                         if line.startswith("model name"))
    except (OSError, StopIteration):
        pass

    def version(name: str) -> str | None:
        try:
            return metadata.version(name)
        except metadata.PackageNotFoundError:
            return None

    return {
        "date": datetime.date.today().isoformat(),
        "cpu": model,
        "cores": os.cpu_count(),
        "load_average": list(os.getloadavg()) if hasattr(os, "getloadavg") else None,
        "python": platform.python_version(),
        "numpy": np.__version__,
        "open_spiel": version("open_spiel"),
    }


def measure(seconds: float, rounds: int, sizes: list[int], seed: int,
            openspiel: bool) -> dict[str, Any]:
    paths: dict[str, Callable[[int], Figures | None]] = {
        "api": lambda s: api_speed(seconds, s),
        **{f"bulk_{n}": (lambda s, n=n: bulk_speed(n, seconds, s)) for n in sizes},
    }
    if openspiel:
        paths["openspiel"] = lambda s: openspiel_speed(seconds, s)
    runs: dict[str, list[Figures]] = {name: [] for name in paths}
    for r in range(rounds):
        for name, run in paths.items():
            figures = run(seed + r)
            if figures is not None:
                runs[name].append(figures)
    out: dict[str, Any] = {"machine": machine(), "seconds": seconds, "rounds": rounds,
                           "results": {name: rates(rs) for name, rs in runs.items() if rs}}
    results = out["results"]
    if "openspiel" in results:
        base = results["openspiel"]["moves_per_second"]
        out["ratios_to_openspiel"] = {
            name: r["moves_per_second"] / base for name, r in results.items()
            if name != "openspiel"}
    return out


def table(out: dict[str, Any]) -> str:
    ratios = out.get("ratios_to_openspiel", {})
    lines = [f"{'path':<14}{'moves/s':>12}{'games/s':>10}{'moves/game':>12}{'/OpenSpiel':>12}"
             f"{'wall moves/s':>14}"]
    for name, r in out["results"].items():
        ratio = f"{ratios[name]:.2f}x" if name in ratios else ""
        lines.append(f"{name:<14}{r['moves_per_second']:12,.0f}{r['games_per_second']:10,.0f}"
                     f"{r['moves_per_game']:12.0f}{ratio:>12}{r['moves_per_wall_second']:14,.0f}")
    if "openspiel" not in out["results"]:
        lines.append("(pyspiel not importable: no OpenSpiel baseline; pip install open_spiel)")
    m = out["machine"]
    lines.append(f"{m['date']}, {m['cpu']}, {m['cores']} cores, load {m['load_average']}, "
                 f"Python {m['python']}, numpy {m['numpy']}, open_spiel {m['open_spiel']}; "
                 f"median of {out['rounds']} rounds of {out['seconds']:g} CPU s per path; "
                 "moves/s and games/s per CPU second")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seconds", type=float, default=3.0,
                        help="CPU time per path per round")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--sizes", default="64,256,1024,8192",
                        help="batch sizes of the bulk path, comma-separated")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--no-openspiel", action="store_true", help="skip OpenSpiel")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = parser.parse_args(argv)
    sizes = [int(x) for x in args.sizes.split(",") if x.strip()]
    out = measure(args.seconds, args.rounds, sizes, args.seed, not args.no_openspiel)
    print(json.dumps(out, indent=1) if args.json else table(out))


if __name__ == "__main__":
    main()
