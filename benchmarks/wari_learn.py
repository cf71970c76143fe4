"""Wari's learned evaluation (issue 40): its data set and its fit, reproducibly from a seed.

``data``: positions labelled by perfect play and by deep search, written to
``benchmarks/records/wari-learn-<seed>.npz`` (350 KB for the seed of ``learned_model.py``,
kept in git so that the fit is repeated without the searches' ten minutes), with
``--rules abapa`` to ``wari-learn-abapa-<seed>.npz``: the games, the boards, the database
(``wari-endgames-abapa``) and the search are then the Abapa rules' (where a grand slam is
legal and captures nothing):

- a pool of positions from ``--games`` games from the start (4 seeds a cup), each ply a
  random legal move, or (one ply in three) the largest capture, from the seed's generator;
  every position where the game goes on, seen from the side to move (both sides move);
- ``--per-count`` positions of each seed count 2-18, labelled by the endgame database
  (the exact value under perfect play: the mover's net gain from the board): half from the
  pool, the rest random boards of that many seeds where the mover has a legal move;
- ``--search`` positions of the pool with 19-48 seeds (about as many of each count),
  labelled by the compiled search of today's ``strong`` evaluation to ``--depth`` plies
  with the database at its leaves (a new table each: repeatable), its value for the mover.

``fit``: ridge least squares (numpy) of the model of ``ludotheek.games.wari.learned`` on a
random 80% of each part (the seed's), its error on the other 20% beside today's hand
evaluation (``evaluate.evaluate``, as it is and scaled by its best factor on the training
part): the mean absolute error in seeds, and the share of positions where the sign of the
value is right (positions valued 0 left out of that share); written to
``src/ludotheek/games/wari/learned_model.py`` with the data's seed and size (with
``--rules abapa``: ``learned_model_abapa.py``, the model ``strong-learned`` uses under
those rules).

``speed``: nodes a second of the compiled search with the learned evaluation against today's,
in one run (see :func:`speed`).

    LUDOTHEEK_BUILDS=load nice -n 10 .venv/bin/python -m benchmarks.wari_learn data --seed 1
    nice -n 10 .venv/bin/python -m benchmarks.wari_learn fit --seed 1
    LUDOTHEEK_BUILDS=load nice -n 10 .venv/bin/python -m benchmarks.wari_learn data \\
        --rules abapa --seed 1 --search 2000
    nice -n 10 .venv/bin/python -m benchmarks.wari_learn fit --rules abapa --seed 1
    LUDOTHEEK_BUILDS=load nice -n 10 .venv/bin/python -m benchmarks.wari_learn speed \\
        --positions 20 --depth 14 --rounds 6 --out speed.json
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from ludotheek.core.rng import Rng
from ludotheek.games.wari import GAME, WariState
from ludotheek.games.wari import learned as L
from ludotheek.games.wari.data import endgames_name
from ludotheek.games.wari.evaluate import evaluate
from ludotheek.games.wari.rules import legal_cups, sow_and_capture

#: the package's models, written by ``fit``: our rules' and the Abapa rules'
MODEL_MODULE = Path(L.__file__).with_name("learned_model.py")
MODEL_MODULE_ABAPA = Path(L.__file__).with_name("learned_model_abapa.py")

Boards = npt.NDArray[np.int64]


def data_path(seed: int, abapa: bool = False) -> Path:
    """Where the data set of ``seed`` (of the Abapa rules with ``abapa``) is kept (a few
    hundred KB: in git)."""
    rules = "abapa-" if abapa else ""
    return Path(__file__).resolve().parent / "records" / f"wari-learn-{rules}{seed}.npz"


def model_module(abapa: bool) -> Path:
    return MODEL_MODULE_ABAPA if abapa else MODEL_MODULE


def mover_first(board: tuple[int, ...], mover: int) -> tuple[int, ...]:
    return board if mover == 0 else board[6:] + board[:6]


def pool(rng: Rng, games: int, abapa: bool = False) -> list[tuple[tuple[int, ...], int]]:
    """Every position of ``games`` games (board cup 1 first, mover), the game going on."""
    out = []
    for _ in range(games):
        state = GAME.new(rules="abapa" if abapa else "applet")
        while not state.is_over and state.ply < 300:
            mover = state.to_move
            assert isinstance(state, WariState) and mover is not None
            out.append((tuple(state.board), mover))
            moves = state.legal_moves()
            if rng.randbelow(3) == 0:
                caps = [sow_and_capture(state.board, int(m) - 1, abapa)[1] for m in moves]
                move = moves[caps.index(max(caps))]
            else:
                move = rng.choice(moves)
            state = state.play(move)
    return out


def random_board(rng: Rng, n: int, abapa: bool = False) -> tuple[int, ...]:
    while True:
        b = [0] * 12
        for _ in range(n):
            b[rng.randbelow(12)] += 1
        if legal_cups(tuple(b), 0, abapa):
            return tuple(b)


def make_data(seed: int, games: int, per_count: int, search: int, depth: int,
              log: Any = sys.stderr, abapa: bool = False, max_seeds: int = 18,
              db: Any = None) -> dict[str, Any]:
    """The data set (see the module's text), written to ``data_path(seed, abapa)``;
    ``max_seeds``, ``db``: the database's part up to that many seeds, from that database
    (default the data folder's of the rules), for the tests' small runs."""
    from ludotheek.games.wari import fast

    name = endgames_name(abapa)
    if db is None:
        from ludotheek.data import folder

        db = folder.setup().get(name)
    if db is None or db.max_seeds < max_seeds:
        raise SystemExit(f"the {max_seeds}-seed endgame database is needed: "
                         f"ludotheek build {name}")
    rules = "abapa" if abapa else "applet"
    rng = Rng.from_seed(seed)
    positions = pool(rng, games, abapa)
    by_count: dict[int, list[tuple[int, ...]]] = {}
    seen: set[tuple[int, ...]] = set()
    for board, mover in positions:
        b = mover_first(board, mover)
        if b not in seen:
            seen.add(b)
            by_count.setdefault(sum(b), []).append(b)
    print(f"pool: {len(positions)} positions of {games} games, {len(seen)} boards",
          file=log, flush=True)
    # the database's part
    small: list[tuple[int, ...]] = []
    origin: list[int] = []  # 0 random board, 1 from the games
    for n in range(2, max_seeds + 1):
        have = list(by_count.get(n, []))
        rng.shuffle(have)
        picked = have[: per_count // 2]
        origin += [1] * len(picked)
        chosen = set(picked)
        tries = 0
        while len(picked) < per_count and tries < 20 * per_count:  # (few boards of few seeds)
            tries += 1
            b = random_board(rng, n, abapa)
            if b not in chosen:
                chosen.add(b)
                picked.append(b)
                origin.append(0)
        small += picked
    small_y = [min(max(sum(b[:6]) - sum(b[6:]), f), g)
               for b in small for f, g in [db.bounds_of(b)]]
    # the search's part
    big: list[tuple[int, ...]] = []
    counts = [n for n in range(max_seeds + 1, 49) if by_count.get(n)]
    for i, n in enumerate(counts):
        want = search // len(counts) + (1 if i < search % len(counts) else 0)
        have = list(by_count[n])
        rng.shuffle(have)
        big += have[:want]
    searcher = fast.FastSearcher(tables=db.kernel_tables(), tt_bits=20)
    big_y: list[float] = []
    t0 = time.perf_counter()
    nodes = 0
    for k, b in enumerate(big):
        searcher.reset()
        r = searcher.run(GAME.position(b, to_move=0, rules=rules), None, depth)
        big_y.append(r.value)
        nodes += r.nodes
        if k % 200 == 199:
            print(f"searched {k + 1}/{len(big)}: {time.perf_counter() - t0:.0f} s",
                  file=log, flush=True)
    meta = {"rules": rules, "seed": seed, "games": games, "per_count": per_count,
            "search": len(big), "depth": depth, "db_positions": len(small), "search_nodes": nodes,
            "search_seconds": round(time.perf_counter() - t0, 1)}
    path = data_path(seed, abapa)
    path.parent.mkdir(parents=True, exist_ok=True)
    np.savez_compressed(path, db_boards=np.asarray(small, dtype=np.int64),
                        db_values=np.asarray(small_y, dtype=np.float64),
                        db_origin=np.asarray(origin, dtype=np.int64),
                        search_boards=np.asarray(big, dtype=np.int64).reshape(-1, 12),
                        search_values=np.asarray(big_y, dtype=np.float64),
                        meta=json.dumps(meta))
    print(f"wrote {path}: {meta}", file=log, flush=True)
    return meta


# --- the fit ------------------------------------------------------------------------------
def split(n: int, rng: np.random.Generator, share: float = 0.2) -> tuple[Any, Any]:
    order = rng.permutation(n)
    cut = round(n * share)
    return np.sort(order[cut:]), np.sort(order[:cut])


def measures(pred: npt.NDArray[np.float64], y: npt.NDArray[np.float64]) -> dict[str, Any]:
    signed = y != 0
    return {"positions": len(y), "mae": round(float(np.mean(np.abs(pred - y))), 3),
            "sign_right": round(float(np.mean(np.sign(pred[signed]) == np.sign(y[signed]))), 4),
            "signed_positions": int(signed.sum())}


def fit(seed: int, phases: tuple[int, ...], lam: float, out: Path,
        log: Any = sys.stderr, abapa: bool = False) -> dict[str, Any]:
    data = np.load(data_path(seed, abapa))
    meta = json.loads(str(data["meta"]))
    parts = {"database": (data["db_boards"], data["db_values"]),
             "search": (data["search_boards"], data["search_values"])}
    gen = np.random.default_rng(seed)
    train_b, train_y, test = [], [], {}
    for name, (b, y) in parts.items():
        tr, te = split(len(b), gen)
        train_b.append(b[tr])
        train_y.append(y[tr])
        test[name] = (b[te], y[te])
    tb = np.concatenate(train_b)
    ty = np.concatenate(train_y)
    tcaps = L.captures(tb)
    tables, globals_, fitted = [], [], []
    lo = -1
    for top in phases:
        sel = (tb.sum(1) > lo) & (tb.sum(1) <= top)
        x = L.design(tb[sel], tcaps[sel])
        coef = L.ridge(x, ty[sel], lam)
        table, g = L.compile_phase(coef)
        tables.append(table)
        globals_.append(g)
        fitted.append(int(sel.sum()))
        lo = top
    hand_train = np.array([evaluate(tuple(int(v) for v in b)) for b in tb])
    scale = float(hand_train @ ty / (hand_train @ hand_train))
    model = L.Model(tuple(phases), tuple(tuple(tuple(r) for r in t) for t in tables),
                    tuple((g[0], g[1], g[2]) for g in globals_))
    heldout: dict[str, Any] = {}
    for name, (b, y) in test.items():
        boards = [tuple(int(v) for v in row) for row in b]
        learned = np.array([model.value(bb) for bb in boards])
        hand = np.array([evaluate(bb) for bb in boards])
        heldout[name] = {"learned": measures(learned, y), "hand": measures(hand, y),
                         "hand_scaled": measures(hand * scale, y)}
    git = subprocess.run(["git", "rev-parse", "--short", "HEAD"], capture_output=True,
                         text=True, check=False).stdout.strip()
    rules = " --rules abapa" if abapa else ""
    doc = {"made_by": f"python -m benchmarks.wari_learn fit{rules} --seed {seed} --lam {lam:g}",
           "commit": git,
           "data": meta, "lambda": lam, "train_positions_per_phase": fitted,
           "hand_scale": round(scale, 3), "heldout": heldout,
           **model.to_json()}
    text = json.dumps(doc, separators=(",", ":"))
    if out.suffix == ".py":  # the package's model: a constant of the package (games/ is pure)
        # the module's own text before the model (our rules' where it is new)
        head = (out if out.exists() else MODEL_MODULE).read_text(encoding="utf-8")
        head = head.split("MODEL_JSON = ", 1)[0]
        out.write_text(f"{head}MODEL_JSON = r'''{text}'''  # noqa: E501\n", encoding="utf-8")
    else:
        out.write_text(text + "\n", encoding="utf-8")
    print(json.dumps({k: v for k, v in doc.items() if k not in ("tables", "globals")},
                     indent=1), file=log, flush=True)
    return doc


# --- the speed ----------------------------------------------------------------------------
def speed(positions: int, depth: int, rounds: int, log: Any = sys.stderr) -> dict[str, Any]:
    """Nodes a second of CPU time (``time.thread_time``) of the compiled search with today's
    evaluation and with the learned one, the database at the leaves, on the middle-game
    positions of ``benchmarks/wari_search_speed.py`` to ``depth`` plies: ``rounds`` rounds,
    each searching every position with both (hand first in even rounds, learned first in
    odd ones), so that a change of the machine's load falls on both alike."""
    from benchmarks.wari_search_speed import middle_games
    from ludotheek.data import folder
    from ludotheek.games.wari import fast

    db = folder.setup().get("wari-endgames")
    tables = db.kernel_tables() if db is not None else None
    model = L.Model.load()
    states = middle_games(positions)
    searchers = {"hand": fast.FastSearcher(tables=tables),
                 "learned": fast.FastSearcher(tables=tables, learned=model)}
    for s in searchers.values():  # compiled or loaded before the clock runs
        s.run(states[0], None, 3)
    totals = {k: [0, 0.0] for k in searchers}
    per_round = []
    for r in range(rounds):
        order = ["hand", "learned"] if r % 2 == 0 else ["learned", "hand"]
        this = {}
        for name in order:
            s = searchers[name]
            nodes, cpu = 0, 0.0
            for state in states:
                s.reset()
                t = time.thread_time()
                nodes += s.run(state, None, depth).nodes
                cpu += time.thread_time() - t
            totals[name][0] += nodes
            totals[name][1] += cpu
            this[name] = round(nodes / cpu)
        per_round.append(this)
        print(f"round {r}: {this}, load {os.getloadavg()}", file=log, flush=True)
    rates = {k: n / c for k, (n, c) in totals.items()}
    return {"positions": len(states), "depth": depth, "rounds": rounds,
            "nodes": {k: int(v[0]) for k, v in totals.items()},
            "cpu_seconds": {k: round(v[1], 2) for k, v in totals.items()},
            "nodes_per_second": {k: round(v) for k, v in rates.items()},
            "ratio_learned_to_hand": round(rates["learned"] / rates["hand"], 3),
            "rounds_nodes_per_second": per_round}


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n")[0])
    parser.add_argument("what", choices=("data", "fit", "speed"))
    parser.add_argument("--rules", choices=("applet", "abapa"), default="applet",
                        help="data, fit: our rules or the Abapa rules")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--games", type=int, default=600)
    parser.add_argument("--per-count", type=int, default=3000)
    parser.add_argument("--search", type=int, default=3000)
    parser.add_argument("--depth", type=int, default=8)
    parser.add_argument("--phases", default="18,30,48",
                        help="the most seeds of each phase of the model")
    parser.add_argument("--lam", type=float, default=10.0, help="the ridge penalty")
    parser.add_argument("--out", type=Path, default=None,
                        help="fit: the model (default the package's learned_model.py); "
                             "speed: a JSON file")
    parser.add_argument("--positions", type=int, default=20, help="speed: positions")
    parser.add_argument("--rounds", type=int, default=4, help="speed: rounds")
    args = parser.parse_args(argv)
    print(f"{time.strftime('%Y-%m-%d %H:%M:%S')} load {os.getloadavg()}", file=sys.stderr)
    abapa = args.rules == "abapa"
    if args.what == "data":
        make_data(args.seed, args.games, args.per_count, args.search, args.depth,
                  abapa=abapa)
    elif args.what == "fit":
        fit(args.seed, tuple(int(p) for p in args.phases.split(",")), args.lam,
            args.out or model_module(abapa), abapa=abapa)
    else:
        started = time.strftime("%Y-%m-%d %H:%M:%S")
        load = os.getloadavg()
        figures = speed(args.positions, args.depth, args.rounds)
        doc = {"command": "benchmarks/wari_learn.py " + " ".join(sys.argv[1:]),
               "date": started, "load_before": [round(x, 2) for x in load],
               "load_after": [round(x, 2) for x in os.getloadavg()], **figures}
        text = json.dumps(doc, indent=1)
        print(text)
        if args.out:
            args.out.write_text(text + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
