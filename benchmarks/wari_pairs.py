"""Two Wari player specs against each other from varied openings (paired games).

The start position of Wari is fixed and ``strong`` is deterministic, so a plain
match would repeat one game. Here each opening is a few random legal moves
(seeded), played twice with the seats swapped, so that a lucky opening favours
each player once. Used to choose ``strong``'s evaluation weights and settings
(docs/strength.md, "Wari").

    nice .venv/bin/python benchmarks/wari_pairs.py strong:depth=6 \\
        strong:depth=6:material=0 --openings 20 --plies 4 --seed 1

With ``--out FILE`` every game is appended to a JSON-lines file as it ends (the
opening, the seats, the final stores, each side's time per move and search depths),
so a long match at a time per move can be followed; ``--resume`` skips the games
already there (``--summary FILE`` prints the tally of such a file):

    nice -n 19 .venv/bin/python benchmarks/wari_pairs.py strong strong-v1 --seconds 1 \\
        --openings 50 --plies 4 --seed 1 --out strong-vs-v1.jsonl --resume
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from pathlib import Path
from typing import Any

from ludotheek.ai import players
from ludotheek.core.rng import Rng
from ludotheek.data import folder as resources
from ludotheek.games.wari import GAME, WariState


def opening(seed: int, plies: int) -> WariState:
    rng = Rng.from_seed(seed)
    state = GAME.new(seed=seed)
    for _ in range(plies):
        if state.is_over:
            break
        state = state.play(rng.choice(state.legal_moves()))
    return state


def play(state: WariState, specs: list[str], seconds: float | None,
         log: list[list[float]] | None = None) -> tuple[WariState, int]:
    """The game from ``state`` to its end; ``log[seat]`` gets each move's seconds."""
    seats = []
    for seat, spec in enumerate(specs):
        name, params = players.parse_spec(spec)
        params.setdefault("seed", seat)
        seats.append(players.get("wari", name, **params))
    moves = 0
    while not state.is_over:
        if moves >= GAME.max_moves:
            return state.adjudicate(), moves
        mover = state.to_move
        assert mover is not None
        t = time.perf_counter()
        state = state.play(seats[mover].choose(state, seconds))
        if log is not None:
            log[mover].append(time.perf_counter() - t)
        moves += 1
    return state, moves


def record(k: int, swap: bool, specs: list[str], first: WariState, final: WariState,
           moves: int, log: list[list[float]], started: float) -> dict[str, Any]:
    """One game as a line of the ``--out`` file (``a`` is the first spec on the
    command line; ``a_seat`` its seat, 0 South who moves first)."""
    a_seat = 1 if swap else 0
    w = final.winners()
    return {"opening": k, "swap": swap, "a_seat": a_seat, "specs": specs,
            "start": list(first.board), "stores": list(final.stores), "moves": moves,
            "result_a": 0.5 if not w else (1.0 if w == [a_seat] else 0.0),
            "margin_a": final.stores[a_seat] - final.stores[1 - a_seat],
            "seconds_a": _times(log[a_seat]), "seconds_b": _times(log[1 - a_seat]),
            "wall_seconds": round(time.perf_counter() - started, 1),
            "load_average": [round(x, 2) for x in os.getloadavg()],
            "ended": time.strftime("%Y-%m-%d %H:%M:%S")}


def _times(xs: list[float]) -> dict[str, float]:
    return {"moves": len(xs), "mean": round(sum(xs) / len(xs), 4) if xs else 0.0,
            "max": round(max(xs), 3) if xs else 0.0}


def summary(path: Path) -> dict[str, Any]:
    """The tally of a ``--out`` file."""
    rows = [json.loads(line) for line in path.read_text().splitlines() if line.strip()]
    points = sum(r["result_a"] for r in rows)
    n = len(rows)
    moves_a = sum(r["seconds_a"]["moves"] for r in rows)
    moves_b = sum(r["seconds_b"]["moves"] for r in rows)
    return {
        "games": n, "points_a": points, "points_b": n - points,
        "wins_a": sum(r["result_a"] == 1.0 for r in rows),
        "draws": sum(r["result_a"] == 0.5 for r in rows),
        "wins_b": sum(r["result_a"] == 0.0 for r in rows),
        "mean_margin_a": round(sum(r["margin_a"] for r in rows) / n, 2) if n else 0.0,
        "mean_seconds_a": round(sum(r["seconds_a"]["mean"] * r["seconds_a"]["moves"]
                                    for r in rows) / max(moves_a, 1), 3),
        "mean_seconds_b": round(sum(r["seconds_b"]["mean"] * r["seconds_b"]["moves"]
                                    for r in rows) / max(moves_b, 1), 3),
        "max_seconds_a": max((r["seconds_a"]["max"] for r in rows), default=0.0),
        "max_seconds_b": max((r["seconds_b"]["max"] for r in rows), default=0.0),
        "mean_moves": round(sum(r["moves"] for r in rows) / n, 1) if n else 0.0,
        "first": rows[0]["ended"] if rows else None, "last": rows[-1]["ended"] if rows else None,
    }


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("a", nargs="?")
    parser.add_argument("b", nargs="?")
    parser.add_argument("--openings", type=int, default=20)
    parser.add_argument("--plies", type=int, default=4)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--seconds", type=float, default=None)
    parser.add_argument("--out", type=Path, default=None, help="JSON lines, one per game")
    parser.add_argument("--resume", action="store_true", help="skip games already in --out")
    parser.add_argument("--summary", type=Path, default=None,
                        help="print the tally of a --out file and stop")
    args = parser.parse_args(argv)
    if args.summary is not None:
        print(json.dumps(summary(args.summary), indent=1))
        return
    if args.a is None or args.b is None:
        parser.error("two player specs, or --summary FILE")
    resources.setup()  # the players' data sets, as the command line provides them
    done: set[tuple[int, bool]] = set()
    if args.out is not None and args.resume and args.out.exists():
        done = {(r["opening"], r["swap"]) for r in map(json.loads, args.out.read_text()
                                                        .splitlines()) if r}
    points = [0.0, 0.0]
    margin = 0.0
    start = time.perf_counter()
    for k in range(args.openings):
        first = opening(args.seed + k, args.plies)
        for swap in (False, True):
            if (args.seed + k, swap) in done:
                continue
            specs = [args.b, args.a] if swap else [args.a, args.b]
            log: list[list[float]] = [[], []]
            begun = time.perf_counter()
            final, moves = play(first, specs, args.seconds, log)
            if args.out is not None:
                row = record(args.seed + k, swap, [args.a, args.b], first, final, moves, log,
                             begun)
                with args.out.open("a") as f:
                    f.write(json.dumps(row) + "\n")
            a_seat = 1 if swap else 0
            w = final.winners()
            if not w:
                points[0] += 0.5
                points[1] += 0.5
            else:
                points[0 if w == [a_seat] else 1] += 1
            margin += final.stores[a_seat] - final.stores[1 - a_seat]
        print(f"{k + 1}/{args.openings}: {points[0]:g}-{points[1]:g}, "
              f"{time.perf_counter() - start:.0f} s", file=sys.stderr, flush=True)
    games = max(2 * args.openings - len(done), 1)
    out: dict[str, Any] = {"a": args.a, "b": args.b, "games": games, "points_a": points[0],
                           "points_b": points[1], "mean_margin_a": margin / games,
                           "seconds": round(time.perf_counter() - start, 1)}
    print(json.dumps(out))
    if args.out is not None:
        print(json.dumps(summary(args.out)))


if __name__ == "__main__":
    main()
