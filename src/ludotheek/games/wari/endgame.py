"""The Wari endgame database: every board with at most 18 seeds, solved.

Built by retrograde analysis (``endgame_fast``, compiled; ``endgame_build`` is its numpy
reference) once and kept by the application
(``ludotheek build wari-endgames``, or in the background on first need; see
:mod:`ludotheek.core.resources`): this module only computes it (:func:`build`,
through a ``Sink``) and reads it back (:func:`open_db`, from a ``Source``). Two data
sets: ``wari-endgames`` (the applet's rules) and ``wari-endgames-abapa`` (the Abapa
rules, where a grand slam is legal and captures nothing).

What is kept, per seed count (tier): one *code* byte a board, appended to the array
``codes`` (all tiers one after the other, so that the compiled search maps them at
once), and the tier's table of codes -> the lower and upper value ``(f, g)`` (in
``info``: at most 256 pairs a tier); packed apart, because only a player choosing
its move needs them, the sweeps at which ``f`` and ``g`` settled (``dist-NN``: two bytes a
board, compressed in blocks of ``DIST_BLOCK`` bytes, ``distix-NN`` where each block
begins, so that a move decompresses a block or two, not the tier) and whether each value
is exact (``exact-NN``, a bit a board). ``info`` also holds the
format and a fingerprint of the rules: a copy with another one is stale.

What a value means (docs/rules/wari.md, "Endgame database"): the net gain of the
player to move from the seeds on the board with perfect play by both, where play
that would go on for ever without a capture is scored as the repetition rule
scores the position at which the capture-free stretch began. A board whose
lower and upper values agree is *exact*: both players can make sure of that
value without any position repeating, so the repetition rule never comes into it.

>>> from ludotheek.core.resources import MemoryStore
>>> store = MemoryStore()
>>> build(store, None, {"max_seeds": 4})
>>> db = open_db(store)
>>> db.max_seeds
4
>>> db.value((0, 0, 0, 0, 0, 1) + (1, 0, 0, 0, 0, 0), mover=0)  # South captures 2
2
>>> db.covers(4), db.covers(5)
(True, False)
"""

from __future__ import annotations

import contextlib
import ctypes
import hashlib
import time
import zlib
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from ludotheek.core.resources import Progress, Sink, Source
from ludotheek.core.rng import Rng
from ludotheek.games.wari.endgame_build import LOW
from ludotheek.games.wari.endgame_index import _prefix_table, from_mover, tier_size
from ludotheek.games.wari.rules import legal_cups, sow_and_capture

__all__ = [
    "FORMAT",
    "FULL",
    "EndgameDB",
    "MoveValue",
    "build",
    "fingerprint",
    "open_db",
]

#: the layout and meaning of what is kept; a change makes old copies stale
FORMAT = 3
#: bytes of the sweeps (two a board) compressed together: a look-up decompresses one such
#: block (tens of microseconds), never a whole tier (a second for the 35 million boards of
#: 18 seeds); blocks cost 1% more disk than one stream a tier
DIST_BLOCK = 1 << 15
#: decompressed blocks kept (each DIST_BLOCK bytes)
DIST_CACHE = 256
#: the full database: every board with at most this many seeds
FULL = 18
#: exact flags (the second pair of fixed points) are computed up to this many seeds
#: (DECISION: above it that pass would cost four times the values' own; the values of
#: every board of 11 seeds or more are settled, f = g, so only the word "exact" is lost)
EXACT_MAX = 15


def fingerprint(abapa: bool = False) -> str:
    """A digest of the rules as the database sees them: the engine's legal moves and
    captures on 600 fixed boards (changes to the rules change it), and the format."""
    rng = Rng.from_seed(20261129)
    h = hashlib.sha256(f"wari-endgames format {FORMAT}".encode())
    for _ in range(600):
        n = rng.randbelow(FULL + 1)
        board = [0] * 12
        for _ in range(n):
            board[rng.randbelow(12)] += 1
        cups = legal_cups(tuple(board), 0, abapa)
        h.update(bytes(board) + bytes(cups) + b"|")
        for cup in cups:
            after, captured = sow_and_capture(tuple(board), cup, abapa)
            h.update(bytes(after) + bytes([captured]))
    return h.hexdigest()[:16]


# --- looking up ----------------------------------------------------------------------------
_PREFIX: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    tuple(tuple(int(x) for x in row) for row in plane) for plane in _prefix_table()
)


