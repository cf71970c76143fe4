"""A Wari match on an opening set, as engines are measured (issue 40): every opening
played twice with the colours swapped, so that no game is played twice, two players by
level or spec; each game a JSON line as it ends (resumable); the score with a confidence
interval, each player's mean depth and share of its time used, and the load.

**The opening set** (``--make-openings``): every position after 2, 3 and 4 plies from the
start (4 seeds a cup; each position once, however reached), valued by the compiled search
to ``--depth`` plies (default 14; no book, no clock: repeatable) as the expected final
margin for South, who moved first; the ``--count`` positions of smallest absolute value
(ties: fewer plies first, then the moves' order) are the set: near-equal positions, none
a transposition of another. Written to ``benchmarks/records/wari-openings-<rules>.json``
(the moves, the value, the search) once, and read from there by every match, so that a
match and its rerun play the same openings.

**A game**: opening ``k`` with player A as South (``swap`` false) or as North (``swap``
true); the players are made once a game (their tables kept from move to move, as in a
game against a person) and given ``--seconds`` a move (default: each player's own, 1 s for
``strong``). A player that says how it searched (``strong``'s ``decide``) has its depth and
reason to stop kept per move; the share of the budget is each move's wall-clock time over
the budget, over the moves its search decided (not the openings book's, the endgame
database's or a single legal move's).

**The report** (``--summary``, and at the end of a run): A's score (a win 1, a draw ½)
with a 95% interval from the pairs of games on one opening (pentanomial: the two games'
sum, 0-2, per opening, as engine testing does: the openings' own bias cancels), the Elo
difference it means, wins, draws and losses; per player the mean depth, the share of the
budget (mean and median) and the mean seconds a move; the load average over the games.

    # once (a few minutes): the opening sets
    nice .venv/bin/python benchmarks/wari_match.py --make-openings --rules applet
    nice .venv/bin/python benchmarks/wari_match.py --make-openings --rules abapa
    # the match (two processes on the two cores; run again to go on after a stop)
    for k in 0 1; do LUDOTHEEK_BUILDS=load nice -n 5 .venv/bin/python \\
        benchmarks/wari_match.py strong strong:stop=half --openings 150 --part $k/2 \\
        --out benchmarks/results/wari-strong-vs-half-$(date +%F).jsonl & done; wait
    .venv/bin/python benchmarks/wari_match.py --summary \\
        benchmarks/results/wari-strong-vs-half-$(date +%F).jsonl
"""

from __future__ import annotations

import argparse
import json
import math
import os
import statistics
import sys
import time
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

from ludotheek.ai.arena import make_player
from ludotheek.ai.base import implementation_of
from ludotheek.games.wari import GAME, WariState

RECORDS = Path(__file__).resolve().parent / "records"


def openings_path(rules: str) -> Path:
    return RECORDS / f"wari-openings-{rules}.json"


def start(rules: str) -> WariState:
    state = GAME.new(rules=rules)
    assert isinstance(state, WariState)
    return state


def after(rules: str, moves: Sequence[str]) -> WariState:
    state = start(rules)
    for move in moves:
        nxt = state.play(move)
        assert isinstance(nxt, WariState)
        state = nxt
    return state


def _key(state: WariState) -> tuple[Any, ...]:
    return (state.board, state.stores, state.to_move)


def make_openings(rules: str, plies: Sequence[int] = (2, 3, 4), depth: int = 14,
                  count: int = 150, log: Any = sys.stderr) -> dict[str, Any]:
    """The opening set (see the module's text): every position after ``plies`` plies,
    each once, valued by the compiled search to ``depth`` plies; the ``count`` nearest to
    equal."""
    from ludotheek.games.wari.fast import FastSearcher

    seen: dict[tuple[Any, ...], list[str]] = {}
    level: list[list[str]] = [[]]
    for ply in range(1, max(plies) + 1):
        nxt: list[list[str]] = []
        for moves in level:
            state = after(rules, moves)
            for move in state.legal_moves():
                line = [*moves, move]
                child = after(rules, line)
                if child.is_over:
                    continue
                nxt.append(line)
                if ply in plies:
                    seen.setdefault(_key(child), line)
        level = nxt
    searcher = FastSearcher()
    rows: list[tuple[float, list[str]]] = []
    began = time.perf_counter()
    for i, line in enumerate(seen.values()):
        state = after(rules, line)
        mover = state.to_move
        assert mover is not None
        searcher.reset()
        r = searcher.run(state, None, depth)
        lead = state.stores[mover] - state.stores[1 - mover]
        south = (lead + r.value) * (1 if mover == 0 else -1)
        rows.append((round(south, 2) + 0.0, line))  # (+ 0.0: no -0.0)
        if (i + 1) % 100 == 0:
            print(f"{i + 1}/{len(seen)} positions, {time.perf_counter() - began:.0f} s",
                  file=log, flush=True)
    rows.sort(key=lambda r: (abs(r[0]), len(r[1]), r[1]))
    chosen = rows[:count]
    return {"rules": rules, "seeds_per_cup": 4, "plies": list(plies), "depth": depth,
            "positions": len(rows), "made": time.strftime("%Y-%m-%d %H:%M"),
            "largest": max((abs(v) for v, _ in chosen), default=0.0),
            "openings": [{"moves": line, "south": v} for v, line in chosen]}


