"""The rating scale every rating in ludotheek uses: openskill's Plackett-Luce model.

Computer levels are rated by matches (``ludotheek rate``, docs/strength.md), people by
their rated games; both on this one scale, so a person's rating and a level's mean the
same thing.

The scale is Elo's: the model's ``beta`` is chosen so that for two well-known ratings
``d`` points apart the Plackett-Luce model gives the stronger the chance
``1 / (1 + 10 ** (-d / 400))`` of finishing ahead: 100 points 64%, 200 points 76%,
300 points 85%, 400 points 91%. A new rating starts at 1500 with ``sigma`` 2 ``beta``
(openskill's own ratio).

>>> round(expected(200), 2), round(expected(0), 2)
(0.76, 0.5)
>>> m = model()
>>> a, b = m.rating(), m.rating()
>>> [[a2], [b2]] = m.rate([[a], [b]], ranks=[1, 2])
>>> a2.mu > MU > b2.mu
True
"""

from __future__ import annotations

import math

from openskill.models import PlackettLuce, PlackettLuceRating

#: the rating of a newcomer
MU = 1500.0
#: the spread of one game's performance: 400 points is odds of 10 to 1, as Elo's
BETA = 400.0 / (math.log(10.0) * math.sqrt(2.0))
#: a newcomer's uncertainty (openskill's default ratio sigma = 2 beta)
SIGMA = 2.0 * BETA
#: how much of a 95% interval one sigma is: rating ± Z95 × sigma
Z95 = 1.959964


def model(tau: float = 0.0) -> PlackettLuce:
    """The model on ludotheek's scale. ``tau`` lets a rating move again over time (for
    people, whose skill changes); the computer levels are measured with ``tau=0``."""
    return PlackettLuce(mu=MU, sigma=SIGMA, beta=BETA, tau=tau)


def expected(difference: float, players: int = 2) -> float:
    """The chance that the stronger of two well-known ratings ``difference`` points apart
    finishes ahead of the other in a game of ``players``, in the Plackett-Luce model on
    this scale. (The model spreads a game of more players wider: its scale grows with
    the square root of the number of players, so 100 points are 64% between two, 58% at
    a table of six.)

    >>> round(expected(100), 2), round(expected(100, 6), 2)
    (0.64, 0.58)
    """
    c = math.sqrt(players) * BETA
    return 1.0 / (1.0 + math.exp(-difference / c))


__all__ = ["BETA", "MU", "SIGMA", "Z95", "PlackettLuceRating", "expected", "model"]
