"""Move counts from the 4-seed start, perft-style, against an independent brute force.

``wari_perft.json`` was computed by ``perft_reference.py`` (a plain second
implementation of the rules, sharing no code with the engine).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from ludotheek.games.wari import GAME, WariState

TABLE = json.loads((Path(__file__).parent / "wari_perft.json").read_text())["table"]


def engine_table(depth: int) -> list[dict[str, int]]:
    level: dict[tuple[object, ...], tuple[WariState, int]] = {}
    start = GAME.new(seeds_per_cup=4)
    level[(start.board, start.stores, start.to_move)] = (start, 1)
    rows = []
    for d in range(1, depth + 1):
        nxt: dict[tuple[object, ...], tuple[WariState, int]] = {}
        for state, count in level.values():
            for move in state.legal_moves():
                child = state.play(move)
                assert not child.is_over  # no game ends this early from the start
                key = (child.board, child.stores, child.to_move)
                old = nxt.get(key)
                nxt[key] = (child, count + (old[1] if old else 0))
        level = nxt
        rows.append({"depth": d, "paths": sum(c for _, c in level.values()),
                     "positions": len(level)})
    return rows


def test_reference_table_reaches_depth_8() -> None:
    assert [r["depth"] for r in TABLE][:8] == list(range(1, 9))
    assert TABLE[0] == {"depth": 1, "paths": 6, "positions": 6}


@pytest.mark.parametrize("depth", [5, 8])
def test_engine_move_counts_match_the_brute_force(depth: int) -> None:
    assert engine_table(depth) == TABLE[:depth]
