"""Wari ``strong`` against OpenSpiel's C++ ``MCTSBot`` with random rollouts, side by side.

The games are played under ludotheek's rules: our engine referees every move.
The OpenSpiel bot searches on its own ``oware`` state (``pyspiel``, the optional
``bench`` extra), which this script keeps in step by applying every move of
the game to it (cup 1-6 is South's/player 0's action 0-5, cup 7-12 North's/player
1's action 0-5; South, OpenSpiel's player 0, moves first with 4 seeds a cup, as in
both engines' defaults). The two rule sets agree on sowing, captures and feeding;
where they differ (docs/performance.md, "Wari") our engine decides:

- a move the bot prefers but our rules forbid (a grand slam, which OpenSpiel
  allows without capturing): the bot plays its most visited move that is legal
  here (counted as ``illegal_choices``);
- OpenSpiel ends a game early - when a player has captured more than half the
  seeds, or when a position (board, scores and player to move) repeats once -
  while ours goes on to the end (or the third occurrence). From then on the bot
  has no model to search; it plays our ``greedy`` player's move (counted as
  ``fallback_moves``). After a capture of more than 24 of the 48 seeds the winner
  is already decided, so those moves cannot change a result, only its margin.
- a forced grand slam captures in our rules and ends the game at once, so the
  bot never has to search the different board OpenSpiel would have.

``strong`` uses the data sets of the data folder (``LUDOTHEEK_DATA``; the compiled search,
the endgame database, the openings book) as the command line provides them; with
``LUDOTHEEK_BUILDS=load`` nothing missing is built meanwhile. ``--part K/N`` plays only the
games g with g % N == K (N processes share a match, each with its own ``--out``).

Every move is checked: the two boards must be equal while the bot's state is
live. Results are appended to a JSON-lines file one game at a time (``--out``), so
a long run can be followed and resumed (``--resume`` skips games already there).

    nice .venv/bin/python benchmarks/wari_vs_openspiel.py --games 100 --seconds 1 \\
        --seed 1 --out wari-vs-openspiel.jsonl
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import time
from pathlib import Path
from typing import Any

from ludotheek.ai import players
from ludotheek.data import folder as resources
from ludotheek.games.wari import GAME, WariState

OPENSPIEL_SEEDS = 4  # OpenSpiel's oware: 4 seeds a house (its default and ours)


def _pyspiel() -> Any:
    try:
        import pyspiel  # type: ignore[import-not-found]
    except ImportError:
        sys.exit("pyspiel is not installed: pip install -e '.[bench]'")
    return pyspiel


def openspiel_board(os_state: Any) -> tuple[int, ...]:
    """The 12 houses of an OpenSpiel oware state, in our order (cup 1 first)."""
    obs = os_state.observation_tensor(0)
    total = 12 * OPENSPIEL_SEEDS
    return tuple(round(x * total) for x in obs[:12])


class OpenSpielBot:
    """OpenSpiel's MCTSBot on a mirror oware state."""

    def __init__(self, seconds: float, seed: int, rollouts: int, uct_c: float,
                 solve: bool) -> None:
        ps = _pyspiel()
        self.ps = ps
        self.game = ps.load_game("oware")
        evaluator = ps.RandomRolloutEvaluator(rollouts, seed)
        self.bot = ps.MCTSBot(self.game, evaluator, uct_c, 10**9, 1000, solve, seed, False,
                              ps.ChildSelectionPolicy.UCT, seconds)
        self.state = self.game.new_initial_state()
        self.live = True
        self.greedy = players.get("wari", "greedy", seed=seed)
        self.illegal_choices = 0
        self.fallback_moves = 0
        self.simulations: list[int] = []

    def observe(self, state_before: WariState, move: str, state_after: WariState) -> None:
        """Apply the game's move to the mirror state (if it is still live)."""
        if not self.live:
            return
        if self.state.is_terminal():
            self.live = False
            return
        cup = int(move) - 1
        self.state.apply_action(cup % 6)
        if self.state.is_terminal():
            self.live = False
            return
        if not state_after.is_over and openspiel_board(self.state) != state_after.board:
            raise AssertionError(f"boards differ after {move}: ours {state_after.board}, "
                                 f"OpenSpiel {openspiel_board(self.state)}")

    def choose(self, state: WariState) -> str:
        if not self.live or self.state.is_terminal():
            self.live = False
            self.fallback_moves += 1
            return self.greedy.choose(state)
        legal = state.legal_moves()
        offset = 6 * (state.to_move or 0)
        root = self.bot.mcts_search(self.state)
        self.simulations.append(root.explore_count)
        move = str(root.best_child().action + 1 + offset)
        if move in legal:
            return move
        self.illegal_choices += 1
        children = sorted(root.children, key=lambda c: -c.explore_count)
        for child in children:
            name = str(child.action + 1 + offset)
            if name in legal:
                return name
        return legal[0]


