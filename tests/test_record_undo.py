"""Undos in game records (an undo to N): the position after it is the one after entry N,
nothing is removed, and the line of play leaves the undone moves out."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ludotheek.core.errors import BadRecord
from ludotheek.core.game import State
from ludotheek.core.record import (
    Entry,
    Record,
    ResignAction,
    UndoAction,
    effective_line,
    from_text,
    mover_of,
    to_text,
)
from ludotheek.games import names


def with_undos(game: str, seed: int, steps: int, rng: random.Random
               ) -> tuple[list[Entry], list[State]]:
    """Random moves with random undos; the record's moves and every position."""
    rec = Record(game, {}, seed)
    state = rec.start()
    positions = [state]
    moves: list[Entry] = []
    for _ in range(steps):
        if state.is_over:
            break
        if moves and rng.random() < 0.25:
            back = rng.randrange(len(moves))
            moves.append(UndoAction(to=back))
            state = positions[back]
        else:
            move = rng.choice(state.legal_moves())
            moves.append(move)
            state = state.play(move)
        positions.append(state)
    return moves, positions


@settings(max_examples=25, deadline=None)
@given(st.sampled_from(names()), st.integers(0, 10_000), st.integers(1, 60))
def test_undo_replays_to_the_line_of_play(game: str, seed: int, steps: int) -> None:
    moves, positions = with_undos(game, seed, steps, random.Random(seed))
    rec = Record(game, {}, seed, tuple(moves))
    states = list(rec.states())
    assert states == positions  # every record move has its position, undos included
    line = effective_line(moves)
    straight = Record(game, {}, seed, tuple(moves[n - 1] for n in line))
    assert straight.replay() == rec.replay()
    assert all(not isinstance(moves[n - 1], UndoAction) for n in line)
    assert line == sorted(line)


def test_rule_undo_goes_back_to_an_earlier_move_only() -> None:
    rec = Record("wari", {"seeds_per_cup": 4}, 1, ("3", "9", UndoAction(to=3)))
    with pytest.raises(BadRecord, match="earlier move"):
        rec.replay()
    with pytest.raises(BadRecord, match="write undo N"):
        Record.from_json({"game": "wari", "seed": 1, "moves": ["3", "undo x"]})  # format 1
    with pytest.raises(BadRecord, match="the game is over"):
        Record("wari", {}, 1, (ResignAction(), UndoAction(to=0))).replay()
    assert effective_line(["3", "9", UndoAction(to=0), "2"]) == [4]
    assert effective_line(["3", "9", UndoAction(to=1), "8", UndoAction(to=3)]) == [1]


def test_undo_in_the_text_form_and_who_made_a_move() -> None:
    rec = Record("wari", {"seeds_per_cup": 4}, 1, ("3", "9", UndoAction(to=1), "8"))
    text = to_text(rec)
    assert "-: undo 1" in text
    assert from_text(text).moves == rec.moves
    start = rec.start()
    assert mover_of(start, "3") == 0 and mover_of(start, UndoAction(to=0)) is None
    assert mover_of(start, ResignAction(seat=1)) == 1
