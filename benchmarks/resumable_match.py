"""A match that can stop and go on: the games of ``ludotheek match``, one JSON line each.

Plays exactly the games ``ludotheek match GAME --players P --games N --seed S`` plays
(the same deals, seats and player seeds: ``ai.arena.run_match``'s), writing each game to
``--results`` as it ends; run again, it plays only the games not there yet, then prints
the table ``match`` prints (wins with a 95% Wilson interval, seconds a decision). For the
long strength runs of docs/strength.md on a machine that is shared and may stop. The
players get the data folder's data sets as ``ludotheek match``'s do (``folder.setup``); each
line says which implementation each seat's player used (``implementation``: ``compiled``,
``python`` - the reference -, or null for a player without a compiled path).

    nice -n 19 .venv/bin/python benchmarks/resumable_match.py akwaier \\
        --players 'strong,classic*5' --games 600 --seed 0 --results akwaier-strong.jsonl
"""

from __future__ import annotations

import argparse
import json
import math
import os
import time
from typing import Any

from ludotheek.ai.arena import expand_specs, make_player, play_game
from ludotheek.ai.base import implementation_of
from ludotheek.data import folder
from ludotheek.games import get


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (max(0.0, centre - half), min(1.0, centre + half))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("game")
    ap.add_argument("--players", required=True)
    ap.add_argument("--games", type=int, required=True)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--option", "-o", action="append", default=[],
                    help="a game option NAME=VALUE (numbers as numbers)")
    ap.add_argument("--results", required=True)
    args = ap.parse_args()
    folder.setup()  # the players' data sets, as ``ludotheek match`` has them
    game = get(args.game)
    options: dict[str, object] = {}
    for pair in args.option:
        k, _, v = pair.partition("=")
        options[k] = int(v) if v.lstrip("-").isdigit() else v
    options = game.check_options(options)
    specs = expand_specs([p.strip() for p in args.players.split(",") if p.strip()])
    k = len(specs)
    done: dict[int, dict[str, Any]] = {}
    if os.path.exists(args.results):
        with open(args.results, encoding="utf-8") as fh:
            for text in fh:
                try:
                    r = json.loads(text)
                except json.JSONDecodeError:
                    continue
                if r.get("specs") == specs and r.get("seed") == args.seed \
                        and r.get("options") == options:
                    done[r["g"]] = r
    for g in range(args.games):
        if g in done:
            continue
        rotation = g % k
        seated = [(seat - rotation) % k for seat in range(k)]
        t0 = time.monotonic()
        start = game.new(args.seed + g // k, **options)
        used = [implementation_of(make_player(args.game, specs[p], 0)[0], start)
                for p in seated]
        res = play_game(game, options, args.seed + g // k, [specs[p] for p in seated], None,
                        player_seed=args.seed * 100_003 + g)
        final = res.final
        line = {"g": g, "seed": args.seed, "specs": specs, "options": options,
                "seated": seated, "winners": final.winners(), "scores": list(final.scores()),
                "times": [[round(sum(t), 3), round(max(t, default=0.0), 3), len(t)]
                          for t in res.times], "implementation": used,
                "wall": round(time.monotonic() - t0, 1)}
        with open(args.results, "a", encoding="utf-8") as fh:
            fh.write(json.dumps(line) + "\n")
        done[g] = line
        print(f"game {g + 1}/{args.games}", flush=True)
    wins = [0.0] * k
    spent = [0.0] * k
    slowest = [0.0] * k
    decisions = [0] * k
    for g in range(args.games):
        r = done[g]
        for w in r["winners"]:
            wins[r["seated"][w]] += 1.0 / len(r["winners"])
        for seat, (total, top, n) in enumerate(r["times"]):
            p = r["seated"][seat]
            spent[p] += total
            slowest[p] = max(slowest[p], top)
            decisions[p] += n
    print(f"{args.game}: {args.games} games, seed {args.seed}, seats rotating")
    for i, spec in enumerate(specs):
        lo, hi = wilson(wins[i], args.games)
        print(f"{spec[:40]:<42}{wins[i]:7.1f}  {wins[i] / args.games:5.1%} ({lo:.1%}-{hi:.1%})"
              f"  s/decision {spent[i] / max(1, decisions[i]):.4f}  max {slowest[i]:.3f}")


if __name__ == "__main__":
    main()
