"""The computer players: legal moves in every step, greedy's rules, strong's search."""

from __future__ import annotations

import pytest

from ludotheek.ai import players
from ludotheek.ai.arena import play_game
from ludotheek.games import get
from ludotheek.games.aqua_romana import GAME
from ludotheek.games.aqua_romana.evaluate import estimate
from ludotheek.games.aqua_romana.players import GreedyPlayer
from ludotheek.games.aqua_romana.search import StrongPlayer


def test_players_and_levels_are_registered() -> None:
    assert {"greedy", "strong", "random"} <= set(players.names("aqua_romana"))
    levels = players.levels("aqua_romana")
    assert {"easy", "normal", "strong"} <= set(levels)
    assert levels["strong"].player == "strong" and levels["normal"].player == "greedy"
    p, _ = players.for_level("aqua_romana", "strong", seed=1)
    assert p.name == "strong"


@pytest.mark.parametrize("n", [2, 3, 4])
def test_greedy_and_strong_play_whole_games(n: int) -> None:
    specs = ["strong:iterations=20", "greedy", "strong:iterations=20", "greedy"][:n]
    result = play_game(get("aqua_romana"), {"players": n}, 11, specs)
    assert result.final.is_over
    assert result.record.replay().to_json() == result.final.to_json()


def test_greedy_takes_the_longest_immediate_gain() -> None:
    # blue2 can flow through two neutral tiles (3 squares) or lay a single curve elsewhere
    s = GAME.position(tiles={"d1": "curve SE", "e1": "straight EW"},
                      track={"T4": "straight", "T36": "curve"})
    a = GreedyPlayer(seed=1).analyse(s)
    assert a.move == "blue2 T4 straight d2 NS" and a.value == pytest.approx(3, abs=0.1)


def test_greedy_closes_when_the_podium_is_good() -> None:
    way = {"d2": "straight NS", "d1": "curve SE", "e1": "straight EW", "f1": "straight EW",
           "g1": "straight EW", "h1": "straight EW", "i1": "straight EW"}
    longer = {**way, "j1": "curve SW"}  # blue2 turns down at j1: length 8, facing j2

    def after_blue1(tiles: dict[str, str], **extra: object) -> object:
        s = GAME.position(tiles=tiles, track={"T36": "straight"}, **extra)
        s = s.play("blue1 T36 straight b3 EW")
        assert s.phase == "close"
        return GreedyPlayer(seed=1).choose(s)

    assert after_blue1(way) == "close none"  # length 7: not yet
    assert after_blue1(longer) == "close blue2"  # length 8 on the free podium 8
    assert after_blue1(longer, retired={"green1": 8}) == "close none"  # it would get only 7


def test_greedy_picks_the_joker_first() -> None:
    s = GAME.position(tiles={"c4": "curve NE", "d4": "curve SW", "c5": "curve SE"},
                      track={"T4": "straight"})
    s = s.play("blue3 T4 straight d5 NS")
    assert s.phase == "pick"
    assert GreedyPlayer(seed=3).choose(s) == "pick joker"


def test_strong_does_not_throw_away_an_aqueduct_that_has_not_begun() -> None:
    # the fitted estimate values an open aqueduct early in the game
    s = GAME.position(track={"T4": "curve", "T36": "straight", "T22": "bridge"})
    s = s.play("blue2 T4 curve d2 SE")
    assert s.phase == "close"
    before = estimate(s)[0]
    assert estimate(s.play("close blue1"))[0] < before - 1
    assert StrongPlayer(seed=1, iterations=150).choose(s) == "close none"


def test_strong_analysis_reports_its_search() -> None:
    s = GAME.position(tiles={"d1": "curve SE", "e1": "straight EW"},
                      track={"T4": "straight", "T36": "curve"})
    a = StrongPlayer(seed=2, iterations=120).analyse(s)
    assert a.move in s.legal_moves()
    assert a.stats["iterations"] == 120
    assert {m for m, _ in a.ranking} <= set(s.legal_moves())
    assert a.move == "blue2 T4 straight d2 NS"  # three squares at once


def test_strong_is_repeatable_with_a_seed() -> None:
    s = GAME.new(seed=4)
    for _ in range(12):
        s = s.play(GreedyPlayer(seed=1).choose(s))
    a = StrongPlayer(seed=9, iterations=60).choose(s)
    b = StrongPlayer(seed=9, iterations=60).choose(s)
    assert a == b
