"""The quick review against today's (issue 39): the time per game and per position, and
the agreement of the marks.

- **Time**: four games (the records of ``TIMED``: a 150-ply Wari game, a 262-move Akwaier
  game, a 103-move Aqua Romana game of four, a Haaienzee game) reviewed here in one
  process, one after the other, by today's review (every studied position with the full
  work: ``analysis.local.measure_all``, Python's rollouts and search) and by the quick one
  (``measure_quick``, with the compiled code of ``COMPILED`` provided as the application
  provides it: Akwaier's rollouts, Wari's search), in the same run; wall-clock and CPU
  seconds, and their ratio (the compiled code loaded beforehand: its seconds are reported apart).
- **Marks**: the games of the benchmark set (``benchmarks/review_set.py``: 20 a game,
  fixed seeds, computer players); today's marks from the deep measures kept there, the
  quick review's from its screen and deepening (a deepened position's measure is today's:
  the same study with the same seed, so it is taken from the kept ones). A decision is
  *marked* if it gets inaccuracy, mistake or blunder; precision: the quick review's marks
  today's review makes too; recall: today's marks the quick review makes too. Every
  disagreement is listed.
- **The same measures**: for a game with compiled code (``COMPILED``), every kept measure of
  its benchmark set studied again with the compiled code: how many are today's, to the last
  digit or the same to 1e-9 (Wari's compiled search counts in hundredths of a seed), and the
  marks they give against today's (a deepened position's measure is taken from the kept
  ones above: this is what says that it may be).

    nice .venv/bin/python -m benchmarks.review_speed --out benchmarks/results/review-speed.json

- **The first marks** (``--first --servers <main's src>``): through real servers, today's and
  this one's by turns, the seconds from the request to the first analysis shown and to the
  first with a mark, polled as the page polls, cold (asked as soon as the server answers)
  and warm (after a short review on the same server).

    nice .venv/bin/python -m benchmarks.review_speed --first --servers /work/main/src \
        --out benchmarks/results/review-first.json

``--data FOLDER``: the servers' data folder (``LUDOTHEEK_DATA``, used as it is:
``LUDOTHEEK_BUILDS=load``), e.g. one where ``ludotheek build akwaier-rollouts`` was run;
``--today-data FOLDER`` today's server's, where it differs (a copy of compiled code is
kept for one checkout: numba's cache is keyed by the source's place).
"""

from __future__ import annotations

import argparse
import dataclasses
import importlib
import json
import os
import subprocess
import sys
import time
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from ludotheek.analysis.local import measure_all, measure_quick
from ludotheek.analysis.measure import study
from ludotheek.analysis.plan import Plan
from ludotheek.analysis.quick import quick_measures, screen
from ludotheek.analysis.result import BAD, judge, standings
from ludotheek.analysis.review import review_for
from ludotheek.core import resources
from ludotheek.core.record import Record

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from benchmarks.review_set import SETS, judged, load_deep, load_records, needed  # noqa: E402

RECORDS = ROOT / "benchmarks" / "records"
#: the four games timed: game -> record file
TIMED = {
    "wari": "analysis-wari.json",
    "akwaier": "review-akwaier-262.json",
    "aqua_romana": "review-aqua_romana-103.json",
    "haaienzee": "analysis-haaienzee.json",
}
#: the compiled code a game's quick review is given, as the application's processes have it
#: (today's review, main's, had none): game -> (data set, module)
COMPILED = {"akwaier": ("akwaier-rollouts", "ludotheek.games.akwaier.fast"),
            "wari": ("wari-search", "ludotheek.games.wari.fast")}
#: how far two measures' values may differ and count as the same (Wari's compiled search
#: counts in hundredths of a seed, Python's adds floats: 0.85 there, 0.8500000000000001 here)
CLOSE = 1e-9


def same(a: Mapping[str, Any], b: Mapping[str, Any]) -> bool:
    """Whether two measures of a position are the same: the same best move, exactness and
    note, each move's value and the standing the same to :data:`CLOSE` (not the reason's
    words: a value rounded for them may fall on either side of a tenth)."""
    if (a["best"], a["exact"], a["note"]) != (b["best"], b["exact"], b["note"]):
        return False
    va, vb = dict(a["values"]), dict(b["values"])
    return (va.keys() == vb.keys() and all(abs(va[m] - vb[m]) <= CLOSE for m in va)
            and all(abs(x - y) <= CLOSE for x, y in zip(a["standing"], b["standing"],
                                                        strict=True)))


