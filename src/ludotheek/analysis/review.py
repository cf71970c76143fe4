"""What a game declares for its analysis: the engine, the scale, the thresholds.

Each game that can be analysed names in its plug-in (``GamePlugin.review``) a
module with ``REVIEW``, a :class:`Review`. The analysis itself (this package) names no
game: it asks the declared player (``ludotheek.ai.players``) to analyse positions
and turns the player's :class:`~ludotheek.ai.base.Analysis` into numbers on the
game's own scale with the declaration's ``measure``.

The scale is each seat's *standing*: what that seat can expect at the end of
the game (Wari: the final margin in seeds; Akwaier: the final wealth; Aqua
Romana: the final points; Haaienzee: the chance to win). A decision's *loss* is
how much less the move played gives its seat than the best move found, on the
same scale; the thresholds turn the loss into a mark (docs/strength.md says how
each game's were chosen).

Where a position's standing is exact (Wari's endgame database), a game whose standing is
a final margin declares ``outcomes``: the analysis then says the exact result there (a
win by 2, a draw) and what each move made of it. A game may add a :class:`Note` to a
position, a sentence of its own catalog: what its analysis could not do there (Wari: the
endgame database not built yet, so a position it would cover is only estimated).
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from ludotheek.ai.base import Analysis
from ludotheek.core.errors import LudotheekError
from ludotheek.core.game import State
from ludotheek.core.registry import plugin

#: the marks, best first; a decision gets the first whose loss it does not exceed
MARKS = ("best", "good", "inaccuracy", "mistake", "blunder")
#: how the text record writes the bad ones
SYMBOLS = {"inaccuracy": "?!", "mistake": "?", "blunder": "??"}
#: a loss at most this large counts as none (values that differ by rounding only)
TINY = 1e-9


class NoAnalysis(LudotheekError):
    """The game declares no analysis."""


@dataclass(frozen=True)
class Thresholds:
    """The smallest losses that make an inaccuracy, a mistake and a blunder."""

    inaccuracy: float
    mistake: float
    blunder: float

    def __post_init__(self) -> None:
        if not 0 < self.inaccuracy <= self.mistake <= self.blunder:
            raise ValueError("thresholds must grow: 0 < inaccuracy <= mistake <= blunder")

    def mark(self, loss: float) -> str:
        if loss <= TINY:
            return "best"
        if loss < self.inaccuracy:
            return "good"
        if loss < self.mistake:
            return "inaccuracy"
        if loss < self.blunder:
            return "mistake"
        return "blunder"


@dataclass(frozen=True)
class Note:
    """A sentence a game adds to a position of its analysis: a text of its catalog
    (``key``, such as ``wari.review.no_database``) and the text's parameters. The
    analysis carries it to the pages, which word it in the reader's language."""

    key: str
    params: Mapping[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {"key": self.key, "params": dict(self.params)}


@dataclass(frozen=True)
class Measure:
    """What a game's ``measure`` makes of the player's analysis of one position.

    ``standing``: each seat's standing on the game's scale; ``values``: for the moves
    the player weighed, what the seat to move can expect after each, as
    :meth:`Review.score` counts it (its standing, or its lead over the best other);
    ``exact``: the standing is exact (Wari's endgame database), not an estimate, and so
    are the ``values``; ``note``: what the game adds to this position in words.
    """

    standing: list[float]
    values: dict[str, float]
    exact: bool = False
    note: Note | None = None


@dataclass(frozen=True)
class Review:
    """A game's analysis: which player studies the positions, and on what scale.

    ``player`` and ``params`` name a player of ``ludotheek.ai.players`` (fixed work, so
    that an analysis can be repeated: a depth, a number of simulations);
    ``seconds`` caps one position's time. ``unit`` names the scale's unit for the
    texts (``analysis.unit.<unit>`` in the catalogs: seeds, money, points, chance);
    ``decimals`` and ``signed`` say how a standing is written. ``measure`` turns the
    player's analysis of a position into a :class:`Measure`; ``final`` gives each
    seat's standing in a finished game. The :class:`Measure`'s ``values`` are on the
    scale decisions are judged by (:meth:`score`). Change ``version`` whenever the player or
    the measure changes: stored analyses are kept per game and engine version.
    ``outcomes``: an exact standing is the game's result, a margin whose sign says who
    wins (above 0 a win by that much, below 0 a loss, 0 a draw); the analysis words the
    exact positions and the decisions made in them so ("turns a win by 2 into a loss by
    1").
    """

    player: str
    params: Mapping[str, Any]
    unit: str
    thresholds: Thresholds
    measure: Callable[[State, Analysis], Measure]
    final: Callable[[State], list[float]]
    version: str = "1"
    seconds: float | None = None
    decimals: int = 1
    signed: bool = False
    #: a sentence for the docs and the API: what the standing is
    scale: Mapping[str, str] = field(default_factory=dict)
    #: judge decisions by the seat's lead over the best other seat (games of more than
    #: two seats, or whose standing is not a margin: helping a rival costs too)
    margin: bool = False
    outcomes: bool = False
    #: the quick screen (``analysis.quick``): the same player with these ``params`` in
    #: their place (less work) studies every position first; only a position where the
    #: screen finds the move played lost at least ``deepen`` times the inaccuracy
    #: threshold is studied with ``params`` (None: every position with ``params``)
    screen: Mapping[str, Any] | None = None
    deepen: float = 0.5
    #: the first look (``analysis.stream``): the same player with these ``params`` (far
    #: less work) looks at every position before the review proper, so that a page shows
    #: the standings and provisional marks within seconds; its measures are only shown,
    #: never kept nor judged by (so not part of :meth:`engine`). None: no first look (a
    #: screen or the full work is quick enough at the first positions)
    preview: Mapping[str, Any] | None = None

    def score(self, standing: Sequence[float], seat: int) -> float:
        """What a standing is worth to ``seat`` when its decisions are judged: its own
        standing, or with ``margin`` its lead over the best other seat."""
        if not self.margin:
            return float(standing[seat])
        return float(standing[seat] - max(v for s, v in enumerate(standing) if s != seat))

    def engine(self) -> str:
        """The engine version an analysis is stored under."""
        from ludotheek import __version__

        params = ",".join(f"{k}={v}" for k, v in sorted(self.params.items()))
        quick = ""
        if self.screen is not None:
            screen = ",".join(f"{k}={v}" for k, v in sorted(self.screen.items()))
            quick = f"+screen({screen})<{self.deepen:g}"
        return f"{self.player}({params}){quick}/{self.version}/ludotheek-{__version__}"

    def format(self, value: float) -> str:
        """A standing or a loss as the record writes it."""
        if self.unit == "chance":
            text = f"{100 * value:.0f}%"
            return ("+" + text) if self.signed and value > 0 else text
        text = f"{value:+.{self.decimals}f}" if self.signed else f"{value:.{self.decimals}f}"
        return text


def review_for(game: str) -> Review:
    """The analysis ``game`` declares (its plug-in's ``review`` module); :class:`NoAnalysis`
    if it declares none."""
    module = plugin(game).review  # UnknownGame for a game that does not exist
    review = getattr(importlib.import_module(module), "REVIEW", None) if module else None
    if not isinstance(review, Review):
        raise NoAnalysis(f"{game} declares no analysis", code="analysis.none", game=game)
    return review


def zero_sum(seat: int, value: float, seats: int = 2) -> list[float]:
    """Two seats' standings when one's gain is the other's loss (a margin)."""
    assert seats == 2
    return [value, -value] if seat == 0 else [-value, value]
