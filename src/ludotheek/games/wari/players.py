"""Wari's computer players and levels.

- ``strong`` (``strong.StrongPlayer``): alpha-beta search with iterative
  deepening, a transposition table, move ordering and a capture quiescence
  search, within its time per move; perfect play from the endgame database
  when at most 15 seeds are left on the board.
- the generic ``random``, ``greedy`` (the largest capture now) and ``mcts``
  (Monte Carlo tree search with random play-outs) of ``ludotheek.players``.

Levels: *easy* is ``greedy`` (it takes what it can, and looks no further);
*normal* is ``strong`` searching 4 plies (a few hundredths of a second); *strong*
is ``strong`` with 1 second a move.
"""

from __future__ import annotations

from ludotheek.games.wari.strong import StrongPlayer
from ludotheek.players import Level, PlayerInfo

PLAYERS: dict[str, PlayerInfo] = {
    "strong": PlayerInfo(
        "strong", StrongPlayer,
        "alpha-beta search within its time; perfect play from the endgame database "
        "with at most 15 seeds on the board"),
}

LEVELS: dict[str, Level] = {
    "easy": Level("easy", "greedy", {}, 0.0, {"en": "Easy", "nl": "Makkelijk", "no": "Lett"}),
    "normal": Level("normal", "strong", {"depth": 4}, 0.0,
                    {"en": "Normal", "nl": "Gemiddeld", "no": "Middels"}),
    "strong": Level("strong", "strong", {}, 1.0, {"en": "Strong", "nl": "Sterk", "no": "Sterk"}),
}
