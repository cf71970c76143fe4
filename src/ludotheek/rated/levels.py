"""The fixed ratings of the computer levels.

A level's rating is measured by computer matches (docs/strength.md) and comes with the
level (``Level.rating`` and ``Level.rating_interval``, the half-width of its 95% interval,
from the game's ``ratings.json``; :mod:`ludotheek.ai.players`). Rated games use it as it is
and never change it. A level without a measured rating cannot sit in a rated game.
"""

from __future__ import annotations

from ludotheek.ai import players
from ludotheek.ai.players import Level
from ludotheek.rated import scale as rating
from ludotheek.rated.people import Rating

#: σ of a level whose interval is not known
LEVEL_SIGMA = 25.0


def as_rating(lv: Level) -> Rating | None:
    """The level's measured rating with its σ (interval / 1.96), or None.

    >>> from dataclasses import replace
    >>> lv = players.levels("wari")["normal"]
    >>> r = as_rating(replace(lv, rating=1650.0, rating_interval=39.2))
    >>> r.mu, round(r.sigma, 2)
    (1650.0, 20.0)
    >>> print(as_rating(replace(lv, rating=None)))
    None
    """
    if lv.rating is None:
        return None
    sigma = lv.rating_interval / rating.Z95 if lv.rating_interval else LEVEL_SIGMA
    return Rating(float(lv.rating), sigma)


def level_rating(game: str, level: str) -> Rating | None:
    """The measured rating of ``level`` of ``game`` (None: unknown level or not measured)."""
    lv = players.levels(game).get(level)
    return as_rating(lv) if lv is not None else None


def rated_levels(game: str) -> dict[str, Rating]:
    """Every level of ``game`` that has a measured rating."""
    out = {}
    for name in players.levels(game):
        r = level_rating(game, name)
        if r is not None:
            out[name] = r
    return out
