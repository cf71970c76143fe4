"""Wari (Oware/Awale), as the Java applet page describes it.

>>> from ludotheek.games import get
>>> get("wari").new(seeds_per_cup=3).board
(3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3)
"""

from ludotheek.games.wari.rules import GAME, SOW, WariGame, WariState, legal_cups, sow_and_capture

__all__ = ["GAME", "SOW", "WariGame", "WariState", "legal_cups", "sow_and_capture"]
