"""A person's rating after a game (openskill on ludotheek's scale): the properties every
rated game keeps."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from ludotheek.rated import scale as rating
from ludotheek.rated.people import Rating, new_rating, rate

ratings = st.builds(Rating, st.floats(500, 2500), st.floats(25, 300))


def test_a_new_profile_starts_as_a_newcomer_on_the_levels_scale() -> None:
    assert new_rating() == Rating(rating.MU, rating.SIGMA)
    assert new_rating().mu == 1500.0 and 240 < new_rating().sigma < 250


def test_beating_a_stronger_player_gains_more_than_beating_a_weaker_one() -> None:
    me = new_rating()
    strong, weak = Rating(1900, 25), Rating(1100, 25)
    gain_strong = rate([me, strong], [1, 2], [False, True])[0].mu - me.mu
    gain_weak = rate([me, weak], [1, 2], [False, True])[0].mu - me.mu
    assert gain_strong > gain_weak > 0


def test_a_tie_between_equals_changes_no_estimate() -> None:
    a, b = rate([new_rating(), new_rating()], [1, 1])
    assert a.mu == pytest.approx(1500) and b.mu == pytest.approx(1500)
    assert a.sigma < rating.SIGMA


def test_a_six_player_result_is_ranked_in_order() -> None:
    after = rate([new_rating()] * 6, [1, 2, 3, 4, 5, 6])
    mus = [r.mu for r in after]
    assert mus == sorted(mus, reverse=True) and mus[0] > 1500 > mus[5]


def test_bad_games_are_refused() -> None:
    with pytest.raises(ValueError):
        rate([new_rating()], [1])
    with pytest.raises(ValueError):
        rate([new_rating()] * 7, list(range(1, 8)))
    with pytest.raises(ValueError):
        rate([new_rating()] * 2, [0, 1])


@given(st.lists(ratings, min_size=2, max_size=6), st.data())
def test_fixed_ratings_stay_and_the_sole_winner_never_loses(before: list[Rating],
                                                            data: st.DataObject) -> None:
    n = len(before)
    places = data.draw(st.lists(st.integers(1, n), min_size=n, max_size=n))
    fixed = data.draw(st.lists(st.booleans(), min_size=n, max_size=n))
    after = rate(before, places, fixed)
    for b, a, keep, place in zip(before, after, fixed, places, strict=True):
        if keep:
            assert a == b
        if place == min(places) and places.count(place) == 1:
            assert a.mu >= b.mu - 1e-9
        if place == max(places) and places.count(place) == 1 and not keep:
            assert a.mu <= b.mu + 1e-9
