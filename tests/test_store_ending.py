"""The database's side of games that end without being played out: aborted and abandoned
games, seats left to a computer, seats whose person has come, and the live games of an
address."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import create_engine, text

from ludotheek.store import StaleVersion, open_database
from ludotheek.store.database import Database
from ludotheek.store.games import MoveWrite
from tests.migrations import HEAD, database_at

PEOPLE = [{"type": "person", "level": None, "name": None}] * 2


@pytest.fixture
def db(tmp_path: Path) -> Database:
    return open_database(tmp_path / "t.sqlite3")


def test_an_ended_game_takes_no_move(db: Database) -> None:
    row = db.games.create("wari", {}, 1, PEOPLE, ["a", "b"], to_move=0)
    assert db.games.end(row.id, 0, "aborted")
    assert not db.games.end(row.id, 0, "abandoned")  # it had ended already
    with pytest.raises(StaleVersion):
        db.games.append_move(row.id, 0, "3", 0, 1, "active", None)
    batch = db.games.append_moves([MoveWrite(row.id, 0, "3", 0, 1, "active", None)])
    assert isinstance(batch[0], StaleVersion)
    stored = db.games.get(row.id)
    assert stored is not None and stored.status == "aborted" and stored.version == 0
    assert stored.to_move is None


def test_ending_needs_the_version_it_was_decided_on(db: Database) -> None:
    row = db.games.create("wari", {}, 1, PEOPLE, ["a", "b"], to_move=0)
    db.games.append_move(row.id, 0, "3", 0, 1, "active", None)
    assert not db.games.end(row.id, 0, "aborted")  # someone moved meanwhile
    assert db.games.end(row.id, 1, "abandoned", {"reason": "abandoned"})
    stored = db.games.get(row.id)
    assert stored is not None and stored.result == {"reason": "abandoned"}


def test_the_live_games_of_an_address(db: Database) -> None:
    rows = [db.games.create("wari", {}, i, PEOPLE, [f"a{i}", f"b{i}"], to_move=0,
                            client="10.0.0.1") for i in range(4)]
    db.games.create("wari", {}, 9, PEOPLE, ["x", "y"], to_move=0, client="10.0.0.2")
    assert db.games.count_active_by_client("10.0.0.1") == 4
    db.games.end(rows[0].id, 0, "aborted")
    with db.engine.begin() as conn:  # one has not moved for a long time
        conn.execute(text("UPDATE games SET updated = 1000 WHERE id = :id"), {"id": rows[1].id})
    since = time.time() - 3600
    assert db.games.count_active_by_client("10.0.0.1", since) == 2
    assert db.games.active_by_client("10.0.0.1", 0)[0].id == rows[1].id
    assert {r.id for r in db.games.untouched(since)} == {rows[1].id}


def test_seats_that_moved_and_seats_left(db: Database) -> None:
    row = db.games.create("wari", {}, 1, PEOPLE, ["a", "b"], to_move=0)
    assert db.games.seats_that_moved(row.id) == set()
    db.games.append_move(row.id, 0, "3", 0, 1, "active", None)
    assert db.games.seats_that_moved(row.id) == {0}
    left: list[dict[str, Any]] = [
        PEOPLE[0], {"type": "computer", "level": "normal", "name": None, "left": True}]
    db.games.leave_seat(row.id, 1, left)
    assert db.games.token_hashes(row.id).keys() == {0}
    stored = db.games.get(row.id)
    assert stored is not None and stored.seats[1]["left"] is True


def test_a_seat_is_joined_once(db: Database) -> None:
    row = db.games.create("wari", {}, 1, PEOPLE, ["a", "b"], to_move=0)
    assert db.games.joined_seats(row.id) == set()
    assert db.games.mark_joined(row.id, 1)
    assert not db.games.mark_joined(row.id, 1)
    assert db.games.joined_seats(row.id) == {1}


def test_the_in_progress_listing_can_leave_out_games_nobody_moved_in(db: Database) -> None:
    fresh = db.games.create("wari", {}, 1, PEOPLE, ["a", "b"], to_move=0)
    played = db.games.create("wari", {}, 2, PEOPLE, ["c", "d"], to_move=0)
    db.games.append_move(played.id, 0, "3", 0, 1, "active", None)
    assert {r.id for r in db.games.listing("active")} == {fresh.id, played.id}
    assert [r.id for r in db.games.listing("active", started=True)] == [played.id]


def test_a_database_of_the_first_schema_is_migrated(tmp_path: Path) -> None:
    engine = create_engine(database_at(tmp_path / "old.sqlite3", "0001"))
    with engine.begin() as conn:
        conn.execute(text("INSERT INTO games (id, game, options, seed, seats, version, status, "
                          "created, updated) VALUES ('g1', 'wari', '{}', 1, '[]', 0, 'active', "
                          "1, 1)"))
        conn.execute(text("INSERT INTO seat_tokens (game_id, seat, token_hash) "
                          "VALUES ('g1', 0, 'h')"))
    engine.dispose()
    db = open_database(tmp_path / "old.sqlite3")
    with db.engine.connect() as conn:
        assert conn.execute(text("SELECT version_num FROM alembic_version")).scalar() == HEAD
    assert db.games.joined_seats("g1") == set()
    assert db.games.mark_joined("g1", 0)
