"""Prepare the blundered records of tests/analysis/records/ (run once; kept for the record).

For each game: a game of the *normal* level's players is played from a fixed seed; in
its positions (after the first ``skip``) the analysis engine looks for one whose best
move is clearly best (ahead of the second by at least the inaccuracy threshold) and where
another move (the one it weighed worst, or one it did not weigh) loses at least
``MARGIN`` times the game's blunder threshold. The record is the game up to there,
that move, and a few more moves; it is kept only if the analysis marks the move a
blunder with that better move.

    .venv/bin/python scripts/make_blunder_records.py [GAME ...]
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from ludotheek.ai import players
from ludotheek.analysis.local import measure_all
from ludotheek.analysis.measure import study
from ludotheek.analysis.plan import Plan
from ludotheek.analysis.result import assemble
from ludotheek.analysis.review import review_for
from ludotheek.core.record import Record
from ludotheek.games import get, names

OUT = Path(__file__).resolve().parent.parent / "tests" / "analysis" / "records"
AFTER = 3  # moves kept after the blunder
TRIES = 4  # moves the engine did not weigh tried as the blunder, per position
#: how many moves to play, and how many of the first to pass over, per game
LOOK = {"akwaier": (160, 60), "aqua_romana": (120, 0)}
#: how far beyond the blunder threshold the loss must be (a margin for engine changes)
MARGIN = 1.5


def play(game: str, seed: int, moves: list[str], n: int) -> list[str]:
    state = Record(game, {}, seed, tuple(moves)).replay()
    out = list(moves)
    while not state.is_over and len(out) < n:
        player, seconds = players.for_level(game, "normal", seed=len(out))
        move = player.choose(state, seconds)
        out.append(move)
        state = state.play(move)
    return out


def find(game: str, seed: int, limit: int, skip: int = 0) -> dict[str, object] | None:
    review = review_for(game)
    t = review.thresholds
    line = play(game, seed, [], limit)
    state = get(game).new(seed)
    for i, move in enumerate(line):
        legal = state.legal_moves()
        if i >= skip and len(legal) > 1:
            m = study(state, 1000 + i)
            values = dict(m["values"])
            ranked = list(values)
            best = m["best"]
            second = max((v for mv, v in values.items() if mv != best), default=None)
            clear = second is None or values[best] - second >= t.inaccuracy
            # the move weighed worst, then a few the engine did not weigh
            tries = [ranked[-1], *[mv for mv in legal if mv not in values][:TRIES]]
            for bad in tries if clear else []:
                if bad == best:
                    continue
                moves = play(game, seed, [*line[:i], bad], i + 1 + AFTER)
                record = Record(game, {}, seed, tuple(moves))
                plan = Plan.of(record)
                later = [n for n in plan.studied() if n > i]
                d = assemble(plan, measure_all(plan, positions=[i, *later[:1]]),
                             review)["decisions"][i]
                if d["mark"] == "blunder" and d["better"] == best \
                        and d["loss"] >= MARGIN * t.blunder:
                    print(f"{game} seed {seed} move {i + 1}: {bad} (best {best}: loss "
                          f"{d['loss']:.3f})", flush=True)
                    data = record.to_json()
                    data["expect"] = {"number": i + 1, "mark": "blunder", "better": best}
                    return data
        state = state.play(move)
    return None


def main(games: list[str]) -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    for game in games:
        for seed in range(1, 30):
            print(f"{game}: seed {seed}", flush=True)
            data = find(game, seed, *LOOK.get(game, (40, 0)))
            if data is not None:
                (OUT / f"{game}-blunder.json").write_text(json.dumps(data, indent=1) + "\n")
                break
        else:
            print(f"{game}: no blunder found")


if __name__ == "__main__":
    main(sys.argv[1:] or names())
