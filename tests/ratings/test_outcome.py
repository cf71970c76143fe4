"""The rules that decide the places of a rated game (docs/ratings.md, "Rules")."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from ludotheek.core.record import Entry, ResignAction, UndoAction
from ludotheek.rated.outcome import Finished, departures, outcome

TWO = ("person", "person")


def test_rule_the_result_places_winners_first_then_by_score() -> None:
    game = Finished(("person",) * 4, (0, 1, 2, 3), ("a", "b", "c", "d"),
                    (40.0, 90.0, 60.0, 60.0), (1,))
    assert outcome(game).places == (4, 1, 2, 2)
    assert outcome(game).reason == "result"


def test_rule_a_draw_places_everyone_first() -> None:
    game = Finished(TWO, (0, 1), ("3", "9"), (24.0, 24.0), ())
    assert outcome(game).places == (1, 1)


def test_rule_a_game_a_person_never_moved_in_is_not_rated() -> None:
    game = Finished(("person", "person", "computer"), (0, 2, 0), ("a", "b", "c"),
                    (1.0, 0.0, 0.0), (0,), reason="aborted")
    assert outcome(game).places is None and outcome(game).reason == "no_start"


def test_rule_resigning_places_the_seat_last() -> None:
    moves: tuple[Entry, ...] = ("3", "9", ResignAction())
    movers = (0, 1, 0)
    game = Finished(TWO, movers, moves, (4.0, 0.0), (1,),
                    departed=tuple(departures(moves, movers)))
    assert outcome(game).places == (2, 1) and outcome(game).reason == "left"


def test_rule_seats_that_left_are_below_all_who_stayed_the_last_to_leave_highest() -> None:
    # four players; seat 2 left first, then seat 0; both were played on by the computer and
    # seat 0's computer even won: they still come last, seat 0 above seat 2
    moves: tuple[Entry, ...] = ("a", "b", ResignAction(), "c", ResignAction(), "d")
    movers = (0, 1, 2, 3, 0, 1)
    game = Finished(("person",) * 4, movers, moves, (99.0, 10.0, 50.0, 20.0), (0,),
                    departed=tuple(departures(moves, movers)))
    assert departures(moves, movers) == [2, 0]
    assert outcome(game).places == (3, 2, 4, 1)


def test_rule_an_abandoned_game_places_the_person_to_move_last() -> None:
    game = Finished(("person",) * 3, (0, 1, 2), ("a", "b", "c"), (50.0, 10.0, 20.0), (0,),
                    reason="abandoned", to_move=0)
    assert outcome(game).places == (3, 2, 1)
    assert outcome(game).reason == "abandoned"


def test_rule_an_abandoned_game_with_a_computer_to_move_is_rated_by_the_score() -> None:
    game = Finished(("person", "computer"), (0, 1), ("a", "b"), (5.0, 10.0), (1,),
                    reason="abandoned", to_move=1)
    assert outcome(game).places == (2, 1)


def test_rule_a_game_with_an_undo_is_not_rated() -> None:
    game = Finished(("person", "computer"), (0, 1, None, 0), ("3", "9", UndoAction(to=0), "4"),
                    (0.0, 0.0), (0,))
    assert outcome(game).places is None and outcome(game).reason == "undo"


@given(st.integers(2, 6), st.data())
def test_places_are_one_to_n_and_everyone_who_stayed_is_above_who_left(
        n: int, data: st.DataObject) -> None:
    scores = data.draw(st.lists(st.integers(0, 5), min_size=n, max_size=n))
    winners = data.draw(st.lists(st.integers(0, n - 1), max_size=2, unique=True))
    gone = data.draw(st.lists(st.integers(0, n - 1), max_size=n - 1, unique=True))
    game = Finished(("person",) * n, tuple(range(n)), ("m",) * n,
                    tuple(map(float, scores)), tuple(winners), departed=tuple(gone))
    places = outcome(game).places
    assert places is not None and len(places) == n
    assert all(1 <= p <= n for p in places) and min(places) == 1
    stayed = [places[s] for s in range(n) if s not in gone]
    left = [places[s] for s in gone]
    assert not left or max(stayed) < min(left)
    assert sorted(left) == list(range(n - len(gone) + 1, n + 1))
