"""Helpers for the Haaienzee tests: constructed positions in a few words."""

from __future__ import annotations

import json
from typing import Any

from ludotheek.games.haaienzee import GAME, HaaienzeeState

#: far-away spots for the sharks a test does not care about (7-a-side board), facing the edge
SPARE = ["A1 NW white", "A7 NE grey", "M1 SW brown", "M7 SE white", "G1 W grey", "G13 E brown"]
IDS = ["Y1", "R1", "Y2", "R2", "Y3", "R3"]


def fish_map(spec: str) -> dict[str, str]:
    """``"white: G8 G9; grey: F7"`` -> {"G8": "white", "G9": "white", "F7": "grey"}."""
    out: dict[str, str] = {}
    for part in spec.split(";"):
        if not part.strip():
            continue
        colour, _, hexes = part.partition(":")
        for h in hexes.split():
            out[h] = colour.strip()
    return out


def pos(fish: str = "", sharks: dict[str, str] | None = None, **kw: Any) -> HaaienzeeState:
    """A 7-a-side turn-phase position; sharks not given wait in far corners."""
    given = dict(sharks or {})
    used = {v.split()[0] for v in given.values()}
    spare = [s for s in SPARE if s.split()[0] not in used]
    full = {sid: given[sid] if sid in given else spare.pop(0) for sid in IDS}
    return GAME.position(fish_map(fish), full, **kw)


def frozen(state: HaaienzeeState) -> str:
    return json.dumps(state.to_json(), sort_keys=True)
