"""Wari declares itself: its rules, its own computer players and levels, its page
(``web/``: the renderer, its style sheet and its module for the learn pages) and its texts
(``texts/``), its review and its build targets (the compiled search, the endgame databases,
the openings books)."""

from __future__ import annotations

from pathlib import Path

from ludotheek.core.plugin import GamePlugin
from ludotheek.games.wari.rules import GAME

HERE = Path(__file__).resolve().parent

PLUGIN = GamePlugin(game=GAME, players="ludotheek.games.wari.players",
                    page=HERE / "web", texts=HERE / "texts",
                    learn="ludotheek.games.wari.learn",
                    review="ludotheek.games.wari.review",
                    data="ludotheek.games.wari.data")
