"""The Wari endgame database: numbering, moves, values against plain minimax, files."""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING

import numpy as np
import pytest

from ludotheek.core.resources import MemoryStore
from ludotheek.core.rng import Rng
from ludotheek.games.wari import GAME, WariState
from ludotheek.games.wari import endgame as eg
from ludotheek.games.wari.endgame_build import LOW, sow_all
from ludotheek.games.wari.endgame_index import (
    boards_of,
    from_mover,
    rank,
    rank_one,
    tier_size,
)
from ludotheek.games.wari.rules import legal_cups, sow_and_capture
from tests.wari.endgame_reference import boards, clip, horizon_values, reference, stop
from tests.wari.helpers import small_db

if TYPE_CHECKING:  # (imported where used: importing it compiles the builder)
    from ludotheek.games.wari import endgame_fast as fb

SMALL = 7  # the database the tests build (a second or two)


@pytest.fixture(scope="module")
def db() -> eg.EndgameDB:
    return small_db(SMALL)


def random_board(rng: Rng, seeds: int) -> tuple[int, ...]:
    board = [0] * 12
    for _ in range(seeds):
        board[rng.randbelow(12)] += 1
    return tuple(board)


# --- numbering ------------------------------------------------------------------------------
def test_tier_sizes_add_up_to_seventeen_million() -> None:
    assert [tier_size(n) for n in range(4)] == [1, 12, 78, 364]
    assert sum(tier_size(n) for n in range(16)) == 17_383_860


@pytest.mark.parametrize("n", range(7))
def test_numbering_is_a_bijection_in_lexicographic_order(n: int) -> None:
    b = boards_of(n)
    assert len(b) == tier_size(n) == len({tuple(x) for x in b.tolist()})
    assert (b.sum(axis=1) == n).all()
    assert (rank(b) == np.arange(len(b))).all()
    as_tuples = [tuple(x) for x in b.tolist()]
    assert as_tuples == sorted(as_tuples) == sorted(boards(n))
    assert all(rank_one(t) == i for i, t in enumerate(as_tuples[:200]))


def test_numbering_of_large_boards() -> None:
    rng = Rng.from_seed(5)
    sample = np.array([random_board(rng, 10) for _ in range(300)])
    numbers = rank(sample)
    table = boards_of(10)
    assert (table[numbers] == sample).all()
    assert [rank_one(tuple(x)) for x in sample.tolist()] == numbers.tolist()


# --- moves ----------------------------------------------------------------------------------
def test_vectorised_moves_agree_with_the_engine() -> None:
    """Candidates, grand slams, captures and the board after every move, on boards of
    0-24 seeds, against ``legal_cups`` and ``sow_and_capture``."""
    rng = Rng.from_seed(11)
    sample = [random_board(rng, rng.randbelow(25)) for _ in range(3000)]
    sample += [(0, 0, 0, 0, 0, 2, 1, 2, 0, 0, 0, 0), (0, 0, 0, 0, 0, 1) + (0,) * 6,
               (12,) + (0,) * 11, (0, 0, 0, 0, 1, 1, 1, 0, 0, 0, 0, 0)]
    arr = np.array(sample)
    results = [sow_all(arr, cup) for cup in range(6)]
    for i, b in enumerate(sample):
        candidate = [c for c in range(6) if results[c][0][i]]
        allowed = [c for c in candidate if not results[c][1][i]]
        assert (allowed or candidate) == legal_cups(b, 0), b
        for c in range(6):
            if b[c]:
                after, captured = sow_and_capture(b, c)
                assert results[c][2][i] == captured
                assert tuple(results[c][3][i]) == (*after[6:], *after[:6])


# --- values -----------------------------------------------------------------------------------
def test_rule_values_match_plain_minimax(db: eg.EndgameDB) -> None:
    """f, g (and the fresh value clip(stop, f, g)) and the robust bounds of every board
    with at most 5 seeds, against the reference on the engine's moves."""
    ref = reference(5)
    for b, (f, g, lo, hi) in ref.items():
        assert db.entry(b)[:2] == (f, g), b
        assert db.is_exact(b) == (lo == hi), b
        n = sum(b)
        assert lo <= max(f, -n) <= min(g, n) <= hi
        assert lo <= db.value(b, 0) == clip(stop(b), f, g) <= hi


def test_rule_value_is_the_game_stopped_late_and_scored_by_the_stretch_start(
        db: eg.EndgameDB) -> None:
    """The convention: with endless play scored ``c`` for the mover, the value is
    clip(c, f, g) - the limit of depth-limited minimax that scores an unfinished game
    ``c`` (every c, every board of at most 4 seeds, 60 plies: more than the 51 sweeps
    of the 4-seed tier)."""
    levels = horizon_values(4, 60)
    for (b, c), v in levels.items():
        assert db.value(b, 0, start=c) == v, (b, c)


