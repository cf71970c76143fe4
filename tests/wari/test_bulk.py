"""The bulk (numpy) Wari path agrees with the engine, move by move and in rollouts."""

from __future__ import annotations

from collections import Counter

import numpy as np
import pytest

from ludotheek.core.errors import IllegalMove
from ludotheek.core.rng import Rng
from ludotheek.games.wari import GAME, WariState, bulk
from ludotheek.games.wari.bulk import (
    END_REASONS,
    WariBatch,
    numpy_generator,
    random_playouts,
    random_playouts_detailed,
)
from ludotheek.games.wari.rules import _feeds, _grand_slam


def engine_arrays(states: list[WariState]) -> dict[str, np.ndarray]:
    """The engine's view of a list of states, shaped like a batch's arrays."""
    legal = np.zeros((len(states), 12), dtype=bool)
    for i, s in enumerate(states):
        legal[i, s.legal_cups()] = True
    return {
        "boards": np.array([s.board for s in states]),
        "stores": np.array([s.stores for s in states]),
        "done": np.array([s.is_over for s in states]),
        "end": np.array([END_REASONS.index(s.end_reason) for s in states]),
        "legal": legal,
    }


def assert_same(batch: WariBatch, states: list[WariState], when: str) -> None:
    want = engine_arrays(states)
    got = {"boards": batch.boards, "stores": batch.stores, "done": batch.done,
           "end": batch.end, "legal": batch.legal_mask()}
    for name, expected in want.items():
        bad = np.flatnonzero((got[name] != expected).reshape(len(states), -1).any(axis=1))
        if len(bad):
            i = int(bad[0])
            s = states[i]
            raise AssertionError(
                f"{when}, game {i}, {name}: batch {got[name][i]} engine {expected[i]} "
                f"(engine position {s.board} stores {s.stores} to move {s.to_move})")
    running = ~batch.done
    assert (batch.to_move[running] == [s.to_move for s in states if s.to_move is not None]).all()


# --- random games, move by move ---------------------------------------------------------

def test_random_games_agree_with_the_engine_move_by_move() -> None:
    rng = Rng.from_seed(2024)
    states = [GAME.new(seeds_per_cup=n, first=first, repetition=False)
              for n in (3, 4, 5) for first in ("south", "north") for _ in range(16)]
    batch = WariBatch.from_states(states)
    assert_same(batch, states, "at the start")
    moves = Counter[str]()
    for step in range(400):
        if all(s.is_over for s in states):
            break
        cups = np.zeros(len(states), dtype=np.int64)
        for i, s in enumerate(states):
            if not s.is_over:
                cups[i] = rng.choice(s.legal_cups())
                moves[f"{s.board[cups[i]] // 12} laps"] += 1
                states[i] = s.play(str(cups[i] + 1))
        batch.step(cups)
        assert_same(batch, states, f"after step {step + 1}")
    assert batch.done.sum() > len(states) // 2
    assert (batch.moves == [s.ply for s in states]).all()
    assert moves["1 laps"] > 0  # some sowings went round the board


# --- constructed positions: every legal move of each -----------------------------------

def random_position(gen: np.random.Generator) -> tuple[list[int], int]:
    """A board (and the player to move) chosen to make the rare cases common."""
    mover = int(gen.integers(2))
    own, opp = (slice(0, 6), slice(6, 12)) if mover == 0 else (slice(6, 12), slice(0, 6))
    board = np.zeros(12, dtype=np.int64)
    kind = gen.integers(6)
    if kind == 0:  # small counts everywhere: captures, chains and grand slams
        board[:] = gen.integers(0, 4, 12) * (gen.random(12) < 0.6)
    elif kind == 1:  # the opponent's row empty: feeding, or no move feeds
        board[own] = gen.integers(0, 4, 6) * (gen.random(6) < 0.5)
    elif kind == 2:  # one big cup: laps of 12+ seeds (two laps from 23)
        board[:] = gen.integers(0, 3, 12)
        board[int(gen.integers(6)) + (0 if mover == 0 else 6)] = gen.integers(11, 36)
    elif kind == 3:  # the opponent holds 1-2 per cup: grand slams, often forced
        board[opp] = gen.integers(0, 3, 6)
        board[own] = gen.integers(0, 8, 6) * (gen.random(6) < 0.4)
    elif kind == 4:  # a cup whose last seed takes the opponent's whole row
        cup, last = int(gen.integers(6)), int(gen.integers(6))
        board[opp] = np.r_[gen.integers(1, 3, last + 1), np.zeros(5 - last, dtype=np.int64)]
        board[own] = gen.integers(0, 3, 6) * (gen.random(6) < 0.3)
        board[own.start + cup] = 6 - cup + last
    else:  # a middle game
        board[:] = gen.multinomial(int(gen.integers(10, 49)), [1 / 12] * 12)
    while board.sum() > 60:
        board[int(board.argmax())] -= 1
    return board.tolist(), mover


