"""A person's rating after a rated game, on ludotheek's one scale (:mod:`ludotheek.rated.scale`).

People and computer levels are rated by the same openskill Plackett-Luce model, so a
profile's 1600 and a level's 1600 mean the same. A new profile starts at 1500 with the
newcomer's σ (about 246). People's ratings use ``tau`` (a hundredth of that σ, openskill's
own ratio), so that a rating can still move after many games; a computer level's rating is
fixed: it enters the update with its measured σ and comes out unchanged.

>>> a, b = new_rating(), new_rating()
>>> after = rate([a, b], [1, 2])
>>> after[0].mu > 1500 > after[1].mu and after[0].sigma < a.sigma
True
>>> rate([a, Rating(1500, 25)], [2, 1], fixed=[False, True])[1]
Rating(mu=1500, sigma=25)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache

from openskill.models import PlackettLuce

from ludotheek.rated import scale as rating

#: how far a person's σ grows back before each game (openskill's default ratio σ/100)
TAU = rating.SIGMA / 100.0
#: a profile's rating is provisional (shown with a "?") for its first games of a game
PROVISIONAL_GAMES = 5
MAX_PLAYERS = 6


@dataclass(frozen=True)
class Rating:
    """A rating: ``mu`` the estimate, ``sigma`` its uncertainty (both in points)."""

    mu: float
    sigma: float


@cache
def model() -> PlackettLuce:
    return rating.model(tau=TAU)


def new_rating() -> Rating:
    """The rating of a profile that has played no rated game of a game yet."""
    return Rating(rating.MU, rating.SIGMA)


def rate(before: Sequence[Rating], places: Sequence[int],
         fixed: Sequence[bool] | None = None) -> list[Rating]:
    """The ratings after one game of ``len(before)`` seats (2-6) with ``places`` (1 is
    first; equal places are ties); a seat whose ``fixed`` is true keeps its rating."""
    n = len(before)
    if not 2 <= n <= MAX_PLAYERS or len(places) != n:
        raise ValueError(f"a rated game has 2-{MAX_PLAYERS} seats with a place each")
    if any(p < 1 for p in places):
        raise ValueError("places start at 1")
    fixed = list(fixed) if fixed is not None else [False] * n
    m = model()
    teams = [[m.rating(mu=r.mu, sigma=r.sigma)] for r in before]
    after = m.rate(teams, ranks=[float(p) for p in places])
    return [old if keep else Rating(team[0].mu, team[0].sigma)
            for old, keep, team in zip(before, fixed, after, strict=True)]
