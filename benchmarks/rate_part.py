"""Part of a game's rating plan, for a busy machine (docs/strength.md).

``ludotheek rate`` plays its plan's games in table order, one process pool, and rates
only once every game is played. Where one level's games are costly (a level that thinks a
second a move), this plays exactly the same games (same deals, seats, player seeds and
result lines, in the same results file) in two shares that can run at once: the tables
without the costly levels (``--skip``) and the tables with them (``--only``, ``--reverse``
to play the last tables, the ladder's top, first). The results file is read again before
each game, so two of these can share one file. ``ludotheek rate`` then goes on from the
file. ``--even`` plays every table's games in step (stopped at any time, each table is as
far on: the plan's ``slow_factor`` can then be set to what was played), and ``--share K/N``
every N-th of them from the K-th, for N runs at once on one file. ``--sum`` instead rates
the games played so far and writes the ratings with what part of the plan they are
(``part_of_plan``), as a look before the plan is whole.

    nice -n 15 .venv/bin/python benchmarks/rate_part.py wari --results R.jsonl --skip strong
    nice -n 15 .venv/bin/python benchmarks/rate_part.py wari --results R.jsonl --only strong \\
        --reverse
    .venv/bin/python benchmarks/rate_part.py wari --results R.jsonl --only strong --even \\
        --share 1/2   # beside the same with --share 0/2
    .venv/bin/python benchmarks/rate_part.py aqua_romana --results R.jsonl --sum --out X.json
"""

from __future__ import annotations

import argparse
import json
import os
from typing import Any

from ludotheek.ai import players
from ludotheek.cli.rate import default_out
from ludotheek.data import folder
from ludotheek.rated import ladder


def valid_games(game: str, results: str, seed: int) -> dict[tuple[str, int], dict[str, Any]]:
    plan = ladder.rating_plan(game)
    defs = ladder.definitions(game)
    return {(r["table"], r["g"]): r for r in ladder.read_results(results)
            if ladder.still_valid(r, defs, seed, plan.options, plan.opening)}


def play(game: str, results: str, seed: int, skip: set[str], only: set[str],
         reverse: bool, even: bool = False, share: tuple[int, int] = (0, 1)) -> None:
    plan = ladder.rating_plan(game)
    defs = ladder.definitions(game)
    todo = []
    for ti, table in enumerate(ladder.tables(list(players.levels(game)), plan)):
        if skip & set(table.levels) or (only and not only & set(table.levels)):
            continue
        for g in range(table.games):
            todo.append((game, dict(plan.options), seed, ti, table, g, tuple(plan.timed),
                         plan.opening))
    if reverse:  # the last tables first, each table's games in their order
        todo.sort(key=lambda job: (-job[3], job[5]))
    elif even:  # every table's games in step: stopped at any time, each table is as far on
        todo.sort(key=lambda job: ((job[5] + 0.5) / job[4].games, job[3]))
    todo = todo[share[0]::share[1]]
    done = valid_games(game, results, seed)
    print(sum((j[4].key, j[5]) not in done for j in todo), "games to play", flush=True)
    for job in todo:
        # the file is read again only for a game not played at the start (another run
        # sharing the file may have played it since): reading it for every game was slow
        if (job[4].key, job[5]) in done or (job[4].key, job[5]) in valid_games(
                game, results, seed):
            continue
        ladder.append_result(results, ladder.play_one(*job), seed, plan, defs)


def summed(game: str, results: str, seed: int, command: str) -> dict[str, Any]:
    plan = ladder.rating_plan(game)
    tables = ladder.tables(list(players.levels(game)), plan)
    seen = valid_games(game, results, seed)
    ordered = [seen[(t.key, g)] for t in tables for g in range(t.games) if (t.key, g) in seen]
    summary = ladder.summarise(game, plan, ordered, seed, 200, command)
    summary["part_of_plan"] = {
        "played": len(ordered), "of": sum(t.games for t in tables),
        "tables": {t.key: [sum((t.key, g) in seen for g in range(t.games)), t.games]
                   for t in tables}}
    summary["load_average"] = [round(x, 1) for x in os.getloadavg()]
    return summary


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("game")
    parser.add_argument("--results", required=True)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--skip", default="", help="levels whose tables are not played")
    parser.add_argument("--only", default="", help="play only the tables of these levels")
    parser.add_argument("--reverse", action="store_true",
                        help="the last tables first (each in its order)")
    parser.add_argument("--even", action="store_true",
                        help="the tables' games in step (game g of a table of n at g/n)")
    parser.add_argument("--share", default="0/1", metavar="K/N",
                        help="play every N-th of these games from the K-th (N runs at once)")
    parser.add_argument("--sum", action="store_true", help="rate the games played so far")
    parser.add_argument("--out", default=None, help="with --sum [default: ratings.json]")
    parser.add_argument("--reference", action="store_true",
                        help="play even where a level would use its slow pure-Python "
                             "reference (its compiled path not built in the data folder)")
    args = parser.parse_args()
    # the players' data sets, as ``ludotheek rate`` has them (the compiled searches, Wari's
    # endgame databases and books): without, they played with none of them unseen
    folder.setup()
    if args.sum:
        command = (f"benchmarks/rate_part.py {args.game} --results {args.results} "
                   f"--seed {args.seed} --sum")
        summary = summed(args.game, args.results, args.seed, command)
        out = args.out or default_out(args.game)
        with open(out, "w", encoding="utf-8") as fh:
            fh.write(json.dumps(summary, indent=1, ensure_ascii=False) + "\n")
        for name, e in summary["levels"].items():
            print(f"{name:9} {e['rating']:7.1f} ± {e['interval']:5.1f} {e['games']:5} games")
        print("gaps", [g["points"] for g in summary["gaps"]])
        part = summary["part_of_plan"]
        print(part["played"], "of", part["of"], "games of the plan")
        return
    k, n = (int(x) for x in args.share.split("/"))
    if not 0 <= k < n:
        parser.error(f"--share {args.share}: K/N with 0 <= K < N")
    slow = [] if args.reference else ladder.reference_levels(
        args.game, ladder.rating_plan(args.game).options)
    if slow:
        parser.error(f"{', '.join(slow)} would play with the pure-Python reference: build the "
                     "compiled search in the data folder first (ludotheek build), or give "
                     "--reference")
    play(args.game, args.results, args.seed, set(args.skip.split(",")) - {""},
         set(args.only.split(",")) - {""}, args.reverse, args.even, (k, n))


if __name__ == "__main__":
    main()