def provided(game: str) -> tuple[resources.Resources, float]:
    """What the application provides ``game``'s players (its compiled code, loaded now) and
    the seconds the loading took."""
    if game not in COMPILED:
        return resources.NoResources(), 0.0
    name, module = COMPILED[game]
    t0 = time.monotonic()
    fast = importlib.import_module(module)
    fast.warm()
    return resources.StaticResources({name: fast}), time.monotonic() - t0


def marks(plan: Plan, measures: Mapping[int, Mapping[str, Any]],
          numbers: list[int]) -> dict[int, dict[str, Any]]:
    """The judged decisions ``numbers`` of ``plan`` by ``measures``."""
    review = review_for(plan.record.game)
    stand = standings(plan, measures, review)
    wanted = set(numbers)
    return {d["number"]: d for d in judge(plan, measures, review, stand)
            if d["number"] in wanted}


def agreement(game: str, screen_params: dict[str, Any] | None = None,
              deepen: float | None = None) -> dict[str, Any]:
    """The marks of the benchmark set of ``game`` by today's review and the quick one (with
    ``screen_params`` and ``deepen`` in place of the game's, to try others)."""
    review = review_for(game)
    if screen_params is not None and review.screen is not None:
        review = dataclasses.replace(review, screen={**review.screen, **screen_params})
    if deepen is not None:
        review = dataclasses.replace(review, deepen=deepen)
    deep = load_deep(game)
    records = load_records(game)
    both = today_only = quick_only = same_mark = judged_count = 0
    screened = deepened = 0
    cpu_screen = 0.0
    disagreements = []
    for i, record in enumerate(records):
        plan = Plan.of(record)
        kept = {int(n): m for n, m in deep[str(i)]["measures"].items()}
        numbers = judged(game, plan)
        positions = needed(game, plan)
        missing = [n for n in positions if n not in kept]
        if missing:
            raise SystemExit(f"{game} game {i}: deep measures missing; run "
                             f"benchmarks.review_set first")
        today = marks(plan, kept, numbers)

        def run(todo: list[int], full: bool, plan: Plan = plan,
                kept: dict[int, Any] = kept) -> dict[int, dict[str, Any]]:
            nonlocal screened, deepened, cpu_screen
            out = {}
            for n in todo:
                if full:
                    deepened += 1
                    out[n] = kept[n] if n in kept else study(plan.states[n], plan.seed(n))
                else:
                    screened += 1
                    t0 = time.process_time()
                    out[n] = screen(plan.states[n], plan.seed(n), review)
                    cpu_screen += time.process_time() - t0
            return out

        quick = marks(plan, quick_measures(plan, run, review, positions=positions), numbers)
        for n in numbers:
            a, b = today[n], quick[n]
            judged_count += 1
            bad_a, bad_b = a["mark"] in BAD, b["mark"] in BAD
            both += bad_a and bad_b
            same_mark += bad_a and bad_b and a["mark"] == b["mark"]
            today_only += bad_a and not bad_b
            quick_only += bad_b and not bad_a
            if bad_a != bad_b:
                disagreements.append({
                    "record": i, "seed": record.seed, "number": n, "move": a["move"],
                    "today": [a["mark"], round(a["loss"], 3)],
                    "quick": [b["mark"], round(b["loss"], 3)]})
    precision = both / (both + quick_only) if both + quick_only else 1.0
    recall = both / (both + today_only) if both + today_only else 1.0
    return {"game": game, "games": len(records), "decisions": judged_count,
            "marked_today": both + today_only, "marked_quick": both + quick_only,
            "marked_both": both, "same_mark": same_mark,
            "precision": round(precision, 4), "recall": round(recall, 4),
            "positions_screened": screened, "positions_deepened": deepened,
            "screen": dict(review.screen) if review.screen else None,
            "deepen": review.deepen, "disagreements": disagreements}


def timed(game: str) -> dict[str, Any]:
    record = Record.from_json((RECORDS / TIMED[game]).read_text())
    plan = Plan.of(record)
    n = len(plan.studied())
    row: dict[str, Any] = {"game": game, "record": TIMED[game], "moves": len(record.moves),
                           "positions": n}
    given, row["compiled_load_s"] = provided(game)
    found = {}
    for name, how, res in (("today", measure_all, resources.NoResources()),
                           ("quick", measure_quick, given)):
        t0, c0 = time.monotonic(), time.process_time()
        with resources.using(res):
            found[name] = how(plan)
        wall, cpu = time.monotonic() - t0, time.process_time() - c0
        row[name] = {"wall_s": round(wall, 2), "cpu_s": round(cpu, 2),
                     "wall_ms_per_position": round(1000 * wall / max(1, n), 1),
                     "cpu_ms_per_position": round(1000 * cpu / max(1, n), 1)}
    if review_for(game).screen is None:  # no screen: every position as today's
        row["same_measures"] = found["today"] == found["quick"]
    row["ratio_wall"] = round(row["quick"]["wall_s"] / max(1e-9, row["today"]["wall_s"]), 3)
    row["ratio_cpu"] = round(row["quick"]["cpu_s"] / max(1e-9, row["today"]["cpu_s"]), 3)
    return row


