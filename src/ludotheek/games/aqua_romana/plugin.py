"""Aqua Romana declares itself: its rules and its own computer players and levels."""

from __future__ import annotations

from ludotheek.core.plugin import GamePlugin
from ludotheek.games.aqua_romana.rules import GAME

PLUGIN = GamePlugin(game=GAME, players="ludotheek.games.aqua_romana.players",
                    review="ludotheek.games.aqua_romana.review")
