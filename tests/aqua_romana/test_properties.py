"""Property tests over random Aqua Romana games (hypothesis)."""

from __future__ import annotations

from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from ludotheek.games.aqua_romana import GAME, AquaState
from ludotheek.games.aqua_romana.geometry import CORNER, TILES, TILES_PER_KIND
from ludotheek.games.aqua_romana.notation import format_move, parse_move
from ludotheek.games.aqua_romana.site import EMPTY, OPEN, RETIRED
from ludotheek.games.aqua_romana.tables import CAPACITY
from ludotheek.games.aqua_romana.view import worker_path


@st.composite
def games(draw: st.DrawFn) -> list[AquaState]:
    """A random game, every state on the way; closing voluntarily is made rare so that
    aqueducts grow long."""
    players = draw(st.integers(2, 4))
    state = GAME.new(seed=draw(st.integers(0, 10_000)), players=players)
    states = [state]
    while not state.is_over and len(states) < 400:
        moves = state.legal()
        if state.phase == "close" and draw(st.integers(0, 5)):
            mv = moves[0]  # close none
        else:
            mv = moves[draw(st.integers(0, len(moves) - 1))]
        state = state.apply(mv)
        states.append(state)
    return states


@settings(max_examples=25)
@given(games())
def test_every_channel_belongs_to_at_most_one_aqueduct(states: list[AquaState]) -> None:
    for s in states[::3] + states[-1:]:
        on_paths: Counter[tuple[str, int]] = Counter()
        for w in range(len(s.table.names)):
            path = worker_path(s, w)
            # an aqueduct is one chain from its outlet: its length is its channels
            assert len(path) == s.lengths[w]
            assert sum(1 for o in s.owner if o == w) == s.lengths[w]
            on_paths.update((p["square"], p["channel"]) for p in path)
        assert max(on_paths.values(), default=1) == 1
        # owned channels lie on tiles; corners and laid tiles only
        for cid, w in enumerate(s.owner):
            if w >= 0:
                assert s.tiles[cid // 2] >= 0
                assert cid % 2 < len(TILES[s.tiles[cid // 2]].channels)


@settings(max_examples=25)
@given(games())
def test_tiles_used_plus_left_is_84(states: list[AquaState]) -> None:
    for s in states:
        laid = sum(1 for c in s.tiles if c >= 0 and TILES[c].kind != CORNER)
        assert laid + sum(s.supply) == 4 * TILES_PER_KIND == 84
        assert min(s.supply) >= 0


@settings(max_examples=25)
@given(games())
def test_each_worker_is_active_or_on_exactly_one_podium(states: list[AquaState]) -> None:
    for s in states:
        places = Counter(w for p in s.podiums for w in p)
        for w, st_ in enumerate(s.wstate):
            if st_ == RETIRED:
                # retired: on the podium it scored, or on none when it scored 0
                assert places[w] == (1 if s.podium_of[w] > 0 else 0)
                assert s.podium_of[w] <= min(s.lengths[w], 20)
            else:
                assert places[w] == 0 and s.podium_of[w] == -1
                assert not s.is_over
        for v, ws in enumerate(s.podiums):
            assert len(ws) <= CAPACITY[v]
        # an open aqueduct's end faces an empty square of the site
        for w, st_ in enumerate(s.wstate):
            if st_ == OPEN:
                assert s.front(w) >= 0 and s.tiles[s.front(w)] == EMPTY


@settings(max_examples=20)
@given(games())
def test_builders_are_never_lost(states: list[AquaState]) -> None:
    for s in states:
        on_track = sum(1 for b in s.track if b >= 0)
        held = sum(len(h) for h in s.held)
        placed_in_setup = 12 - sum(s.setup_left)
        assert on_track + held + len(s.reserve) == placed_in_setup + 5


@settings(max_examples=15)
@given(games())
def test_notation_round_trip_and_scores(states: list[AquaState]) -> None:
    for s in states[::5]:
        for mv in s.legal()[:60]:
            assert parse_move(s, format_move(s.table, mv)) == mv
        assert GAME.from_json(s.to_json()).to_json() == s.to_json()
    final = states[-1]
    if final.is_over:
        assert final.final is not None
        podium_points = [0] * final.num_players
        for w, v in enumerate(final.podium_of):
            podium_points[final.table.seat_of[w]] += max(v, 0)
        bonus = sum(b["bonus"] for b in final.final["bonuses"])
        assert sum(final.scores()) == sum(podium_points) + bonus
        assert bonus == [0, 4, 7, 9][min(3, sum(1 for v in final.podium_of if v > 0))]
