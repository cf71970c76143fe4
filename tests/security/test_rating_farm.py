"""Issue 34, hole 4: a rating farm.

The attack: ten throwaway profiles, each resigning a rated game against the farmer at once,
took the farmer from 1500 to 1951 in seconds, first on the leaderboard. Now a result against
another person counts only between profiles the computer levels have established, and
repeated pairings (or newcomers one after another) count less (``rated/fairness.py``,
docs/ratings.md): ten throwaways move a rating by at most 60 points, however they were made,
while two established profiles at their first pairing are rated exactly as before (the
golden numbers below were computed by de391e3's code). ``ludotheek games void`` takes a
game's rating back.

The games are stored and rated as the server does it (``store.games``, ``rated.rater``),
with the results written straight into the database: the rating reads only who moved and
the result.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from pathlib import Path

import pytest

from ludotheek.rated import rater
from ludotheek.rated.people import Rating
from ludotheek.store import open_database
from ludotheek.store.database import Database
from tests.ratings.test_store import finished_game
from tests.test_cli import run

#: Wari's ladder in these tests, about as measured (the measured ones may be measured again)
LEVELS = {name: Rating(mu, 25.0) for name, mu in [
    ("beginner", 600.0), ("novice", 775.0), ("easy", 920.0), ("normal", 1130.0),
    ("good", 1400.0), ("expert", 1600.0), ("master", 1850.0), ("grandmaster", 2075.0),
    ("champion", 2220.0), ("strong", 2400.0)]}
PERSON = {"type": "person", "level": None, "name": None}
#: how far ten throwaway profiles may move a rating
BOUND = 60.0


@pytest.fixture
def db(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Database]:
    monkeypatch.setattr(rater, "level_rating", lambda game, level: LEVELS.get(level))
    database = open_database(tmp_path / "farm.sqlite3")
    yield database
    database.close()


def profile(db: Database, name: str) -> str:
    return db.profiles.create(name)[0].id


def against_level(db: Database, pid: str, level: str, won: bool) -> None:
    """A rated Wari game of ``pid`` (seat 0) against a computer level, won or lost."""
    seats = [PERSON, {"type": "computer", "level": level, "name": None}]
    gid = finished_game(db, seats, [0, 1, 0], [30, 18] if won else [18, 30],
                        [0] if won else [1])
    db.ratings.register(gid, "wari", [(pid, None), (None, level)])
    assert rater.rate_game(db, gid) == "rated"


def beats(db: Database, winner: str, loser: str) -> str:
    """A rated Wari game the loser (seat 1) resigns after a move each."""
    gid = finished_game(db, [PERSON, PERSON], [0, 1, 0], [30, 18], [0])
    db.ratings.register(gid, "wari", [(winner, None), (loser, None)])
    assert rater.rate_game(db, gid) == "rated"
    return gid


def mu(db: Database, pid: str) -> float:
    mine = db.ratings.of_profile(pid)
    return mine[0].mu if mine else 1500.0


def honest(db: Database, name: str, level: str = "good", first_won: bool = True) -> str:
    """A profile with ten games against a level near its strength, won and lost in turn."""
    pid = profile(db, name)
    for i in range(10):
        against_level(db, pid, level, (i % 2 == 0) == first_won)
    return pid


def test_ten_throwaways_resigning_at_once_do_not_move_a_new_profile(db: Database) -> None:
    """The attack as it was made: 1500 -> 1951 before."""
    farmer = profile(db, "Farmer")
    for i in range(10):
        gid = beats(db, farmer, profile(db, f"Throwaway {i}"))
    assert abs(mu(db, farmer) - 1500.0) <= BOUND, mu(db, farmer)
    rated = db.ratings.get(gid)  # the panel says that nothing counted
    assert rated is not None
    assert [s.get("counted") for s in rater.describe(rated)["seats"]] == [False, False]


def test_ten_throwaways_do_not_move_an_established_profile(db: Database) -> None:
    farmer = honest(db, "Farmer")
    start = mu(db, farmer)
    for i in range(10):
        beats(db, farmer, profile(db, f"Throwaway {i}"))
    assert abs(mu(db, farmer) - start) <= BOUND, (start, mu(db, farmer))


def _placed_by_resigning(db: Database, name: str) -> str:
    """A throwaway established the cheapest way: ten games resigned, each against the
    strongest level that still places it (within 300 points: it loses the least)."""
    pid = profile(db, name)
    for _ in range(10):
        rating = mu(db, pid)
        level = max((lv for lv, r in LEVELS.items() if abs(r.mu - rating) <= 300),
                    key=lambda lv: LEVELS[lv].mu)
        against_level(db, pid, level, False)
    return pid


def test_ten_throwaways_established_by_resigning_move_a_rating_little(db: Database) -> None:
    farmer = honest(db, "Farmer")
    throwaways = [_placed_by_resigning(db, f"Throwaway {i}") for i in range(10)]
    start = mu(db, farmer)
    for t in throwaways:
        beats(db, farmer, t)
    assert 0 < mu(db, farmer) - start <= BOUND, (start, mu(db, farmer))


def test_one_throwaway_beaten_again_and_again_counts_less_each_time(db: Database) -> None:
    farmer = honest(db, "Farmer")
    throwaway = _placed_by_resigning(db, "Throwaway")
    start = mu(db, farmer)
    steps = []
    for _ in range(20):
        before = mu(db, farmer)
        beats(db, farmer, throwaway)
        steps.append(mu(db, farmer) - before)
    assert all(a > b > 0 for a, b in itertools.pairwise(steps)), steps
    assert mu(db, farmer) - start <= BOUND, (start, mu(db, farmer))


#: two profiles of ten games each against good (A: won first) and expert (B: lost first),
#: then A beats B: their ratings before and after, as de391e3 computed them
GOLDEN_BEFORE = (1412.2373117918708, 148.12104710264506, 1587.7626882081292, 148.12104710264506)
GOLDEN_AFTER = (1465.1244813848673, 145.42019999392164, 1534.8755186151327, 145.42019999392164)


def test_established_profiles_at_their_first_pairing_are_rated_as_before(
        db: Database) -> None:
    a, b = profile(db, "A"), profile(db, "B")
    for i in range(10):
        against_level(db, a, "good", i % 2 == 0)
        against_level(db, b, "expert", i % 2 == 1)
    [ra], [rb] = db.ratings.of_profile(a), db.ratings.of_profile(b)
    assert (ra.mu, ra.sigma, rb.mu, rb.sigma) == GOLDEN_BEFORE
    gid = beats(db, a, b)
    [ra], [rb] = db.ratings.of_profile(a), db.ratings.of_profile(b)
    assert (ra.mu, ra.sigma, rb.mu, rb.sigma) == GOLDEN_AFTER
    rated = db.ratings.get(gid)
    assert rated is not None
    assert [s.get("counted", True) for s in rater.describe(rated)["seats"]] == [True, True]


def test_voiding_a_game_rates_its_people_again_without_it(tmp_path: Path, db: Database
                                                         ) -> None:
    """A farmed game voided with ``ludotheek games void``: every rating is what it would be
    had the game never been played (the same games without it, rated in a fresh database),
    the games after it rated again from the ratings it left."""
    clean = open_database(tmp_path / "clean.sqlite3")
    try:
        ids: dict[str, tuple[str, str, str]] = {}
        farmed = ""
        for name, database in (("farm", db), ("clean", clean)):
            farmer = honest(database, "Farmer")
            friend = honest(database, "Friend", "expert", first_won=False)
            throwaway = _placed_by_resigning(database, "Throwaway")
            if name == "farm":
                farmed = beats(database, farmer, throwaway)
            beats(database, friend, farmer)  # after it: its ratings come from the farm
            beats(database, farmer, friend)
            ids[name] = (farmer, friend, throwaway)
        assert mu(db, ids["farm"][0]) != mu(clean, ids["clean"][0])
        where = ["--db", str(tmp_path / "farm.sqlite3")]
        code, out = run(["games", "void", farmed, *where])
        assert code == 0 and farmed in out, out
        for mine, theirs in zip(ids["farm"], ids["clean"], strict=True):
            [got], [want] = db.ratings.of_profile(mine), clean.ratings.of_profile(theirs)
            assert (got.mu, got.sigma, got.games) == pytest.approx(
                (want.mu, want.sigma, want.games), rel=1e-12)
            history = [p.mu for p in db.ratings.history(mine, "wari")]
            assert history == pytest.approx(
                [p.mu for p in clean.ratings.history(theirs, "wari")], rel=1e-12)
        voided = db.ratings.get(farmed)
        assert voided is not None and voided.status == "void"
        # once is enough: a second void, or a game that is not rated, is refused
        code, out = run(["games", "void", farmed, *where])
        assert code == 2 and "void" in out, out
        code, out = run(["games", "void", "nosuchgame", *where])
        assert code == 2 and "nosuchgame" in out, out
    finally:
        clean.close()
