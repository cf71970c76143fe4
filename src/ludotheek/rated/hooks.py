"""What the database learns when a game ends, whoever played it (command line or server).

A game that keeps a score list declares it (``GamePlugin.score_list``); its
``results`` say what a finished game enters, dated here with today's date. A rated
game is rated (``ludotheek.rated.rater``; a failure is logged and retried later).
"""

from __future__ import annotations

import datetime
from collections.abc import Sequence

from ludotheek.core.game import State
from ludotheek.games import plugin
from ludotheek.rated.rater import rate_safely
from ludotheek.store.database import Database
from ludotheek.store.scores import ScoreEntry


def game_over(db: Database, state: State, names: Sequence[str],
              game_id: str | None = None) -> None:
    """Enter a finished game's results in its score list (if its game keeps one), then
    rate it if it is a rated one (so a game seen rated has its score list entries too)."""
    listing = plugin(state.game.name).score_list
    if listing is not None and state.is_over:
        today = datetime.date.today().isoformat()
        db.scores.add(state.game.name, [
            ScoreEntry(line.name, line.value, today, game_id, line.seat)
            for line in listing.results(state, list(names))])
    if game_id is not None:
        rate_safely(db, game_id)