def same_measures(game: str) -> dict[str, Any]:
    """Every kept measure of ``game``'s benchmark set studied again with its compiled code:
    how many are today's to the last digit, how many the same (:func:`same`), which are
    not; and the marks the new measures give against today's (precision, recall, the
    disagreements)."""
    given, _ = provided(game)
    deep = load_deep(game)
    records = load_records(game)
    identical = close = 0
    differ = []
    both = today_only = new_only = 0
    disagreements = []
    c0 = time.process_time()
    with resources.using(given):
        for i, record in enumerate(records):
            plan = Plan.of(record)
            kept = {int(n): m for n, m in deep[str(i)]["measures"].items()}
            again = {}
            for n, m in kept.items():
                again[n] = study(plan.states[n], plan.seed(n))
                if again[n] == m:
                    identical += 1
                elif same(again[n], m):
                    close += 1
                else:
                    differ.append({"record": i, "position": n})
            numbers = judged(game, plan)
            today, new = marks(plan, kept, numbers), marks(plan, again, numbers)
            for n in numbers:
                bad_a, bad_b = today[n]["mark"] in BAD, new[n]["mark"] in BAD
                both += bad_a and bad_b
                today_only += bad_a and not bad_b
                new_only += bad_b and not bad_a
                if bad_a != bad_b:
                    disagreements.append({
                        "record": i, "number": n, "move": today[n]["move"],
                        "today": [today[n]["mark"], round(today[n]["loss"], 3)],
                        "compiled": [new[n]["mark"], round(new[n]["loss"], 3)]})
    return {"game": game, "compiled": COMPILED[game][0],
            "measures": identical + close + len(differ), "same": identical + close,
            "identical": identical, "different": differ,
            "marked_both": both, "marked_today_only": today_only,
            "marked_compiled_only": new_only,
            "precision": round(both / (both + new_only), 4) if both + new_only else 1.0,
            "recall": round(both / (both + today_only), 4) if both + today_only else 1.0,
            "disagreements": disagreements, "cpu_s": round(time.process_time() - c0, 2)}


