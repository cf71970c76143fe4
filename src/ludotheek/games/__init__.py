"""The registry of games.

>>> from ludotheek.games import get, names
>>> "wari" in names()
True
>>> get("wari").name
'wari'
"""

from __future__ import annotations

import importlib
import importlib.util

from ludotheek.core.errors import UnknownGame, quoted
from ludotheek.core.game import Game

#: every game the project knows, by name, and the package that holds it
_PACKAGES = {
    "akwaier": "ludotheek.games.akwaier",
    "aqua_romana": "ludotheek.games.aqua_romana",
    "haaienzee": "ludotheek.games.haaienzee",
    "wari": "ludotheek.games.wari",
}
_loaded: dict[str, Game] = {}


def names() -> list[str]:
    """The names of the registered games, sorted."""
    return sorted(n for n, p in _PACKAGES.items() if importlib.util.find_spec(p) is not None)


def get(name: str) -> Game:
    """The game called ``name``; :class:`UnknownGame` if there is none."""
    game = _loaded.get(name)
    if game is not None:
        return game
    if name not in names():
        raise UnknownGame(f"unknown game {name!r}; the games are: {', '.join(names())}",
                          code="game.unknown", game=quoted(name), games=", ".join(names()))
    module = importlib.import_module(_PACKAGES[name])
    game = module.GAME
    assert isinstance(game, Game)
    _loaded[name] = game
    return game


__all__ = ["get", "names"]