def _engine_value(state: WariState, memo: dict[object, int]) -> int:
    """The mover's net gain under the engine's own rules, repetition history included."""
    key = (state.board, state.to_move, frozenset(state._hist.items()))
    if key in memo:
        return memo[key]
    me = state.to_move
    assert me is not None
    best = -100
    for m in state.legal_moves():
        child = state.play(m)
        gain = (child.stores[me] - state.stores[me]) - (child.stores[1 - me]
                                                         - state.stores[1 - me])
        best = max(best, gain if child.is_over else gain - _engine_value(child, memo))
    memo[key] = best
    return best


def test_rule_engine_values_lie_within_the_robust_bounds(db: eg.EndgameDB) -> None:
    """With the engine's full rules (the third occurrence of a position ends the game),
    searched exhaustively with the whole repetition history: every board of at most
    2 seeds has its value within the robust bounds, and exact boards have the
    database's value."""
    sys.setrecursionlimit(max(sys.getrecursionlimit(), 10_000))
    ref = reference(2)
    memo: dict[object, int] = {}
    gaps = 0
    for b, (_, _, lo, hi) in ref.items():
        state = GAME.position(b, to_move=0)
        true = stop(b) if state.is_over else _engine_value(state, memo)
        assert lo <= true <= hi, b
        if db.is_exact(b):
            assert true == db.value(b, 0)
        gaps += lo < hi
    assert gaps > 0  # the test does meet boards where endless play matters


def test_both_sides_and_the_lookup_api(db: eg.EndgameDB) -> None:
    b = (0, 0, 0, 0, 0, 1, 1, 0, 0, 0, 0, 1)  # capture 2, then North must feed South
    assert db.value(b, 0) == db.value(b[6:] + b[:6], 1) == 3  # all three seeds
    assert db.covers(SMALL) and not db.covers(SMALL + 1)
    rng = Rng.from_seed(3)
    for _ in range(300):
        board = random_board(rng, 1 + rng.randbelow(SMALL))
        mover = rng.randbelow(2)
        f, g = db.bounds(board, mover)
        moves = db.moves(board, mover)
        state = GAME.position(board, to_move=mover)
        if state.is_over:
            assert f == g == stop(from_mover(board, mover)) and not moves
            continue
        assert sorted(m.cup for m in moves) == state.legal_cups()
        assert moves[0].value == db.value(board, mover) == db.best(board, mover).value
        assert all(m.value <= moves[0].value for m in moves)
        start = rng.randbelow(2 * SMALL + 1) - SMALL
        assert db.moves(board, mover, start)[0].value == db.value(board, mover, start)


def test_forcing_moves_make_progress(db: eg.EndgameDB) -> None:
    """Where the mover must force a capture or the end (its value is its lower value f),
    the database's choice makes progress: at each of its turns f rises or the sweeps
    left (df) fall, whatever the opponent answers, so play never goes round in a
    circle (random answers, 300 boards of at most 7 seeds)."""
    rng = Rng.from_seed(9)
    tested = 0
    while tested < 300:
        board = random_board(rng, 2 + rng.randbelow(SMALL - 1))
        f, g, df, _ = db.entry(board)
        start = stop(board) - 2  # endless play worse for the mover than its own stop
        if not (f > LOW and clip(start, f, g) == f and legal_cups(board, 0)):
            continue
        tested += 1
        b, c, last = board, start, (f, -df)
        for _ in range(400):
            best = db.best(b, 0, c)
            assert best.progress
            after, captured = sow_and_capture(b, best.cup)
            if captured:
                break
            child = (*after[6:], *after[:6])
            replies = legal_cups(child, 0)
            if not replies:
                break
            r = replies[rng.randbelow(len(replies))]
            after, captured = sow_and_capture(child, r)
            if captured:
                break
            b = (*after[6:], *after[:6])
            if not legal_cups(b, 0):
                break
            f2, g2, df2, _ = db.entry(b)
            assert (f2, -df2) > last
            last = (f2, -df2)
            if clip(c, f2, g2) != f2:
                break  # the opponent gave more than was forced: endless play is fine now
        else:
            raise AssertionError(f"no capture or end from {board}")


# --- kept and read back -----------------------------------------------------------------------
def test_kept_through_a_store_and_stale_for_other_rules() -> None:
    store = MemoryStore()
    eg.build(store, None, {"max_seeds": 3})
    info = store.json("info")
    assert info["format"] == eg.FORMAT and info["fingerprint"] == eg.fingerprint()
    assert [t["positions"] for t in info["tiers"]] == [1, 12, 78, 364]
    assert store.checkpoints == 4  # one a tier: the first tiers are usable early
    db = eg.open_db(store)
    assert db is not None and db.max_seeds == 3 and db.complete
    assert db.limited(2).max_seeds == 2 and len(db.limited(2).contiguous) == 1 + 12 + 78
    # the Abapa rules' database is another one: this copy is stale for them
    assert eg.open_db(store, abapa=True) is None
    assert eg.fingerprint(abapa=True) != eg.fingerprint()
    # a copy built in part (tiers 0-2 of 3 appended so far) opens as incomplete
    part = MemoryStore()
    for key in ("codes",):
        part.appended[key] = store.appended[key][:3]
    part.values["info"] = store.values["info"]
    partial = eg.open_db(part)
    assert partial is not None and partial.max_seeds == 2 and not partial.complete