def _rank(b: tuple[int, ...] | list[int], n: int) -> int:
    out = 0
    prefix = _PREFIX
    for i in range(11):
        c = b[i]
        out += prefix[i][n][c]
        n -= c
    return out


@dataclass(frozen=True)
class MoveValue:
    """One move of a position as the database sees it."""

    cup: int  # 0-11, as the engine numbers cups
    value: int  # the mover's net gain from the board if they play it, then perfect play
    captured: int  # seeds it captures at once
    #: it makes progress towards a forced value (see ``EndgameDB.moves``)
    progress: bool
    #: sweeps left before a capture or the end is forced (0: this move captures or ends)
    distance: int


class EndgameDB:
    """Solved tiers 0..``max_seeds``, looked up by board and player to move.

    ``codes[n]``: tier ``n``'s code byte a board; ``pairs[n, code]``: its ``(f, g)``;
    ``contiguous``: all tiers' codes one after the other (for the compiled search);
    ``source``: where the sweeps and exact flags are read from when first needed."""

    def __init__(self, codes: list[npt.NDArray[np.uint8]], pairs: npt.NDArray[np.int64],
                 contiguous: npt.NDArray[np.uint8], source: Source | None = None,
                 abapa: bool = False, complete: bool = True) -> None:
        self.codes = codes
        self.pairs = pairs
        self.contiguous = contiguous
        self.source = source
        self.abapa = abapa
        #: every tier the data set was built for is there (False while it is being built)
        self.complete = complete
        self._blobs: dict[int, tuple[npt.NDArray[np.uint8], npt.NDArray[np.int64]]] = {}
        self._blocks: dict[tuple[int, int], bytes] = {}
        self._exact: dict[int, npt.NDArray[np.bool_]] = {}
        self._pairs: list[list[tuple[int, int]]] = [
            [(int(f), int(g)) for f, g in tier] for tier in pairs]
        #: the codes as plain arrays over the same memory: a look-up in a ``np.memmap``
        #: goes through its Python ``__getitem__`` (a few microseconds each)
        self._codes: list[npt.NDArray[np.uint8]] = [np.asarray(c) for c in codes]

    @property
    def max_seeds(self) -> int:
        return len(self.codes) - 1

    def covers(self, seeds: int) -> bool:
        return seeds <= self.max_seeds

    def limited(self, max_seeds: int) -> EndgameDB:
        """The same database with the tiers above ``max_seeds`` left out."""
        if max_seeds >= self.max_seeds:
            return self
        k = max_seeds + 1
        size = sum(tier_size(n) for n in range(k))
        db = EndgameDB(self.codes[:k], self.pairs[:k], self.contiguous[:size], self.source,
                       self.abapa)
        db._blobs, db._blocks, db._exact = self._blobs, self._blocks, self._exact
        return db

    def kernel_tables(self) -> Any:
        """The database as the compiled search reads it (``fast.KernelTables``)."""
        from ludotheek.games.wari.fast import KernelTables

        return KernelTables(self.contiguous, self.pairs)

    def _sweeps(self, n: int, r: int) -> tuple[int, int]:
        """``(df, dg)`` of board ``r`` of tier ``n``: the block holding it decompressed."""
        at = 2 * r
        k = at // DIST_BLOCK
        block = self._blocks.get((n, k))
        if block is None:
            tier = self._blobs.get(n)
            if tier is None:  # (plain arrays over the files' pages, as the codes)
                assert self.source is not None, "no sweeps kept with this database"
                tier = self._blobs[n] = (np.asarray(self.source.array(f"dist-{n:02d}")),
                                         np.asarray(self.source.array(f"distix-{n:02d}")))
            blob, index = tier
            block = zlib.decompress(blob[int(index[k]):int(index[k + 1])].tobytes())
            if len(self._blocks) >= DIST_CACHE:
                self._blocks.clear()
            self._blocks[(n, k)] = block
        i = at - k * DIST_BLOCK
        return block[i], block[i + 1]

    def bounds_of(self, b: tuple[int, ...] | list[int]) -> tuple[int, int]:
        """``(f, g)`` of a board seen from the mover (mover's cups first)."""
        n = sum(b)
        return self._pairs[n][int(self._codes[n][_rank(b, n)])]

    def entry(self, b: tuple[int, ...] | list[int]) -> tuple[int, int, int, int]:
        """``(f, g, df, dg)`` of a board seen from the mover (mover's cups first)."""
        n = sum(b)
        r = _rank(b, n)
        f, g = self._pairs[n][int(self._codes[n][r])]
        df, dg = self._sweeps(n, r)
        return f, g, df, dg

    def is_exact(self, b: tuple[int, ...] | list[int]) -> bool | None:
        """Whether the value of a board seen from the mover is the same however endless
        play is scored (None: not computed for this many seeds, see ``EXACT_MAX``)."""
        n = sum(b)
        flags = self._exact.get(n)
        if flags is None:
            assert self.source is not None, "no exact flags kept with this database"
            try:
                packed = self.source.array(f"exact-{n:02d}")
            except KeyError:
                return None
            flags = self._exact[n] = np.unpackbits(packed, count=tier_size(n)).astype(bool)
        return bool(flags[_rank(b, n)])

    def bounds(self, board: tuple[int, ...], mover: int) -> tuple[int, int]:
        """Lower and upper value ``(f, g)`` for the player ``mover`` (0 South, 1 North)
        to move on ``board`` (cup 1 first). ``f`` is -100 where the mover cannot force a
        capture or the end."""
        return self.bounds_of(from_mover(board, mover))

    def value(self, board: tuple[int, ...], mover: int, start: int | None = None) -> int:
        """The mover's net gain from the board with perfect play. ``start``: the mover's
        stop value (own seeds minus the opponent's) at the position where the current
        capture-free stretch began; by default this position's own."""
        b = from_mover(board, mover)
        f, g = self.bounds_of(b)
        c = sum(b[:6]) - sum(b[6:]) if start is None else start
        return min(max(c, f), g)

    def exact(self, board: tuple[int, ...], mover: int) -> bool | None:
        """Whether the value is the same however endless play is scored: both players can
        make sure of it with captures and the end of the game alone, without a position
        ever repeating, in this tier and every lower one it leads to."""
        return self.is_exact(from_mover(board, mover))

    def moves(self, board: tuple[int, ...], mover: int,
              start: int | None = None) -> list[MoveValue]:
        """Every legal move with its value (see ``value``), best first; among equal
        values, moves that make progress (when the value is one the mover must force)
        first, the quickest first."""
        b = from_mover(board, mover)
        f, g, df, _ = self.entry(b)
        c = sum(b[:6]) - sum(b[6:]) if start is None else start
        target = min(max(c, f), g)
        out = []
        for cup in legal_cups(b, 0, self.abapa):
            after, captured = sow_and_capture(b, cup, self.abapa)
            child = after[6:] + after[:6]
            if captured:  # (its sweeps are not needed: no block to decompress)
                cf, cg = self.bounds_of(child)
                stop = sum(child[:6]) - sum(child[6:])
                value = captured - min(max(stop, cf), cg)
                progress, distance = value >= f, 0
            else:  # (a child where the game is over has f == g == its stop value, dg 0)
                cf, cg, _, cdg = self.entry(child)
                value = -min(max(-c, cf), cg)
                progress, distance = -cg >= f and cdg < df, int(cdg)
            out.append(MoveValue(cup if mover == 0 else (cup + 6) % 12, value, captured,
                                 progress and target == f, distance))
        out.sort(key=lambda m: (-m.value, not m.progress, m.distance, m.cup))
        return out

    def best(self, board: tuple[int, ...], mover: int, start: int | None = None) -> MoveValue:
        """The move perfect play chooses (see ``moves``)."""
        return self.moves(board, mover, start)[0]