def test_every_legal_move_of_many_positions_agrees_with_the_engine() -> None:
    gen = np.random.default_rng(7)
    starts: list[WariState] = []
    for _ in range(3000):
        board, mover = random_position(gen)
        stores = gen.integers(0, 10, 2).tolist()
        starts.append(GAME.position(board, stores, mover, repetition=False))
    # positions over at once (no seeds, or no move feeds) are over in the batch too
    assert_same(WariBatch.from_states(starts), starts, "constructed")
    seen = Counter[str]()
    pairs = []
    for s in starts:
        if s.is_over:
            seen[s.end_reason or ""] += 1
            continue
        assert s.to_move is not None
        own = range(0, 6) if s.to_move == 0 else range(6, 12)
        candidates = [c for c in own if s.board[c]]
        opp = s.board[6:12] if s.to_move == 0 else s.board[0:6]
        if not any(opp) and any(not _feeds(c, s.board[c]) for c in candidates):
            seen["must feed"] += 1
        slams = [c for c in s.legal_cups() if _grand_slam(s.board, c)]
        if slams:
            seen["forced grand slam"] += 1
        elif any(_grand_slam(s.board, c) for c in candidates):
            seen["grand slam forbidden"] += 1
        for c in s.legal_cups():
            seen[f"{s.board[c] // 11} laps"] += 1
            pairs.append((s, c))
    batch = WariBatch.from_states([s for s, _ in pairs])
    assert_same(batch, [s for s, _ in pairs], "before")
    after = [s.play(str(c + 1)) for s, c in pairs]
    batch.step(np.array([c for _, c in pairs]))
    assert_same(batch, after, "after the move")
    for s in after:
        seen["capture"] += s.last_capture > 0
        seen[f"ends: {s.end_reason}"] += 1
    # the rare cases really were there
    for case in ("no_seeds", "cannot_feed", "must feed", "forced grand slam",
                 "grand slam forbidden", "1 laps", "2 laps", "capture", "ends: no_seeds",
                 "ends: cannot_feed"):
        assert seen[case] >= 5, (case, seen)


def test_step_refuses_an_illegal_cup_and_changes_nothing() -> None:
    batch = WariBatch.from_states([GAME.new(), GAME.position([1, 0, 0, 0, 0, 2, 1, 2] + [0] * 4)])
    before = (batch.boards, batch.stores.copy(), batch.to_move.copy())
    cases: list[tuple[list[int] | list[float], str]] = [
        ([0, 5], r"game 1: cup 6 is not legal \(legal: 1\)"),
        ([6, 0], r"game 0: cup 7 is not legal \(legal: 1, 2, 3, 4, 5, 6\)"),
        ([0], "one cup index"), ([0.0, 1.0], "one cup index")]
    for cups, message in cases:
        with pytest.raises(IllegalMove, match=message):
            batch.step(cups)
        assert (batch.boards == before[0]).all() and (batch.stores == before[1]).all()
        assert (batch.to_move == before[2]).all()
    batch.step([3, 0])
    assert batch.moves.tolist() == [1, 1]


def test_finished_states_stay_finished_with_their_stores() -> None:
    resigned = GAME.new().play("3").resign(0)
    ended = GAME.position([0, 0, 0, 0, 0, 2, 1, 2, 0, 0, 0, 0], (10, 10)).play("6")
    batch = WariBatch.from_states([resigned, ended, GAME.new()])
    assert batch.done.tolist() == [True, True, False]
    assert [END_REASONS[e] for e in batch.end] == ["resign_south", "no_seeds", None]
    assert batch.stores.tolist() == [[0, 0], [15, 10], [0, 0]]
    assert not batch.legal_mask()[:2].any()
    batch.step([0, 0, 2])  # finished games ignore their cup
    assert batch.moves.tolist() == [0, 0, 1]
    assert random_playouts(batch, 1)[:2].tolist() == [[0, 0], [15, 10]]


def test_stop_scores_as_the_repetition_rule() -> None:
    s = GAME.new().play("3").play("8")
    batch = WariBatch.from_states([s])
    batch.stop()
    assert batch.stores.tolist() == [list(s.adjudicate().stores)]
    assert END_REASONS[batch.end[0]] == "stopped"


