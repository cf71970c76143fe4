"""Profiles, rated games and ratings in the database, on SQLite and on PostgreSQL."""

from __future__ import annotations

import itertools
import threading
from typing import Any

import pytest
from sqlalchemy import text

from ludotheek.core.record import Entry, ResignAction
from ludotheek.rated import fairness, rater
from ludotheek.rated.people import Rating
from ludotheek.store.database import Database
from ludotheek.store.profiles import normalize_secret
from tests.migrations import HEAD


def finished_game(db: Database, seats: list[dict[str, Any]], movers: list[int],
                  scores: list[float], winners: list[int], last: Entry = "x",
                  reason: str | None = None) -> str:
    """A game over after one move by each of ``movers`` (its moves need not be legal:
    the rating reads only who moved and the result)."""
    row = db.games.create("wari", {}, 1, seats, [None] * len(seats), to_move=movers[0])
    for v, seat in enumerate(movers):
        over = v == len(movers) - 1
        db.games.append_move(row.id, v, last if over else f"m{v}", seat, None if over else 0,
                             "over" if over else "active",
                             {"scores": scores, "winners": winners, "reason": reason}
                             if over else None)
    return row.id


PEOPLE = [{"type": "person", "level": None, "name": None}] * 2
LEVEL = [{"type": "person", "level": None, "name": None},
         {"type": "computer", "level": "good", "name": None}]


def establish(db: Database, *profiles: str) -> None:
    """Ten rated games of each profile against Wari's good level, won and lost in turn:
    their ratings are established (ludotheek.rated.fairness)."""
    for pid in profiles:
        for i in range(fairness.ESTABLISHED):
            won = i % 2 == 0
            gid = finished_game(db, LEVEL, [0, 1, 0], [30, 18] if won else [18, 30],
                                [0] if won else [1])
            db.ratings.register(gid, "wari", [(pid, None), (None, "good")])
            assert rater.rate_game(db, gid) == "rated"


def test_the_schema_is_at_the_newest_revision(any_db: Database) -> None:
    with any_db.engine.connect() as conn:
        version = conn.execute(text("SELECT version_num FROM alembic_version")).scalar()
    assert version == HEAD and int(str(version)) >= 3


def test_a_profile_is_a_name_and_a_hashed_secret(any_db: Database) -> None:
    profile, secret = any_db.profiles.create("Anna")
    assert any_db.profiles.by_secret(secret) == profile
    assert any_db.profiles.get(profile.id) == profile
    assert any_db.profiles.by_secret(normalize_secret("0" * 20) or "") is None
    with any_db.engine.connect() as conn:
        stored = conn.execute(text("SELECT * FROM profiles")).mappings().one()
    assert set(stored) == {"id", "name", "secret_hash", "created"}
    assert secret not in str(dict(stored))
    any_db.profiles.rename(profile.id, "Anne")
    assert (got := any_db.profiles.get(profile.id)) is not None and got.name == "Anne"


def test_a_rated_game_is_rated_once(any_db: Database) -> None:
    a, _ = any_db.profiles.create("A")
    b, _ = any_db.profiles.create("B")
    establish(any_db, a.id, b.id)
    [ra0] = any_db.ratings.of_profile(a.id)
    [rb0] = any_db.ratings.of_profile(b.id)
    gid = finished_game(any_db, PEOPLE, [0, 1, 0], [30, 18], [0])
    any_db.ratings.register(gid, "wari", [(a.id, None), (b.id, None)])
    assert rater.rate_game(any_db, gid) == "rated"
    assert rater.rate_game(any_db, gid) == "rated"  # again: nothing changes
    assert rater.sweep(any_db) == 0
    [ra] = any_db.ratings.of_profile(a.id)
    [rb] = any_db.ratings.of_profile(b.id)
    assert ra.games == rb.games == 11 and ra.mu > ra0.mu == rb0.mu > rb.mu
    point = any_db.ratings.history(a.id, "wari")[-1]
    assert (point.place, point.players, point.mu_before, point.mu) == (1, 2, ra0.mu, ra.mu)
    board = any_db.ratings.leaderboard("wari")
    assert [name for _, name in board] == ["A", "B"]
    assert any_db.ratings.place_of("wari", rb.mu) == 2


def test_a_failed_update_stays_pending_and_the_sweep_rates_it(
        any_db: Database, monkeypatch: pytest.MonkeyPatch) -> None:
    a, _ = any_db.profiles.create("A")
    gid = finished_game(any_db, PEOPLE, [0, 1], [1, 2], [1])
    any_db.ratings.register(gid, "wari", [(a.id, None), (None, None)])

    def broken(*args: Any, **kwargs: Any) -> list[Rating]:
        raise RuntimeError("the disk is full")

    monkeypatch.setattr(fairness, "after_game", broken)
    assert rater.rate_safely(any_db, gid) == "pending"
    got = any_db.ratings.get(gid)
    assert got is not None and got.status == "pending" and got.attempts == 1
    assert any_db.ratings.of_profile(a.id) == []  # nothing half done
    monkeypatch.undo()
    assert any_db.ratings.waiting() == [gid]
    assert rater.sweep(any_db) == 1
    assert [r.games for r in any_db.ratings.of_profile(a.id)] == [1]
    assert rater.sweep(any_db) == 0


def test_a_game_still_in_play_is_not_rated(any_db: Database) -> None:
    a, _ = any_db.profiles.create("A")
    row = any_db.games.create("wari", {}, 1, PEOPLE, [None, None], to_move=0)
    any_db.ratings.register(row.id, "wari", [(a.id, None), (None, None)])
    assert rater.rate_game(any_db, row.id) == "pending"
    assert any_db.ratings.waiting() == []


