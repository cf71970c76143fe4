"""Wari declares itself: its rules and its own computer players and levels."""

from __future__ import annotations

from ludotheek.core.plugin import GamePlugin
from ludotheek.games.wari.rules import GAME

PLUGIN = GamePlugin(game=GAME, players="ludotheek.games.wari.players",
                    review="ludotheek.games.wari.review")
