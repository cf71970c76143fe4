"""Golden game records: fixed seeds and players, their moves and final state checked in.

A change to a rules engine or a player that alters any of them fails the test;
if the change is intended, rerun with ``pytest --update-golden`` and commit the
new files with a message that says why.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from ludotheek.ai.arena import play_game
from ludotheek.core.record import Record
from ludotheek.games import get

FOLDER = Path(__file__).parent / "golden"


def golden_case(game: str, name: str, options: dict[str, Any], seed: int,
                players: list[str], update: bool) -> None:
    """Play the case, then compare with (or rewrite) ``golden/<game>/<name>.json``."""
    g = get(game)
    result = play_game(g, options, seed, players, player_seed=seed)
    data = {
        "record": result.record.to_json(),
        "final": result.final.to_json(),
    }
    path = FOLDER / game / f"{name}.json"
    if update or not path.exists():
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
        if not update:
            raise AssertionError(f"{path} did not exist; written now, check it in")
        return
    stored = json.loads(path.read_text(encoding="utf-8"))
    assert data["record"]["moves"] == stored["record"]["moves"], "the players chose other moves"
    replayed = Record.from_json(stored["record"]).replay()
    assert replayed.to_json() == stored["final"], "the stored moves replay to another state"
    assert data["final"] == stored["final"]
