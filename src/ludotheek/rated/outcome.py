"""The places of a finished rated game's seats: the rules of docs/ratings.md.

Pure: it works on what the database keeps of a game (its seats, the movers of its
moves, its result), and decides whether the game is rated and each seat's place.

- Every person seat must have made a decision of its own (a move, a resignation, leaving);
  otherwise the game is not rated (``no_start``: it was aborted, or a player never came).
- Seats that left the game (resigned or left; in games of 3-6 players a seat that left is
  played on by a computer) are placed below every seat that stayed, the one that left last
  highest among them.
- A game abandoned (no move for a long time) places the person seat that was to move with
  those who left, below the others; the others are placed by the result the game was
  scored with when it stopped.
- The seats that stayed are placed by the result: the winners first, the others by score
  (higher is better), equal scores sharing a place. A draw (no winners) places everyone who
  stayed equal first.
- An undo in a rated game makes it unrated (``undo``): the server refuses undos in rated
  games, so only an imported or an older game can have one.

>>> o = outcome(Finished(seats=("person", "person"), movers=(0, 1, 0),
...                      moves=("3", "9", "4"), scores=(30.0, 18.0), winners=(0,)))
>>> o.places, o.reason
((1, 2), 'result')
>>> outcome(Finished(("person", "person"), (0, 1, 0), ("3", "9", ResignAction()), (0, 0), (1,),
...                  departed=(0,))).places
(2, 1)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ludotheek.core.record import Entry, ResignAction, UndoAction


@dataclass(frozen=True)
class Finished:
    """What the rating needs of a finished game."""

    seats: Sequence[str]  # "person" or "computer", by seat
    movers: Sequence[int | None]  # the seat that made each stored move (None: unknown)
    moves: Sequence[Entry]
    scores: Sequence[float]
    winners: Sequence[int]
    reason: str | None = None  # the end reason ("abandoned", "resigned", ...)
    to_move: int | None = None  # who was to move when it ended (for an abandoned game)
    departed: Sequence[int] = ()  # seats that left, in the order they left


@dataclass(frozen=True)
class Outcome:
    """``places`` by seat (None: the game is not rated) and the ``reason``."""

    places: tuple[int, ...] | None
    reason: str


ABANDONED = "abandoned"


def departures(moves: Sequence[Entry], movers: Sequence[int | None]) -> list[int]:
    """The seats that resigned, in order (each once), from the record's entries (a seat
    that left a game of more seats is in the game's seats: see ``rated/rater.py``)."""
    out: list[int] = []
    for move, seat in zip(moves, movers, strict=False):
        if isinstance(move, ResignAction) and seat is not None and seat not in out:
            out.append(seat)
    return out


def places_by_result(seats: Sequence[int], scores: Sequence[float],
                     winners: Sequence[int]) -> dict[int, int]:
    """The places of ``seats`` by the result: winners first, then by score; ties share.
    A draw (no winners at all) places them all first.

    >>> places_by_result([0, 1, 2, 3], [10, 30, 30, 5], [1, 2])
    {1: 1, 2: 1, 0: 3, 3: 4}
    >>> places_by_result([0, 1], [24, 24], [])
    {0: 1, 1: 1}
    >>> places_by_result([0, 2], [10, 30, 20], [1])  # the winner is not among them
    {2: 1, 0: 2}
    """
    if not winners:
        return dict.fromkeys(seats, 1)
    key = {s: (0 if s in winners else 1, -float(scores[s]) if s not in winners else 0.0)
           for s in seats}
    order = sorted(seats, key=lambda s: (key[s], s))
    out: dict[int, int] = {}
    for i, s in enumerate(order):
        out[s] = out[order[i - 1]] if i and key[s] == key[order[i - 1]] else i + 1
    return out


def outcome(game: Finished) -> Outcome:
    """Whether ``game`` is rated and the place of each seat (see the module's rules)."""
    n = len(game.seats)
    if any(isinstance(m, UndoAction) for m in game.moves):
        return Outcome(None, "undo")
    decided = {s for s in game.movers if s is not None}
    persons = [i for i, kind in enumerate(game.seats) if kind == "person"]
    if any(s not in decided for s in persons):
        return Outcome(None, "no_start")
    gone = [s for s in game.departed if 0 <= s < n]
    if game.reason == ABANDONED and game.to_move is not None and game.to_move in persons \
            and game.to_move not in gone:
        gone.append(game.to_move)
    stayed = [s for s in range(n) if s not in gone]
    places = places_by_result(stayed, game.scores, game.winners)
    below = len(stayed)
    for rank, seat in enumerate(reversed(gone)):  # the last to leave highest
        places[seat] = below + rank + 1
    if game.reason == ABANDONED:
        reason = ABANDONED
    elif gone:
        reason = "left"
    else:
        reason = "result"
    return Outcome(tuple(places[s] for s in range(n)), reason)
