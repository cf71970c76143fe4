"""How much of its time Wari's ``strong`` uses (issue 40): the share of its budget it
spends per position, the depth it reaches and why it stops, for two players in the same
run (by default ``strong``, which spends its time, and ``strong:stop=half``, the rule
before issue 40: stop deepening once half the time is gone).

The positions: games of a fast player against itself (``--source``, default ``master``:
6 plies, no clock) after 4 random plies (seeds ``--seed`` ... ``--seed + games - 1``);
every ``--every``-th position of each game. Each position is decided by both players in
turn (which goes first alternates), each as the server makes a move (``renew``: the
search's table emptied, no time of another move in it), with ``--seconds`` of wall-clock
time. A position is *searched* when the search decided it; the others are the openings
book's, the endgame database's (at most 18 seeds: exact, no time needed), or a single
legal move. Among the searched, *proven* ones stopped early because the search found the
exact result (``search.stop_early``). The share of the budget is reported over the
searched positions that are not proven: mean, median and 10th percentile; with the
depth reached, and how far a move went over its budget (the overrun, ms).

The lead's measurement (100 games, 1 s a move; two processes on the two cores, nothing
else running; about 50 minutes each):

    ludotheek build wari-search && ludotheek build wari-endgames
    for k in 0 1; do LUDOTHEEK_BUILDS=load nice -n 5 .venv/bin/python \\
        benchmarks/wari_time_use.py --games 100 --seconds 1 --part $k/2 \\
        --out benchmarks/results/wari-time-use-$(date +%F)-part$k.jsonl & done; wait
    .venv/bin/python benchmarks/wari_time_use.py --summary \\
        benchmarks/results/wari-time-use-$(date +%F)-part*.jsonl

A quick look (what was run while writing it, on a busy machine):

    LUDOTHEEK_BUILDS=load nice .venv/bin/python benchmarks/wari_time_use.py \\
        --games 10 --seconds 0.2 --every 8

``--rules abapa`` measures under the Abapa rules; ``--players`` takes other specs.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
from collections import Counter
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

from ludotheek.ai import players
from ludotheek.ai.arena import make_player
from ludotheek.core import resources as core
from ludotheek.core.rng import Rng
from ludotheek.games.wari import GAME, WariState
from ludotheek.games.wari.data import SEARCH
from ludotheek.games.wari.strong import StrongPlayer

DEFAULT_PLAYERS = ("strong", "strong:stop=half")


def game_positions(seed: int, source: str, every: int, rules: str,
                   plies: int = 4) -> list[WariState]:
    """Every ``every``-th position (from the first after the random plies) of a game of
    ``source`` against itself after ``plies`` random plies drawn from ``seed``."""
    rng = Rng.from_seed(seed)
    state = GAME.new(seed=seed, rules=rules)
    assert isinstance(state, WariState)
    for _ in range(plies):
        if state.is_over:
            break
        state = state.play(rng.choice(state.legal_moves()))
    made = [make_player("wari", source, seed * 2 + k) for k in (0, 1)]
    out: list[WariState] = []
    k = 0
    while not state.is_over and state.ply < GAME.max_moves:
        if k % every == 0:
            out.append(state)
        k += 1
        mover = state.to_move
        assert mover is not None
        player, own = made[mover]
        nxt = state.play(player.choose(state, own))
        assert isinstance(nxt, WariState)
        state = nxt
    return out


def strong(spec: str) -> StrongPlayer:
    name, params = players.parse_spec(spec)
    player = players.get("wari", name, **params)
    if not isinstance(player, StrongPlayer):
        raise SystemExit(f"{spec}: not a strong player (its decisions have no search stats)")
    return player


def decide(player: StrongPlayer, state: WariState, seconds: float) -> dict[str, Any]:
    """One decision as the server makes it, timed: its kind (``search``, ``book``,
    ``database``, ``single``), the wall-clock and CPU seconds, and the search's depth,
    nodes and reason to stop."""
    player.renew()
    wall, cpu = time.perf_counter(), time.thread_time()
    a = player.decide(state, seconds)
    wall, cpu = time.perf_counter() - wall, time.thread_time() - cpu
    stats = a.stats
    kind = ("database" if stats.get("database") else "book" if stats.get("book")
            else "search" if "depth" in stats else "single")
    out: dict[str, Any] = {"kind": kind, "wall": round(wall, 4), "cpu": round(cpu, 4),
                           "share": round(wall / seconds, 4), "move": a.move}
    if kind == "search":
        out.update(depth=stats["depth"], nodes=stats["nodes"], stop=stats["stop"],
                   search=stats["seconds"])  # the search's own time, without the player's
    return out


def _at(values: Sequence[float], fraction: float) -> float:
    return sorted(values)[int(fraction * (len(values) - 1))]


def summarise(rows: Iterable[dict[str, Any]], specs: Sequence[str]) -> dict[str, Any]:
    """Per player: its decisions by kind and reason to stop, and over the searched
    positions whose result was not proven the share of the budget (mean, median, 10th
    percentile), the CPU share, the depth reached and the overrun past the budget."""
    rows = list(rows)
    out: dict[str, Any] = {"positions": len(rows)}
    for spec in specs:
        mine = [r["players"][spec] for r in rows if spec in r["players"]]
        budget = [r["seconds"] for r in rows if spec in r["players"]]
        kinds = Counter(d["kind"] for d in mine)
        stops = Counter(d["stop"] for d in mine if d["kind"] == "search")
        timed = [(d, s) for d, s in zip(mine, budget, strict=True)
                 if d["kind"] == "search" and d["stop"] not in ("proven", "single")]
        shares = [d["share"] for d, _ in timed]
        entry: dict[str, Any] = {"decisions": dict(kinds), "stops": dict(stops),
                                 "measured": len(timed)}
        if timed:
            over = [1000 * (d["wall"] - s) for d, s in timed]
            after = [1000 * (d["wall"] - d["search"]) for d, _ in timed]
            depths = [d["depth"] for d, _ in timed]
            entry.update(
                share_mean=round(statistics.mean(shares), 3),
                share_median=round(_at(shares, 0.5), 3),
                share_p10=round(_at(shares, 0.1), 3),
                cpu_share_mean=round(statistics.mean(d["cpu"] / s for d, s in timed), 3),
                depth_mean=round(statistics.mean(depths), 1),
                depth_median=_at(depths, 0.5),
                overrun_ms_max=round(max(over), 1),
                overrun_ms_p99=round(_at(over, 0.99), 1),
                overrun_ms_median=round(_at(over, 0.5), 1),
                # of which after the search (the player's own work): median, max
                after_search_ms=[round(_at(after, 0.5), 1), round(max(after), 1)])
        out[spec] = entry
    return out


def table(summary: dict[str, Any], specs: Sequence[str]) -> str:
    """The summary as a Markdown table (docs/strength.md)."""
    head = ("| player | searched (not proven) | proven | database / book / single | "
            "share mean | median | 10th pct | CPU share | depth mean (median) | "
            "overrun median / p99 / max ms |")
    lines = [head, "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|"]
    for spec in specs:
        e = summary.get(spec)
        if not e or not e["measured"]:
            continue
        k = e["decisions"]
        lines.append(
            f"| `{spec}` | {e['measured']} | {e['stops'].get('proven', 0)} | "
            f"{k.get('database', 0)} / {k.get('book', 0)} / {k.get('single', 0)} | "
            f"{e['share_mean']:.0%} | {e['share_median']:.0%} | {e['share_p10']:.0%} | "
            f"{e['cpu_share_mean']:.0%} | {e['depth_mean']} ({e['depth_median']}) | "
            f"{e['overrun_ms_median']} / {e['overrun_ms_p99']} / {e['overrun_ms_max']} |")
    return "\n".join(lines)


def run(games: int, seed: int, seconds: float, every: int, specs: Sequence[str],
        source: str, rules: str, part: tuple[int, int] = (0, 1), out: Path | None = None,
        log: Any = sys.stderr) -> list[dict[str, Any]]:
    """Decide the positions of games ``seed`` ... (this part's: game ``g`` where
    ``g % parts == k``) by each of ``specs``; one JSON line per position to ``out`` (a
    position already there is not decided again: a run that stopped goes on)."""
    made = {spec: strong(spec) for spec in specs}
    known: dict[tuple[int, int], dict[str, Any]] = {}
    if out is not None and out.exists():
        for line in out.read_text(encoding="utf-8").splitlines():
            if line.strip():
                r = json.loads(line)
                if r["seconds"] == seconds and r["rules"] == rules and r["source"] == source:
                    known[(r["game"], r["ply"])] = r
    rows: list[dict[str, Any]] = []
    warmed = False
    k, parts = part
    for g in range(seed, seed + games):
        if (g - seed) % parts != k:
            continue
        for i, state in enumerate(game_positions(g, source, every, rules)):
            if (g, state.ply) in known:
                rows.append(known[(g, state.ply)])
                continue
            if not warmed:  # the process's one-time loads (machine code, the database)
                for player in made.values():
                    player.decide(state, seconds)
                warmed = True
            order = list(specs) if i % 2 == 0 else list(reversed(specs))
            decided = {spec: decide(made[spec], state, seconds) for spec in order}
            row = {"game": g, "ply": state.ply, "seeds": sum(state.board), "rules": rules,
                   "source": source, "seconds": seconds, "players": decided,
                   "load": round(os.getloadavg()[0], 2)}
            rows.append(row)
            if out is not None:
                with out.open("a", encoding="utf-8") as fh:
                    fh.write(json.dumps(row) + "\n")
        print(f"game {g}: {len(rows)} positions so far", file=log, flush=True)
    return rows


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n")[0])
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--seconds", type=float, default=1.0)
    parser.add_argument("--every", type=int, default=4, help="every Nth position of a game")
    parser.add_argument("--players", default=",".join(DEFAULT_PLAYERS))
    parser.add_argument("--source", default="master", help="the player of the games")
    parser.add_argument("--rules", default="applet", choices=("applet", "abapa"))
    parser.add_argument("--part", default="0/1", help="k/n: this process's share of games")
    parser.add_argument("--out", type=Path, default=None, help="JSON lines, one a position")
    parser.add_argument("--summary", type=Path, nargs="*", default=None,
                        help="summarise these --out files and stop")
    args = parser.parse_args(argv)
    specs = [s.strip() for s in args.players.split(",") if s.strip()]
    if args.summary is not None:
        rows = [json.loads(line) for path in args.summary
                for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]
        found = list(dict.fromkeys(spec for r in rows for spec in r["players"]))
        summary = summarise(rows, found)
        print(json.dumps(summary, indent=1))
        print(table(summary, found))
        return
    from ludotheek.data import folder

    folder.setup()  # the data sets, as the command line provides them
    if core.current().get(SEARCH) is None:
        raise SystemExit("the compiled search is not built: ludotheek build wari-search")
    k, _, n = args.part.partition("/")
    load = os.getloadavg()
    started = time.strftime("%Y-%m-%d %H:%M")
    rows = run(args.games, args.seed, args.seconds, args.every, specs, args.source,
               args.rules, (int(k), int(n)), args.out)
    summary = summarise(rows, specs)
    summary.update(started=started, ended=time.strftime("%Y-%m-%d %H:%M"),
                   load_before=[round(x, 2) for x in load],
                   load_after=[round(x, 2) for x in os.getloadavg()])
    print(json.dumps(summary, indent=1))
    print(table(summary, specs))


if __name__ == "__main__":
    main()
