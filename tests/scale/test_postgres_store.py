"""The same storage interface on PostgreSQL, migrated by the same Alembic scripts."""

from __future__ import annotations

import threading
import uuid
from collections.abc import Iterator

import pytest
from sqlalchemy import text

from ludotheek.store import ScoreEntry, StaleVersion, open_database
from ludotheek.store.database import Database
from ludotheek.store.games import MoveWrite
from tests.migrations import HEAD
from tests.security.test_seat_claims_store import claim_race
from tests.services import Postgres
from tests.test_store_chat import chat_limits, chat_race


@pytest.fixture
def pg_db(postgres: Postgres) -> Iterator[Database]:
    import psycopg

    name = "t" + uuid.uuid4().hex[:10]
    with psycopg.connect(postgres.url, autocommit=True) as conn:
        conn.execute(f"CREATE DATABASE {name}")
    db = open_database(postgres.url.rsplit("/", 1)[0] + "/" + name)
    yield db
    db.close()


def test_migrated_by_alembic(pg_db: Database) -> None:
    assert pg_db.engine.dialect.name == "postgresql"
    with pg_db.engine.connect() as conn:
        assert conn.execute(text("SELECT version_num FROM alembic_version")).scalar() == HEAD


def test_moves_and_the_version_check(pg_db: Database) -> None:
    row = pg_db.games.create("wari", {}, 1, [{"type": "person"}] * 2, ["a", None], to_move=0)
    assert pg_db.games.append_move(row.id, 0, "3", 0, 1, "active", None) == 1
    with pytest.raises(StaleVersion):
        pg_db.games.append_move(row.id, 0, "4", 0, 1, "active", None)
    results = pg_db.games.append_moves([
        MoveWrite(row.id, 1, "9", 1, 0, "active", None),
        MoveWrite(row.id, 1, "8", 1, 0, "active", None)])
    assert results[0] == 2 and isinstance(results[1], StaleVersion)
    got = pg_db.games.get(row.id)
    assert got is not None and got.moves == ("3", "9")
    assert pg_db.games.seat_for_token(row.id, "a") == 0


def test_racing_writers_store_a_move_once(pg_db: Database) -> None:
    row = pg_db.games.create("wari", {}, 1, [{"type": "person"}] * 2, [None, None], to_move=0)
    wins: list[str] = []

    def attempt(move: str) -> None:
        try:
            pg_db.games.append_move(row.id, 0, move, 0, 1, "active", None)
            wins.append(move)
        except StaleVersion:
            pass

    threads = [threading.Thread(target=attempt, args=(str(i),)) for i in range(1, 7)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    got = pg_db.games.get(row.id)
    assert len(wins) == 1 and got is not None and got.moves == (wins[0],)


def test_claims_of_one_invited_seat_racing_store_one(pg_db: Database) -> None:
    claim_race(pg_db)  # issue 34: the invitation is spent once, in the database


def test_chat_lines_their_limits_and_racing_writers(pg_db: Database) -> None:
    chat_limits(pg_db)  # issue 36: the rate and the game's lines counted in the database
    chat_race(pg_db)


def test_score_list(pg_db: Database) -> None:
    pg_db.scores.add("akwaier", [ScoreEntry(f"P{i}", 1000 + i, "2026-11-29") for i in range(35)])
    top = pg_db.scores.top("akwaier")
    assert len(top) == 30 and top[0].name == "P34"
