"""Akwaier: two runs of ``benchmarks/akwaier_paired.py`` (their ``--out`` files, the
same ``--games``, ``--seed`` and ``--turn``) compared game by game: the wins of one
variant of each and the games whose result changed, each way.

    python benchmarks/akwaier_paired_diff.py A.jsonl 0 B.jsonl 0

(the file and the index of the variant in its lines' ``results``; the default is
index 0 of a run that played it). The default's games replay exactly, so a run
with ``--without-default`` is compared with an earlier run's default this way.
"""

from __future__ import annotations

import json
import sys


def results(path: str, k: int) -> dict[int, float]:
    with open(path) as f:
        return {d["game"]: d["results"][k] for d in map(json.loads, f) if d}


def main() -> None:
    a_path, a_k, b_path, b_k = sys.argv[1:5]
    a, b = results(a_path, int(a_k)), results(b_path, int(b_k))
    games = sorted(set(a) & set(b))
    wa = sum(a[g] for g in games)
    wb = sum(b[g] for g in games)
    better = sum(1 for g in games if b[g] > a[g])
    worse = sum(1 for g in games if b[g] < a[g])
    print(f"{len(games)} games: first {wa:.1f} wins, second {wb:.1f}; the second better in "
          f"{better}, worse in {worse}")


if __name__ == "__main__":
    main()
