"""The database: games, moves with the version check, tokens, score lists."""

from __future__ import annotations

import threading
from pathlib import Path

import pytest

from ludotheek.store import ScoreEntry, StaleVersion, open_database
from ludotheek.store.database import Database
from ludotheek.store.paths import database_url
from tests.migrations import HEAD


@pytest.fixture
def db(tmp_path: Path) -> Database:
    return open_database(tmp_path / "t.sqlite3")


def test_default_location_follows_the_environment(tmp_path: Path,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("LUDOTHEEK_DATA", str(tmp_path / "data"))
    assert database_url() == "sqlite:///" + str(tmp_path / "data" / "ludotheek.sqlite3")
    monkeypatch.setenv("LUDOTHEEK_DB", str(tmp_path / "other.db"))
    assert database_url().endswith("other.db")


def test_database_is_wal_and_migrated(db: Database) -> None:
    from sqlalchemy import text

    with db.engine.connect() as conn:
        assert conn.execute(text("PRAGMA journal_mode")).scalar() == "wal"
        assert conn.execute(text("SELECT version_num FROM alembic_version")).scalar() == HEAD
    assert db.integrity_check() == "ok"
    # opening again migrates nothing and keeps the data
    db.scores.add("x", [ScoreEntry("A", 1, "2026-01-01")])
    again = open_database(db.path)
    assert [e.name for e in again.scores.top("x")] == ["A"]


def test_moves_need_the_current_version(db: Database) -> None:
    row = db.games.create("wari", {"seeds_per_cup": 4}, 1, [{"type": "person"}] * 2,
                          ["tok-a", None], to_move=0)
    assert row.version == 0 and row.status == "active"
    assert db.games.append_move(row.id, 0, "3", 0, 1, "active", None) == 1
    with pytest.raises(StaleVersion) as err:
        db.games.append_move(row.id, 0, "4", 0, 1, "active", None)
    assert err.value.current == 1
    got = db.games.get(row.id)
    assert got is not None and got.moves == ("3",) and got.version == 1


def test_racing_writers_store_a_move_once(db: Database) -> None:
    row = db.games.create("wari", {}, 1, [{"type": "person"}] * 2, [None, None], to_move=0)
    wins, losses = [], []

    def attempt(move: str) -> None:
        try:
            db.games.append_move(row.id, 0, move, 0, 1, "active", None)
            wins.append(move)
        except StaleVersion:
            losses.append(move)

    threads = [threading.Thread(target=attempt, args=(str(i),)) for i in range(1, 7)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert len(wins) == 1 and len(losses) == 5
    got = db.games.get(row.id)
    assert got is not None and got.moves == (wins[0],)


def test_tokens_are_stored_hashed_and_matched(db: Database) -> None:
    row = db.games.create("wari", {}, 1, [{"type": "person"}] * 2, ["secret-0", "secret-1"],
                          to_move=0)
    assert db.games.seat_for_token(row.id, "secret-1") == 1
    assert db.games.seat_for_token(row.id, "secret-2") is None
    raw = Path(str(db.path)).read_bytes() + Path(str(db.path) + "-wal").read_bytes()
    assert b"secret-1" not in raw


def test_score_list_keeps_the_best_30_older_first_on_ties(db: Database) -> None:
    db.scores.add("akwaier", [ScoreEntry(f"P{i}", 1000 + i, "2026-01-01") for i in range(25)])
    made = db.scores.add("akwaier", [ScoreEntry("NEW", 1010, "2026-01-02"),
                                     ScoreEntry("LOW", 1, "2026-01-02")] +
                         [ScoreEntry(f"Q{i}", 5000, "2026-01-02") for i in range(5)])
    top = db.scores.top("akwaier")
    assert len(top) == 30
    assert [e.name for e in top[:5]] == [f"Q{i}" for i in range(5)]
    names = [e.name for e in top]
    assert names.index("P10") < names.index("NEW")  # equal wealth: the older entry first
    assert "LOW" not in names and len(made) == 6
