"""The fixed ratings of the computer levels.

A level's rating is measured by computer matches (docs/strength.md) and kept on the level
(``Level.rating`` in the game's ``players.py``, on the scale of :mod:`.model`). Rated games
use it as it is and never change it. A level without a measured rating cannot sit in a
rated game.
"""

from __future__ import annotations

from typing import Any

from ludotheek import players
from ludotheek.ratings.model import LEVEL_SIGMA, Rating


def as_rating(value: Any) -> Rating | None:
    """A level's ``rating`` attribute as a :class:`Rating`: a number (its points), a pair
    (points, σ) or an object with ``mu`` and ``sigma``; None when there is none.

    >>> as_rating(1650), as_rating((1200.0, 30.0)), as_rating(None)
    (Rating(mu=1650.0, sigma=25.0), Rating(mu=1200.0, sigma=30.0), None)
    """
    if value is None:
        return None
    if isinstance(value, int | float) and not isinstance(value, bool):
        return Rating(float(value), LEVEL_SIGMA)
    if isinstance(value, tuple | list) and len(value) == 2:
        return Rating(float(value[0]), float(value[1]))
    mu = getattr(value, "mu", None)
    if mu is not None:
        return Rating(float(mu), float(getattr(value, "sigma", LEVEL_SIGMA)))
    return None


def level_rating(game: str, level: str) -> Rating | None:
    """The measured rating of ``level`` of ``game`` (None: unknown level or not measured)."""
    lv = players.levels(game).get(level)
    return as_rating(getattr(lv, "rating", None)) if lv is not None else None


def rated_levels(game: str) -> dict[str, Rating]:
    """Every level of ``game`` that has a measured rating."""
    out = {}
    for name in players.levels(game):
        r = level_rating(game, name)
        if r is not None:
            out[name] = r
    return out
