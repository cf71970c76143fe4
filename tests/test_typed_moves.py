"""Typed moves (issue 22): each game reads a move's text once into its own small move
(``State.parse_move``, as python-chess reads ``e2e4`` into a ``Move``), writes it back
(``format_move``) and plays it without reading it again (``apply``); a game without a
typed move keeps the text. Held against the texts' own path (``play``) for every game."""

from __future__ import annotations

import random

import pytest

from ludotheek.core.errors import IllegalMove
from ludotheek.games import get, names
from ludotheek.games.wari.rules import Sow
from tests.nim.rules import Take

GARBAGE = ["", "zz", "999", "1-", "resign", " 3", "ᛗ", "3; 4"]


@pytest.mark.parametrize("game", names())
def test_typed_moves_agree_with_the_texts(game: str) -> None:
    rng = random.Random(11)
    state = get(game).new(seed=11)
    for _ in range(40):
        if state.is_over:
            break
        legal = state.legal_moves()
        for text in rng.sample(legal, min(len(legal), 12)):
            move = state.parse_move(text)
            hash(move)  # a typed move is a value: kept in sets and tables
            assert state.format_move(move) == text
            assert state.apply(move) == state.play(text)
        for text in GARBAGE:
            if text in legal:
                continue
            with pytest.raises(IllegalMove) as refused:
                state.parse_move(text)
            assert refused.value.code, (game, text)
        state = state.play(rng.choice(legal))


def test_wari_and_nim_moves_are_small_named_values() -> None:
    wari = get("wari").new(seed=1)
    assert wari.parse_move("3") == Sow(3) and wari.format_move(Sow(12)) == "12"
    assert wari.apply(Sow(3)) == wari.play("3")
    with pytest.raises(IllegalMove):
        wari.apply(Sow(9))  # north's cup: not south's move
    nim = get("nim").new(seed=1)
    assert nim.parse_move("3-5") == Take(heap=3, counters=5)
    assert nim.format_move(Take(1, 2)) == "1-2"
    with pytest.raises(IllegalMove, match="heap 1 has 3 counters"):
        nim.parse_move("1-4")
