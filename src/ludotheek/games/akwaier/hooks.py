"""What an Akwaier game that ends enters in the score list: all six results.

Pure: the application (``ludotheek.rated.hooks.game_over``) dates them and stores
them, whether the game was played on the command line or on the server.
"""

from __future__ import annotations

from collections.abc import Sequence

from ludotheek.core.game import State
from ludotheek.core.plugin import ScoreLine


def results(state: State, names: Sequence[str]) -> list[ScoreLine]:
    """The six results of a finished game in standing order (equal wealth: seat order)."""
    wealth = state.scores()
    order = sorted(range(len(wealth)), key=lambda s: (-wealth[s], s))
    own = list(names) if len(names) == len(wealth) else getattr(state, "names", [])
    return [ScoreLine(own[s], wealth[s], s) for s in order]
