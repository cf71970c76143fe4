"""Property tests over random Wari games (hypothesis)."""

from __future__ import annotations

import itertools
import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from ludotheek.core.errors import IllegalMove
from ludotheek.games.wari import GAME, WariState

ALL_CUPS = [str(c) for c in range(1, 13)]


@st.composite
def games(draw: st.DrawFn) -> list[WariState]:
    """A random game from a random start: every state on the way."""
    state = GAME.new(
        seeds_per_cup=draw(st.integers(3, 5)),
        first=draw(st.sampled_from(["south", "north"])),
        repetition=draw(st.booleans()),
    )
    states = [state]
    for _ in range(draw(st.integers(0, 250))):
        if state.is_over:
            break
        moves = state.legal_moves()
        state = state.play(moves[draw(st.integers(0, len(moves) - 1))])
        states.append(state)
    return states


@given(games())
def test_seeds_are_conserved(states: list[WariState]) -> None:
    total = 12 * states[0].options["seeds_per_cup"]
    for s in states:
        assert sum(s.board) + sum(s.stores) == total
        assert min(s.board) >= 0


@given(games())
def test_stores_never_shrink(states: list[WariState]) -> None:
    for a, b in itertools.pairwise(states):
        assert b.stores[0] >= a.stores[0] and b.stores[1] >= a.stores[1]


@given(games())
def test_legal_moves_play_and_every_other_cup_raises(states: list[WariState]) -> None:
    for s in states[-5:]:
        legal = set(s.legal_moves())
        before = s.to_json()
        for cup in ALL_CUPS:
            if cup in legal:
                s.play(cup)
            else:
                with pytest.raises(IllegalMove):
                    s.play(cup)
        assert s.to_json() == before


@given(games())
def test_json_round_trip_is_exact(states: list[WariState]) -> None:
    for s in states:
        text = json.dumps(s.to_json())
        back = GAME.from_json(text)
        assert back.to_json() == s.to_json()
        assert back.legal_moves() == s.legal_moves()
        assert back.is_over == s.is_over and back.scores() == s.scores()


@given(games())
def test_the_mover_never_leaves_the_opponent_empty_unless_forced(
    states: list[WariState],
) -> None:
    for a, b in itertools.pairwise(states):
        mover = a.to_move
        assert mover is not None
        opp = range(6, 12) if mover == 0 else range(0, 6)
        if not b.is_over and not any(b.board[c] for c in opp):
            raise AssertionError("a move left the opponent without seeds and play went on")
