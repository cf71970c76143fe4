"""Haaienzee declares itself: its rules, its own computer players and levels, its page
(``web/``: the renderer and its modules, its style sheet and its module for the learn pages),
its texts (``texts/``) and its review."""

from __future__ import annotations

from pathlib import Path

from ludotheek.core.plugin import GamePlugin
from ludotheek.games.haaienzee.rules import GAME

HERE = Path(__file__).resolve().parent

PLUGIN = GamePlugin(game=GAME, players="ludotheek.games.haaienzee.players",
                    page=HERE / "web", texts=HERE / "texts",
                    learn="ludotheek.games.haaienzee.learn",
                    review="ludotheek.games.haaienzee.review")
