"""The seeded generator, options, records and the player registry."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from ludotheek.ai import players
from ludotheek.ai.arena import run_match
from ludotheek.core.errors import BadOption, BadRecord, UnknownPlayer
from ludotheek.core.options import BoolOption, ChoiceOption, IntOption
from ludotheek.core.record import Record, ResignAction
from ludotheek.core.rng import Rng
from ludotheek.games import get
from ludotheek.games.wari import WariGame, WariState
from tests.narrow import narrow


@given(st.integers(min_value=-(2**70), max_value=2**70), st.integers(1, 1000))
def test_rng_is_repeatable_and_in_range(seed: int, bound: int) -> None:
    a, b = Rng.from_seed(seed), Rng.from_seed(seed)
    xs = [a.randbelow(bound) for _ in range(20)]
    assert xs == [b.randbelow(bound) for _ in range(20)]
    assert all(0 <= x < bound for x in xs)
    c = Rng(a.state)
    assert c.next64() == a.next64()


def test_rng_is_roughly_uniform() -> None:
    r = Rng.from_seed(7)
    counts = [0] * 6
    for _ in range(60_000):
        counts[r.randbelow(6)] += 1
    assert all(9_500 < c < 10_500 for c in counts)


def test_rng_shuffle_is_a_permutation() -> None:
    r = Rng.from_seed(3)
    items = list(range(225))
    r.shuffle(items)
    assert sorted(items) == list(range(225)) and items != list(range(225))


def test_options_check_types_and_ranges() -> None:
    assert IntOption("n", 4, low=3, high=5).check("5") == 5
    with pytest.raises(BadOption, match="between 3 and 5, not 6"):
        IntOption("n", 4, low=3, high=5).check(6)
    with pytest.raises(BadOption, match="whole number"):
        IntOption("n", 4, low=3, high=5).check(True)
    assert BoolOption("r", True).check("off") is False
    with pytest.raises(BadOption, match="on or off"):
        BoolOption("r", True).check("maybe")
    with pytest.raises(BadOption, match="one of south, north"):
        ChoiceOption("first", "south", choices=("south", "north")).check("east")


def test_record_round_trip_and_errors() -> None:
    rec = Record("wari", {"seeds_per_cup": 3}, 4, ("2", "8", "4"))
    assert Record.from_json(rec.dumps()) == rec
    assert narrow(WariState, rec.replay()).ply == 3
    with pytest.raises(BadRecord, match=r"move 2 \('2'\) is illegal"):
        Record("wari", {}, 0, ("3", "2")).replay()
    with pytest.raises(BadRecord, match="unknown game"):
        Record("chess", {}, 0, ()).replay()
    with pytest.raises(BadRecord, match="option seeds_per_cup"):
        Record("wari", {"seeds_per_cup": 9}, 0, ()).replay()
    with pytest.raises(BadRecord, match="not a JSON game record"):
        Record.from_json("{not json")
    with pytest.raises(BadRecord, match="moves must be a list"):
        Record.from_json({"game": "wari", "seed": 0, "moves": "3"})


def test_record_resign() -> None:
    final = Record("wari", {}, 0, ("3", ResignAction())).replay()
    assert final.is_over and final.winners() == [0]
    final = Record("wari", {}, 0, ("3", ResignAction(seat=0))).replay()
    assert final.winners() == [1]


def test_player_registry() -> None:
    assert {"random", "greedy", "mcts"} <= set(players.names("wari"))
    with pytest.raises(UnknownPlayer, match="unknown player 'zz' for wari"):
        players.get("wari", "zz")
    with pytest.raises(BadOption, match="player random"):
        players.get("wari", "random", depth=3)
    with pytest.raises(UnknownPlayer, match="unknown level"):
        players.for_level("wari", "legend")


def test_match_rotates_seats_and_counts() -> None:
    result = run_match(get("wari"), ["greedy", "random"], 6, seed=2, keep_results=True)
    assert [r.seated for r in result.results] == [[0, 1], [1, 0]] * 3
    assert sum(result.wins) + result.draws == pytest.approx(6)
    assert result.wins[0] > result.wins[1]
    js = result.to_json()
    assert set(js) >= {"game", "games", "players", "wins", "draws", "mean_score",
                       "seconds_per_move"}


def test_mcts_finds_a_winning_capture() -> None:
    # South can capture 3 now with cup 6; everything else gives nothing.
    wari = narrow(WariGame, get("wari"))
    state = wari.position([1, 0, 0, 0, 0, 1, 2, 1, 1, 1, 0, 0], (20, 20), 0)
    player = players.get("wari", "mcts", seed=1, iterations=300)
    assert player.choose(state) == "6"
