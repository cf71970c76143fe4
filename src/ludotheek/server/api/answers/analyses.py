"""The answers of analyses and "try again from here" (``server/analyses/service.py``,
``server/play/tryagain.py``), each declared once (:mod:`ludotheek.server.edge.shapes`)."""

from __future__ import annotations

from typing import Annotated, Any, Literal

import msgspec
from msgspec import UNSET, UnsetType

from ludotheek.server.edge.shapes import Answer


def _about(text: str) -> msgspec.Meta:
    return msgspec.Meta(description=text)


class AnalysisNote(Answer):
    """A sentence the game adds to a position: a text of its catalog and its parameters
    (Wari: the endgame database that would make the position exact is not built yet)."""

    key: Annotated[str, _about("the text's key in the game's catalog")]
    params: dict[str, Any]


class Position(Answer):
    at: Annotated[int, _about("the position's number in the replay (moves)")]
    standing: Annotated[list[float], _about("each seat's standing on the game's scale")]
    exact: Annotated[bool, _about("exact (an endgame database), not estimated; with "
                                  "'outcomes', the result under perfect play")]
    to_move: int | None
    best: Annotated[str | None, _about("the best move found here")]
    note: Annotated[AnalysisNote | None, _about("what the game adds here in words")] = None


Mark = Literal["best", "good", "inaccuracy", "mistake", "blunder"]


class Decision(Answer):
    number: Annotated[int, _about("the move's number in the record")]
    before: Annotated[int, _about("the position it was made in")]
    seat: int
    move: str
    forced: Annotated[bool, _about("the only legal move")]
    resigned: bool
    mark: Annotated[Mark | None, _about("null for a resignation")]
    loss: Annotated[float, _about("what it lost against the best move found")]
    best: str | None
    better: Annotated[str | None, _about("the best move, when another move was played "
                                         "and lost")]
    best_value: float | None
    played_value: float | None
    after: Annotated[float | None, _about("the seat's standing after it")]
    exact: Annotated[bool, _about("best_value and played_value are exact: with "
                                  "'outcomes', the results the best move and the move "
                                  "played lead to under perfect play")] = False


class SeatSummary(Answer):
    seat: int
    decisions: int
    inaccuracy: int
    mistake: int
    blunder: int
    average_loss: float


class Thresholds(Answer):
    """The losses from which a move is an inaccuracy, a mistake, a blunder."""

    inaccuracy: float
    mistake: float
    blunder: float


class AnalysisResult(Answer, kw_only=True):
    """A finished analysis (``analysis/result.py``)."""

    game: str
    engine: str
    unit: Annotated[str, _about("the game's scale: seeds, money, points, chance, ... "
                                "(docs/strength.md, 'Analysis')")]
    decimals: int
    signed: bool
    scale: dict[str, Any]
    thresholds: Thresholds
    moves: int
    complete: bool
    positions: list[Position]
    decisions: list[Decision]
    seats: list[SeatSummary]
    hidden: Annotated[bool, _about("other seats' better moves are left out while a game "
                                   "with hidden tiles runs")] | UnsetType = UNSET
    outcomes: Annotated[bool, _about("an exact standing is the game's result: a margin, "
                                     "above 0 a win by that much, below 0 a loss")] = False
    notes: Annotated[list[AnalysisNote], _about("the positions' notes, each once")] = \
        msgspec.field(default_factory=list)
    provisional: Annotated[bool, _about(
        "while the review runs: the analysis as it stands (every position screened with "
        "little work; the marks firm up as the positions where the value moves are "
        "studied with the full work)")] | UnsetType = UNSET


class AnalysisStatus(Answer, kw_only=True):
    """The progress of a game's analysis, and its result once done."""

    id: str
    status: Literal["none", "running", "done", "failed"]
    engine: Annotated[str, _about("the engine version it is kept under")]
    moves: Annotated[int, _about("the moves of the record it covers")]
    version: Annotated[int, _about("the game's version now")]
    done: int
    total: Annotated[int, _about("positions to study (while a quick review runs: the "
                                 "screens and the deepenings known so far)")]
    result: Annotated[AnalysisResult, _about("once done; while running, the provisional "
                                                 "analysis as it stands")] | UnsetType = UNSET
    error: str | UnsetType = UNSET


class TriedAgain(Answer):
    """``POST /api/games/{id}/try``: the new game from the position, and your seat."""

    id: str
    seat: int
    token: str
    at: Annotated[int, _about("the moves it starts with")]
    url: Annotated[str, _about("the page that plays your seat")]