# --- building and opening ------------------------------------------------------------------
def build(sink: Sink, progress: Progress | None, params: Mapping[str, Any]) -> None:
    """Solve tiers 0..``params["max_seeds"]`` (``params["abapa"]``: the Abapa rules) and
    write them through ``sink``, one tier at a time (a checkpoint after each: the first
    tiers can be used while the others are being built); the exact flags up to
    ``params["exact_max"]`` seeds."""
    from ludotheek.games.wari.endgame_fast import LowerTiers, stop_values
    from ludotheek.games.wari.endgame_fast import solve as fast_solve
    from ludotheek.games.wari.endgame_fast import tier_moves as fast_tier_moves

    max_seeds = int(params.get("max_seeds", FULL))
    robust_max = int(params.get("exact_max", EXACT_MAX))
    abapa = bool(params.get("abapa", False))
    info: dict[str, Any] = {"format": FORMAT, "fingerprint": fingerprint(abapa),
                            "abapa": abapa, "max_seeds": max_seeds, "tiers": []}
    # the robust bounds only of the tiers that the robust passes read
    lower = LowerTiers.empty(max_seeds, bounds=robust_max - 1)
    for n in range(max_seeds + 1):
        start, cpu = time.perf_counter(), time.process_time()
        step = _overall(progress, n, max_seeds)
        size = tier_size(n)
        moves = fast_tier_moves(n, lower, abapa, bounds=n <= robust_max)
        if n == max_seeds:  # (the values of the tiers below are not read again)
            lower.release()
        if step:
            step("moves", size, size)
        sol = fast_solve(n, moves, consume=n > robust_max)
        if step:
            step("solve", size, size)
        if n <= robust_max:
            robust = fast_solve(n, moves, robust=True, consume=True)
        # the successors (4 bytes each, 3.2 a board) go before anything else is made
        del moves
        fresh = sol.fresh_values(stop_values(n))
        if n <= robust_max:
            # a value always lies in -n..n ("cannot force" and "endless" say no more)
            low = np.maximum(robust.f, -n).astype(np.int8)
            high = np.minimum(robust.g, n).astype(np.int8)
        else:  # no exact flags from here on (their pass costs four times the values')
            low = high = fresh
        if step:
            step("robust", size, size)
        lower.put(n, fresh, low, high)
        exact = (low == high) if n <= robust_max else None
        del fresh, low, high
        if n <= robust_max:
            del robust
        codes, pairs = encode(sol.f, sol.g)
        sink.append("codes", codes)
        del codes
        dist = np.empty(2 * size, dtype=np.uint8)
        dist[0::2], dist[1::2] = _depth(sol.df), _depth(sol.dg)
        blob, index = compress_blocks(dist)
        del dist
        sink.put_array(f"dist-{n:02d}", blob)
        sink.put_array(f"distix-{n:02d}", index)
        del blob
        if exact is not None:
            sink.put_array(f"exact-{n:02d}", np.packbits(exact), compress=True)
        info["tiers"].append({
            "pairs": pairs, "positions": size, "sweeps": sol.sweeps,
            "settled": int((sol.f == sol.g).sum()),
            "exact": int(exact.sum()) if exact is not None else None,
            "cannot_force": int((sol.f == LOW).sum()),
            "seconds": round(time.perf_counter() - start, 2),
            "cpu_seconds": round(time.process_time() - cpu, 2),
        })
        sink.put_json("info", info)
        sink.checkpoint()
        del sol, exact  # (the next tier's arrays are larger: nothing of this one is kept)
        _give_back()


