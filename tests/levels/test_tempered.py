"""The tempered player: prefers good moves, misses some, by a temperature."""

from __future__ import annotations

from collections import Counter

import pytest

from ludotheek.ai import players
from ludotheek.ai.base import Analysis
from ludotheek.ai.tempered import TemperedPlayer, chances
from ludotheek.core.errors import BadOption
from ludotheek.core.game import State
from ludotheek.games import get


def test_zero_temperature_plays_the_inner_players_best() -> None:
    state = get("wari").new(seed=3)
    for _ in range(12):
        state = state.play(players.get("wari", "random", seed=len(state.legal_moves())).choose(
            state))
    greedy = players.get("wari", "greedy", seed=1).analyse(state)  # type: ignore[attr-defined]
    best = {m for m, v in greedy.ranking if v == greedy.ranking[0][1]}
    cold = TemperedPlayer(seed=5, temperature=0, make=players.get)
    assert all(cold.choose(state) in best for _ in range(20))


class _Ranked:
    """An inner player with a fixed ranking (values in its own units)."""

    name = "ranked"

    def __init__(self, ranking: list[tuple[str, float]]) -> None:
        self.ranking = ranking

    def analyse(self, state: State, seconds: float | None = None) -> Analysis:
        return Analysis(self.ranking[0][0], self.ranking[0][1], list(self.ranking))

    def choose(self, state: State, seconds: float | None = None) -> str:
        return self.ranking[0][0]


def _tempered(temperature: float, ranking: list[tuple[str, float]]) -> TemperedPlayer:
    player = TemperedPlayer(seed=7, temperature=temperature, make=players.get)
    player._inner, player._game = _Ranked(ranking), "wari"
    return player


def test_the_choice_follows_the_softmax_of_the_values() -> None:
    ranking = [("3", 2.0), ("1", 1.0), ("5", 0.0), ("2", -3.0)]
    state = get("wari").new()
    n = 4000
    expected = chances([v for _, v in ranking], 1.0)
    warm = _tempered(1.0, ranking)
    counts = Counter(warm.choose(state) for _ in range(n))
    for (move, _), p in zip(ranking, expected):
        assert counts[move] / n == pytest.approx(p, abs=0.025), move
    # hotter: the choices spread; colder: nearly always the best
    hot_player, cold_player = _tempered(10.0, ranking), _tempered(0.1, ranking)
    hot = Counter(hot_player.choose(state) for _ in range(n))
    cold = Counter(cold_player.choose(state) for _ in range(n))
    assert hot["3"] < counts["3"] < cold["3"] and cold["3"] > 0.99 * n
    assert hot["2"] > 0.15 * n


def test_parameters_go_to_the_inner_player_and_bad_ones_are_refused() -> None:
    state = get("haaienzee").new(seed=2)
    p = players.get("haaienzee", "tempered", seed=1, inner="greedy", care=0, temperature=0.1)
    assert isinstance(p, TemperedPlayer) and p.inner(state).care == 0  # type: ignore[attr-defined]
    assert p.choose(state) in state.legal_moves()
    with pytest.raises(BadOption):
        players.get("wari", "tempered", temperature=-1)
    with pytest.raises(BadOption):
        # random ranks nothing
        TemperedPlayer(inner="random", make=players.get).choose(get("wari").new())


def test_the_same_seed_plays_the_same_game() -> None:
    from ludotheek.ai.arena import play_game

    game = get("haaienzee")
    a = play_game(game, {}, 4, ["tempered:temperature=0.05", "greedy"], player_seed=9)
    b = play_game(game, {}, 4, ["tempered:temperature=0.05", "greedy"], player_seed=9)
    assert a.record.moves == b.record.moves
