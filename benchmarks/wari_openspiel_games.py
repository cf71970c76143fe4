"""Random games of OpenSpiel's ``oware``, written down move by move for the Abapa tests.

Runs OpenSpiel (``pyspiel``, the optional ``bench`` extra) and nothing of ludotheek:
each game is played by random legal actions (Python's ``random.Random(seed)``) and
every position is recorded as OpenSpiel sees it - the player to move, the scores,
the twelve houses, the legal actions, whether the game is over and its returns.
``tests/wari/test_abapa.py`` replays the file with ``rules=abapa`` and compares
every step, so the comparison runs where OpenSpiel is not installed (CI); where it
is, the same test also plays fresh games against OpenSpiel live.

One line of JSON per game (gzip): ``{"seeds": 4, "seed": 7, "steps": [[player,
score0, score1, "h0 h1 ... h11", legal_mask, terminal], ...], "actions": [...],
"returns": [r0, r1]}``; ``legal_mask`` has bit ``a`` set for each legal action
``a`` (0-5, the mover's houses in sowing order).

    .venv/bin/python benchmarks/wari_openspiel_games.py --games 1000 \\
        --out tests/wari/openspiel_oware.jsonl.gz
"""

from __future__ import annotations

import argparse
import gzip
import json
import random
import sys
from pathlib import Path
from typing import Any


def step(state: Any) -> list[Any]:
    """One position: player to move, the scores, the houses, legal actions, terminal."""
    player, scores, houses = state.observation_string(0).split(" | ")
    s0, s1 = (int(x) for x in scores.split())
    mask = 0
    for a in state.legal_actions():
        mask |= 1 << a
    return [int(player), s0, s1, houses, mask, bool(state.is_terminal())]


def play(pyspiel: Any, seeds: int, seed: int) -> dict[str, Any]:
    game = pyspiel.load_game("oware", {"num_seeds_per_house": seeds})
    rng = random.Random(seed)
    state = game.new_initial_state()
    steps = [step(state)]
    actions = []
    while not state.is_terminal():
        action = rng.choice(state.legal_actions())
        actions.append(action)
        state.apply_action(action)
        steps.append(step(state))
    return {"seeds": seeds, "seed": seed, "steps": steps, "actions": actions,
            "returns": [int(r) for r in state.returns()]}


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=1000, help="games with 4 seeds a house")
    parser.add_argument("--other", type=int, default=50,
                        help="games each with 3 and with 5 seeds a house")
    parser.add_argument("--out", type=Path, required=True)
    args = parser.parse_args(argv)
    try:
        import pyspiel  # type: ignore[import-not-found]
    except ImportError:
        sys.exit("pyspiel is not installed: pip install -e '.[bench]'")
    plan = [(4, g) for g in range(args.games)]
    plan += [(n, g) for n in (3, 5) for g in range(args.other)]
    with gzip.open(args.out, "wt", encoding="utf-8", compresslevel=9) as fh:
        for seeds, seed in plan:
            fh.write(json.dumps(play(pyspiel, seeds, seed), separators=(",", ":")) + "\n")
    print(f"{len(plan)} games written to {args.out}")


if __name__ == "__main__":
    main()
