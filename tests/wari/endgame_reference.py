"""A slow, plain reference for the endgame database, on the engine's own moves.

Everything here uses ``legal_cups`` and ``sow_and_capture`` of the rules module and
Python dicts keyed by board tuples (mover's cups first): nothing of the numpy
builder (its numbering, its sowing tables, its sweeps).
"""

from __future__ import annotations

from collections.abc import Iterator

from ludotheek.games.wari.rules import legal_cups, sow_and_capture

Board = tuple[int, ...]


def boards(n: int, cups: int = 12) -> Iterator[Board]:
    """Every board of ``n`` seeds in ``cups`` cups."""
    if cups == 1:
        yield (n,)
        return
    for v in range(n + 1):
        for rest in boards(n - v, cups - 1):
            yield (v, *rest)


def stop(b: Board) -> int:
    return sum(b[:6]) - sum(b[6:])


def moves(b: Board, abapa: bool = False) -> list[tuple[int, int, Board]]:
    """(cup, captured, board after seen from the opponent) for each legal move."""
    out = []
    for cup in legal_cups(b, 0, abapa):
        after, captured = sow_and_capture(b, cup, abapa)
        out.append((cup, captured, (*after[6:], *after[:6])))
    return out


def clip(c: int, lo: int, hi: int) -> int:
    return min(max(c, lo), hi)


def reference(top: int, abapa: bool = False) -> dict[Board, tuple[int, int, int, int]]:
    """``board -> (f, g, F, G)`` for every board of at most ``top`` seeds.

    ``f``/``g``: the most the mover can make sure of with a capture or the end
    forced (endless play the worst for them) / the most with endless play the best
    for them, captures valued by the fresh value ``clip(stop, f, g)`` of the
    position after them. ``F``/``G``: the same with captures valued by the
    position's own ``G``/``F``, then kept within ``-n..n`` (bounds that hold however
    endless play is scored).
    Computed as depth-limited minimax deepened one ply at a time until nothing
    changes (a position's value with ``d`` plies left only depends on its
    successors' values with ``d - 1``)."""
    out: dict[Board, tuple[int, int, int, int]] = {}
    for n in range(top + 1):
        tier = list(boards(n))
        listed = {b: moves(b, abapa) for b in tier}
        exits: dict[Board, tuple[list[int], list[int], list[int]]] = {}
        for b, ms in listed.items():
            fresh, low, high = [], [], []
            for _, captured, child in ms:
                if captured:
                    f, g, lo, hi = out[child]
                    fresh.append(captured - clip(stop(child), f, g))
                    low.append(captured - hi)
                    high.append(captured - lo)
            exits[b] = (fresh, low, high)
        big = 100
        vals = {b: ((stop(b),) * 4 if not listed[b] else (-big, big, -big, big)) for b in tier}
        while True:
            new = {}
            for b in tier:
                if not listed[b]:
                    new[b] = vals[b]
                    continue
                inner = [child for _, captured, child in listed[b] if not captured]
                fresh, low, high = exits[b]
                f = max(fresh + [-vals[c][1] for c in inner])
                g = max(fresh + [-vals[c][0] for c in inner])
                lo = max(low + [-vals[c][3] for c in inner])
                hi = max(high + [-vals[c][2] for c in inner])
                new[b] = (f, g, lo, hi)
            if new == vals:
                break
            vals = new
        # the robust bounds of a value always lie in -n..n
        out.update({b: (f, g, max(lo, -n), min(hi, n)) for b, (f, g, lo, hi) in vals.items()})
    return out


def horizon_values(top: int, plies: int) -> dict[tuple[Board, int], int]:
    """``(board, c) -> value`` of the game stopped after ``plies`` more plies without a
    capture, scored ``c`` for the mover of ``board`` (``-c`` for the other), every
    capture starting afresh (the position after it scored by its own stop value),
    for every board of at most ``top`` seeds and every ``c`` in ``-n..n``: plain
    depth-limited minimax."""
    fresh: dict[Board, int] = {}
    out: dict[tuple[Board, int], int] = {}
    for n in range(top + 1):
        tier = list(boards(n))
        listed = {b: moves(b) for b in tier}
        cs = range(-n, n + 1)
        level = {(b, c): c for b in tier for c in cs}
        for _ in range(plies):
            nxt = {}
            for b in tier:
                for c in cs:
                    if not listed[b]:
                        nxt[(b, c)] = stop(b)
                        continue
                    best = -100
                    for _, captured, child in listed[b]:
                        v = (captured - fresh[child]) if captured else -level[(child, -c)]
                        best = max(best, v)
                    nxt[(b, c)] = best
            level = nxt
        for b in tier:
            fresh[b] = level[(b, stop(b))]
        out.update(level)
    return out
