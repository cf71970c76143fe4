"""The registry of games: every game is a plug-in, found without a central list.

A game is found

- in the packages of :mod:`ludotheek.games` that have a module ``plugin``;
- in installed distributions, by the entry point group ``ludotheek.games``
  (``nim = "my_nim.plugin:PLUGIN"``);
- in the modules named by ``LUDOTHEEK_GAMES`` (commas between them; each has a
  ``PLUGIN``), which the processes a program starts inherit;
- registered by :func:`register` (in this process only).

Each module holds ``PLUGIN``, a :class:`~ludotheek.core.plugin.GamePlugin`.
Looking a game up imports only its own plug-in module.
"""

from __future__ import annotations

import functools
import importlib
import importlib.metadata
import importlib.util
import os
import pkgutil

from ludotheek.core.errors import UnknownGame, quoted
from ludotheek.core.game import Game
from ludotheek.core.plugin import GamePlugin

#: the environment variable naming more plug-in modules
ENV = "LUDOTHEEK_GAMES"
GROUP = "ludotheek.games"
#: the package whose subpackages with a module ``plugin`` are games
PACKAGE = "ludotheek.games"

_registered: dict[str, GamePlugin] = {}
_loaded: dict[str, GamePlugin] = {}
_by_module: dict[str, GamePlugin] = {}
#: the value of LUDOTHEEK_GAMES last read and the games it named
_env_games: tuple[str, dict[str, GamePlugin]] = ("", {})


@functools.cache
def _installed() -> dict[str, str]:
    """The games this installation has (found once): name -> ``module[:attribute]``.

    The packages of ``ludotheek.games`` with a plug-in module, and the entry points.
    """
    found = {entry.name: entry.value for entry in importlib.metadata.entry_points(group=GROUP)}
    # the games' package by its name, as an entry point names a module: the registry
    # imports no game (core is the bottom floor; docs/architecture.md)
    package = importlib.util.find_spec(PACKAGE)
    for info in pkgutil.iter_modules(package.submodule_search_locations if package else ()):
        module = f"{PACKAGE}.{info.name}.plugin"
        if info.ispkg and importlib.util.find_spec(module) is not None:
            found[info.name] = module
    return found


def _from_environment() -> dict[str, GamePlugin]:
    """The games of the modules ``LUDOTHEEK_GAMES`` names (each imported once; the
    answer kept while the variable stays the same: every game lookup asks here)."""
    global _env_games
    value = os.environ.get(ENV, "")
    if _env_games[0] == value:
        return _env_games[1]
    found = {}
    for module in filter(None, (m.strip() for m in value.split(","))):
        declared = _by_module.get(module)
        if declared is None:
            declared = _load(module)
            _by_module[module] = declared
        found[declared.name] = declared
    _env_games = (value, found)
    return found


def _load(target: str) -> GamePlugin:
    module, _, attribute = target.partition(":")
    declared = getattr(importlib.import_module(module), attribute or "PLUGIN", None)
    if not isinstance(declared, GamePlugin):
        raise UnknownGame(f"{target} holds no PLUGIN (a ludotheek.core.plugin.GamePlugin)",
                          code="game.no_plugin", target=quoted(target))
    return declared


def names() -> list[str]:
    """The names of the registered games, sorted."""
    return sorted({*_installed(), *_from_environment(), *_registered})


def plugin(name: str) -> GamePlugin:
    """The declaration of the game ``name``; :class:`UnknownGame` if there is none."""
    found = _registered.get(name) or _from_environment().get(name) or _loaded.get(name)
    if found is not None:
        return found
    target = _installed().get(name)
    if target is None:
        raise UnknownGame(f"unknown game {name!r}; the games are: {', '.join(names())}",
                          code="game.unknown", game=quoted(name), games=", ".join(names()))
    declared = _load(target)
    if declared.name != name:
        raise UnknownGame(f"{target} declares {declared.name!r}, not {name!r}",
                          code="game.misnamed", target=quoted(target),
                          declared=quoted(declared.name), game=quoted(name))
    _loaded[name] = declared
    return declared


def get(name: str) -> Game:
    """The game called ``name``; :class:`UnknownGame` if there is none."""
    return plugin(name).game


def plugins() -> list[GamePlugin]:
    """Every registered game's declaration, by name."""
    return [plugin(name) for name in names()]


def register(declared: GamePlugin) -> None:
    """Add a game in this process (a test's game); it replaces one of the same name."""
    _registered[declared.name] = declared


def unregister(name: str) -> None:
    """Forget a game added with :func:`register`."""
    _registered.pop(name, None)