def load_openings(rules: str, path: Path | None = None) -> list[list[str]]:
    data = json.loads((path or openings_path(rules)).read_text(encoding="utf-8"))
    if data["rules"] != rules:
        raise SystemExit(f"{path}: an opening set of the {data['rules']} rules, not {rules}")
    return [list(o["moves"]) for o in data["openings"]]


def play(rules: str, opening: Sequence[str], specs: Sequence[str], seconds: float | None,
         seed: int) -> dict[str, Any]:
    """One game from ``opening``; ``specs[seat]`` plays ``seat``. Per seat: each move's
    wall-clock seconds and budget, and for a searching player its depth and reason to
    stop (or what decided the move: ``book``, ``database``, ``single``)."""
    made = [make_player("wari", spec, seed * 2 + seat) for seat, spec in enumerate(specs)]
    budgets = [seconds if seconds is not None else own for _, own in made]
    state = after(rules, opening)
    moves: list[str] = []
    log: list[list[dict[str, Any]]] = [[], []]
    while not state.is_over:
        if state.ply >= GAME.max_moves:
            adjudicated = state.adjudicate()
            assert isinstance(adjudicated, WariState)
            state = adjudicated
            break
        mover = state.to_move
        assert mover is not None
        player, _ = made[mover]
        budget = budgets[mover]
        decide = getattr(player, "decide", None)
        t0 = time.perf_counter()
        if decide is not None:
            a = decide(state, budget)
            move, stats = a.move, a.stats
        else:
            move, stats = player.choose(state, budget), {}
        wall = time.perf_counter() - t0
        kind = ("database" if stats.get("database") else "book" if stats.get("book")
                else "search" if "depth" in stats else "single" if decide else "move")
        entry: dict[str, Any] = {"s": round(wall, 4), "kind": kind}
        if kind == "search":
            entry.update(depth=stats["depth"], stop=stats["stop"])
        log[mover].append(entry)
        moves.append(move)
        nxt = state.play(move)
        assert isinstance(nxt, WariState)
        state = nxt
    return {"moves": moves, "stores": list(state.stores), "winners": state.winners(),
            "end": state.end_reason, "budgets": budgets, "log": log}


def game_row(k: int, swap: bool, opening: Sequence[str], a: str, b: str, rules: str,
             seconds: float | None, seed: int) -> dict[str, Any]:
    specs = [b, a] if swap else [a, b]
    t0 = time.perf_counter()
    g = play(rules, opening, specs, seconds, seed * 1000 + 2 * k + int(swap))
    a_seat = 1 if swap else 0
    w = g.pop("winners")
    return {"opening": k, "swap": swap, "a": a, "b": b, "a_seat": a_seat, "rules": rules,
            "seconds": seconds, "seed": seed, "opening_moves": list(opening),
            "result_a": 0.5 if not w else (1.0 if w == [a_seat] else 0.0),
            "margin_a": g["stores"][a_seat] - g["stores"][1 - a_seat], **g,
            "wall": round(time.perf_counter() - t0, 1),
            "load": [round(x, 2) for x in os.getloadavg()],
            "ended": time.strftime("%Y-%m-%d %H:%M:%S")}


def _same_match(row: dict[str, Any], a: str, b: str, rules: str, seconds: float | None,
                seed: int) -> bool:
    return (row["a"], row["b"], row["rules"], row["seconds"], row["seed"]) == (
        a, b, rules, seconds, seed)


def searches(specs: Sequence[str], rules: str) -> list[str | None]:
    """Which search each player of ``specs`` uses here: ``compiled`` (numba's, as the
    application has it once built), ``python`` (the reference search, where the compiled one
    is not built in the data folder: far fewer nodes a second), None for a player that does
    not search (after :func:`warm`: the data sets are open)."""
    state = GAME.new(rules=rules)
    return [implementation_of(make_player("wari", spec, 0)[0], state) for spec in specs]


