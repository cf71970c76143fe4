"""The contract of DEVELOPERS.md, checked on every registered game."""

from __future__ import annotations

import json

import pytest

from ludotheek.ai import players
from ludotheek.core.errors import BadOption, IllegalMove, UnknownGame
from ludotheek.core.game import State
from ludotheek.core.record import Record
from ludotheek.core.rng import Rng
from ludotheek.games import get, names

GAMES = names()
GARBAGE = ["", " ", "zzz", "\x00", "1 2 3 4 5 6 7 8 9", "🦈", "-1", "999999999999"]


def test_registry_lists_the_games() -> None:
    assert sorted(GAMES) == GAMES
    assert "wari" in GAMES
    with pytest.raises(UnknownGame, match="unknown game 'chess'"):
        get("chess")


@pytest.mark.parametrize("name", GAMES)
def test_unknown_option_raises(name: str) -> None:
    with pytest.raises(BadOption, match="unknown option 'no_such_option'"):
        get(name).new(seed=1, no_such_option=3)


@pytest.mark.parametrize("name", GAMES)
def test_same_seed_same_game(name: str) -> None:
    g = get(name)
    assert g.new(seed=5).to_json() == g.new(seed=5).to_json()


def _random_game(name: str, seed: int, limit: int = 400) -> list[tuple[State, str]]:
    g = get(name)
    state = g.new(seed=seed)
    rng = Rng.from_seed(seed)
    steps: list[tuple[State, str]] = []
    while not state.is_over and len(steps) < limit:
        move = rng.choice(state.legal_moves())
        steps.append((state, move))
        state = state.play(move)
    steps.append((state, ""))
    return steps


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("seed", [1, 2])
def test_random_game_keeps_the_contract(name: str, seed: int) -> None:
    g = get(name)
    steps = _random_game(name, seed)
    moves = []
    for state, move in steps:
        before = json.dumps(state.to_json(), sort_keys=True)
        # JSON round trip is exact (as dict and as text)
        back = g.from_json(state.to_json())
        assert back.to_json() == state.to_json()
        assert g.from_json(json.dumps(state.to_json())).to_json() == state.to_json()
        assert back.legal_moves() == state.legal_moves()
        assert back.to_move == state.to_move
        # is_over iff nobody is to move; results make sense
        assert state.is_over == (state.to_move is None)
        assert len(state.scores()) == state.num_players
        assert set(state.winners()) <= set(range(state.num_players))
        # views hide the seed and the generator
        for seat in [None, *range(state.num_players)]:
            view = state.view(seat)
            json.dumps(view)
            assert "seed" not in view and "rng" not in view
        if not move:
            break
        # garbage never changes anything
        for bad in GARBAGE:
            if bad not in state.legal_moves():
                with pytest.raises(IllegalMove):
                    state.play(bad)
        nxt = state.play(move)
        moves.append(move)
        assert json.dumps(state.to_json(), sort_keys=True) == before, "play changed the old state"
        assert nxt is not state
    final = steps[-1][0]
    rec = Record(name, dict(final.options), seed, tuple(moves))
    assert rec.replay().to_json() == final.to_json()


@pytest.mark.parametrize("name", GAMES)
def test_generic_players_play_legal_moves(name: str) -> None:
    g = get(name)
    for pname in ("random", "greedy"):
        p = players.get(name, pname, seed=1)
        state = g.new(seed=3)
        for _ in range(30):
            if state.is_over:
                break
            move = p.choose(state)
            assert move in state.legal_moves()
            state = state.play(move)


@pytest.mark.parametrize("name", GAMES)
def test_levels_make_players(name: str) -> None:
    levels = players.levels(name)
    assert {"easy", "normal", "strong"} <= set(levels)
    for level in levels:
        player, _seconds = players.for_level(name, level, seed=1)
        assert hasattr(player, "choose")
