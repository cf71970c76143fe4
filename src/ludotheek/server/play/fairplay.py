"""No engine help in a game that counts, while it runs (issue 34).

A hint, an analysis, "try again from here" (a copy of the game whose hint is allowed) and
the advice before a move each tell a player what an engine makes of the position. While a
game is in progress they are refused, with one 403 each route shares, in

- a **rated game** (``ratings.no_hints``): its rating is to measure the player, not the
  engine;
- a **game between people** (two or more person seats, ``hint.people``): it would be help
  from outside that the other person does not get.

Once the game is over anyone may look (the analysis of a finished game is for everybody).
Each route calls :func:`check_no_engine_help` first, before it looks at anything else.
"""

from __future__ import annotations

from ludotheek.server.errors import Forbidden
from ludotheek.server.play.livegame import LiveGame

RATED = ("a rated game gets no help from an engine while it runs (no hints, analysis, "
         "try again or advice): it would be help from outside")
PEOPLE = ("hints, analysis and advice are given only in games against the computer: in a "
          "game in progress between people they would be help from outside; analyse it once "
          "it is over")


def people(live: LiveGame) -> int:
    """How many seats of the game people play."""
    return sum(1 for s in live.seats if s["type"] == "person")


def engine_help_refused(live: LiveGame) -> Forbidden | None:
    """The refusal of any engine help in ``live`` as it is now; None if it is allowed."""
    if live.over:
        return None
    if live.rated:
        return Forbidden(RATED, code="ratings.no_hints")
    if people(live) >= 2:
        return Forbidden(PEOPLE, code="hint.people")
    return None


def check_no_engine_help(live: LiveGame) -> None:
    """:class:`Forbidden` (403) while ``live`` is a rated game or one between people."""
    refusal = engine_help_refused(live)
    if refusal is not None:
        raise refusal
