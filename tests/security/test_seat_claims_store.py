"""The store's side of taking a seat (hole 1 of issue 34): the migration that adds the
invitations (revision 0005), and claims that race in the database (SQLite here; the same on
PostgreSQL in tests/scale/test_postgres_store.py)."""

from __future__ import annotations

import threading
from pathlib import Path

from alembic import command
from sqlalchemy import create_engine, inspect, text

from ludotheek.store import open_database
from ludotheek.store.database import Database
from ludotheek.store.games import hash_token
from tests.migrations import HEAD, _config, database_at

PEOPLE = [{"type": "person", "level": None, "name": None}] * 2


def test_a_database_of_revision_0004_is_migrated_and_its_seats_keep_their_secrets(
        tmp_path: Path) -> None:
    engine = create_engine(database_at(tmp_path / "old.sqlite3", "0004"))
    with engine.begin() as conn:
        conn.execute(text("INSERT INTO games (id, game, options, seed, seats, version, status, "
                          "created, updated) VALUES ('g1', 'wari', '{}', 1, '[]', 0, 'active', "
                          "1, 1)"))
        conn.execute(text("INSERT INTO seat_tokens (game_id, seat, token_hash) "
                          f"VALUES ('g1', 1, '{hash_token('old link')}')"))
    engine.dispose()
    db = open_database(tmp_path / "old.sqlite3")
    with db.engine.connect() as conn:
        assert conn.execute(text("SELECT version_num FROM alembic_version")).scalar() == HEAD
    # a game made before invitations: its seat's secret acts as before, it has no invitation
    assert db.games.seat_for_token("g1", "old link") == 1
    assert db.games.invite_hashes("g1") == {} and db.games.seat_profiles("g1") == {}
    assert db.games.claim("g1", 1, hash_token("old link"), hash_token("x"), None,
                          False) == "not_invited"
    # and back down again: the invitations go, the seats' secrets stay
    cfg = _config()
    with db.engine.begin() as conn:
        cfg.attributes["connection"] = conn
        command.downgrade(cfg, "0004")
    seen = inspect(db.engine)
    assert "seat_invites" not in seen.get_table_names()
    assert "profile_id" not in {c["name"] for c in seen.get_columns("seat_tokens")}
    with db.engine.connect() as conn:
        assert conn.execute(text("SELECT seat FROM seat_tokens")).scalars().all() == [1]
    db.close()


def claim_race(db: Database) -> None:
    """Six threads take one invited seat at once with its code: one wins, the others find
    it spent, and the seat's secret is the winner's."""
    row = db.games.create("wari", {}, 1, PEOPLE, ["mine", None], to_move=0,
                          invites=[None, "the link"])
    wins: list[str] = []
    results: list[str] = []

    def attempt(i: int) -> None:
        got = db.games.claim(row.id, 1, hash_token("the link"), hash_token(f"t{i}"), None, False)
        results.append(got)
        if got == "taken":
            wins.append(f"t{i}")

    threads = [threading.Thread(target=attempt, args=(i,)) for i in range(6)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert len(wins) == 1 and sorted(results) == ["spent"] * 5 + ["taken"]
    assert db.games.seat_for_token(row.id, wins[0]) == 1
    assert db.games.seat_for_token(row.id, "the link") is None
    assert db.games.invite_hashes(row.id) == {} and db.games.joined_seats(row.id) == {1}


def test_claims_of_one_seat_racing_in_sqlite_store_one(tmp_path: Path) -> None:
    db = open_database(tmp_path / "race.sqlite3")
    claim_race(db)
    db.close()
