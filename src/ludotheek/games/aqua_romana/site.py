"""The building site: laying a tile and letting the water flow.

The site is a list of 88 entries (:data:`EMPTY`, :data:`RESERVOIR` or a tile code) and
the channel owners a list of 176 entries (``square * 2 + channel``: the worker whose
aqueduct holds that channel, or -1 for a neutral one). Aqueduct ends are kept by
worker: the square of the last channel (the reservoir square before the aqueduct
has begun) and the side it leaves by; the end *faces* the square across that side.

:func:`flow` lays a tile in a trial: every open aqueduct whose end faces the square
flows into the tile's channel at that side and on through the neutral channels it
meets, or is closed by a blank tile side. It returns what would change, or a
:class:`Refusal` saying why the tile would join aqueducts.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ludotheek.games.aqua_romana.geometry import NEIGHBOUR, TILES

EMPTY = -1
RESERVOIR = -2

# why an aqueduct closed
EDGE, AT_RESERVOIR, BLANK, VOLUNTARY, FINAL = "edge", "reservoir", "blank", "voluntary", "final"

# worker states
OPEN, CLOSED, RETIRED = 0, 1, 2


@dataclass(frozen=True)
class Flow:
    """What a tile does to one aqueduct: channels claimed (in order), the new end."""

    worker: int
    channels: tuple[int, ...]
    end: int
    side: int
    closed: str | None


@dataclass(frozen=True)
class Refusal:
    """Why a tile may not be laid: ``worker``'s water would reach a channel of ``other``
    (``other == worker``: its own) or the outlet of worker ``outlet``, on ``square``."""

    worker: int
    other: int = -1
    outlet: int = -1
    square: int = -1


def facing(ends: Sequence[int], sides: Sequence[int], states: Sequence[int], sq: int,
           workers: Sequence[int]) -> list[int]:
    """The open aqueducts (of ``workers``, in that order) whose end faces square ``sq``."""
    return [w for w in workers if states[w] == OPEN and NEIGHBOUR[ends[w]][sides[w]] == sq]


def walk(
    tiles: Sequence[int],
    owner: Sequence[int],
    claimed: dict[int, int],
    worker: int,
    sq: int,
    enter: int,
    outlet_at: dict[tuple[int, int], int],
) -> Flow | Refusal:
    """Water of ``worker`` entering square ``sq`` (which holds a tile) at side ``enter``.

    It flows through the channel there and on through every neutral channel it meets;
    channels it takes are written into ``claimed`` (channel id -> worker). The tile on
    ``sq`` must have a channel at ``enter``.
    """
    path: list[int] = []
    cur = sq
    ctile = TILES[tiles[sq]]
    while True:
        cid = cur * 2 + ctile.channel_at[enter]
        other = owner[cid]
        if other < 0:
            other = claimed.get(cid, -1)
        if other >= 0:
            return Refusal(worker, other=other, square=cur)
        claimed[cid] = worker
        path.append(cid)
        out = ctile.exit[enter]
        nxt = NEIGHBOUR[cur][out]
        if nxt < 0:
            return Flow(worker, tuple(path), cur, out, EDGE)
        t = tiles[nxt]
        if t == EMPTY:
            return Flow(worker, tuple(path), cur, out, None)
        enter = (out + 2) % 4
        if t == RESERVOIR:
            hit = outlet_at.get((nxt, enter), -1)
            if hit >= 0:
                return Refusal(worker, outlet=hit, square=nxt)
            return Flow(worker, tuple(path), cur, out, AT_RESERVOIR)
        ntile = TILES[t]
        if ntile.channel_at[enter] < 0:
            return Flow(worker, tuple(path), cur, out, BLANK)
        cur, ctile = nxt, ntile


def flow(
    tiles: list[int],
    owner: Sequence[int],
    ends: Sequence[int],
    sides: Sequence[int],
    involved: Sequence[int],
    sq: int,
    code: int,
    outlet_at: dict[tuple[int, int], int],
) -> list[Flow] | Refusal:
    """Lay tile ``code`` on the empty square ``sq`` in a trial and let the water flow.

    ``involved`` are the open aqueducts whose end faces ``sq`` (see :func:`facing`);
    ``tiles`` is borrowed for the trial and given back unchanged.
    """
    claimed: dict[int, int] = {}
    results: list[Flow] = []
    channel_at = TILES[code].channel_at
    tiles[sq] = code
    try:
        for w in involved:
            enter = (sides[w] + 2) % 4
            if channel_at[enter] < 0:
                results.append(Flow(w, (), ends[w], sides[w], BLANK))
                continue
            result = walk(tiles, owner, claimed, w, sq, enter, outlet_at)
            if isinstance(result, Refusal):
                return result
            results.append(result)
    finally:
        tiles[sq] = EMPTY
    return results
