"""Every game's refused moves carry a code and parameters that every catalog words.

Random positions of every game get moves that cannot be right there: garbage, the
legal moves of other positions, and legal moves changed a little. Each refusal must
be an IllegalMove with a code, JSON parameters, and a text in every language with
nothing left unfilled.
"""

from __future__ import annotations

import json
import re

import pytest

from ludotheek.core.errors import IllegalMove
from ludotheek.core.record import ResignAction, apply_move
from ludotheek.core.rng import Rng
from ludotheek.core.texts import LANGUAGES, word
from ludotheek.games import get, names

GARBAGE = ["", " ", "x", "xyz zy", "99", "0", "-1", "resign 9", "A1", "A99", "P3", "buy Z 2",
           "buy C 9", "buy C", "buy", "keep", "keep Q", "T99", "T1", "move T40", "close nobody",
           "pick", "place joker T1", "bonus curve a1 NS", "Y9: F4", "F4 NE purple", "F4 UP white",
           "empty", "white -", "L L F4", "Z9", "3 3", "  3", "3.0", "pass", "buy none"]


def _mutations(move: str) -> list[str]:
    words = move.split()
    out = [move.upper(), move.lower(), move + " x", " ".join(reversed(words))]
    if len(words) > 1:
        out.append(" ".join(words[:-1]))
    return out


def _refusals(game_name: str, seed: int) -> list[IllegalMove]:
    game = get(game_name)
    rng = Rng.from_seed(seed)
    state = game.new(seed)
    states = [state]
    for _ in range(120):
        if state.is_over:
            break
        state = state.play(rng.choice(state.legal_moves()))
        states.append(state)
    others = [m for s in states[::7] if not s.is_over for m in s.legal_moves()[:6]]
    refused = []
    tries: list[str | ResignAction]
    for s in states[::5]:
        if s.is_over:
            tries = ["1", ResignAction()]
        else:
            own = s.legal_moves()
            tries = [*GARBAGE, ResignAction(seat=9)]
            tries += [m for m in others if m not in own]
            tries += [m for legal in own[:4] for m in _mutations(legal) if m not in own]
        for move in tries:
            try:
                apply_move(s, move)
            except IllegalMove as exc:
                refused.append(exc)
    return refused


@pytest.mark.parametrize("game_name", names())
def test_every_refusal_is_worded_in_every_language(game_name: str) -> None:
    refused = _refusals(game_name, 7)
    assert len(refused) > 50  # (the short test game Nim: ~80; the others hundreds)
    codes = set()
    for exc in refused:
        problem = exc.problem()
        assert problem is not None, f"{game_name}: {exc!r} has no code"
        codes.add(problem["code"])
        json.dumps(problem)
        for lang in LANGUAGES:
            text = word(exc, lang, ["A", "B", "C", "D", "E", "F"])
            assert not re.search(r"\{\w+\}", text), (lang, problem, text)
            assert text != str(exc) or lang == "en" or not exc.code, (lang, problem)
    assert len(codes) >= 3, codes  # (Nim, the test game, has few rules: 3; the others 5+)
