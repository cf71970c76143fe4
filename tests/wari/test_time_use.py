"""Wari's strong player uses the time it is given (issue 40): it deepens until its time is
up, and stops early only where more time cannot help (a single legal move, a proven
result); ``stop=half`` keeps the rule before (stop once half the time is gone), and a
fixed depth searches exactly that depth, as before."""

from __future__ import annotations

import time

import pytest

from ludotheek.ai import players
from ludotheek.core import resources
from ludotheek.games.wari import GAME, WariState
from ludotheek.games.wari.search import stop_early
from ludotheek.games.wari.strong import StrongPlayer
from tests.wari.helpers import small_db

BOTH = pytest.mark.parametrize("compiled", ["off", "on"])  # Python's search, the compiled one
SMALL = 8  # the database at the search's leaves


def midgame() -> WariState:
    state = GAME.new()
    for move in ("3", "9", "5", "11", "2", "8", "6", "12"):
        state = state.play(move)
    assert isinstance(state, WariState)
    return state


def test_the_rule_for_stopping_early() -> None:
    # a single legal move: after 2 plies, with or without a time
    assert stop_early("full", 1.0, 0.01, 2, 1, False) == "single"
    assert stop_early("full", None, 0.01, 2, 1, False) == "single"
    assert stop_early("full", 1.0, 0.01, 1, 1, False) is None
    # a proven result ends a timed search, not one to a fixed depth (repeatable)
    assert stop_early("full", 1.0, 0.01, 7, 3, True) == "proven"
    assert stop_early("full", None, 0.01, 7, 3, True) is None
    # spending the time: on, however much of it is gone
    assert stop_early("full", 1.0, 0.9, 7, 3, False) is None
    # the rule before issue 40: half the time gone ends it, and nothing is proven there
    assert stop_early("half", 1.0, 0.51, 7, 3, False) == "half"
    assert stop_early("half", 1.0, 0.49, 7, 3, True) is None
    with pytest.raises(ValueError):
        StrongPlayer(stop="most")


@BOTH
def test_a_timed_search_spends_its_time(compiled: str) -> None:
    """In the middle game it deepens until the time is up (the depth under way then is
    abandoned), and works on after it by little: measured in this thread's CPU time,
    which the load of a busy machine does not add to."""
    if compiled == "on":
        from ludotheek.games.wari import fast

        fast.warm()
    state = midgame()
    budget = 0.15
    player = StrongPlayer(seconds=budget, endgames="off", book="off", compiled=compiled)
    cpu = time.thread_time()
    a = player.decide(state)
    cpu = time.thread_time() - cpu
    assert a.stats["stop"] == "time" and a.stats["seconds"] >= budget
    assert cpu < budget + 0.3
    assert a.move in state.legal_moves()


@BOTH
def test_strong_stop_half_is_the_rule_before(compiled: str) -> None:
    """``stop=half`` (today's strong before issue 40, kept by name as a parameter) stops
    deepening once half its time is gone: it ends a depth by that rule, or, where one
    depth took the rest of the time, by the time."""
    if compiled == "on":
        from ludotheek.games.wari import fast

        fast.warm()
    player = players.get("wari", "strong", stop="half", seconds=0.15, endgames="off",
                         book="off", compiled=compiled)
    assert isinstance(player, StrongPlayer)
    a = player.decide(midgame())
    assert a.stats["stop"] in ("half", "time")
    if a.stats["stop"] == "half":
        assert a.stats["seconds"] >= 0.075


# Boards of 9 seeds the search solves with the database of 8 at its leaves: every line
# ends in it, in an end of the game or a repetition within a few plies (found by drawing
# random boards; their values are the database of 9 seeds')
PROVEN = [(0, 1, 0, 0, 0, 2, 0, 2, 0, 1, 0, 3), (0, 0, 0, 0, 1, 1, 1, 2, 1, 2, 0, 1)]


@BOTH
@pytest.mark.parametrize("board", PROVEN)
def test_a_proven_result_ends_the_search_with_the_exact_value(board: tuple[int, ...],
                                                               compiled: str) -> None:
    truth = small_db(9)
    state = GAME.position(list(board), to_move=0)
    with resources.using(resources.StaticResources({"wari-endgames": small_db(SMALL)})):
        searcher = StrongPlayer(compiled=compiled).searcher()
        result = searcher.run(state, 30.0)
        assert result.stop == "proven" and result.seconds < 10
        assert result.value == truth.value(board, 0)
        assert {str(m.cup + 1) for m in truth.moves(board, 0)
                if m.value == result.value} >= {str(result.cup + 1)}
        # a fixed depth goes on to that depth: its moves stay repeatable
        searcher.reset()
        fixed = searcher.run(state, None, result.depth + 3)
        assert fixed.stop == "depth" and fixed.depth == result.depth + 3


@BOTH
def test_a_single_legal_move_is_played_at_once(compiled: str) -> None:
    state = GAME.position([0, 0, 0, 0, 0, 7, 3, 3, 3, 3, 3, 3], to_move=0)
    assert state.legal_moves() == ["6"]
    player = StrongPlayer(seconds=5.0, endgames="off", book="off", compiled=compiled)
    start = time.perf_counter()
    assert player.choose(state) == "6"
    assert time.perf_counter() - start < 2.0
    # a search of it (a hint) values it after 2 plies and stops there
    result = player.searcher().run(state, 5.0)
    assert result.stop == "single" and result.depth == 2