def warm(specs: Sequence[str], rules: str, opening: Sequence[str]) -> None:
    """The process's one-time loads before the first game, not in a move's time: the
    compiled search's machine code, the endgame database (opened, a tier's block read),
    the openings book."""
    positions = [after(rules, opening),
                 GAME.position([1, 0, 2, 0, 1, 1, 0, 2, 1, 0, 1, 1], to_move=0, rules=rules)]
    for spec in specs:
        player, own = make_player("wari", spec, 0)
        for state in positions:
            player.choose(state, 0.05 if own is None else min(own, 0.05))


def run(a: str, b: str, openings: Sequence[Sequence[str]], rules: str,
        seconds: float | None, out: Path, seed: int = 0, part: tuple[int, int] = (0, 1),
        log: Any = sys.stderr, compiled: bool = False) -> list[dict[str, Any]]:
    """Every opening twice, colours swapped, this part's games (game ``2k + swap`` where
    ``% parts == part``) that ``out`` does not hold yet; every game of the match in
    ``out`` afterwards. Each game's row says which search each player used (``search``:
    A's, B's); ``compiled``: stop before the first game where a player would search with
    Python's search (the compiled one not built in the data folder: a match of the
    application's players measures the compiled search)."""
    done = {(r["opening"], r["swap"]) for r in read(out)
            if _same_match(r, a, b, rules, seconds, seed)}
    k_part, parts = part
    warmed = False
    kinds: list[str | None] = []
    for k, opening in enumerate(openings):
        for swap in (False, True):
            if (2 * k + int(swap)) % parts != k_part or (k, swap) in done:
                continue
            if not warmed:
                warm((a, b), rules, opening)
                kinds = searches((a, b), rules)
                if compiled and "python" in kinds:
                    raise SystemExit(
                        f"{a if kinds[0] == 'python' else b} would search with Python's "
                        f"search: the compiled search is not built in this data folder "
                        f"(ludotheek build wari-search), or give --python-search")
                warmed = True
            row = {**game_row(k, swap, opening, a, b, rules, seconds, seed),
                   "search": kinds}
            with out.open("a", encoding="utf-8") as fh:
                fh.write(json.dumps(row) + "\n")
            print(f"opening {k} {'swapped' if swap else 'as set'}: A "
                  f"{row['result_a']:g} ({row['margin_a']:+d}), {row['wall']} s",
                  file=log, flush=True)
    return [r for r in read(out) if _same_match(r, a, b, rules, seconds, seed)]


def read(path: Path) -> list[dict[str, Any]]:
    if not path.exists():
        return []
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()
            if line.strip()]


def elo(score: float) -> float:
    score = min(max(score, 1e-6), 1 - 1e-6)
    return -400 * math.log10(1 / score - 1)