def _give_back() -> None:
    """Hand the memory freed by a tier back to the system where the C library can
    (glibc's ``malloc_trim``): arrays of up to 32 MB come from its heap, which otherwise
    keeps the pages of freed ones."""
    with contextlib.suppress(OSError, AttributeError):
        ctypes.CDLL(None).malloc_trim(0)


def compress_blocks(data: npt.NDArray[np.uint8], block: int = DIST_BLOCK
                    ) -> tuple[npt.NDArray[np.uint8], npt.NDArray[np.int64]]:
    """``data`` compressed ``block`` bytes at a time: the blocks one after the other, and
    where each begins (one more: the end)."""
    raw = np.ascontiguousarray(data).tobytes()
    parts = [zlib.compress(raw[at:at + block], 6) for at in range(0, len(raw), block)]
    index = np.zeros(len(parts) + 1, dtype=np.int64)
    index[1:] = np.cumsum([len(p) for p in parts])
    return np.frombuffer(b"".join(parts), dtype=np.uint8), index


#: boards a step of ``encode`` (its temporary arrays are a few of these, not of the tier)
ENCODE_CHUNK = 1 << 20


def _pair_keys(f: npt.NDArray[np.int8], g: npt.NDArray[np.int8]) -> npt.NDArray[np.int32]:
    return (f.astype(np.int32) + 128) * 256 + (g.astype(np.int32) + 128)


