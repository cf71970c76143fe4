"""What the database learns when a game ends, whoever played it (command line or server).

A game package may define ``ludotheek.games.<game>.hooks.on_game_over(db, state,
names, game_id)``; Akwaier uses it to fill its score list.
"""

from __future__ import annotations

import importlib
import importlib.util
from collections.abc import Sequence

from ludotheek.core.game import State
from ludotheek.store.database import Database


def game_over(db: Database, state: State, names: Sequence[str],
              game_id: str | None = None) -> None:
    """Tell the game's hook (if it has one) that ``state`` is a finished game."""
    module_name = f"ludotheek.games.{state.game.name}.hooks"
    if importlib.util.find_spec(module_name) is None:
        return
    hook = getattr(importlib.import_module(module_name), "on_game_over", None)
    if hook is not None:
        hook(db, state, list(names), game_id)
