"""Wari declares itself: its rules, its own computer players and levels, its review and
its build targets (the compiled search, the endgame databases, the openings books)."""

from __future__ import annotations

from ludotheek.core.plugin import GamePlugin
from ludotheek.games.wari.rules import GAME

PLUGIN = GamePlugin(game=GAME, players="ludotheek.games.wari.players",
                    review="ludotheek.games.wari.review",
                    data="ludotheek.games.wari.data")