def encode(f: npt.NDArray[np.int8], g: npt.NDArray[np.int8]
           ) -> tuple[npt.NDArray[np.uint8], list[list[int]]]:
    """One code byte a board for the pairs ``(f, g)``, and the pairs in code order (the
    pairs sorted by ``f``, then ``g``). A million boards at a time: a tier of 18 seeds
    has 35 million, and one pass over it all would need gigabytes of temporaries."""
    seen = np.zeros(256 * 256, dtype=np.bool_)
    for at in range(0, len(f), ENCODE_CHUNK):
        seen[_pair_keys(f[at:at + ENCODE_CHUNK], g[at:at + ENCODE_CHUNK])] = True
    uniq = np.flatnonzero(seen)
    if len(uniq) > 256:
        raise ValueError(f"{len(uniq)} different (f, g) pairs in a tier, more than 256")
    table = np.zeros(256 * 256, dtype=np.uint8)
    table[uniq] = np.arange(len(uniq), dtype=np.uint8)
    codes = np.empty(len(f), dtype=np.uint8)
    for at in range(0, len(f), ENCODE_CHUNK):
        codes[at:at + ENCODE_CHUNK] = table[_pair_keys(f[at:at + ENCODE_CHUNK],
                                                      g[at:at + ENCODE_CHUNK])]
    pairs = [[int(k // 256 - 128), int(k % 256 - 128)] for k in uniq]
    return codes, pairs


def open_db(source: Source, abapa: bool = False) -> EndgameDB | None:
    """The database kept in ``source``: its complete tiers (None if there is none, or if
    the copy was made for another format or other rules)."""
    info = source.json("info")
    if (not isinstance(info, dict) or info.get("format") != FORMAT
            or info.get("fingerprint") != fingerprint(abapa)):
        return None
    segments = source.segments("codes")
    tiers = info.get("tiers", [])
    k = min(len(segments), len(tiers))
    for n in range(k):
        if len(segments[n]) != tier_size(n):
            k = n
            break
    if k == 0:
        return None
    pairs = np.zeros((k, 256, 2), dtype=np.int64)
    for n in range(k):
        p = np.asarray(tiers[n]["pairs"], dtype=np.int64).reshape(-1, 2)
        pairs[n, : len(p)] = p
    size = sum(tier_size(n) for n in range(k))
    contiguous = source.array("codes")[:size]
    return EndgameDB(segments[:k], pairs, contiguous, source, abapa,
                     complete=k == int(info.get("max_seeds", FULL)) + 1)


def _depth(sweeps: npt.NDArray[np.uint16]) -> npt.NDArray[np.uint8]:
    if sweeps.max(initial=0) > 255:  # (at most 147 in the 16 tiers; kept as a check)
        raise ValueError("a forced line longer than 255 sweeps does not fit the format")
    return sweeps.astype(np.uint8)


def _overall(progress: Progress | None, n: int, top: int) -> Progress | None:
    """Tier ``n``'s stages (moves, solve, robust) as the whole build's progress: each
    stage of a tier counts as many units as the tier has boards."""
    if progress is None:
        return None
    sizes = [tier_size(k) for k in range(top + 1)]
    base = 3 * sum(sizes[:n])
    total = 3 * sum(sizes)
    offset = {"moves": 0, "solve": 1, "robust": 2}
    outer = progress

    def step(stage: str, done: int, size: int) -> None:
        outer("endgames", base + offset.get(stage, 0) * sizes[n] + done * sizes[n]
              // max(size, 1), total)

    return step


def describe(source: Source) -> str:
    """A table of the tiers kept in ``source`` (``ludotheek build``'s summary)."""
    info = source.json("info") or {}
    rows = [f"{'seeds':>5} {'positions':>12} {'f = g':>12} {'exact':>12} {'sweeps':>7} "
            f"{'seconds':>9} {'cpu s':>9}"]
    for n, t in enumerate(info.get("tiers", [])):
        exact = "-" if t["exact"] is None else f"{t['exact']:,d}"
        rows.append(f"{n:5d} {t['positions']:12,d} {t['settled']:12,d} {exact:>12} "
                    f"{t['sweeps']:7d} {t.get('seconds', 0):9.1f} {t.get('cpu_seconds', 0):9.1f}")
    total = sum(t["positions"] for t in info.get("tiers", []))
    rows.append(f"Wari endgame database{' (Abapa rules)' if info.get('abapa') else ''}: "
                f"{len(info.get('tiers', []))} tiers, {total:,} positions")
    return "\n".join(rows)
