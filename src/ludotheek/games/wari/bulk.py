"""Many Wari games at once, as numpy arrays: the fast path for computer players' rollouts.

The rules are exactly those of :mod:`ludotheek.games.wari.rules` (the tests play
both side by side, move by move): a player sows a non-empty cup of their own
row, skipping the origin cup on every lap; 2 or 3 seeds in the opponent's cups
are captured backwards from the last cup; an empty opponent row must be fed; a
grand slam is forbidden unless every remaining candidate is one (then it
captures normally); and the game ends when the player to move has no legal
move, each side's seeds going to its owner.

One rule is left out: the repetition rule (a position met for the third time
ends the game) needs each game's history, which does not fit in a few arrays.
Rollouts therefore stop at ``max_moves`` and score the game as the repetition
rule would: each player takes the seeds on their own side (the engine's
``adjudicate``). A batch built from states does not carry their history either.

How it is fast: each game is kept from the point of view of the player to move,
and each row of six cups is packed into one 64-bit word, one byte per cup in
sowing order (bytes 6 and 7 stay 0; no cup ever holds more than 60 seeds). A
move is then a few word operations looked up in tables built from the engine's
own sowing table ``SOW``: clear the origin byte and add the seeds sown into each
row; "which cups hold 2 or 3" and "which cups are empty" are byte tests done on
all eight bytes at once. A turn swaps the two words. Rollouts move up to
:data:`CHUNK` games together and let waiting games join as others end, so that
long games do not leave numpy working on a handful of rows.

>>> from ludotheek.games.wari import GAME
>>> batch = WariBatch.from_states([GAME.new(), GAME.new(seeds_per_cup=3, first="north")])
>>> batch.legal_mask().astype(int)
array([[1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0],
       [0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1]])
>>> batch.step([2, 7])
>>> batch.boards
array([[4, 4, 0, 5, 5, 5, 5, 4, 4, 4, 4, 4],
       [3, 3, 3, 3, 3, 3, 3, 0, 4, 4, 4, 3]])
>>> scores = random_playouts([GAME.new()] * 8, rng=1, max_moves=1000)
>>> scores.shape, bool((scores.sum(axis=1) == 48).all())
((8, 2), True)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from ludotheek.core.errors import IllegalMove
from ludotheek.core.rng import Rng
from ludotheek.games.wari.rules import MAX_SEEDS, MOVE_LIMIT, SOW, WariState

__all__ = [
    "CHUNK",
    "END_REASONS",
    "PlayoutResult",
    "WariBatch",
    "numpy_generator",
    "random_playouts",
    "random_playouts_detailed",
]

IntArray = npt.NDArray[np.int64]
BoolArray = npt.NDArray[np.bool_]
Words = npt.NDArray[np.uint64]
Bits = npt.NDArray[np.uint8]

#: ``WariBatch.end`` holds an index into this tuple (0: the game goes on)
END_REASONS: tuple[str | None, ...] = (
    None, "no_seeds", "cannot_feed", "stopped", "repetition", "resign_south", "resign_north",
)
_END_CODE = {reason: code for code, reason in enumerate(END_REASONS)}
_NO_SEEDS, _CANNOT_FEED, _STOPPED = 1, 2, 3
#: at most this many games move together in rollouts (on the 2-core test machine
#: 2048-4096 was fastest: larger arrays fall out of the cache, smaller ones pay
#: numpy's cost per call more often)
CHUNK = 2048

# --- packed rows: one byte per cup, cup k of a row in byte k ------------------------------
_U = np.uint64
_LOW7 = _U(0x7F7F7F7F7F7F7F7F)
_HIGH = _U(0x8080808080808080)
_NOT_ONE = _U(0xFEFEFEFEFEFEFEFE)
_TWOS = _U(0x0202020202020202)
_ROW = _U(0x0000808080808080)  # the high bit of each of the six cups
_ONES = _U(0x0101010101010101)
_GATHER = _U(0x0102040810204080)  # bytes holding 0/1 -> one bit per byte, in the top byte
_SEVEN, _FIFTY_SIX = _U(7), _U(56)


def _word(values: Sequence[int]) -> int:
    return int.from_bytes(bytes([*values, 0, 0][:8]), "little")


def _zero_bytes(x: Words) -> Words:
    """0x80 in every byte of ``x`` that is 0, 0 elsewhere (exact, no borrows)."""
    return ~(((x & _LOW7) + _LOW7) | x) & _HIGH


def _two_or_three(x: Words) -> Words:
    """0x80 in every byte of ``x`` that holds 2 or 3."""
    return _zero_bytes((x & _NOT_ONE) ^ _TWOS)


def _byte_sum(x: Words) -> Words:
    """The sum of the bytes of each word (at most 255 here: a board holds <= 60 seeds)."""
    return (x * _ONES) >> _FIFTY_SIX


def _pack(rows: npt.NDArray[np.integer]) -> Words:
    """N×6 cup counts -> N words."""
    padded = np.zeros((len(rows), 8), dtype=np.uint8)
    padded[:, :6] = rows
    return padded.view("<u8")[:, 0].astype(_U)


def _unpack(words: Words) -> npt.NDArray[np.uint8]:
    """N words -> N×6 cup counts."""
    return np.ascontiguousarray(words, dtype="<u8").view(np.uint8).reshape(-1, 8)[:, :6]


# --- tables from the engine's sowing table, for own cup c holding n seeds: row c*_W + n ----
_W = MAX_SEEDS + 1


def _sowing_tables() -> tuple[Words, Words, npt.NDArray[np.intp], Words]:
    """Seeds added to the own row and to the opponent's row, where the last seed fell
    in the opponent's row (6: in the own row), and 0x80 in the opponent's cups up to
    and including that one (0 if the last seed fell in the own row)."""
    add_own = np.zeros(6 * _W, dtype=_U)
    add_opp = np.zeros(6 * _W, dtype=_U)
    last_opp = np.full(6 * _W, 6, dtype=np.intp)
    up_to = np.zeros(6 * _W, dtype=_U)
    for cup in range(6):
        for n in range(_W):
            change, last = SOW[cup][n]
            row = cup * _W + n
            add_own[row] = _word([0 if k == cup else change[k] for k in range(6)])
            add_opp[row] = _word(change[6:])
            if n and last >= 6:
                last_opp[row] = last - 6
                up_to[row] = _word([0x80] * (last - 5))
    return add_own, add_opp, last_opp, up_to


def _run_table() -> Words:
    """``RUN[bits * 7 + last]``: 0xFF in the opponent's cups captured when ``bits`` marks
    the cups holding 2 or 3 and the last seed fell in cup ``last`` (6: none)."""
    run = np.zeros(64 * 7, dtype=_U)
    for bits in range(64):
        for last in range(6):
            k, taken = last, []
            while k >= 0 and bits >> k & 1:
                taken.append(k)
                k -= 1
            run[bits * 7 + last] = _word([0xFF if c in taken else 0 for c in range(6)])
    return run


def _choice_table() -> npt.NDArray[np.intp]:
    """``CHOICE[mask * 60 + r]``: the (r mod popcount)-th cup set in ``mask``; 60 is a
    multiple of 1..6, so a uniform ``r`` in 0..59 picks a uniform legal cup."""
    table = np.zeros(64 * 60, dtype=np.intp)
    for mask in range(1, 64):
        cups = [c for c in range(6) if mask >> c & 1]
        for r in range(60):
            table[mask * 60 + r] = cups[r % len(cups)]
    return table


_ADD_OWN, _ADD_OPP, _LAST_OPP, _UP_TO = _sowing_tables()
_RUN = _run_table()
_CHOICE = _choice_table()
_CLEAR = np.array([~_U(0xFF << (8 * c)) for c in range(6)], dtype=_U)
_SHIFT = np.array([8 * c for c in range(6)], dtype=_U)
_ROWS_OF_CUPS = (np.arange(6, dtype=np.intp) * _W)[:, None]
_BIT = np.array([1 << c for c in range(6)], dtype=np.uint8)


def _legal(own: Words, opp: Words) -> Bits:
    """Bit c set: own cup c is legal, for each position (own row, opponent's row)."""
    counts = own.view(np.uint8).reshape(-1, 8)[:, :6].T  # (6, N)
    rows = counts + _ROWS_OF_CUPS
    after = _ADD_OPP.take(rows)  # (6, N): the opponent's row after each sowing
    after += opp
    # a candidate is a non-empty cup; if the opponent's row is empty it must feed it
    # (sowing only adds to that row, so "not empty after sowing" says both)
    candidate = (counts != 0) & (after != 0)
    # a grand slam captures from the last cup back to the first (each cup up to the
    # last one got a seed, so none is empty) and leaves only empty cups after it
    up_to = _UP_TO.take(rows)
    slam = ((_two_or_three(after) & up_to) | (_zero_bytes(after) & (up_to ^ _ROW))) == _ROW
    allowed: Bits = _BIT @ (candidate & ~slam).view(np.uint8)
    if allowed.all():
        return allowed
    # where only grand slams remain, any of them may be played
    return np.where(allowed != 0, allowed, _BIT @ candidate.view(np.uint8))


def _play(own: Words, opp: Words, cups: npt.NDArray[np.intp]) -> tuple[Words, Words, Words]:
    """Sow own cup ``cups`` (0-5) and capture: the new own and opponent's rows and
    the seeds captured."""
    rows = cups * _W + ((own >> _SHIFT[cups]) & _U(0xFF)).astype(np.intp)
    new_own = (own & _CLEAR[cups]) + _ADD_OWN[rows]
    new_opp = opp + _ADD_OPP[rows]
    flags = _two_or_three(new_opp) & _UP_TO[rows]
    bits = (((flags >> _SEVEN) * _GATHER) >> _FIFTY_SIX).astype(np.intp)
    taken = new_opp & _RUN[bits * 7 + _LAST_OPP[rows]]
    new_opp ^= taken
    return new_own, new_opp, _byte_sum(taken)


class WariBatch:
    """N Wari games played together; the fields are numpy arrays indexed by game.

    ``boards`` (N×12, cup 1 first, as ``WariState.board``), ``stores`` (N×2, South's
    then North's), ``to_move`` (N; 0 South, 1 North; for a finished game the player
    who had no move left), ``done`` (N, bool), ``moves`` (N: moves played in this
    batch) and ``end`` (N: an index into :data:`END_REASONS`). Finished games hold an
    empty board, their seeds having gone to the stores.
    """

    def __init__(self, boards: npt.ArrayLike, stores: npt.ArrayLike | None = None,
                 to_move: npt.ArrayLike | None = None) -> None:
        b = np.asarray(boards, dtype=np.int64)
        if b.size == 0:
            b = b.reshape(0, 12)
        if b.ndim != 2 or b.shape[1] != 12:
            raise ValueError(f"boards must be N×12 cup counts, not of shape {b.shape}")
        n = len(b)
        s = np.zeros((n, 2), np.int64) if stores is None else np.asarray(stores, np.int64)
        t = np.zeros(n, np.int64) if to_move is None else np.asarray(to_move, np.int64)
        if s.shape != (n, 2) or t.shape != (n,):
            raise ValueError("stores must be N×2 and to_move N long")
        if n and (b.min() < 0 or s.min() < 0):
            raise ValueError("seed counts cannot be negative")
        if n and b.sum(axis=1).max() > MAX_SEEDS:
            raise ValueError(f"a Wari board holds at most {MAX_SEEDS} seeds")
        if not np.isin(t, (0, 1)).all():
            raise ValueError("to_move is 0 (South) or 1 (North)")
        north = t == 1
        self.to_move = t.astype(np.int8)
        self.stores = s
        self.done = np.zeros(n, dtype=bool)
        self.moves = np.zeros(n, dtype=np.int64)
        self.end = np.zeros(n, dtype=np.int8)
        self._own = _pack(np.where(north[:, None], b[:, 6:], b[:, :6]))
        self._opp = _pack(np.where(north[:, None], b[:, :6], b[:, 6:]))
        self._legal = _legal(self._own, self._opp)
        self._finish(self._legal == 0)

    # --- construction ---------------------------------------------
    @classmethod
    def from_states(cls, states: Sequence[WariState]) -> WariBatch:
        """A batch holding these positions (a finished game keeps its stores and gets
        an empty board). The repetition history is not carried over."""
        over = [s.to_move is None for s in states]
        batch = cls([(0,) * 12 if o else s.board for s, o in zip(states, over)],
                    [s.stores for s in states] or np.zeros((0, 2)),
                    [s.to_move or 0 for s in states])
        ended = np.array(over, dtype=bool)
        if ended.any():
            batch.end[ended] = [_END_CODE.get(s.end_reason, _STOPPED)
                                for s, o in zip(states, over) if o]
        return batch

    @classmethod
    def new(cls, n: int, seeds_per_cup: int = 4, first: str = "south") -> WariBatch:
        """``n`` games at the start."""
        if seeds_per_cup not in (3, 4, 5) or first not in ("south", "north"):
            raise ValueError("seeds_per_cup is 3, 4 or 5 and first is south or north")
        return cls(np.full((n, 12), seeds_per_cup), None,
                   np.full(n, 0 if first == "south" else 1))

    def copy(self) -> WariBatch:
        """An independent copy."""
        new = object.__new__(WariBatch)
        for name, value in vars(self).items():
            setattr(new, name, value.copy())
        return new

    # --- reading ----------------------------------------------------
    def __len__(self) -> int:
        return len(self.done)

    @property
    def boards(self) -> IntArray:
        """The boards, N×12, cup 1 first (a new array; change the batch with ``step``)."""
        own = _unpack(self._own).astype(np.int64)
        opp = _unpack(self._opp).astype(np.int64)
        north = (self.to_move == 1)[:, None]
        return np.concatenate((np.where(north, opp, own), np.where(north, own, opp)), axis=1)

    def legal_mask(self) -> BoolArray:
        """N×12: which cups (index 0 is cup 1) the player to move may play."""
        own = (self._legal[:, None] >> np.arange(6, dtype=np.uint8)) & 1 != 0
        north = (self.to_move == 1)[:, None]
        return np.concatenate((own & ~north, own & north), axis=1)

    # --- playing ----------------------------------------------------
    def step(self, cups: npt.ArrayLike) -> None:
        """Every unfinished game plays its cup (index 0-11: cup 1 is 0); finished
        games ignore theirs. Raises :class:`IllegalMove`, and changes nothing, if a
        cup is not legal."""
        c = np.asarray(cups)
        if c.shape != (len(self),) or not np.issubdtype(c.dtype, np.integer):
            raise IllegalMove(f"give one cup index (0-11) per game, {len(self)} in all",
                              code="wari.bulk_shape", games=len(self))
        local = c.astype(np.int64) - 6 * self.to_move
        ok = (local >= 0) & (local < 6)
        ok[ok] = (self._legal[ok] >> local[ok].astype(np.uint8)) & 1 != 0
        bad = np.flatnonzero(~self.done & ~ok)
        if len(bad):
            i = int(bad[0])
            legal = ", ".join(str(k + 1) for k in np.flatnonzero(self.legal_mask()[i]))
            raise IllegalMove(f"game {i}: cup {int(c[i]) + 1} is not legal (legal: {legal})",
                              code="wari.bulk_illegal", game=i, cup=int(c[i]) + 1, legal=legal)
        rows = np.flatnonzero(~self.done)
        own, opp, captured = _play(self._own[rows], self._opp[rows], local[rows])
        mover = self.to_move[rows].astype(np.intp)
        self.stores[rows, mover] += captured.astype(np.int64)
        self._own[rows], self._opp[rows] = opp, own  # the next player's view
        self.to_move[rows] = 1 - mover
        self.moves[rows] += 1
        self._legal[rows] = _legal(self._own[rows], self._opp[rows])
        self._finish(~self.done & (self._legal == 0))

    def stop(self) -> None:
        """End every unfinished game here, scored as the repetition rule scores it."""
        self._finish(~self.done, _STOPPED)

    def _finish(self, games: BoolArray, reason: int | None = None) -> None:
        """End ``games``: each side's seeds go to that side's owner."""
        rows = np.flatnonzero(games)
        if not len(rows):
            return
        own = _byte_sum(self._own[rows]).astype(np.int64)
        opp = _byte_sum(self._opp[rows]).astype(np.int64)
        mover = self.to_move[rows].astype(np.intp)
        self.stores[rows, mover] += own
        self.stores[rows, 1 - mover] += opp
        if reason is None:
            self.end[rows] = np.where(own == 0, _NO_SEEDS, _CANNOT_FEED)
        else:
            self.end[rows] = reason
        self._own[rows] = 0
        self._opp[rows] = 0
        self._legal[rows] = 0
        self.done[rows] = True


# --- rollouts ---------------------------------------------------------------------------
def numpy_generator(rng: np.random.Generator | Rng | int) -> np.random.Generator:
    """A numpy generator from a numpy generator (itself), a :class:`Rng` (one draw
    from it seeds the new generator, so that generator moves on) or a seed."""
    if isinstance(rng, np.random.Generator):
        return rng
    if isinstance(rng, Rng):
        return np.random.default_rng(rng.next64())
    if isinstance(rng, bool) or not isinstance(rng, int | np.integer):
        raise TypeError(f"expected a numpy Generator, an Rng or a seed, not {rng!r}")
    return np.random.default_rng(int(rng))


@dataclass(frozen=True)
class PlayoutResult:
    """What :func:`random_playouts_detailed` found, one row per game."""

    #: N×2 final scores (South, North): stores plus the seeds each side took at the end
    scores: IntArray
    #: N: moves played in the rollout
    moves: IntArray
    #: N: whether the game was stopped at ``max_moves`` (rather than ended by the rules)
    stopped: BoolArray

    @property
    def total_moves(self) -> int:
        return int(self.moves.sum())


def random_playouts(
    games: Sequence[WariState] | WariBatch,
    rng: np.random.Generator | Rng | int,
    max_moves: int = MOVE_LIMIT,
) -> IntArray:
    """Play every game to its end with uniformly random legal moves; N×2 final scores
    (South's, North's).

    ``games`` is a list of states (repeat a state to roll it out several times) or a
    :class:`WariBatch` (left unchanged). A game still running after ``max_moves``
    moves is stopped and scored as the repetition rule scores it: each player takes
    the seeds on their own side. Finished games give their stores. ``rng``: a numpy
    Generator, a :class:`Rng` (see :func:`numpy_generator`) or a seed.
    """
    return random_playouts_detailed(games, rng, max_moves).scores


def random_playouts_detailed(
    games: Sequence[WariState] | WariBatch,
    rng: np.random.Generator | Rng | int,
    max_moves: int = MOVE_LIMIT,
) -> PlayoutResult:
    """:func:`random_playouts`, with the moves played and which games were stopped."""
    if max_moves < 0:
        raise ValueError("max_moves cannot be negative")
    gen = numpy_generator(rng)
    batch = games if isinstance(games, WariBatch) else WariBatch.from_states(games)
    result = PlayoutResult(batch.stores.copy(), np.zeros(len(batch), dtype=np.int64),
                           np.zeros(len(batch), dtype=bool))
    _playouts(batch, np.flatnonzero(~batch.done), gen, max_moves, result)
    return result


class _Pool:
    """The games being played out, kept compact: their index in the batch, their rows
    (own, opponent's: the view of the player to move), legal cups, the stores of the
    player to move and of the other, the step at which each joined and its mover's
    parity (the player to move is ``parity ^ (step & 1)``)."""

    def __init__(self) -> None:
        self.ids = np.zeros(0, dtype=np.intp)
        self.own = np.zeros(0, dtype=_U)
        self.opp = np.zeros(0, dtype=_U)
        self.legal = np.zeros(0, dtype=np.uint8)
        self.mine = np.zeros(0, dtype=np.int64)
        self.theirs = np.zeros(0, dtype=np.int64)
        self.start = np.zeros(0, dtype=np.int64)
        self.parity = np.zeros(0, dtype=np.intp)

    def add(self, batch: WariBatch, ids: npt.NDArray[np.intp], step: int) -> None:
        mover = batch.to_move[ids].astype(np.intp)
        self.ids = np.concatenate((self.ids, ids))
        self.own = np.concatenate((self.own, batch._own[ids]))
        self.opp = np.concatenate((self.opp, batch._opp[ids]))
        self.legal = np.concatenate((self.legal, batch._legal[ids]))
        self.mine = np.concatenate((self.mine, batch.stores[ids, mover]))
        self.theirs = np.concatenate((self.theirs, batch.stores[ids, 1 - mover]))
        self.start = np.concatenate((self.start, np.full(len(ids), step)))
        self.parity = np.concatenate((self.parity, mover ^ (step & 1)))

    def end(self, games: BoolArray, step: int, out: PlayoutResult) -> None:
        """Take ``games`` out: each side's seeds go to its owner; write the result."""
        ids = self.ids[games]
        mover = self.parity[games] ^ (step & 1)
        out.scores[ids, mover] = self.mine[games] + _byte_sum(self.own[games]).view(np.int64)
        out.scores[ids, 1 - mover] = (self.theirs[games]
                                      + _byte_sum(self.opp[games]).view(np.int64))
        out.moves[ids] = step - self.start[games]
        keep = ~games
        self.ids, self.own, self.opp = self.ids[keep], self.own[keep], self.opp[keep]
        self.legal, self.mine, self.theirs = self.legal[keep], self.mine[keep], self.theirs[keep]
        self.start, self.parity = self.start[keep], self.parity[keep]


def _playouts(batch: WariBatch, queue: npt.NDArray[np.intp], gen: np.random.Generator,
              max_moves: int, out: PlayoutResult) -> None:
    """Random rollouts of the unfinished games ``queue`` of ``batch``, written into ``out``.

    At most :data:`CHUNK` games move together; when fewer than half of that remain,
    games waiting in the queue join them.
    """
    pool = _Pool()
    step = waiting = 0
    while True:
        if len(pool.ids) <= CHUNK // 2 and waiting < len(queue):
            joining = queue[waiting:waiting + CHUNK - len(pool.ids)]
            waiting += len(joining)
            pool.add(batch, joining, step)
        if not len(pool.ids):
            return
        if step - pool.start[0] >= max_moves:  # the oldest games have had their moves
            expired = step - pool.start >= max_moves
            out.stopped[pool.ids[expired]] = True
            pool.end(expired, step, out)
            continue
        cups = _CHOICE[pool.legal.astype(np.intp) * 60 + gen.integers(0, 60, len(pool.ids))]
        own, opp, captured = _play(pool.own, pool.opp, cups)
        pool.own, pool.opp = opp, own  # the next player's view
        pool.mine, pool.theirs = pool.theirs, pool.mine + captured.view(np.int64)
        step += 1
        pool.legal = _legal(pool.own, pool.opp)
        over = pool.legal == 0
        if over.any():
            pool.end(over, step, out)
