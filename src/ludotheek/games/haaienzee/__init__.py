"""Haaienzee (Shark Sea; published as SeaSim, Cwali 2004): sharks hunting fish on a hex sea.

>>> from ludotheek.games import get
>>> s = get("haaienzee").new(seed=3)
>>> s.phase, s.shark_id, len(s.board.names)
('setup', 'Y1', 127)
"""

from ludotheek.games.haaienzee.board import DIRECTIONS, Board, board
from ludotheek.games.haaienzee.engine import Place, Shark, Swim
from ludotheek.games.haaienzee.rules import GAME, HaaienzeeGame, HaaienzeeState

__all__ = ["DIRECTIONS", "GAME", "Board", "HaaienzeeGame", "HaaienzeeState", "Place", "Shark",
           "Swim", "board"]
