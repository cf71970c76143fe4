"""The games: one package per game, each declaring itself in its module ``plugin``.

The registry (:mod:`ludotheek.core.registry`) finds them; this package lists none.

>>> from ludotheek.games import get, names
>>> "wari" in names()
True
>>> get("wari").name
'wari'
"""

from __future__ import annotations

from ludotheek.core.registry import get, names, plugin, plugins, register, unregister

__all__ = ["get", "names", "plugin", "plugins", "register", "unregister"]
