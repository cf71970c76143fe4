"""Studying one position: the function the computer pool runs.

It gets the game's name, the position as JSON and a seed, asks the game's
declared player to analyse it, and returns plain JSON (what the database keeps
per position):

    {"seat": 0, "standing": [3.5, -3.5], "best": "4", "values": [["4", 3.5], ...],
     "exact": false, "note": null, "reason": "..."}

``values`` are, best first, what the seat to move can expect after each move
the player weighed, on the game's scale (see :mod:`ludotheek.analysis.review`);
``note``: the sentence the game adds to the position (``{"key": ..., "params": ...}``).

The player that studies a position is made once per thread for each work (the review's
``params``, a screen's, a first look's) and *renewed* for the next position where it can be
(``renew(seed)``: it then analyses exactly as a new player with that seed would, what is
costly to make kept: Wari's search and its transposition table of 32 MB, whose memory a new
search faulted in afresh at every position; a 150-move Wari game's review took 0.70 s of
CPU with a new player a position, 0.28 s renewed, the same measures to the last digit).
"""

from __future__ import annotations

import threading
from collections.abc import Mapping
from functools import cache
from typing import Any

from ludotheek.ai import players
from ludotheek.ai.base import implementation_of
from ludotheek.analysis.review import Review, review_for
from ludotheek.core.game import State
from ludotheek.core.registry import get


@cache
def _review(game: str) -> Review:
    return review_for(game)


_KEPT = threading.local()


def player_for(game: str, name: str, seed: int, params: Mapping[str, Any]) -> Any:
    """The player ``name`` of ``game`` with ``params`` and ``seed`` for one position: the
    one this thread was given last for the same player and ``params``, renewed, where it
    can be (``renew``); else a new one (``players.get``; one that cannot be renewed is not
    kept). Not to be kept: the next call in the same thread may renew it."""
    key = (game, name, repr(sorted(params.items())))
    kept: dict[tuple[str, str, str], Any] = _KEPT.__dict__.setdefault("players", {})
    last = kept.get(key)
    if last is not None:
        return last.renew(seed)
    player = players.get(game, name, seed=seed, **dict(params))
    if hasattr(player, "renew"):  # others are made anew each time: nothing of theirs kept
        kept[key] = player
    return player


def implementation(state: State) -> str | None:
    """Which implementation the review's player of ``state``'s game uses here
    (``ludotheek.ai.base.implementation_of``: ``compiled``, ``python`` - the reference -, or
    None for a player without a compiled path): for benchmarks to record."""
    review = _review(state.game.name)
    return implementation_of(players.get(state.game.name, review.player, seed=0,
                                         **dict(review.params)), state)


def study(state: State, seed: int, review: Review | None = None,
          params: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """The measure of ``state`` (a position with a choice) as JSON; with ``params``, by the
    player with those in place of the review's (the quick screen's)."""
    game = state.game.name
    review = review or _review(game)
    player = player_for(game, review.player, seed,
                        review.params if params is None else params)
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
