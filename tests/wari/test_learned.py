"""Wari's learned evaluation (issue 40): its features, its model file, the compiled
search's value against the pure one (the reference), and the player ``strong-learned``.

- The features of hand-made boards, counted by hand.
- ``learned_model.py`` (made by ``benchmarks/wari_learn.py fit``) loads, says what it was fitted
  on, and gives finite values of a sensible size on every board of random games.
- ``kernel.evaluate`` with the learned model is ``Model.value_hundredths`` to the hundredth
  on 5,000 random boards, with the package's model and with one of random weights (the
  capture terms switched on); the compiled search with it returns the Python search's
  values at fixed depths.
- ``strong-learned`` plays only legal moves, to the end of games against ``random``; and
  ``strong``'s evaluation is still the hand-made one.
"""

from __future__ import annotations

import math

import numpy as np
import pytest

from ludotheek.ai import players
from ludotheek.core.rng import Rng
from ludotheek.games.wari import GAME, WariState
from ludotheek.games.wari import learned as L
from ludotheek.games.wari.search import Searcher
from ludotheek.games.wari.strong import StrongPlayer
from tests.wari.test_kernel import _close, _game_positions

fast = pytest.importorskip("ludotheek.games.wari.fast")
K = fast.K


def test_features_of_hand_made_boards() -> None:
    f = L.features((0, 1, 2, 3, 12, 0, 15, 0, 0, 2, 2, 1))
    assert f["own"] == 18 and f["opponent"] == 20 and f["board"] == 38
    assert f["material"] == -2
    assert f["mobility"] == 4 - 4
    assert f["vulnerable"] == 2 - 3  # own 1, 2; theirs 2, 2, 1
    assert f["kroo"] == 1 - 1 and f["kroo_seeds"] == 12 - 15
    # no sowing ends in the other row on a cup it makes 2 or 3: the mover's 3 seeds of cup
    # 4 end on the opponent's 15, their 12 of cup 5 go round (skipping it) and end in its
    # cup 6; the opponent's 1 and 2 seeds make the mover's empty cup 1 hold 1
    assert f["threat"] == 0
    # a chain: the mover's 2 seeds of cup 6 make the opponent's cups 1 and 2 hold 2 and 3
    chain = L.features((0, 0, 0, 0, 0, 2, 1, 2, 0, 0, 0, 0))
    assert chain["threat"] == 5 - 0 and chain["vulnerable"] == 1 - 2
    start = L.features((4,) * 12)
    assert (start["material"], start["mobility"], start["vulnerable"], start["kroo"],
            start["threat"], start["board"]) == (0, 0, 0, 0, 0, 48)
    lone = L.features((0, 0, 0, 0, 0, 1, 1, 0, 0, 0, 0, 0))
    assert lone["threat"] == 2 - 0 and lone["vulnerable"] == 0 and lone["mobility"] == 0


def test_cup_basis_counts_the_features_of_one_cup() -> None:
    basis = L.cup_basis(np.arange(49))
    assert basis.shape == (49, L.PER_CUP)
    assert list(basis[:, 1].nonzero()[0]) == [0]  # empty
    assert list(basis[:, 2].nonzero()[0]) == [1, 2]  # vulnerable
    assert basis[11, 3] == 0 and basis[12, 3] == 1 and basis[20, 4] == 9  # a kroo
    assert (basis[:, 5:].sum(1) == 1).all()  # one bucket each


def test_the_model_file_loads_and_gives_finite_values() -> None:
    model = L.Model.load()
    assert model.phases[-1] == 48 and len(model.phases) <= K.LEARN_PHASES
    meta = model.meta
    assert meta["data"]["seed"] >= 0 and meta["data"]["db_positions"] > 1000
    assert meta["data"]["search"] > 1000 and meta["heldout"]["database"]["learned"]["mae"] > 0
    for state in _game_positions(60, 41):
        b = state.board if state.to_move == 0 else (*state.board[6:], *state.board[:6])
        v = model.value(b)
        assert math.isfinite(v) and abs(v) <= 48, (b, v)
    assert abs(model.value((4,) * 12)) < 3  # the start is about even


def _random_model(seed: int) -> L.Model:
    rng = np.random.default_rng(seed)
    tables = tuple(tuple(tuple(int(v) for v in rng.integers(-40_000, 40_000, 49))
                         for _ in range(12)) for _ in range(3))
    gl = tuple((int(a), int(b), int(c)) for a, b, c in rng.integers(-3_000, 3_000, (3, 3)))
    return L.Model((15, 30, 48), tables, gl)


def _boards(count: int, seed: int) -> list[tuple[int, ...]]:
    rng = Rng.from_seed(seed)
    out = []
    for _ in range(count):
        b = [0] * 12
        for _ in range(rng.randbelow(49)):
            b[rng.randbelow(12) if rng.randbelow(4) else 4] += 1
        out.append(tuple(b))
    return out


@pytest.mark.parametrize("which", ["package", "random"])
def test_kernel_learned_value_is_the_pure_one(which: str) -> None:
    model = L.Model.load() if which == "package" else _random_model(7)
    W = fast.new_work(learned=model)
    assert W[K.P_LEARN] == 1
    for b in _boards(5_000, 11):
        W[K.O_BOARD : K.O_BOARD + 12] = b
        assert K.evaluate(W, K.O_BOARD) == model.value_hundredths(b), b


def test_without_the_model_the_kernel_evaluates_by_hand() -> None:
    W = fast.new_work()
    assert W[K.P_LEARN] == 0
    W[K.O_BOARD : K.O_BOARD + 12] = (6, 6, 6, 0, 0, 0, 3, 3, 3, 3, 3, 3)
    assert K.evaluate(W, K.O_BOARD) == -75  # evaluate.py's doctest, in hundredths


@pytest.mark.parametrize("which", ["package", "random"])
def test_compiled_search_with_the_learned_value_is_the_python_searchs(which: str) -> None:
    model = L.Model.load() if which == "package" else _random_model(8)
    for state in _game_positions(25, 400):
        py = Searcher(model.value, tt_cutoffs=False).run(state, None, 3, exact=True)
        ours = fast.FastSearcher(learned=model, tt_cutoffs=False, tt_bits=12).run(
            state, max_depth=3, exact=True)
        assert _close(ours.ranking, py.ranking), (state.board, ours.ranking, py.ranking)


def test_strong_learned_plays_only_legal_moves() -> None:
    for seed in range(3):
        learned = players.get("wari", "strong-learned", depth=3, book="off")
        assert isinstance(learned, StrongPlayer) and learned.eval == "learned"
        other = players.get("wari", "random", seed=seed)
        state = GAME.new()
        seat = seed % 2
        while not state.is_over and state.ply < 200:
            assert isinstance(state, WariState)
            player = learned if state.to_move == seat else other
            move = player.choose(state)
            assert move in state.legal_moves()
            state = state.play(move)


def test_strong_keeps_the_hand_made_evaluation() -> None:
    assert StrongPlayer().eval == "hand"
    assert players.get("wari", "strong").eval == "hand"  # type: ignore[attr-defined]
    with pytest.raises(ValueError, match="hand or learned"):
        StrongPlayer(eval="net")
