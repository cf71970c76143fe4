"""How long the analysis of a whole game takes: a 150-ply Wari game, a 130-turn Akwaier
game, a 2-player Aqua Romana game and a Haaienzee game (the records in
benchmarks/records/analysis-*.json), each analysed by a real ``ludotheek serve`` with its
default computer workers (all cores but one), from POST /api/games/{id}/analysis until
the result is there. Also the CPU seconds of the same work in one process (the work
itself, whatever the machine's load), and the load average while it ran.

    nice .venv/bin/python benchmarks/analysis_speed.py            # all four
    nice .venv/bin/python benchmarks/analysis_speed.py --make     # write the records again

Requirement (issue 19): each at most 60 s on this 2-core machine. Wari's endgame
database must be built (``ludotheek build wari-endgames``): the analysis uses it, as the
server does. The work in one process gets the data folder's data sets as the server's
workers do (``folder.setup``); its row says which implementation the analysis's player used.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
import time
from pathlib import Path

import httpx

from ludotheek.ai.arena import play_game
from ludotheek.analysis import measure
from ludotheek.analysis.local import default_workers, measure_all
from ludotheek.analysis.plan import Plan
from ludotheek.core.record import Record, turns
from ludotheek.data import folder
from ludotheek.games import get

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from benchmarks.analysis_marks import opening_then  # noqa: E402

RECORDS = ROOT / "benchmarks" / "records"
#: game -> (players by seat, options, what the record must have: (measure, at least, at most))
GAMES = {
    "wari": (["normal", "normal"], {}, ("plies", 150, 150)),
    "akwaier": (["strong", "classic", "classic", "classic", "classic", "classic"], {},
                ("turns", 130, 132)),
    "aqua_romana": (["strong", "strong"], {"players": 2}, ("plies", 1, 10_000)),
    "haaienzee": (["strong", "strong"], {}, ("plies", 1, 10_000)),
}
#: random first moves, for games without chance
OPENING = {"wari": 4}


def size(record: Record, what: str) -> int:
    return len(record.moves) if what == "plies" else len(turns(record))


def make(game: str) -> Record:
    specs, options, (what, low, high) = GAMES[game]
    for seed in range(1, 500):
        if game in OPENING:
            record = opening_then(game, options, seed, specs, OPENING[game], seed)
        else:
            record = play_game(get(game), options, seed, specs, player_seed=seed).record
        n = size(record, what)
        print(f"{game} seed {seed}: {n} {what}", flush=True)
        if low <= n <= high:
            return record
    raise SystemExit(f"{game}: no game of {low}-{high} {what} in 500 seeds")


def via_server(record: Record) -> tuple[float, int]:
    """Seconds from the request to the result in a fresh server (default workers)."""
    from tests.serverproc import ServerProcess

    with tempfile.TemporaryDirectory() as tmp:
        db = Path(tmp) / "bench.sqlite3"
        with ServerProcess(db, workers=default_workers()) as server:
            data = record.to_json()
            n = len(get(record.game).seat_names(record.options))
            data["seats"] = [{"type": "computer", "level": "strong"}] * n
            gid = httpx.post(f"{server.url}/api/records", json=data).json()["id"]
            t0 = time.monotonic()
            answer = httpx.post(f"{server.url}/api/games/{gid}/analysis", timeout=60).json()
            while answer["status"] == "running":
                time.sleep(0.2)
                answer = httpx.get(f"{server.url}/api/games/{gid}/analysis", timeout=60).json()
            assert answer["status"] == "done", answer
            return time.monotonic() - t0, answer["total"]


def cpu_seconds(record: Record) -> float:
    """The same positions studied in this process: CPU seconds."""
    plan = Plan.of(record)
    t0 = time.process_time()
    measure_all(plan)
    return time.process_time() - t0


def implementation(record: Record) -> str | None:
    """Which implementation the analysis's player uses here for ``record``'s game."""
    return measure.implementation(record.replay())


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("games", nargs="*", default=list(GAMES))
    ap.add_argument("--make", action="store_true", help="play and write the records again")
    ap.add_argument("--no-cpu", action="store_true", help="only the server's wall-clock time")
    args = ap.parse_args()
    folder.setup()  # the data sets, as the server's workers have them (and the records' players)
    rows = []
    for game in args.games:
        path = RECORDS / f"analysis-{game}.json"
        if args.make or not path.exists():
            RECORDS.mkdir(parents=True, exist_ok=True)
            path.write_text(make(game).dumps() + "\n")
        record = Record.from_json(path.read_text())
        load0 = os.getloadavg()[0]
        seconds, total = via_server(record)
        load1 = os.getloadavg()[0]
        cpu = None if args.no_cpu else cpu_seconds(record)
        rows.append((game, len(record.moves), len(turns(record)), total, seconds, cpu,
                     (load0 + load1) / 2, implementation(record)))
        print(f"{game}: {seconds:.1f} s", flush=True)
    print(f"\nworkers {default_workers()} (the default), {time.strftime('%Y-%m-%d %H:%M')}")
    print(f"{'game':<12}{'plies':>7}{'turns':>7}{'studied':>9}{'server s':>10}{'CPU s':>8}"
          f"{'load':>7}")
    for game, plies, nturns, total, seconds, cpu, load, _ in rows:
        cpu_text = "-" if cpu is None else f"{cpu:.1f}"
        print(f"{game:<12}{plies:>7}{nturns:>7}{total:>9}{seconds:>10.1f}{cpu_text:>8}"
              f"{load:>7.1f}")
    print(json.dumps([dict(zip(("game", "plies", "turns", "studied", "seconds", "cpu",
                                "load", "implementation"), r, strict=True)) for r in rows]))


if __name__ == "__main__":
    main()
