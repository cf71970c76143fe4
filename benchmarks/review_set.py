"""The benchmark set of the quick review (issue 39): at least 20 finished games of each
game, played by computer players with fixed seeds, and the measures today's review (the
deep study of every position: ``analysis.measure.study``) gives their positions, kept so
that the agreement of the marks can be checked without studying them all again.

    nice .venv/bin/python -m benchmarks.review_set            # make what is missing
    nice .venv/bin/python -m benchmarks.review_set --games 20 akwaier

The records: ``benchmarks/records/review-set-<game>.jsonl`` (one record a line); the deep
measures: ``benchmarks/results/review-deep-<game>.json.gz`` (by game and position). An
Akwaier game has about 260 decisions of half a second each: its measures are kept for
every ``SAMPLE``-th decision (the position before and the one after: what the decision is
judged by), the others for every position.

Deliberately without the data folder (no ``folder.setup``): the reference review, Python's
search and rollouts, no endgame database (the kept file says so: ``implementation``), which
``review_speed`` and ``review_noise`` study again the same way and compare with.
"""

from __future__ import annotations

import argparse
import gzip
import json
import sys
import time
from pathlib import Path
from typing import Any

from ludotheek.ai import players
from ludotheek.ai.arena import play_game
from ludotheek.ai.base import implementation_of
from ludotheek.analysis.measure import study
from ludotheek.analysis.plan import Plan
from ludotheek.analysis.review import review_for
from ludotheek.core.record import Record
from ludotheek.games import get

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from benchmarks.analysis_marks import opening_then  # noqa: E402

RECORDS = ROOT / "benchmarks" / "records"
RESULTS = ROOT / "benchmarks" / "results"
#: game -> (players by seat, options, random opening moves); seats rotate by game
SETS: dict[str, tuple[list[str], dict[str, Any], int]] = {
    "wari": (["normal", "greedy"], {}, 4),
    "haaienzee": (["strong", "greedy"], {}, 0),
    "aqua_romana": (["normal", "greedy"], {"players": 2}, 0),
    "akwaier": (["estimate", "classic", "classic", "classic", "classic", "classic"], {}, 0),
}
#: Akwaier: every SAMPLE-th decision is judged (its positions studied deeply)
SAMPLE = {"akwaier": 4}


def records_path(game: str) -> Path:
    return RECORDS / f"review-set-{game}.jsonl"


def deep_path(game: str) -> Path:
    return RESULTS / f"review-deep-{game}.json.gz"


def make_records(game: str, games: int) -> list[Record]:
    specs, options, opening = SETS[game]
    out = []
    for g in range(games):
        k = len(specs)
        seated = [specs[(seat - g) % k] for seat in range(k)]
        seed = 1000 + g
        if opening:
            record = opening_then(game, options, seed, seated, opening, seed)
        else:
            record = play_game(get(game), options, seed, seated, player_seed=seed).record
        out.append(record)
    return out


def load_records(game: str) -> list[Record]:
    return [Record.from_json(line) for line in records_path(game).read_text().splitlines()
            if line.strip()]


def judged(game: str, plan: Plan) -> list[int]:
    """The numbers of the decisions the benchmark judges in ``plan``'s game: every one not
    forced nor a resignation (Akwaier: every ``SAMPLE``-th of them whose next position is
    studied)."""
    studied = set(plan.studied())
    ds = [d for d in plan.decisions if not d.forced and not d.resigned and d.before in studied]
    step = SAMPLE.get(game, 1)
    if step == 1:
        return [d.number for d in ds]
    over = {n for n in plan.line if plan.states[n].is_over}
    return [d.number for i, d in enumerate(ds) if i % step == 0
            and (d.number in studied or d.number in over)]


def needed(game: str, plan: Plan) -> list[int]:
    """The positions whose measures judge the benchmark's decisions."""
    studied = set(plan.studied())
    by_number = {d.number: d for d in plan.decisions}
    out: set[int] = set()
    for number in judged(game, plan):
        out.add(by_number[number].before)
        if number in studied:
            out.add(number)
    return sorted(out)


def load_deep(game: str) -> dict[str, dict[str, Any]]:
    path = deep_path(game)
    if not path.exists():
        return {}
    data: dict[str, dict[str, Any]] = json.loads(gzip.decompress(path.read_bytes()))["games"]
    return data


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("games", nargs="*", default=list(SETS))
    ap.add_argument("--count", type=int, default=20, help="games of each game")
    args = ap.parse_args()
    for game in args.games:
        RECORDS.mkdir(parents=True, exist_ok=True)
        if not records_path(game).exists():
            t0 = time.time()
            records = make_records(game, args.count)
            records_path(game).write_text("".join(json.dumps(r.to_json()) + "\n" for r in records))
            print(f"{game}: {len(records)} games played in {time.time() - t0:.0f} s", flush=True)
        records = load_records(game)
        deep = load_deep(game)
        t0 = time.process_time()
        for i, record in enumerate(records):
            key = str(i)
            plan = Plan.of(record)
            have = deep.setdefault(key, {"seed": record.seed, "measures": {}})["measures"]
            for n in needed(game, plan):
                if str(n) not in have:
                    have[str(n)] = study(plan.states[n], plan.seed(n))
            print(f"{game} game {i}: {len(record.moves)} moves, {len(have)} positions "
                  f"studied deeply, {time.process_time() - t0:.0f} CPU s so far", flush=True)
            deep_path(game).write_bytes(gzip.compress(json.dumps(
                {"what": "today's deep measures (analysis.measure.study) of the positions "
                         "of benchmarks/records/" + records_path(game).name,
                 "engine": review_for(game).engine(),
                 "implementation": implementation_of(players.get(
                     game, review_for(game).player, seed=0, **dict(review_for(game).params)),
                     plan.states[0]),
                 "date": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()),
                 "games": deep}).encode(), mtime=0))


if __name__ == "__main__":
    main()