def test_abapa_database_values_match_plain_minimax() -> None:
    """The Abapa rules' database (a grand slam is legal and captures nothing) against
    plain minimax over the engine's Abapa moves, every board of at most 5 seeds."""
    db = small_db(5, abapa=True)
    ref = reference(5, abapa=True)
    for b, (f, g, lo, hi) in ref.items():
        assert db.bounds_of(b) == (f, g), b
        assert db.is_exact(b) == (lo == hi), b
    assert len(ref) == sum(tier_size(n) for n in range(6))
    # a grand slam: legal, capturing nothing, so North has the seeds to play on
    b = (0, 0, 0, 0, 0, 2, 1, 2, 0, 0, 0, 0)
    assert small_db(5).value(b, 0) == 5  # the applet's forced grand slam takes all five
    (move,) = db.moves(b, 0)
    assert move.cup == 5 and move.captured == 0 and db.value(b, 0) < 5


# --- the compiled builder against the numpy one --------------------------------------------
@pytest.mark.parametrize("abapa", [False, True])
def test_compiled_builder_is_the_numpy_builders(abapa: bool) -> None:
    """The compiled retrograde analysis (``endgame_fast``) lists the same moves, exits and
    successors and finds the same values and sweeps as the numpy one, tiers 0-8."""
    from ludotheek.games.wari import endgame_build as nb
    from ludotheek.games.wari import endgame_fast as fb

    top = 8
    lower_np: list[nb.Lower] = []
    lower_fast = fb.LowerTiers.empty(top)
    for n in range(top + 1):
        a = nb.tier_moves(n, lower_np, abapa=abapa)
        b = fb.tier_moves(n, lower_fast, abapa=abapa)
        for field in ("stop", "terminal", "exit_best", "exit_low", "exit_high"):
            assert np.array_equal(getattr(a, field), getattr(b, field)), (n, field)
        assert np.array_equal(a.child, b.table()), n
        for robust in (False, True):
            sa = nb.solve(n, a, robust=robust)
            sb = fb.solve(n, b, robust=robust)
            for field in ("f", "g", "df", "dg"):
                assert np.array_equal(getattr(sa, field), getattr(sb, field)), (n, field)
        sol = nb.solve(n, a)
        rob = nb.solve(n, a, robust=True)
        fresh = sol.fresh_values(a.stop)
        low = np.maximum(rob.f, -n).astype(np.int8)
        high = np.minimum(rob.g, n).astype(np.int8)
        lower_np.append(nb.Lower(fresh, low, high))
        lower_fast.put(n, fresh, low, high)