def test_a_game_a_person_never_moved_in_is_unrated(any_db: Database) -> None:
    a, _ = any_db.profiles.create("A")
    gid = finished_game(any_db, PEOPLE, [0], [0, 0], [0], last=ResignAction(), reason="resigned")
    any_db.ratings.register(gid, "wari", [(a.id, None), (None, None)])
    assert rater.rate_game(any_db, gid) == "unrated"
    got = any_db.ratings.get(gid)
    assert got is not None and got.reason == "no_start"
    assert any_db.ratings.of_profile(a.id) == []


def test_claiming_a_seat(any_db: Database) -> None:
    a, _ = any_db.profiles.create("A")
    b, _ = any_db.profiles.create("B")
    row = any_db.games.create("wari", {}, 1, PEOPLE, [None, None], to_move=0)
    any_db.ratings.register(row.id, "wari", [(a.id, None), (None, None)])
    assert not any_db.ratings.claim(row.id, 1, a.id)  # a already has a seat
    assert not any_db.ratings.claim(row.id, 0, b.id)  # seat 0 is a's
    assert any_db.ratings.claim(row.id, 1, b.id)
    assert not any_db.ratings.claim(row.id, 1, b.id)
    got = any_db.ratings.get(row.id)
    assert got is not None and [s.name for s in got.seats] == ["A", "B"]


def test_deleting_a_profile_keeps_the_others_history(any_db: Database) -> None:
    a, _ = any_db.profiles.create("A")
    b, _ = any_db.profiles.create("B")
    gid = finished_game(any_db, PEOPLE, [0, 1], [3, 1], [0])
    any_db.ratings.register(gid, "wari", [(a.id, None), (b.id, None)])
    rater.rate_game(any_db, gid)
    any_db.profiles.delete(a.id)
    assert any_db.profiles.get(a.id) is None and any_db.ratings.of_profile(a.id) == []
    got = any_db.ratings.get(gid)
    assert got is not None and got.seats[0].profile_id is None
    assert len(any_db.ratings.history(b.id, "wari")) == 1


def test_two_games_of_one_profile_rated_at_once_both_count(any_db: Database) -> None:
    a, _ = any_db.profiles.create("A")
    first = finished_game(any_db, PEOPLE, [0, 1], [3, 1], [0])
    any_db.ratings.register(first, "wari", [(a.id, None), (None, None)])
    rater.rate_game(any_db, first)  # a has a rating row: the racing games update it
    ids = []
    for _ in range(6):
        gid = finished_game(any_db, PEOPLE, [0, 1], [3, 1], [0])
        any_db.ratings.register(gid, "wari", [(a.id, None), (None, None)])
        ids.append(gid)
    start = threading.Barrier(len(ids))

    def rate(gid: str) -> None:
        start.wait()
        rater.rate_safely(any_db, gid)

    threads = [threading.Thread(target=rate, args=(g,)) for g in ids]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    rater.sweep(any_db)  # whatever lost a race is rated now
    [rating] = any_db.ratings.of_profile(a.id)
    history = any_db.ratings.history(a.id, "wari")
    assert rating.games == 7 == len(history)
    # each game started from the rating the one before it left
    for before, after in itertools.pairwise(history):
        assert after.mu_before == pytest.approx(before.mu)
    assert history[-1].mu == pytest.approx(rating.mu)


def test_an_abandoned_game_places_the_person_to_move_last(any_db: Database) -> None:
    a, _ = any_db.profiles.create("A")
    b, _ = any_db.profiles.create("B")
    row = any_db.games.create("wari", {}, 1, PEOPLE, [None, None], to_move=0)
    any_db.ratings.register(row.id, "wari", [(a.id, None), (b.id, None)])
    for v, (move, seat) in enumerate([("3", 0), ("9", 1)]):
        any_db.games.append_move(row.id, v, move, seat, 1 - seat, "active", None)
    assert any_db.games.end(row.id, 2, "abandoned")  # South was to move and never did
    assert any_db.ratings.waiting() == [row.id]
    assert rater.rate_game(any_db, row.id) == "rated"
    got = any_db.ratings.get(row.id)
    assert got is not None and got.reason == "abandoned"
    assert [s.place for s in got.seats] == [2, 1]


def test_an_aborted_game_is_not_rated(any_db: Database) -> None:
    a, _ = any_db.profiles.create("A")
    row = any_db.games.create("wari", {}, 1, PEOPLE, [None, None], to_move=0)
    any_db.ratings.register(row.id, "wari", [(a.id, None), (None, None)])
    assert any_db.games.end(row.id, 0, "aborted")
    assert rater.sweep(any_db) == 1
    got = any_db.ratings.get(row.id)
    assert got is not None and (got.status, got.reason) == ("unrated", "no_start")


def test_a_seat_that_left_for_a_computer_comes_last(any_db: Database) -> None:
    a, _ = any_db.profiles.create("A")
    b, _ = any_db.profiles.create("B")
    seats = [{"type": "person", "level": None, "name": None} for _ in range(2)]
    gid = finished_game(any_db, seats, [0, 1, 0, 1], [10, 30], [1])
    any_db.ratings.register(gid, "wari", [(a.id, None), (b.id, None)])
    # B left after their first move; a computer played their seat on and won
    any_db.games.leave_seat(gid, 1, [seats[0], {"type": "computer", "level": "normal",
                                                "name": None}])
    assert rater.rate_game(any_db, gid) == "rated"
    got = any_db.ratings.get(gid)
    assert got is not None and got.reason == "left"
    assert [s.place for s in got.seats] == [1, 2]
