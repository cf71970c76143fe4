"""Nim declares itself: the test game lives only in this folder (tests/nim/).

The tests register it (tests/conftest.py registers every ``tests/*/plugin.py``); it
has the generic players and levels, a page of its own (``web/nim.js``), its texts
(``texts/<lang>.json``) and a build target (``data.py``: ``ludotheek build nim-wins``).
"""

from __future__ import annotations

from pathlib import Path

from ludotheek.core.plugin import GamePlugin
from tests.nim.rules import GAME

HERE = Path(__file__).resolve().parent

PLUGIN = GamePlugin(game=GAME, page=HERE / "web", texts=HERE / "texts", data="tests.nim.data")
