"""Akwaier: the 1987 BBC Basic take on Acquire, hotel chains on a 15×15 board.

The rules are docs/rules/akwaier.md. ``GAME`` is the game for the registry;
``share_price`` and ``merger_payouts`` are the money rules the engine uses.

>>> from ludotheek.games import get
>>> get("akwaier").new(seed=3).num_players
6
>>> share_price("C", 5, 4)
1340
"""

from ludotheek.games.akwaier.money import merger_payouts, share_price, split_fractions
from ludotheek.games.akwaier.rules import GAME, AkwaierGame, AkwaierState

__all__ = ["GAME", "AkwaierGame", "AkwaierState", "merger_payouts", "share_price",
           "split_fractions"]