def play(game_index: int, seed: int, seconds: float, args: argparse.Namespace) -> dict[str, Any]:
    strong_seat = game_index % 2  # sides alternate: even games strong is South
    state = GAME.new(seed=seed, seeds_per_cup=4)
    strong = players.get("wari", "strong", seed=seed, **dict(args.strong_params))
    bot = OpenSpielBot(seconds, seed * 7919 + game_index, args.rollouts, args.uct_c,
                       not args.no_solve)
    times: dict[str, list[float]] = {"strong": [], "openspiel": []}
    moves: list[str] = []
    while not state.is_over:
        if len(moves) >= GAME.max_moves:
            state = state.adjudicate()
            break
        t0 = time.perf_counter()
        if state.to_move == strong_seat:
            move = strong.choose(state, seconds)
            times["strong"].append(time.perf_counter() - t0)
        else:
            move = bot.choose(state)
            times["openspiel"].append(time.perf_counter() - t0)
        after = state.play(move)
        bot.observe(state, move, after)
        state = after
        moves.append(move)
    winners = state.winners()
    return {
        "game": game_index, "seed": seed, "strong_seat": strong_seat,
        "result": ("win" if winners == [strong_seat] else "draw" if not winners else "loss"),
        "scores": list(state.stores), "end": state.end_reason, "moves": moves,
        "illegal_choices": bot.illegal_choices, "fallback_moves": bot.fallback_moves,
        "bot_simulations_mean": (sum(bot.simulations) / len(bot.simulations)
                                 if bot.simulations else 0),
        "seconds": {k: {"mean": sum(v) / len(v) if v else 0.0, "max": max(v, default=0.0)}
                    for k, v in times.items()},
    }


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (max(0.0, centre - half), min(1.0, centre + half))


def summary(rows: list[dict[str, Any]]) -> dict[str, Any]:
    n = len(rows)
    wins = sum(r["result"] == "win" for r in rows)
    draws = sum(r["result"] == "draw" for r in rows)
    points = wins + 0.5 * draws
    return {
        "games": n, "wins": wins, "draws": draws, "losses": n - wins - draws,
        "win_rate": wins / n if n else 0.0, "win_interval": wilson(wins, n),
        "score_rate": points / n if n else 0.0,
        "as_south": sum(r["result"] == "win" for r in rows if r["strong_seat"] == 0),
        "as_north": sum(r["result"] == "win" for r in rows if r["strong_seat"] == 1),
        "mean_margin": (sum((r["scores"][r["strong_seat"]] - r["scores"][1 - r["strong_seat"]])
                            for r in rows) / n if n else 0.0),
        "illegal_choices": sum(r["illegal_choices"] for r in rows),
        "fallback_moves": sum(r["fallback_moves"] for r in rows),
        "games_with_fallback": sum(r["fallback_moves"] > 0 for r in rows),
        "strong_seconds_max": max((r["seconds"]["strong"]["max"] for r in rows), default=0.0),
        "strong_seconds_mean": (sum(r["seconds"]["strong"]["mean"] for r in rows) / n
                                if n else 0.0),
        "bot_seconds_mean": (sum(r["seconds"]["openspiel"]["mean"] for r in rows) / n
                             if n else 0.0),
        "bot_simulations_mean": (sum(r["bot_simulations_mean"] for r in rows) / n
                                 if n else 0.0),
    }


def _param(text: str) -> tuple[str, Any]:
    key, _, value = text.partition("=")
    for kind in (int, float):
        try:
            return key, kind(value)
        except ValueError:
            pass
    return key, value


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seconds", type=float, default=1.0, help="time per move, both sides")
    parser.add_argument("--seed", type=int, default=1, help="game g uses seed + g")
    parser.add_argument("--rollouts", type=int, default=1, help="random rollouts per leaf")
    parser.add_argument("--uct-c", type=float, default=2.0)
    parser.add_argument("--no-solve", action="store_true", help="MCTS-Solver off")
    parser.add_argument("--strong", dest="strong_params", action="append", type=_param,
                        default=[], metavar="KEY=VALUE", help="a parameter of strong")
    parser.add_argument("--out", type=Path, default=None, help="JSON lines, one per game")
    parser.add_argument("--resume", action="store_true", help="skip games already in --out")
    parser.add_argument("--part", default="0/1", help="K/N: only the games g with g %% N == K")
    args = parser.parse_args(argv)
    part, parts = (int(x) for x in args.part.split("/"))
    resources.setup()  # the players' data sets, as the command line provides them
    resources.preload()
    rows: list[dict[str, Any]] = []
    if args.out and args.resume and args.out.exists():
        rows = [json.loads(line) for line in args.out.read_text().splitlines() if line.strip()]
    done = {r["game"] for r in rows}
    start = time.perf_counter()
    for g in range(args.games):
        if g in done or g % parts != part:
            continue
        row = play(g, args.seed + g, args.seconds, args)
        rows.append(row)
        if args.out:
            with args.out.open("a", encoding="utf-8") as fh:
                fh.write(json.dumps(row) + "\n")
        s = summary(rows)
        lo, hi = s["win_interval"]
        elapsed = time.perf_counter() - start
        print(f"[{len(rows):3d}/{args.games}] game {g}: strong as "
              f"{'South' if row['strong_seat'] == 0 else 'North'} {row['result']} "
              f"{row['scores']} in {len(row['moves'])} moves; total {s['wins']}-{s['draws']}-"
              f"{s['losses']} ({s['win_rate']:.0%}, 95% {lo:.0%}-{hi:.0%}), {elapsed:.0f} s",
              file=sys.stderr, flush=True)
    print(json.dumps(summary(rows), indent=1))


if __name__ == "__main__":
    main()
