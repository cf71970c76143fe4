"""Studying one position: the function the computer pool runs.

It gets the game's name, the position as JSON and a seed, asks the game's
declared player to analyse it, and returns plain JSON (what the database keeps
per position):

    {"seat": 0, "standing": [3.5, -3.5], "best": "4", "values": [["4", 3.5], ...],
     "exact": false, "note": null, "reason": "..."}

``values`` are, best first, what the seat to move can expect after each move
the player weighed, on the game's scale (see :mod:`ludotheek.analysis.review`);
``note``: the sentence the game adds to the position (``{"key": ..., "params": ...}``).
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from typing import Any

from ludotheek.ai import players
from ludotheek.analysis.review import Review, review_for
from ludotheek.core.game import State
from ludotheek.core.registry import get


@cache
def _review(game: str) -> Review:
    return review_for(game)


def study(state: State, seed: int, review: Review | None = None,
          params: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """The measure of ``state`` (a position with a choice) as JSON; with ``params``, by the
    player with those in place of the review's (the quick screen's)."""
    game = state.game.name
    review = review or _review(game)
    player = players.get(game, review.player, seed=seed,
                         **dict(review.params if params is None else params))
    analyse = getattr(player, "analyse", None)
    if analyse is None:
        raise TypeError(f"the {review.player} player of {game} cannot analyse")
    a = analyse(state, review.seconds)
    m = review.measure(state, a)
    values = sorted(m.values.items(), key=lambda mv: -mv[1])
    if a.move not in m.values:
        raise ValueError(f"{game}: the measure has no value for the best move {a.move!r}")
    return {"seat": state.to_move, "standing": [float(v) for v in m.standing], "best": a.move,
            "values": [[mv, float(v)] for mv, v in values], "exact": bool(m.exact),
            "note": m.note.to_json() if m.note is not None else None, "reason": a.reason}


def study_json(game: str, state_json: dict[str, Any], seed: int) -> dict[str, Any]:
    """Runs in a worker: :func:`study` of a position sent as JSON."""
    return study(get(game).from_json(state_json), seed)


def final(state: State, review: Review | None = None) -> dict[str, Any]:
    """The measure of a finished game's last position: its result on the scale."""
    review = review or _review(state.game.name)
    return {"seat": None, "standing": [float(v) for v in review.final(state)], "best": None,
            "values": [], "exact": True, "note": None, "reason": ""}
