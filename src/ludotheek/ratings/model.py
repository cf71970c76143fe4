"""The rating scale and the openskill model.

Ratings are openskill's Plackett-Luce model (Weng and Lin's Bayesian approximation), which
rates 2-6 players as one ranked result. Its default scale (a new player at 25 ± 8.3) is
multiplied by 60, so that ratings read like chess ratings: a new profile starts at 1500
with an uncertainty σ of 500, and ``beta`` (the spread of one game's performance) is 250.
The computer levels are measured on the same scale (docs/strength.md), and rated games
against them keep their ratings fixed.

>>> a, b = new_rating(), new_rating()
>>> after = rate([a, b], [1, 2])
>>> after[0].mu > 1500 > after[1].mu and after[0].sigma < 500
True
>>> rate([a, Rating(1500, 25)], [2, 1], fixed=[False, True])[1]
Rating(mu=1500, sigma=25)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache

from openskill.models import PlackettLuce

#: openskill's defaults (25, 25/3, 25/6, 25/300) times 60
MU = 1500.0
SIGMA = 500.0
BETA = 250.0
TAU = 5.0
#: the uncertainty of a computer level's measured rating (known within ±50: two σ)
LEVEL_SIGMA = 25.0
#: a profile's rating is provisional (shown with a "?") for its first games
PROVISIONAL_GAMES = 5
MAX_PLAYERS = 6


@dataclass(frozen=True)
class Rating:
    """A rating: ``mu`` the estimate, ``sigma`` its uncertainty (both in points)."""

    mu: float
    sigma: float

    @property
    def shown(self) -> int:
        """The rating as the pages show it (the estimate, rounded)."""
        return round(self.mu)


@cache
def model() -> PlackettLuce:
    return PlackettLuce(mu=MU, sigma=SIGMA, beta=BETA, tau=TAU)


def new_rating() -> Rating:
    """The rating of a profile that has played no rated game of a game yet."""
    return Rating(MU, SIGMA)


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