def test_codes_made_in_chunks_are_the_pairs_numbered_in_order(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """``encode`` works a chunk at a time (a tier of 18 seeds would need gigabytes in one
    pass); with chunks of 1,000 boards it gives each board the number of its pair among
    the tier's pairs sorted by ``(f, g)``, as one pass over all boards does."""
    gen = np.random.default_rng(7)
    f = gen.integers(-20, 21, 10_500).astype(np.int8)
    g = np.minimum(f + gen.integers(0, 3, 10_500), 20).astype(np.int8)
    monkeypatch.setattr(eg, "ENCODE_CHUNK", 1000)
    codes, pairs = eg.encode(f, g)
    expected = sorted({(int(a), int(b)) for a, b in zip(f, g, strict=True)})
    assert [tuple(p) for p in pairs] == expected
    number = {p: i for i, p in enumerate(expected)}
    assert codes.tolist() == [number[(int(a), int(b))] for a, b in zip(f, g, strict=True)]
    with pytest.raises(ValueError, match="more than 256"):
        eg.encode(np.arange(-100, 100, dtype=np.int8).repeat(2),
                  np.tile(np.array([0, 1], dtype=np.int8), 200))


def test_sweeps_kept_in_blocks_read_back_board_by_board(monkeypatch: pytest.MonkeyPatch
                                                         ) -> None:
    """The sweeps are compressed in blocks (a look-up decompresses one block, not the
    tier): blocks of 64 bytes and a cache of 3 blocks give back every board's ``df`` and
    ``dg`` as the solver found them, in any order of look-ups."""
    from ludotheek.games.wari import endgame_fast as fb

    n = 5
    lower = fb.LowerTiers.empty(n)
    for k in range(n):
        sol = fb.solve(k, moves := fb.tier_moves(k, lower))
        fresh = sol.fresh_values(moves.stop)
        lower.put(k, fresh, fresh, fresh)
    sol = fb.solve(n, fb.tier_moves(n, lower))
    dist = np.empty(2 * tier_size(n), dtype=np.uint8)
    dist[0::2], dist[1::2] = sol.df, sol.dg
    blob, index = eg.compress_blocks(dist, 64)
    assert index[0] == 0 and index[-1] == len(blob) and len(index) == -(-len(dist) // 64) + 1
    store = MemoryStore()
    store.put_array(f"dist-{n:02d}", blob)
    store.put_array(f"distix-{n:02d}", index)
    monkeypatch.setattr(eg, "DIST_BLOCK", 64)
    monkeypatch.setattr(eg, "DIST_CACHE", 3)
    db = eg.EndgameDB([], np.zeros((0, 256, 2), np.int64), np.zeros(0, np.uint8), store)
    rng = Rng.from_seed(3)
    order = [rng.randbelow(tier_size(n)) for _ in range(500)]
    for r in [*order, *range(tier_size(n))]:
        assert db._sweeps(n, r) == (sol.df[r], sol.dg[r]), r
    assert len(db._blocks) <= 3


# --- the build's memory (issue 39: under 1 GB) -------------------------------------------
def _solved_below(top: int) -> fb.LowerTiers:
    """``endgame_fast.LowerTiers`` holding tiers 0..``top - 1`` solved."""
    from ludotheek.games.wari import endgame_fast as fb

    lower = fb.LowerTiers.empty(top)
    for k in range(top):
        moves = fb.tier_moves(k, lower)
        sol = fb.solve(k, moves)
        fresh = sol.fresh_values(moves.stop)
        lower.put(k, fresh, fresh, fresh)
    return lower


def test_a_tier_is_built_in_at_most_20_bytes_a_board() -> None:
    """The rule that keeps the full build under 1 GB: a tier's moves and sweeps hold 4
    bytes a successor and 7 a board (kind, best capture; ``f``, ``g``, the new ``g``, two
    one-byte depths), at most 20 bytes a board (the 18-seed tier's 34.6 million boards:
    0.69 GB), counted by tracemalloc (the arrays are all made in Python, none inside the
    compiled code). The successors are listed, as many as a board has moves without
    capture, not kept in six slots a board (24 bytes a board on their own)."""
    import tracemalloc

    from ludotheek.games.wari import endgame_fast as fb

    n = 10
    lower = _solved_below(n)
    size = tier_size(n)
    tracemalloc.start()
    try:
        before = tracemalloc.get_traced_memory()[0]
        moves = fb.tier_moves(n, lower, bounds=False)
        sol = fb.solve(n, moves, consume=True)
        peak = tracemalloc.get_traced_memory()[1] - before
    finally:
        tracemalloc.stop()
    listed = int(fb._LISTED[moves.kind].sum())
    assert moves.child.dtype == np.int32 and len(moves.child) == listed < 6 * size
    assert len(moves.exit_low) == len(moves.exit_high) == 0  # not asked for
    assert sol.df.dtype == sol.dg.dtype == np.uint8
    assert peak <= 4 * listed + 8 * size, f"{(peak - 4 * listed) / size:.1f} bytes a board"
    assert peak <= 20 * size, f"{peak / size:.1f} bytes a board"


@pytest.mark.parametrize("sparse", [1, 10 ** 9])
def test_sweeps_down_the_list_of_unsettled_boards_or_over_all(
        monkeypatch: pytest.MonkeyPatch, sparse: int) -> None:
    """The sweeps over every board (settled ones skipped) and those down a list of the
    unsettled boards find the same values and sweeps, with the successors reordered in
    place (``consume``) or copied (the moves then serve a second solve unchanged)."""
    from ludotheek.games.wari import endgame_build as nb
    from ludotheek.games.wari import endgame_fast as fb

    n = 9
    monkeypatch.setattr(fb, "SPARSE", sparse)
    moves = fb.tier_moves(n, _solved_below(n))
    # the numpy reference solves the same moves, six slots a board
    dense = nb.TierMoves(moves.stop, moves.terminal, moves.exit_best, moves.exit_low,
                         moves.exit_high, moves.table())
    for robust in (False, True):
        want = nb.solve(n, dense, robust=robust)
        kept = moves.child.copy()
        got = fb.solve(n, moves, robust=robust)
        assert np.array_equal(moves.child, kept)
        again = fb.solve(n, moves, robust=robust, consume=True)
        for sol in (got, again):
            for field in ("f", "g", "df", "dg"):
                assert np.array_equal(getattr(want, field), getattr(sol, field)), field
            assert sol.sweeps == want.sweeps
        moves.child[:] = kept
