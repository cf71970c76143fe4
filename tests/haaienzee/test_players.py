"""Haaienzee's computer players: greedy, strong, the levels; the fast simulation they use."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ludotheek.ai import players
from ludotheek.core.rng import Rng
from ludotheek.games.haaienzee import GAME, HaaienzeeState
from ludotheek.games.haaienzee.players import HaaienzeeGreedy
from ludotheek.games.haaienzee.search import Sim, StrongPlayer, greedy_move
from tests.haaienzee.util import pos


def test_registry_and_levels() -> None:
    assert {"greedy", "strong"} <= set(players.names("haaienzee"))
    assert isinstance(players.get("haaienzee", "greedy", seed=1), HaaienzeeGreedy)
    assert isinstance(players.get("haaienzee", "strong", seed=1), StrongPlayer)
    levels = players.levels("haaienzee")
    assert {"beginner", "easy", "normal", "strong"} <= set(levels) and len(levels) >= 6
    assert levels["strong"].player == "strong" and levels["good"].player == "greedy"
    assert levels["normal"].player == "tempered" and levels["normal"].params["inner"] == "greedy"


def test_greedy_eats_the_most_fish_now() -> None:
    s = pos("white: G8 F7 E7 D7; grey: H7", {"Y1": "G7 E white"})
    a = HaaienzeeGreedy(seed=1).analyse(s)
    assert a.move == "L D7"  # three fish to the north-east beat one to the east
    assert a.value is not None and 3 <= a.value < 4


def test_greedy_then_takes_the_best_spot() -> None:
    # nothing to eat now: swim to G8, from where a line of two white is in reach
    s = pos("white: F8 E8", {"Y1": "G7 E white"})
    assert HaaienzeeGreedy(seed=1).choose(s) == "G8"


def test_greedy_places_next_to_the_longest_line() -> None:
    s = GAME.new(seed=1)
    a = HaaienzeeGreedy(seed=1).analyse(s)
    assert a.move in s.legal_moves() and a.value == a.ranking[0][1]


def test_strong_takes_the_win() -> None:
    s = pos("white: G8 G9; grey: F7 E7 D7", {"Y1": "G7 E white"}, health=(21, 15))
    assert StrongPlayer().choose(s) == "G9"


def test_strong_avoids_losing_at_once() -> None:
    s = pos("white: H7", {"Y1": "G7 E white"}, health=(1, 15))
    assert StrongPlayer().choose(s) == "R H7"


def test_strong_is_repeatable_and_explains() -> None:
    s = GAME.new(seed=5)
    for _ in range(6):
        s = s.play(HaaienzeeGreedy(seed=2).choose(s))
    a = StrongPlayer(seed=1).analyse(s)
    b = StrongPlayer(seed=9).analyse(s)
    assert a.move == b.move and a.move in s.legal_moves()
    assert a.reason and a.stats["playouts"] == len(s.legal_moves())
    assert a.ranking[0][0] == a.move


def test_strong_places_sharks_by_playouts() -> None:
    s = GAME.new(seed=3)
    a = StrongPlayer(setup_candidates=5).analyse(s)
    assert a.move in s.legal_moves() and a.stats["playouts"] == 5


def test_strong_with_a_deeper_search() -> None:
    s = pos("white: G8 G9; grey: F7 E7 D7", {"Y1": "G7 E white"}, health=(10, 10))
    a = StrongPlayer(depth=2, horizon=6).analyse(s)
    assert a.move in s.legal_moves() and a.stats["depth"] == 2


@pytest.mark.parametrize("level", list(players.levels("haaienzee")))
def test_levels_play_legal_moves(level: str) -> None:
    player, seconds = players.for_level("haaienzee", level, seed=4)
    s = GAME.new(seed=4, side=5)
    for _ in range(12):
        move = player.choose(s, seconds)
        assert move in s.legal_moves()
        s = s.play(move)


@st.composite
def positions(draw: st.DrawFn) -> HaaienzeeState:
    s = GAME.new(draw(st.integers(0, 10_000)), side=draw(st.integers(5, 9)))
    rng = Rng.from_seed(draw(st.integers(0, 10_000)))
    greedy = HaaienzeeGreedy(seed=1)
    for _ in range(draw(st.integers(6, 60))):
        if s.is_over:
            break
        s = s.play(greedy.choose(s) if rng.random() < 0.7 else rng.choice(s.legal_moves()))
    return s


@settings(max_examples=30)
@given(positions())
def test_sim_lists_the_same_moves_and_plays_them_like_the_rules(s: HaaienzeeState) -> None:
    if s.is_over or s.phase == "setup":
        return
    sim = Sim(s)
    legal = s.legal_table()
    as_swims = [tuple(m) for m in legal.values()]
    assert [m[1:] for m in sim.moves()] == as_swims
    for m in sim.moves():
        text = next(t for t, x in legal.items() if tuple(x) == m[1:])
        after = s.play(text)
        undo = sim.make(m)
        assert bytes(sim.fish) == after.fish
        assert sim.health == list(after.health)
        assert sim.over == after.is_over
        if not sim.over:
            assert sim.index() == after.shark_to_move
            assert (sim.round, sim.start) == (after.round, after.start)
        assert sim.pos == [x.hex for x in after.sharks]
        sim.unmake(undo)
        assert bytes(sim.fish) == s.fish and sim.health == list(s.health)
    g = greedy_move(sim)
    assert g[1:] in as_swims


def test_strong_out_of_time_keeps_the_deepest_finished_search() -> None:
    s = pos("white: G8 G9; grey: F7 E7 D7", {"Y1": "G7 E white"}, health=(10, 10))
    a = StrongPlayer(depth=4).analyse(s, seconds=0.0)
    assert a.move in s.legal_moves() and a.stats["depth"] == 1
    setup = GAME.new(seed=3)
    a = StrongPlayer().analyse(setup, seconds=0.0)
    assert a.move in setup.legal_moves() and a.stats["playouts"] == 1
