"""Property tests over random Haaienzee games (hypothesis): random and greedy moves mixed."""

from __future__ import annotations

import itertools
import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ludotheek.core.errors import IllegalMove
from ludotheek.core.record import Record
from ludotheek.core.rng import Rng
from ludotheek.games.haaienzee import GAME, HaaienzeeState
from ludotheek.games.haaienzee.players import HaaienzeeGreedy

Game = list[tuple[HaaienzeeState, str]]


@st.composite
def games(draw: st.DrawFn) -> Game:
    """A game from a random start, its moves chosen at random or greedily (a random mix):
    every state with the move played from it (the last has '')."""
    side = draw(st.integers(5, 9))
    seed = draw(st.integers(0, 100_000))
    share = draw(st.sampled_from([0.0, 0.5, 0.8, 1.0]))
    rng = Rng.from_seed(draw(st.integers(0, 2**32)))
    greedy = HaaienzeeGreedy(seed=seed)
    state = GAME.new(seed, side=side)
    steps: Game = []
    while not state.is_over:
        move = greedy.choose(state) if rng.random() < share else rng.choice(state.legal_moves())
        steps.append((state, move))
        state = state.play(move)
    steps.append((state, ""))
    return steps


def fish(state: HaaienzeeState) -> dict[str, str]:
    return dict(state.to_json()["fish"])


def shark_hexes(state: HaaienzeeState) -> list[str]:
    return [s["hex"] for s in state.to_json()["sharks"] if s["hex"] is not None]


@settings(max_examples=25)
@given(games())
def test_one_fish_per_hex_and_no_fish_under_a_shark(steps: Game) -> None:
    for state, _ in steps:
        hexes = shark_hexes(state)
        assert len(hexes) == len(set(hexes)), "two sharks on one hex"
        assert not set(hexes) & set(fish(state)), "a fish under a shark"
        assert len(fish(state)) + len(hexes) <= state.board.size
    for (before, _), (after, _) in itertools.pairwise(steps):
        grown = [h for e in after.events if e["type"] == "growth" for h in e["hexes"]]
        eaten = [e["hex"] for ev in after.events if ev["type"] == "swim" for e in ev["eaten"]]
        # a fish grows only on a hex without fish or shark, and one fish per hex
        assert len(grown) == len(set(grown))
        for h in grown:
            assert h not in fish(before) or h in eaten
            assert h not in shark_hexes(after)
        assert len(fish(after)) == len(fish(before)) - len(eaten) + len(grown)


@settings(max_examples=25)
@given(games())
def test_health_changes_by_eaten_minus_one_per_turn(steps: Game) -> None:
    for (before, move), (after, _) in itertools.pairwise(steps):
        if before.phase == "setup":
            assert after.health == before.health
            continue
        mover = before.to_move
        assert mover is not None
        # the fish eaten: those on the straight way from the old hex to the new one
        i = before.shark_to_move
        assert i is not None
        b = before.board
        start, end = before.sharks[i], after.sharks[i]
        eaten, h = 0, start.hex
        while h != end.hex:
            h = b.nb[h][end.facing]
            assert h >= 0
            eaten += bool(before.fish[h])
            assert before.fish[h] in (0, start.prey)
        assert after.health[mover] - before.health[mover] == eaten - 1, move
        assert after.health[1 - mover] == before.health[1 - mover]


@settings(max_examples=25)
@given(games())
def test_the_game_ends_exactly_by_the_rules(steps: Game) -> None:
    final = steps[-1][0]
    assert final.is_over and final.end_reason in ("health_23", "health_0", "lead_10",
                                                  "round_limit")
    h0, h1 = final.health
    w = final.winners()
    if final.end_reason == "health_23":
        assert max(h0, h1) >= 23 and final.health[w[0]] >= 23
    elif final.end_reason == "health_0":
        assert min(h0, h1) <= 0 and final.health[1 - w[0]] <= 0
    elif final.end_reason == "lead_10":
        assert final.health[w[0]] - final.health[1 - w[0]] >= 10
    for state, _ in steps[:-1]:
        assert 0 < state.health[0] < 23 and 0 < state.health[1] < 23


@settings(max_examples=20)
@given(games())
def test_legal_moves_are_distinct_and_playable_and_others_raise(steps: Game) -> None:
    for state, _ in steps[-6:]:
        legal = state.legal_moves()
        assert len(legal) == len(set(legal))
        before = json.dumps(state.to_json(), sort_keys=True)
        outcomes = set()
        for move in legal[:60]:
            outcomes.add(json.dumps(state.play(move).to_json()["sharks"], sort_keys=True)
                         + json.dumps(state.play(move).to_json()["fish"], sort_keys=True))
        assert len(outcomes) == len(legal[:60]), "two moves with the same outcome"
        for move in ["-", "L -", "R -", "A1", "G7", "empty -", "white -", "F4 NE white"]:
            if move not in legal:
                with pytest.raises(IllegalMove):
                    state.play(move)
        assert json.dumps(state.to_json(), sort_keys=True) == before


@settings(max_examples=20)
@given(games())
def test_json_round_trip_and_replay(steps: Game) -> None:
    moves = [m for _, m in steps[:-1]]
    for state, _ in steps:
        back = GAME.from_json(json.dumps(state.to_json()))
        assert back.to_json() == state.to_json()
        assert back.legal_moves() == state.legal_moves()
    final = steps[-1][0]
    record = Record("haaienzee", dict(final.options), final.seed, tuple(moves))
    assert record.replay().to_json() == final.to_json()