def _player(rows: Iterable[dict[str, Any]], a_side: bool) -> dict[str, Any]:
    """One player's moves over ``rows``: what decided them, the mean depth and share of
    the budget of those its search decided without a proven result or a single move (the
    share where it had a budget), the mean seconds a move."""
    depths: list[int] = []
    shares: list[float] = []
    every: list[float] = []
    kinds: dict[str, int] = {}
    for r in rows:
        seat = r["a_seat"] if a_side else 1 - r["a_seat"]
        budget = r["budgets"][seat]
        for m in r["log"][seat]:
            every.append(m["s"])
            kinds[m["kind"]] = kinds.get(m["kind"], 0) + 1
            if m["kind"] == "search" and m["stop"] not in ("proven", "single"):
                depths.append(m["depth"])
                if budget:
                    shares.append(m["s"] / budget)
    out: dict[str, Any] = {"moves": len(every), "kinds": kinds, "searched": len(depths),
                           "seconds_mean": round(statistics.mean(every), 3) if every else None}
    if depths:
        out["depth_mean"] = round(statistics.mean(depths), 1)
    if shares:
        shares.sort()
        out.update(share_mean=round(statistics.mean(shares), 3),
                   share_median=round(shares[len(shares) // 2], 3))
    return out


def summarise(rows: Sequence[dict[str, Any]]) -> dict[str, Any]:
    """The match's report (see the module's text) from its games."""
    if not rows:
        return {"games": 0}
    n = len(rows)
    points = sum(r["result_a"] for r in rows)
    score = points / n
    pairs: dict[int, list[float]] = {}
    for r in rows:
        pairs.setdefault(r["opening"], []).append(r["result_a"])
    whole = [sum(v) / 2 for v in pairs.values() if len(v) == 2]
    if len(whole) >= 2:  # the pairs' spread (pentanomial)
        half = 1.96 * statistics.stdev(whole) / math.sqrt(len(whole))
    else:  # too few pairs: the games' own (trinomial)
        spread = statistics.pstdev([r["result_a"] for r in rows]) if n > 1 else 0.5
        half = 1.96 * spread / math.sqrt(n)
    lo, hi = max(0.0, score - half), min(1.0, score + half)
    loads = [r["load"][0] for r in rows]
    return {
        "a": rows[0]["a"], "b": rows[0]["b"], "rules": rows[0]["rules"],
        "seconds": rows[0]["seconds"], "games": n, "pairs": len(whole),
        "wins_a": sum(r["result_a"] == 1.0 for r in rows),
        "draws": sum(r["result_a"] == 0.5 for r in rows),
        "losses_a": sum(r["result_a"] == 0.0 for r in rows),
        "score_a": round(score, 4), "interval_95": [round(lo, 4), round(hi, 4)],
        "elo_a": round(elo(score), 1), "elo_interval": [round(elo(lo), 1), round(elo(hi), 1)],
        "mean_margin_a": round(statistics.mean(r["margin_a"] for r in rows), 2),
        "player_a": _player(rows, True), "player_b": _player(rows, False),
        "load": {"min": min(loads), "mean": round(statistics.mean(loads), 2),
                 "max": max(loads)},
        "first": min(r["ended"] for r in rows), "last": max(r["ended"] for r in rows),
    }


def table(s: dict[str, Any]) -> str:
    """The report as a Markdown table (docs/strength.md)."""
    lines = [f"{s['a']} against {s['b']} ({s['rules']} rules, {s['games']} games, "
             f"{s['pairs']} pairs): score {s['score_a']:.1%} "
             f"({s['interval_95'][0]:.1%}-{s['interval_95'][1]:.1%}), Elo {s['elo_a']:+.0f} "
             f"({s['elo_interval'][0]:+.0f} to {s['elo_interval'][1]:+.0f}); "
             f"+{s['wins_a']} ={s['draws']} -{s['losses_a']}; load average "
             f"{s['load']['min']}-{s['load']['max']} (mean {s['load']['mean']})",
             "", "| player | moves | searched | mean depth | share of budget mean / median | "
             "s a move |", "|---|---:|---:|---:|---:|---:|"]
    for name, p in ((s["a"], s["player_a"]), (s["b"], s["player_b"])):
        share = (f"{p['share_mean']:.0%} / {p['share_median']:.0%}" if "share_mean" in p
                 else "-")
        lines.append(f"| `{name}` | {p['moves']} | {p.get('searched', 0)} | "
                     f"{p.get('depth_mean', '-')} | {share} | {p['seconds_mean']} |")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n")[0])
    parser.add_argument("a", nargs="?", help="player A: a level or a spec")
    parser.add_argument("b", nargs="?", help="player B")
    parser.add_argument("--rules", default="applet", choices=("applet", "abapa"))
    parser.add_argument("--openings", type=int, default=None,
                        help="the first N openings of the set (default: all)")
    parser.add_argument("--openings-file", type=Path, default=None)
    parser.add_argument("--seconds", type=float, default=None,
                        help="a move's time for both (default: each player's own)")
    parser.add_argument("--seed", type=int, default=0, help="the players' seeds")
    parser.add_argument("--part", default="0/1", help="k/n: this process's share of games")
    parser.add_argument("--out", type=Path, help="JSON lines, one a game")
    parser.add_argument("--summary", type=Path, nargs="*", default=None,
                        help="report on these --out files and stop")
    parser.add_argument("--python-search", action="store_true",
                        help="play even where a player would use Python's search (the "
                        "compiled one not built): not the application's speed")
    parser.add_argument("--make-openings", action="store_true",
                        help="make the opening set of --rules and stop")
    parser.add_argument("--depth", type=int, default=14, help="the opening set's search")
    parser.add_argument("--count", type=int, default=150, help="openings in the set")
    args = parser.parse_args(argv)
    if args.summary is not None:
        rows = [r for path in args.summary for r in read(path)]
        s = summarise(rows)
        print(json.dumps(s, indent=1))
        if rows:
            print(table(s))
        return
    from ludotheek.data import folder

    folder.setup()  # the data sets (and numba's cache), as the command line provides them
    if args.make_openings:
        made = make_openings(args.rules, depth=args.depth, count=args.count)
        path = args.openings_file or openings_path(args.rules)
        path.write_text(json.dumps(made, indent=1) + "\n", encoding="utf-8")
        print(f"{path}: {len(made['openings'])} of {made['positions']} positions, "
              f"|value| at most {made['largest']} seeds")
        return
    if not (args.a and args.b and args.out):
        parser.error("two players and --out, or --summary FILE, or --make-openings")
    openings = load_openings(args.rules, args.openings_file)[: args.openings]
    k, _, n = args.part.partition("/")
    rows = run(args.a, args.b, openings, args.rules, args.seconds, args.out, args.seed,
               (int(k), int(n)), compiled=not args.python_search)
    s = summarise(rows)
    print(json.dumps(s, indent=1))
    print(table(s))


if __name__ == "__main__":
    main()