@pytest.mark.parametrize("boards, stores, to_move, message", [
    ([[4] * 11], None, None, "N×12"),
    ([[-1] + [4] * 11], None, None, "negative"),
    ([[30, 31] + [0] * 10], None, None, "at most 60"),
    ([[4] * 12], [[0, 0, 0]], None, "N×2"),
    ([[4] * 12], None, [2], "to_move"),
])
def test_the_batch_refuses_impossible_positions(boards: object, stores: object,
                                                to_move: object, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        WariBatch(boards, stores, to_move)  # type: ignore[arg-type]


def test_new_batches_and_copies() -> None:
    batch = WariBatch.new(3, seeds_per_cup=5, first="north")
    assert (batch.boards == 5).all() and (batch.to_move == 1).all()
    other = batch.copy()
    other.step([6, 7, 8])
    assert (batch.boards == 5).all() and batch.moves.sum() == 0
    with pytest.raises(ValueError):
        WariBatch.new(2, seeds_per_cup=6)
    assert len(WariBatch.from_states([])) == 0
    assert random_playouts([], 0).shape == (0, 2)


# --- rollouts -----------------------------------------------------------------------------

class ConstantDraws:
    """Stands in for a numpy Generator: every draw is ``value``, so each game plays
    the (value mod k)-th of its k legal cups, in cup order."""

    def __init__(self, value: int) -> None:
        self.value = value

    def integers(self, low: int, high: int, size: int) -> np.ndarray:
        assert (low, high) == (0, 60)
        return np.full(size, self.value, dtype=np.int64)


def engine_rollout(state: WariState, value: int, max_moves: int) -> tuple[list[int], int, bool]:
    moves = 0
    while not state.is_over and moves < max_moves:
        cups = state.legal_cups()
        state = state._play_cup(cups[value % len(cups)])
        moves += 1
    stopped = not state.is_over
    return list(state.adjudicate().stores), moves, stopped


@pytest.mark.parametrize("value", [0, 7, 59])
def test_rollouts_play_the_engines_games(value: int, monkeypatch: pytest.MonkeyPatch) -> None:
    # small chunks, so that games join the rollout while others are under way
    monkeypatch.setattr(bulk, "CHUNK", 8)
    monkeypatch.setattr(bulk, "numpy_generator", lambda rng: ConstantDraws(value))
    gen = np.random.default_rng(value)
    starts = [GAME.new(seeds_per_cup=n, first=f, repetition=False)
              for n in (3, 4, 5) for f in ("south", "north")]
    for _ in range(40):
        board, mover = random_position(gen)
        starts.append(GAME.position(board, (3, 1), mover, repetition=False))
    result = random_playouts_detailed(starts, rng=0, max_moves=150)
    expected = [engine_rollout(s, value, 150) for s in starts]
    assert result.scores.tolist() == [e[0] for e in expected]
    assert result.moves.tolist() == [e[1] for e in expected]
    assert result.stopped.tolist() == [e[2] for e in expected]
    assert 0 < result.stopped.sum() < len(starts)


def test_rollouts_are_repeatable_and_conserve_seeds() -> None:
    starts = [GAME.new(), GAME.new(seeds_per_cup=5, first="north"),
              GAME.new().play("1").play("7")] * 700  # more than one chunk
    a = random_playouts_detailed(starts, 5, max_moves=300)
    b = random_playouts_detailed(starts, np.random.default_rng(5), max_moves=300)
    c = random_playouts_detailed(starts, 6, max_moves=300)
    assert (a.scores == b.scores).all() and (a.moves == b.moves).all()
    assert (a.scores != c.scores).any()
    totals = np.array([48, 60, 48] * 700)
    assert (a.scores.sum(axis=1) == totals).all() and (a.scores >= 0).all()
    assert (a.moves[a.stopped] == 300).all() and (a.moves[~a.stopped] <= 300).all()
    # random games: both sides win sometimes, and the rollouts differ from one another
    south_wins = a.scores[:, 0] > a.scores[:, 1]
    assert 0.3 < south_wins.mean() < 0.7
    assert len(np.unique(a.moves)) > 100


def test_rollouts_with_no_moves_left_score_as_the_repetition_rule() -> None:
    s = GAME.new().play("3").play("8").play("1")
    assert random_playouts([s], 0, max_moves=0).tolist() == [list(s.adjudicate().stores)]
    one = random_playouts([s] * 50, 0, max_moves=1)
    outcomes = {tuple(s.play(m).adjudicate().stores) for m in s.legal_moves()}
    assert {tuple(row) for row in one.tolist()} <= outcomes
    with pytest.raises(ValueError):
        random_playouts([s], 0, max_moves=-1)


def test_the_generator_comes_from_the_games_rng_or_a_seed() -> None:
    r = Rng.from_seed(9)
    state = r.state
    g = numpy_generator(r)
    assert r.state != state  # the game's generator moved on
    assert g.integers(1000) == numpy_generator(Rng(state)).integers(1000)
    assert numpy_generator(g) is g
    assert numpy_generator(3).integers(1000) == np.random.default_rng(3).integers(1000)
    with pytest.raises(TypeError):
        numpy_generator("3")  # type: ignore[arg-type]
