"""Aqua Romana: Roman aqueducts on a grid of 11 by 8, for 2-4 players.

>>> from ludotheek.games import get
>>> s = get("aqua_romana").new(seed=3, players=3)
>>> s.num_players, s.phase, len(s.table.names)
(3, 'setup', 12)
"""

from ludotheek.games.aqua_romana.rules import GAME, AquaGame, AquaState

__all__ = ["GAME", "AquaGame", "AquaState"]
