"""What the database learns when an Akwaier game ends: all six results enter the score list.

``ludotheek.store.hooks.game_over`` calls :func:`on_game_over` for every finished
game, whether it was played on the command line or on the server.
"""

from __future__ import annotations

import datetime
from collections.abc import Sequence

from ludotheek.core.game import State
from ludotheek.store import Database, ScoreEntry

GAME_NAME = "akwaier"


def results(state: State, names: Sequence[str], date: str,
            game_id: str | None = None) -> list[ScoreEntry]:
    """The six results of a finished game in standing order (equal wealth: seat order)."""
    wealth = state.scores()
    order = sorted(range(len(wealth)), key=lambda s: (-wealth[s], s))
    own = list(names) if len(names) == len(wealth) else getattr(state, "names", [])
    return [ScoreEntry(own[s], wealth[s], date, game_id, s) for s in order]


def on_game_over(db: Database, state: State, names: Sequence[str],
                 game_id: str | None = None) -> None:
    """Add the six results of ``state`` (a finished game) to the score list."""
    if not state.is_over:
        return
    today = datetime.date.today().isoformat()
    db.scores.add(GAME_NAME, results(state, names, today, game_id))