def via_server(game: str, src: str | None = None, data: Path | None = None,
               settle: float = 0.0, warm: bool = False, page_polls: bool = False,
               first_only: bool = False) -> dict[str, Any]:
    """The quick review of the timed record of ``game`` through a real ``ludotheek serve``
    (its default computer workers), polled every 0.5 s (with ``page_polls``, as the page
    polls: every 0.25 s until the first analysis is shown, then every 0.5 s): seconds
    from the request to the first analysis shown, to the first one with a mark, to the
    end. ``src``: the server of another checkout's sources (today's: main's ``src``);
    ``data``: its data folder, used as it is; ``settle``: seconds the server runs before
    the request (its computer workers started, as on a site that has been up a while).
    Asked as soon as the server answers (its computer workers still starting), or with
    ``warm`` after the same server reviewed the first 4 moves of the same game to the end
    (as after a game of that kind played there: the workers started, the game's player
    and data loaded). With ``first_only`` it stops at the first analysis shown with a mark
    (or 60 s after the first shown): no ``done_s``."""
    import tempfile

    import httpx

    from ludotheek.analysis.local import default_workers
    from ludotheek.games import get
    from tests.serverproc import ServerProcess

    record = Record.from_json((RECORDS / TIMED[game]).read_text())

    def imported(server: ServerProcess, record: Record) -> str:
        data = record.to_json()
        data["seats"] = [{"type": "computer", "level": "strong"}] * len(
            get(game).seat_names(record.options))
        state = record.replay()
        if not state.is_over and state.to_move is not None:
            # a person's turn: the computers do not play on (their moves would take the
            # workers the review is timed on)
            data["seats"][state.to_move] = {"type": "person", "name": "Ann"}
        gid: str = httpx.post(f"{server.url}/api/records", json=data, timeout=60).json()["id"]
        return gid

    env = {"PYTHONPATH": src} if src else {}
    if data is not None:
        env.update(LUDOTHEEK_DATA=str(data), LUDOTHEEK_BUILDS="load")
    with tempfile.TemporaryDirectory() as tmp, \
            ServerProcess(Path(tmp) / "bench.sqlite3", workers=default_workers(),
                          extra_env=env or None) as server:
        time.sleep(settle)
        if warm:
            before = Record(record.game, record.options, record.seed, record.moves[:4])
            url = f"{server.url}/api/games/{imported(server, before)}/analysis"
            answer = httpx.post(url, timeout=60).json()
            while answer["status"] == "running":
                time.sleep(0.5)
                answer = httpx.get(url, timeout=60).json()
        gid = imported(server, record)
        load = os.getloadavg()[0]
        t0 = time.monotonic()
        answer = httpx.post(f"{server.url}/api/games/{gid}/analysis", timeout=60).json()
        first = marked = None
        while answer["status"] == "running":
            now = time.monotonic() - t0
            result = answer.get("result")
            if result is not None and first is None:
                first = now
            if result is not None and marked is None and any(
                    d["mark"] in BAD for d in result["decisions"]):
                marked = now
            if first_only and first is not None and (marked is not None or now > first + 60):
                break
            time.sleep(0.5 if first is not None or not page_polls else 0.25)
            answer = httpx.get(f"{server.url}/api/games/{gid}/analysis", timeout=60).json()
        end = time.monotonic() - t0
        if first_only and answer["status"] == "running":
            return {"workers": default_workers(), "warm": warm, "load_average": round(load, 1),
                    "first_shown_s": None if first is None else round(first, 2),
                    "first_mark_s": None if marked is None else round(marked, 2),
                    "done_s": None}
        assert answer["status"] == "done", answer
        if marked is None and any(d["mark"] in BAD for d in answer["result"]["decisions"]):
            marked = end
        return {"workers": default_workers(), "warm": warm, "load_average": round(load, 1),
                "first_shown_s": round(first or end, 2),
                "first_mark_s": None if marked is None else round(marked, 2),
                "done_s": round(end, 2)}


def _run_facts(started: str, load0: float) -> dict[str, Any]:
    """What a results file says of its run: the command, the date, the load average at its
    start and end, the commit."""
    return {"command": "python -m benchmarks.review_speed " + " ".join(sys.argv[1:]),
            "date": started, "load_average": [load0, os.getloadavg()[0]],
            "commit": subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT,
                                     capture_output=True, text=True).stdout.strip()}


