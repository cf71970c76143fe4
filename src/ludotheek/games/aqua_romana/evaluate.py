"""Estimates for the computer players: what a seat holds, what a move gains.

Everything here reads a state and changes nothing.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from ludotheek.games.aqua_romana.geometry import NEIGHBOUR, SIGHT, TILES
from ludotheek.games.aqua_romana.rules import podium_for
from ludotheek.games.aqua_romana.site import EMPTY, OPEN, RETIRED
from ludotheek.games.aqua_romana.tables import TOP_PODIUM

if TYPE_CHECKING:
    from ludotheek.games.aqua_romana.rules import AquaState, Move


def holding(state: AquaState, seat: int) -> int:
    """What ``seat`` holds now as greedy counts it: podium points of its retired workers,
    the length of each aqueduct not yet scored."""
    total = 0
    for w in state.table.workers_of[seat]:
        if state.wstate[w] == RETIRED:
            total += state.podium_of[w]
        else:
            total += state.lengths[w]
    return total


def close_now(state: AquaState) -> list[float]:
    """Each seat's score if every aqueduct were closed now, longest first (the final
    scoring, without the rank bonuses)."""
    totals = [float(x) for x in state.scores()]
    if state.to_move is None:
        return totals
    podiums = [p[:] for p in state.podiums]
    seat_of = state.table.seat_of
    pending = sorted((w for w, st in enumerate(state.wstate) if st != RETIRED),
                     key=lambda w: -state.lengths[w])
    for w in pending:
        v = podium_for(podiums, state.lengths[w])
        if v:
            podiums[v].append(w)
        totals[seat_of[w]] += v
    return totals


def lead(state: AquaState, seat: int) -> float:
    """``seat``'s :func:`close_now` estimate minus the best other seat's."""
    v = close_now(state)
    return v[seat] - max(x for i, x in enumerate(v) if i != seat)


# --- a finer estimate of the final score ---------------------------------------------------
def room(state: AquaState, w: int, limit: int = 12) -> int:
    """How many empty squares an open aqueduct could still reach from its front
    (a flood fill over empty squares, at most ``limit``)."""
    tiles = state.tiles
    start = state.front(w)
    if start < 0 or tiles[start] != EMPTY:
        return 0
    seen = {start}
    todo = [start]
    while todo and len(seen) < limit:
        sq = todo.pop()
        for nb in NEIGHBOUR[sq]:
            if nb >= 0 and nb not in seen and tiles[nb] == EMPTY:
                seen.add(nb)
                todo.append(nb)
    return len(seen)


def projected(state: AquaState, growth: float = 0.35) -> list[float]:
    """Each seat's estimated final score: podium points, plus every aqueduct not yet
    scored at a projected length (its length, more while it is open, has room and sees
    a builder), given podiums longest first, plus the rank bonuses."""
    if state.to_move is None:
        return [float(x) for x in state.scores()]
    turns_left = sum(state.supply) / max(1, state.num_players) / 2.5
    podiums = [p[:] for p in state.podiums]
    seat_of = state.table.seat_of
    proj: list[tuple[float, int]] = []
    for w, st in enumerate(state.wstate):
        if st == RETIRED:
            continue
        length = float(state.lengths[w])
        if st == OPEN:
            r = room(state, w)
            sees = sum(1 for i in SIGHT[state.ends[w]] if state.track[i] >= 0)
            mobile = 1.0 if sees else 0.5
            length += min(r, turns_left) * growth * mobile
        proj.append((length, w))
    proj.sort(reverse=True)
    totals = [float(x) for x in state.scores()]
    for length, w in proj:
        v = podium_for(podiums, int(length + 0.5))
        if v:
            podiums[v].append(w)
        totals[seat_of[w]] += v
    # rank bonuses: the three best podiums
    ranked = [w for v in range(TOP_PODIUM, 0, -1) for w in podiums[v]]
    for w, bonus in zip(ranked, (4, 3, 2)):
        totals[seat_of[w]] += bonus
    return totals


#: weights of :func:`estimate`, fitted by least squares (benchmarks/aqua_romana_fit.py) on
#: the remaining points of each seat in 600 two-player games of greedy players (a third of
#: them with 5% and a third with 15% random moves): constant, open aqueducts, their lengths,
#: their points if closed now, those with a builder in sight, open aqueducts and lengths
#: times the share of tiles left, aqueducts not begun, holding the top podium, to move; and
#: the best other seat's open aqueducts, lengths and points if closed now
WEIGHTS = (2.815, -0.966, 0.814, 0.173, 0.387, 3.403, 0.323, 0.311, 1.370, 0.472,
           0.328, -0.191, 0.096)


def _features(state: AquaState, seat: int, now: list[float]) -> tuple[float, ...]:
    n_open = sum_l = sees = unbegun = 0
    best = 0
    track = state.track
    for w in state.table.workers_of[seat]:
        st = state.wstate[w]
        if st == RETIRED:
            best = max(best, state.podium_of[w])
            continue
        n_open += 1
        length = state.lengths[w]
        sum_l += length
        if length == 0:
            unbegun += 1
        if st == OPEN and any(track[i] >= 0 for i in SIGHT[state.ends[w]]):
            sees += 1
    top = max((v for v in range(TOP_PODIUM, 0, -1) if state.podiums[v]), default=0)
    frac = sum(state.supply) / 84
    return (n_open, sum_l, now[seat], sees, n_open * frac, sum_l * frac, unbegun,
            1.0 if best == top and top > 0 else 0.0, 1.0 if state.to_move == seat else 0.0)


def estimate(state: AquaState) -> list[float]:
    """Each seat's estimated final score: its podium points plus a linear estimate of the
    points still to come (see :data:`WEIGHTS`)."""
    scores = [float(x) for x in state.scores()]
    if state.to_move is None:
        return scores
    now = close_now(state)
    now = [a - b for a, b in zip(now, scores)]
    feats = [_features(state, seat, now) for seat in range(state.num_players)]
    out = []
    wt = WEIGHTS
    for seat, f in enumerate(feats):
        other = max((g for i, g in enumerate(feats) if i != seat), key=lambda g: g[2])
        value = wt[0] + sum(a * b for a, b in zip(wt[1:10], f))
        value += wt[10] * other[0] + wt[11] * other[1] + wt[12] * other[2]
        out.append(scores[seat] + value)
    return out


def margins(values: list[float]) -> list[float]:
    """Each seat's value minus the best other seat's."""
    out = []
    for i, v in enumerate(values):
        others = [x for j, x in enumerate(values) if j != i]
        out.append(v - max(others))
    return out


def squash(x: float, scale: float = 6.0) -> float:
    return 1.0 / (1.0 + math.exp(-x / scale))


# --- quick move features --------------------------------------------------------------------
def placement_score(state: AquaState, seat: int, idx: int) -> int:
    """A builder on track index ``idx``: own open workers that would see it minus others'."""
    score = 0
    seat_of = state.table.seat_of
    for w, st in enumerate(state.wstate):
        if st == OPEN and idx in SIGHT[state.ends[w]]:
            score += 2 if seat_of[w] == seat else -1
    return score


def bonus_score(state: AquaState, seat: int, mv: Move) -> int:
    """A bonus tile: open fronts next to it that it would later let flow on (own +1,
    others' -1)."""
    _, _kind, sq, code = mv
    tile = TILES[code]
    score = 0
    seat_of = state.table.seat_of
    for side in range(4):
        nb = NEIGHBOUR[sq][side]
        if nb < 0 or state.tiles[nb] != EMPTY or tile.channel_at[side] < 0:
            continue
        for w, st in enumerate(state.wstate):
            if st == OPEN and state.front(w) == nb:
                score += 1 if seat_of[w] == seat else -1
    return score


__all__ = [
    "WEIGHTS",
    "bonus_score",
    "close_now",
    "estimate",
    "holding",
    "lead",
    "margins",
    "placement_score",
    "projected",
    "room",
    "squash",
]
