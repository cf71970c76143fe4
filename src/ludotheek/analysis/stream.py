"""The review as it streams: a first look at every position, then the review proper
(issue 39: the first marks on the page within seconds, the rest coming in).

A game's :class:`~ludotheek.analysis.review.Review` may declare a ``preview``: the same
player with far less work than the review's (Wari: depth 4 for 9; Akwaier: 16 simulations
for 360). Before the review proper (:mod:`ludotheek.analysis.quick`: the screen and the
deepening, or every position with the full work), every position to study gets a
*first look* (:func:`first_look`), in small batches, the first of one position
(:func:`batches`), so that the analysis shown while the review runs
(:func:`as_shown`) has a standing at every position and provisional marks after a
fraction of a second of the workers' time, not after the first positions' full work (a
Wari opening position at depth 9 takes 0.2-0.6 s of CPU, several seconds on a loaded
machine).

A first look's measure is marked ``"preview": true``; it is only shown: it is never
stored as a position's measure, never judged by when the review decides what to deepen,
never part of the result (which is the quick review's, as before).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ludotheek.analysis.measure import _review, study
from ludotheek.analysis.review import Review
from ludotheek.core.game import State
from ludotheek.core.registry import get

#: the largest batch of first looks sent to a worker at once (a computer turn waits for
#: one batch at most: 16 Akwaier positions at 16 simulations are about 0.15 s of CPU)
BATCH = 16
#: the key the first looks of the analysis by ``engine`` are kept under on a scaled-out
#: site (``engine + PREVIEW_KEY``: apart from the measures, which they never mix with)
PREVIEW_KEY = "#preview"

Measures = Mapping[int, Mapping[str, Any]]


def first_look(state: State, seed: int, review: Review | None = None) -> dict[str, Any]:
    """The first look at ``state``: the review's player with the ``preview``'s work."""
    review = review or _review(state.game.name)
    if review.preview is None:
        raise ValueError(f"{state.game.name} declares no first look")
    return {**study(state, seed, review, review.preview), "preview": True}


def first_looks_json(game: str, positions: Sequence[tuple[dict[str, Any], int]]
                     ) -> list[dict[str, Any]]:
    """Runs in a worker: :func:`first_look` of each (position as JSON, seed)."""
    plugin = get(game)
    return [first_look(plugin.from_json(state), seed) for state, seed in positions]


def batches(positions: Sequence[int], most: int = BATCH) -> list[list[int]]:
    """``positions`` in batches of 1, 2, 4, ... up to ``most`` (the first look of the
    first position is shown as soon as it is made).

    >>> batches(range(12), 4)
    [[0], [1, 2], [3, 4, 5, 6], [7, 8, 9, 10], [11]]
    """
    out: list[list[int]] = []
    size, i, items = 1, 0, list(positions)
    while i < len(items):
        out.append(items[i:i + size])
        i += size
        size = min(most, 2 * size)
    return out


def is_preview(measure: Mapping[str, Any] | None) -> bool:
    return bool(measure is not None and measure.get("preview"))


def as_shown(measures: Measures, previews: Measures) -> dict[int, Mapping[str, Any]]:
    """The measures an analysis shown while the review runs is assembled from: each
    position's measure where there is one (screened or full), else its first look."""
    return {**previews, **measures}
