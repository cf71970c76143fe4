"""What the database learns when a game ends, whoever played it (command line or server).

A game that keeps a score list declares it (``GamePlugin.score_list``); its
``results`` say what a finished game enters, dated here with today's date.
"""

from __future__ import annotations

import datetime
from collections.abc import Sequence

from ludotheek.core.game import State
from ludotheek.games import plugin
from ludotheek.store.database import Database
from ludotheek.store.scores import ScoreEntry


def game_over(db: Database, state: State, names: Sequence[str],
              game_id: str | None = None) -> None:
    """Enter a finished game's results in its score list (if its game keeps one)."""
    listing = plugin(state.game.name).score_list
    if listing is None or not state.is_over:
        return
    today = datetime.date.today().isoformat()
    db.scores.add(state.game.name, [ScoreEntry(line.name, line.value, today, game_id, line.seat)
                                    for line in listing.results(state, list(names))])
