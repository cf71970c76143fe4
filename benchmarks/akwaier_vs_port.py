"""Akwaier: our engine against the Windows port's pure-Python engine, side by side.

The port's engine (``Akwaier/akwaier_engine.py`` in the public repository
ednieuw/Akwaier) is not part of this repository: fetch it yourself and pass its
path. Both play sixty all-computer games (seeds 0-59) with the 1987 computer
player; every figure is CPU time (``time.process_time``, so other programs on
the machine disturb it little), the best of ``--repeat`` rounds, the contestants
taking turns within each round.

    python benchmarks/akwaier_vs_port.py --port /tmp/akwaier_port/akwaier_engine.py

Measured:

- port: its own turn loop (``next_player`` / ``ai_turn``) for 60 games;
- port + checks: the same with an invariant check after every turn (written here
  against the port's data, like the port's C# self-test: chain sizes match the
  board, no negative cash or shares, no tile twice, bag + hands + board = 225);
- selftest: our ``ludotheek selftest akwaier`` (all ten checks; the sixty games go
  through the public game API with the invariants checked after every move);
- selftest 60 games: its check 10 alone;
- match: ``ludotheek match akwaier --players classic*6 --games 60`` in process
  (``ai.arena.run_match``, the public API: immutable states, moves as text);
- core: the same 60 games on one mutable core, no copies (for reference).

Deliberately the pure-Python engine (no data folder: the 1987 player has no compiled path).
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import platform
import sys
import time
from collections.abc import Callable
from pathlib import Path
from types import ModuleType
from typing import Any

GAMES = 60


def load_port(path: str) -> ModuleType:
    spec = importlib.util.spec_from_file_location("akwaier_port_engine", path)
    if spec is None or spec.loader is None:
        raise SystemExit(f"cannot load the port's engine from {path}")
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclasses look themselves up there
    spec.loader.exec_module(module)
    return module


def port_problem(port: ModuleType, g: Any) -> str | None:
    """The port's position checked as its C# self-test does (our own code)."""
    counted, occupied, problem = _port_board(port, g)
    if problem:
        return problem
    for c in port.CHAINS:
        if g.sizes[c] != counted[c]:
            return f"chain {c} counts {g.sizes[c]}, the board {counted[c]}"
    for p in g.players:
        if p.money < 0 or min(p.shares) < 0:
            return f"player {p.number} has negative cash or shares"
    return _port_tiles(port, g, occupied)


def _port_board(port: ModuleType, g: Any) -> tuple[dict[int, int], set[tuple[int, int]],
                                                    str | None]:
    """The port's board: cells per chain, the occupied cells, and a cell holding junk."""
    counted = dict.fromkeys(port.CHAINS, 0)
    occupied = set()
    for x in range(1, port.SIZE + 1):
        for y in range(1, port.SIZE + 1):
            v = g.board[x][y]
            if v != port.EMPTY and v != port.LOOSE and not 1 <= v <= 8:
                return counted, occupied, f"cell {x},{y} holds {v}"
            if v >= 1:
                counted[v] += 1
            if v != port.EMPTY:
                occupied.add((x, y))
    return counted, occupied, None


def _port_tiles(port: ModuleType, g: Any, occupied: set[tuple[int, int]]) -> str | None:
    """Every tile once: in the bag, in a hand, or on the board."""
    tiles = set(g.bag)
    if len(tiles) != len(g.bag):
        return "a tile is in the bag twice"
    for hand in g.hands.values():
        for t in hand:
            if t is None:
                continue
            if t in tiles:
                return f"tile {t} is there twice"
            tiles.add(t)
            if port.tile_pos(t) in occupied:
                return f"tile {t} points at an occupied cell"
    if len(tiles) + len(occupied) != port.SIZE * port.SIZE:
        return f"{len(tiles)} + {len(occupied)} is not 225"
    return None


def port_games(port: ModuleType, check: bool) -> int:
    turns = 0
    for seed in range(GAMES):
        g = port.Game(0, "", seed)
        while True:
            p = g.next_player()
            if p is None:
                break
            g.ai_turn(p)
            turns += 1
            if check:
                problem = port_problem(port, g)
                if problem:
                    raise AssertionError(f"port, seed {seed}: {problem}")
    return turns


