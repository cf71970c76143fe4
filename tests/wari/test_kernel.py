"""The compiled search core against the pure engine (the reference) and the Python search.

- On 10,000 random positions (both rule sets) the kernel's legal moves, sowing,
  captures and game ends are the rules engine's.
- At fixed depths, with the transposition table only ordering moves (so that both
  return exactly the depth-limited minimax value), the compiled search returns the
  Python search's values for every root move; with the endgame database at the
  leaves too; and under both rule sets the values of a plain minimax written on the
  engine's own states (its repetition rule and Abapa's majority included).
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

from ludotheek.core.rng import Rng
from ludotheek.games.wari import GAME, WariState
from ludotheek.games.wari.evaluate import DEFAULT, Weights, evaluate
from ludotheek.games.wari.search import Searcher
from tests.wari.helpers import small_db

fast = pytest.importorskip("ludotheek.games.wari.fast")
K = fast.K


def random_position(rng: Rng, abapa: bool, max_seeds: int = 48) -> WariState:
    """A random board (0-``max_seeds`` seeds, often few; sometimes with big cups or an empty
    row),
    a random side to move and stores that add up to 48 with the board."""
    n = rng.randbelow(max_seeds + 1) if rng.randbelow(3) else rng.randbelow(8)
    board = [0] * 12
    shape = rng.randbelow(4)
    for _ in range(n):
        if shape == 0:  # everything on one row
            cup = rng.randbelow(6) + 6 * rng.randbelow(2)
        elif shape == 1 and rng.randbelow(3) == 0:  # a heap
            cup = 3
        else:
            cup = rng.randbelow(12)
        board[cup] += 1
    rest = 48 - n
    south = rng.randbelow(rest + 1)
    return GAME.position(board, (south, rest - south), rng.randbelow(2),
                         rules="abapa" if abapa else "applet")


def test_kernel_moves_sowing_captures_and_ends_are_the_engines() -> None:
    rng = Rng.from_seed(20261201)
    searcher = fast.FastSearcher(tt_bits=8)
    out = np.zeros(13, dtype=np.int64)
    ends = {0: 0, 1: 0, 2: 0}
    compared = 0
    for i in range(10_000):
        abapa = i % 2 == 1
        state = random_position(rng, abapa)
        if state.is_over:
            assert state.end_reason in ("no_seeds", "cannot_feed", "majority")
            continue
        mover = state.to_move
        assert mover is not None
        offset = 6 * mover
        legal = searcher.legal(state)
        assert [cup + offset for cup, _ in legal] == state.legal_cups(), state.board
        for cup, captured in legal:
            W = searcher.setup(state)
            K.gen_moves(W, 0)
            end = K.play_one(W, cup, out)
            after = state.play(str(cup + offset + 1))
            assert out[12] == captured == after.last_capture
            board = tuple(int(x) for x in out[:12])
            # the kernel's board is seen from the opponent (their cups first)
            seen = after.board if mover == 1 else (*after.board[6:], *after.board[:6])
            if end == 0:
                assert not after.is_over and seen == board
            elif end == 1:
                assert after.is_over and after.end_reason == "majority"
            else:
                assert after.is_over and after.end_reason in ("no_seeds", "cannot_feed")
            ends[end] += 1
            compared += 1
    assert compared > 25_000 and min(ends.values()) > 50


# --- values against the Python search ----------------------------------------------------

def _game_positions(count: int, seed: int, **options: Any) -> list[WariState]:
    """Positions of random games (with their repetition histories)."""
    rng = Rng.from_seed(seed)
    out: list[WariState] = []
    while len(out) < count:
        state = GAME.new(**options)
        for _ in range(rng.randbelow(60)):
            if state.is_over:
                break
            state = state.play(rng.choice(state.legal_moves()))
        if not state.is_over:
            out.append(state)
    return out


def _close(a: list[tuple[int, float]], b: list[tuple[int, float]]) -> bool:
    """The same moves with the same values (to rounding: Python's are floats)."""
    return dict(a).keys() == dict(b).keys() and all(
        abs(v - dict(b)[cup]) < 1e-6 for cup, v in a)


@pytest.mark.parametrize("depth", [1, 2, 3, 4, 5])
def test_compiled_search_values_are_the_python_searchs(depth: int) -> None:
    positions = _game_positions(40, 100 + depth)
    for state in positions:
        py = Searcher(tt_cutoffs=False).run(state, None, depth, exact=True)
        ours = fast.FastSearcher(tt_cutoffs=False, tt_bits=12).run(
            state, max_depth=depth, exact=True)
        assert ours.depth == py.depth == depth
        assert _close(ours.ranking, py.ranking), (state.board, ours.ranking, py.ranking)
        assert abs(ours.value - py.value) < 1e-6


def test_compiled_search_values_with_weights_and_no_quiescence() -> None:
    w = Weights(material=0.3, threat=0.5, mobility=0.1, kroo=0.2, small=-0.15)
    for state in _game_positions(25, 7):
        py = Searcher(lambda b: evaluate(b, w), quiescence=0, tt_cutoffs=False).run(
            state, None, 3, exact=True)
        ours = fast.FastSearcher(weights=w, quiescence=0, tt_cutoffs=False,
                                 tt_bits=12).run(state, max_depth=3, exact=True)
        assert _close(ours.ranking, py.ranking), (state.board, ours.ranking, py.ranking)


def test_compiled_search_values_with_the_database_at_the_leaves() -> None:
    db = small_db(7)
    tables = db.kernel_tables()
    rng = Rng.from_seed(3)
    compared = 0
    while compared < 40:
        state = random_position(rng, False, max_seeds=14)
        if state.is_over or sum(state.board) <= 7:
            continue
        py = Searcher(db=db, tt_cutoffs=False).run(state, None, 4, exact=True)
        ours = fast.FastSearcher(tables=tables, tt_cutoffs=False, tt_bits=12).run(
            state, max_depth=4, exact=True)
        assert _close(ours.ranking, py.ranking), (state.board, ours.ranking, py.ranking)
        compared += 1


# --- values against minimax on the engine's states (both rule sets) ------------------------

def _gain(before: WariState, after: WariState) -> int:
    """What the mover of ``before`` gained by the move, less what the opponent did (the
    seeds each side takes at an end included)."""
    m = before.to_move
    assert m is not None
    return (after.stores[m] - before.stores[m]) - (after.stores[1 - m] - before.stores[1 - m])


def _board(state: WariState) -> tuple[int, ...]:
    b = state.board
    return b if state.to_move == 0 else (*b[6:], *b[:6])


def _quiesce(state: WariState, depth: int) -> float:
    """Stand pat on the evaluation, or the best capture (the kernel's quiescence)."""
    best = evaluate(_board(state), DEFAULT)
    if depth <= 0:
        return best
    for move in state.legal_moves():
        after = state.play(move)
        if after.last_capture == 0:
            continue
        v = _gain(state, after) - (0.0 if after.is_over else _quiesce(after, depth - 1))
        best = max(best, v)
    return best


def _minimax(state: WariState, depth: int) -> float:
    if depth <= 0:
        return _quiesce(state, 4)
    best = -1e9
    for move in state.legal_moves():
        after = state.play(move)
        v = _gain(state, after) - (0.0 if after.is_over else _minimax(after, depth - 1))
        best = max(best, v)
    return best


@pytest.mark.parametrize("rules", ["applet", "abapa"])
def test_compiled_search_is_minimax_on_the_engine(rules: str) -> None:
    """Minimax written on the engine's states: its rules decide every end (the
    repetition rule with the game's history, Abapa's majority)."""
    rng = Rng.from_seed(11)
    positions: list[WariState] = []
    while len(positions) < 30:
        state = random_position(rng, rules == "abapa", max_seeds=20)
        if not state.is_over:
            positions.append(state)
    # and positions that go round in circles, with a history
    cycle = GAME.position([0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 1], (23, 23), rules=rules)
    while not cycle.is_over:
        positions.append(cycle)
        cycle = cycle.play(cycle.legal_moves()[0])
    assert cycle.end_reason == "repetition"
    for state in positions:
        ours = fast.FastSearcher(tt_cutoffs=False, tt_bits=12).run(
            state, max_depth=3, exact=True)
        assert ours.depth == (3 if len(state.legal_moves()) > 1 else 2)  # one move: 2 plies
        expected = {int(m) - 1 - 6 * (state.to_move or 0):
                    _gain(state, state.play(m)) - (0.0 if state.play(m).is_over else
                                                   _minimax(state.play(m), ours.depth - 1))
                    for m in state.legal_moves()}
        assert dict(ours.ranking).keys() == expected.keys()
        for cup, v in ours.ranking:
            assert abs(v - expected[cup]) < 1e-6, (state.board, state.stores, cup, v,
                                                   expected)


def test_compiled_search_in_play_chooses_minimax_moves() -> None:
    """With the table's cut-offs on (as in play) a value can come from a deeper search of
    a transposition, so values may differ from the fixed-depth minimax; the moves chosen
    are still (almost always) the minimax-best ones."""
    positions = _game_positions(40, 99)
    best = 0
    for state in positions:
        reference = fast.FastSearcher(tt_cutoffs=False, tt_bits=12).run(
            state, max_depth=6, exact=True)
        played = fast.FastSearcher(tt_bits=12).run(state, max_depth=6)
        best += dict(reference.ranking)[played.cup] == reference.value
    assert best >= 36


# --- a searcher reset searches as a new one -------------------------------------------------

def _found(r: Any) -> tuple[Any, ...]:
    """All of a search's result but its time."""
    return (r.cup, r.value, r.depth, r.ranking, r.nodes, r.line)


@pytest.mark.parametrize("compiled", [False, True])
def test_a_reset_searcher_searches_as_a_new_one(compiled: bool) -> None:
    """``reset`` (the server's players kept between moves, players.for_move): the next
    search finds what a new searcher's would, node for node, whatever the searches
    before it left in its tables; both rule sets, the database at the leaves, depths
    whose filled slots fit the compiled search's log and depths where they do not."""
    db = small_db(7)

    def new() -> Any:
        if compiled:
            return fast.FastSearcher(tables=db.kernel_tables())
        return Searcher(db=db)

    kept = new()
    positions = [*_game_positions(24, 5), *_game_positions(24, 6, rules="abapa")]
    overflowed = logged = 0
    for i, state in enumerate(positions):
        depth = (2, 4, 2, 11)[i % 4] if compiled else (2, 4)[i % 2]
        kept.reset()
        if compiled:
            assert not kept.T.any()
            for abapa, W in kept._W.items():  # all but the log past its count
                assert np.array_equal(W[: K.O_TLOG], kept._W0[abapa][: K.O_TLOG])
        ours = kept.run(state, None, depth, exact=i % 3 == 0)
        theirs = new().run(state, None, depth, exact=i % 3 == 0)
        assert _found(ours) == _found(theirs), (i, state.board, depth)
        if compiled:
            filled = int(kept.work(state.abapa)[K.P_TLOGN])
            overflowed += filled > K.TLOG
            logged += 0 < filled <= K.TLOG
    if compiled:  # both ways of emptying the table were taken
        assert overflowed and logged


def test_a_position_set_up_again_is_set_up_as_the_first_time() -> None:
    """A search sets its position up several times (its legal moves, each depth's line):
    the second time writes back what the first wrote (``FastSearcher.setup``), so the
    searches find what searches setting it up afresh each time find, node for node, and
    the work array is the same after either."""

    class Afresh(fast.FastSearcher):  # type: ignore[misc,name-defined]
        def setup(self, state: WariState) -> Any:
            self._set_up = None
            return super().setup(state)

    db = small_db(7)
    kept, afresh = (cls(tables=db.kernel_tables()) for cls in (fast.FastSearcher, Afresh))
    positions = [*_game_positions(24, 7), *_game_positions(24, 8, rules="abapa")]
    for i, state in enumerate(positions):
        depth = (2, 4, 3)[i % 3]
        kept.reset()
        afresh.reset()
        assert _found(kept.run(state, None, depth, exact=i % 2 == 0)) == \
            _found(afresh.run(state, None, depth, exact=i % 2 == 0)), (i, state.board)
        W = kept.setup(state).copy()
        assert kept._set_up is not None and kept._set_up[0] is state  # written back
        assert np.array_equal(W, afresh.setup(state))
