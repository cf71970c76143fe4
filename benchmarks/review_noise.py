"""How much today's review agrees with itself (issue 39): the positions of the first games
of the benchmark set (``benchmarks/review_set.py``) studied again with the full work but
other seeds, and the marks compared with those of the kept measures (precision and recall
as in ``benchmarks/review_speed.py``). For a game whose engine samples (Akwaier's
simulations, Aqua Romana's tree search), this is the most any review can agree with
today's one: its marks move with the seed.

    nice .venv/bin/python -m benchmarks.review_noise akwaier --games 5

Deliberately without the data folder, as ``review_set`` made the kept measures (the
reference review: Python's search and rollouts, no endgame database).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path
from typing import Any

from ludotheek.analysis.measure import study
from ludotheek.analysis.plan import Plan
from ludotheek.analysis.result import BAD

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from benchmarks.review_set import judged, load_deep, load_records, needed  # noqa: E402
from benchmarks.review_speed import marks  # noqa: E402


def noise(game: str, games: int, salt: int = 1) -> dict[str, Any]:
    deep = load_deep(game)
    both = first_only = second_only = count = 0
    for i, record in enumerate(load_records(game)[:games]):
        plan = Plan.of(record)
        kept = {int(n): m for n, m in deep[str(i)]["measures"].items()}
        again = {n: study(plan.states[n], plan.seed(n) ^ (salt * 0x9E3779B97F4A))
                 for n in needed(game, plan)}
        numbers = judged(game, plan)
        a, b = marks(plan, kept, numbers), marks(plan, again, numbers)
        for n in numbers:
            count += 1
            x, y = a[n]["mark"] in BAD, b[n]["mark"] in BAD
            both += x and y
            first_only += x and not y
            second_only += y and not x
    return {"game": game, "games": games, "decisions": count, "marked_kept": both + first_only,
            "marked_other_seeds": both + second_only, "marked_both": both,
            "precision": round(both / max(1, both + second_only), 4),
            "recall": round(both / max(1, both + first_only), 4)}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("game")
    ap.add_argument("--games", type=int, default=5)
    ap.add_argument("--out", type=Path, default=None)
    args = ap.parse_args()
    row = {"command": "python -m benchmarks.review_noise " + " ".join(sys.argv[1:]),
           "date": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()),
           **noise(args.game, args.games)}
    print(json.dumps(row))
    if args.out:
        args.out.write_text(json.dumps(row, indent=1) + "\n")


if __name__ == "__main__":
    main()