def first_shown(args: argparse.Namespace, started: str, load0: float) -> None:
    """``--first``: the first analysis shown, cold and warm, by this checkout's server
    (with ``--servers``, today's too)."""
    rows = []
    for g in args.games:
        if g in TIMED:
            row: dict[str, Any] = {"game": g, "record": TIMED[g]}
            for name, src in (("today", args.servers), ("this", None)):
                if name == "today" and src in (None, "-"):
                    continue
                data = args.today_data if name == "today" and args.today_data else args.data
                row[name] = {
                    "cold": via_server(g, src, data, args.settle, page_polls=True,
                                       first_only=True),
                    "warm": via_server(g, src, data, args.settle, warm=True,
                                       page_polls=True, first_only=True)}
            rows.append(row)
            print(json.dumps(rows[-1]), flush=True)
    if args.out:
        args.out.write_text(json.dumps({
            "what": "issue 39: the first analysis shown by this checkout's server (this; "
                    "today: the server of --servers), polled as the page polls now; cold: "
                    "asked as soon as the server answers; warm: after a review of the "
                    "game's first 4 moves on the same server; each run stopped at the "
                    "first analysis shown with a mark",
            **_run_facts(started, load0), "servers": rows}, indent=1) + "\n")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", nargs="*", default=list(SETS))
    ap.add_argument("--no-time", action="store_true")
    ap.add_argument("--no-marks", action="store_true")
    ap.add_argument("--no-server", action="store_true")
    ap.add_argument("--servers", metavar="TODAY_SRC", default=None,
                    help="only the servers: today's (the server of the sources TODAY_SRC, "
                         "e.g. main's src; '-': none) and this one, by turns, game by game")
    ap.add_argument("--settle", type=float, default=0.0,
                    help="seconds each server runs before the request (its workers started)")
    ap.add_argument("--first", action="store_true",
                    help="only the first analysis shown by this checkout's server (with "
                         "--servers, today's first), polled as the page polls, asked at "
                         "once (cold) and after a short review on the same server (warm), "
                         "game by game")
    ap.add_argument("--screen", type=json.loads, default=None,
                    help="try other screen parameters (JSON), marks only")
    ap.add_argument("--deepen", type=float, default=None, help="try another margin")
    ap.add_argument("--data", type=Path, default=None,
                    help="the servers' data folder, used as it is (LUDOTHEEK_BUILDS=load)")
    ap.add_argument("--today-data", type=Path, default=None,
                    help="today's server's data folder, where it is not --data's (compiled "
                         "code is kept per checkout: numba's cache is keyed by the source's "
                         "place)")
    ap.add_argument("--out", type=Path, default=None)
    args = ap.parse_args()
    started = time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime())
    load0 = os.getloadavg()[0]
    if args.first:
        first_shown(args, started, load0)
        return
    if args.servers:
        rows = []
        for g in args.games:
            if g in TIMED:
                today = (via_server(g, args.servers, args.today_data or args.data,
                                    args.settle)
                         if args.servers != "-" else None)
                quick = via_server(g, data=args.data, settle=args.settle)
                rows.append({"game": g, "record": TIMED[g], "today": today, "quick": quick,
                             "settle_s": args.settle})
                if today is not None:
                    rows[-1]["ratio_done"] = round(quick["done_s"] / today["done_s"], 3)
                print(json.dumps(rows[-1]), flush=True)
        if args.out:
            args.out.write_text(json.dumps({
                "what": "issue 39: the review through a real server, today's (the server of "
                        f"{args.servers}) and the quick one (this checkout), game by game "
                        "in the same run",
                **_run_facts(started, load0), "servers": rows}, indent=1) + "\n")
        return
    times = [] if args.no_time else [timed(g) for g in args.games if g in TIMED]
    if not args.no_server:
        for row in times:
            row["server_quick"] = via_server(row["game"], data=args.data)
    agree = [] if args.no_marks else [agreement(g, args.screen, args.deepen)
                                      for g in args.games]
    agreed = [] if args.no_marks else [same_measures(g) for g in args.games if g in COMPILED]
    out = {"what": "issue 39: the quick review (analysis.quick) against today's (every "
                   "position with the full work), same games, same run",
           **_run_facts(started, load0),
           "engines": {g: review_for(g).engine() for g in args.games},
           "time": times, "marks": agree, "same_measures": agreed}
    print(f"{'game':<12}{'moves':>6}{'pos':>5}{'today CPU s':>12}{'quick CPU s':>12}"
          f"{'today ms/pos':>13}{'quick ms/pos':>13}{'ratio':>7}{'server s':>9}"
          f"{'1st shown':>10}{'1st mark':>9}")
    for r in times:
        srv = r.get("server_quick") or {}
        print(f"{r['game']:<12}{r['moves']:>6}{r['positions']:>5}{r['today']['cpu_s']:>12.1f}"
              f"{r['quick']['cpu_s']:>12.1f}{r['today']['cpu_ms_per_position']:>13.0f}"
              f"{r['quick']['cpu_ms_per_position']:>13.0f}{r['ratio_cpu']:>7.2f}"
              f"{srv.get('done_s', float('nan')):>9.1f}"
              f"{srv.get('first_shown_s', float('nan')):>10.1f}"
              f"{srv.get('first_mark_s') or float('nan'):>9.1f}")
    for a in agree:
        print(f"{a['game']}: {a['games']} games, {a['decisions']} decisions judged; marked "
              f"today {a['marked_today']}, quick {a['marked_quick']}, both {a['marked_both']}; "
              f"precision {a['precision']:.3f}, recall {a['recall']:.3f}; positions screened "
              f"{a['positions_screened']}, deepened {a['positions_deepened']}")
        for d in a["disagreements"]:
            print(f"    game {d['record']} (seed {d['seed']}) move {d['number']} {d['move']}: "
                  f"today {d['today']}, quick {d['quick']}")
    for m in agreed:
        print(f"{m['game']}: {m['same']} of {m['measures']} kept measures the same with "
              f"{m['compiled']} ({m['identical']} to the last digit; {m['cpu_s']} CPU s); "
              f"different: {m['different']}; its marks: precision {m['precision']:.3f}, "
              f"recall {m['recall']:.3f}, disagreements {m['disagreements']}")
    if args.out:
        args.out.write_text(json.dumps(out, indent=1) + "\n")


if __name__ == "__main__":
    main()
