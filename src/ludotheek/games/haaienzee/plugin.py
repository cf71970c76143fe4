"""Haaienzee declares itself: its rules and its own computer players and levels."""

from __future__ import annotations

from ludotheek.core.plugin import GamePlugin
from ludotheek.games.haaienzee.rules import GAME

PLUGIN = GamePlugin(game=GAME, players="ludotheek.games.haaienzee.players",
                    review="ludotheek.games.haaienzee.review")
