"""A hint's facts: what the move is made of, for the page to word in its language."""

from __future__ import annotations

from typing import Any

import pytest

from ludotheek.ai import players
from ludotheek.games import names
from ludotheek.learn import lessons


def _hint(game: str, at_step: int = 3) -> tuple[Any, dict[str, Any]]:
    lesson = lessons.lesson(game)
    assert lesson is not None
    plays = [s for s in lesson.steps if s.play]
    state = lessons.positions(game, lesson.record)[plays[at_step].at]
    player, _ = players.for_level(game, "strong", seed=1)
    a = player.analyse(state, 0.2)  # type: ignore[attr-defined]
    return state, {"move": a.move, "value": a.value, "reason": a.reason,
                   "ranking": [list(r) for r in a.ranking[:5]]}


@pytest.mark.parametrize("game", [g for g in names() if lessons.lesson(g) is not None])
def test_every_game_says_what_a_hint_is_made_of(game: str) -> None:
    state, hint = _hint(game)
    facts = lessons.hint_facts(game, state, hint)
    assert facts and facts.get("kind"), facts
    assert hint["move"] in state.legal_moves()


def test_wari_facts_are_the_cup_its_seeds_and_the_gain() -> None:
    state, hint = _hint("wari", 2)   # the capture step
    facts = lessons.hint_facts("wari", state, hint)
    assert facts["cup"] == hint["move"] and facts["seeds"] == state.board[int(hint["move"]) - 1]
    assert ("gain" in facts) != ("result" in facts)


def test_haaienzee_facts_name_the_shark_and_what_it_eats() -> None:
    state, hint = _hint("haaienzee", 4)
    facts = lessons.hint_facts("haaienzee", state, hint)
    assert facts["shark"] == state.shark_id and facts["kind"] == "turn"
    assert facts["outlook"] in ("lead", "win", "loss")


def test_facts_of_a_move_of_another_position_are_empty() -> None:
    state, hint = _hint("akwaier")
    assert lessons.hint_facts("akwaier", state, {**hint, "move": "Z99"}) == {}
    assert lessons.hint_facts("wari", lessons.positions("wari", lessons.lesson("wari").record)[0],  # type: ignore[union-attr]
                              {"move": None}) == {}