def our_selftest(only: set[int] | None = None) -> int:
    from ludotheek.games.akwaier import selftest

    report = selftest.run("en", only=only)
    if report.failures:
        raise AssertionError(report.text)
    summary = report.results[-1].summary  # "60 games, N turns, M moves, ..."
    return int(summary.split(", ")[1].split()[0])


def our_match() -> int:
    from ludotheek.ai.arena import run_match
    from ludotheek.games import get

    result = run_match(get("akwaier"), ["classic"] * 6, GAMES, seed=0, keep_results=True)
    return sum(r.final.turn for r in result.results)  # type: ignore[attr-defined]


def our_core() -> int:
    from ludotheek.core.rng import Rng
    from ludotheek.games.akwaier import GAME
    from ludotheek.games.akwaier.classic import classic_move
    from ludotheek.games.akwaier.core import OVER, new_core
    from ludotheek.games.akwaier.notation import play_in_place

    options = GAME.check_options({})
    turns = 0
    for seed in range(GAMES):
        core = new_core(seed, options)
        rngs = [Rng.from_seed(10 * seed + s) for s in range(6)]
        while core.phase != OVER:
            play_in_place(core, classic_move(core, rngs[core.mover]))
        turns += core.turn
    return turns


def playouts_per_second(seconds: float = 1.0) -> dict[str, float]:
    """Random playouts from a new game: on the core, through the public API, and cut
    off after 60 decisions (what the ``ismcts`` player does)."""
    from ludotheek.ai.mcts import random_rollout
    from ludotheek.core.rng import Rng
    from ludotheek.games.akwaier import GAME
    from ludotheek.games.akwaier.playout import fast_rollout

    start = GAME.new(seed=1)
    rng = Rng.from_seed(1)
    out = {}
    for name, rollout, limit in (("core, whole game", fast_rollout, 10_000),
                                 ("API, whole game", random_rollout, 10_000),
                                 ("core, 60 decisions", fast_rollout, 60)):
        n, t0 = 0, time.process_time()
        while time.process_time() - t0 < seconds:
            rollout(start, rng, limit)
            n += 1
        out[name] = n / (time.process_time() - t0)
    return out


def measure(contestants: dict[str, Callable[[], int]], repeat: int) -> dict[str, tuple[float,
                                                                                        int]]:
    best: dict[str, tuple[float, int]] = {}
    for _ in range(repeat):
        for name, run in contestants.items():
            t0 = time.process_time()
            turns = run()
            dt = time.process_time() - t0
            if name not in best or dt < best[name][0]:
                best[name] = (dt, turns)
    return best


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--port", required=True, help="path of the port's akwaier_engine.py")
    ap.add_argument("--repeat", type=int, default=5)
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    port = load_port(args.port)
    contestants: dict[str, Callable[[], int]] = {
        "port": lambda: port_games(port, False),
        "port + checks": lambda: port_games(port, True),
        "selftest (10 checks)": our_selftest,
        "selftest 60 games": lambda: our_selftest({10}),
        "match classic*6": our_match,
        "core, no copies": our_core,
    }
    best = measure(contestants, args.repeat)
    if args.json:
        print(json.dumps({k: {"seconds": v[0], "turns": v[1]} for k, v in best.items()},
                         indent=1))
        return
    base, base_checked = best["port"][0], best["port + checks"][0]
    print(f"Akwaier, {GAMES} games of six 1987 players; CPU seconds, best of {args.repeat}; "
          f"Python {platform.python_version()} on {platform.machine()}")
    print(f"{'':<22}{'seconds':>9}{'ms/game':>9}{'µs/turn':>9}{'turns':>7}"
          f"{'vs port':>9}{'vs port+checks':>16}")
    for name, (sec, turns) in best.items():
        print(f"{name:<22}{sec:9.3f}{1000 * sec / GAMES:9.2f}{1e6 * sec / turns:9.1f}"
              f"{turns:7d}{base / sec:8.2f}×{base_checked / sec:15.2f}×")
    print("(× = how many times faster than the port; above 1 is faster)")
    print("random playouts per second: " + ", ".join(
        f"{name} {rate:,.0f}" for name, rate in playouts_per_second().items()))


if __name__ == "__main__":
    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))
    main()
