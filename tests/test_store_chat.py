"""The store of what the people of a game say (issue 36): the migration that adds it
(revision 0007, over 0005), lines numbered in order with their limits counted in the
database, and lines of one game stored by racing writers (SQLite here; the same on
PostgreSQL in tests/scale/test_postgres_store.py)."""

from __future__ import annotations

import threading
from pathlib import Path

from alembic import command
from sqlalchemy import create_engine, inspect, text

from ludotheek.store import open_database
from ludotheek.store.chat import ChatLine
from ludotheek.store.database import Database
from tests.migrations import HEAD, _config, database_at

PEOPLE = [{"type": "person", "level": None, "name": None}] * 2


def test_a_database_of_revision_0005_gets_the_chat_and_gives_it_back(tmp_path: Path) -> None:
    engine = create_engine(database_at(tmp_path / "old.sqlite3", "0005"))
    with engine.begin() as conn:
        conn.execute(text("INSERT INTO games (id, game, options, seed, seats, version, status, "
                          "created, updated) VALUES ('g1', 'wari', '{}', 1, '[]', 0, 'active', "
                          "1, 1)"))
    engine.dispose()
    db = open_database(tmp_path / "old.sqlite3")
    with db.engine.connect() as conn:
        assert conn.execute(text("SELECT version_num FROM alembic_version")).scalar() == HEAD
    assert db.chat.lines("g1") == []
    line = db.chat.add("g1", 0, "phrase", "thanks", 0, now=10.0)
    assert line == ChatLine("g1", 1, 0, "phrase", "thanks", 0, 10.0)
    cfg = _config()
    with db.engine.begin() as conn:
        cfg.attributes["connection"] = conn
        command.downgrade(cfg, "0005")
    assert "chat" not in inspect(db.engine).get_table_names()
    with db.engine.connect() as conn:
        assert conn.execute(text("SELECT id FROM games")).scalars().all() == ["g1"]
    db.close()


def chat_limits(db: Database) -> None:
    """Lines numbered within their game; the rate per seat over a window, the answers to a
    takeback not counted; the most lines a game keeps; the lines of kinds, in order."""
    gid = db.games.create("wari", {}, 1, PEOPLE, ["a", "b"], to_move=0).id
    other = db.games.create("wari", {}, 1, PEOPLE, ["c", "d"], to_move=0).id
    for i in range(3):
        got = db.chat.add(gid, 0, "text", f"t{i}", 0, rate=3, window=60, now=100.0 + i)
        assert isinstance(got, ChatLine) and got.number == i + 1
    assert db.chat.add(gid, 0, "phrase", "thanks", 0, rate=3, window=60, now=110.0) == "rate"
    assert db.chat.add(gid, 0, "takeback", None, 0, rate=3, window=60, now=110.0) == "rate"
    yes = db.chat.add(gid, 0, "takeback_yes", None, 0, rate=3, window=60, now=110.0)
    assert isinstance(yes, ChatLine) and yes.number == 4  # an answer is never held back
    assert isinstance(db.chat.add(gid, 1, "text", "x", 0, rate=3, now=110.0), ChatLine)
    assert isinstance(db.chat.add(gid, 0, "text", "later", 0, rate=3, window=60, now=161.0),
                      ChatLine)  # the first line is out of the window
    assert isinstance(db.chat.add(other, 0, "text", "first", 0, most=1), ChatLine)
    assert db.chat.add(other, 1, "text", "second", 0, most=1) == "full"
    assert [x.number for x in db.chat.lines(gid)] == [1, 2, 3, 4, 5, 6]
    assert [x.kind for x in db.chat.lines(gid, ("takeback_yes",))] == ["takeback_yes"]
    assert [x.text for x in db.chat.lines(gid, since=4)] == ["x", "later"]


def chat_race(db: Database) -> None:
    """Eight threads say a line in one game at once: each line is kept, numbered 1-8."""
    gid = db.games.create("wari", {}, 1, PEOPLE, ["e", "f"], to_move=0).id
    barrier = threading.Barrier(8)

    def say(i: int) -> None:
        barrier.wait()
        db.chat.add(gid, i % 2, "text", f"line {i}", 0)

    threads = [threading.Thread(target=say, args=(i,)) for i in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    lines = db.chat.lines(gid)
    assert [x.number for x in lines] == list(range(1, 9))
    assert sorted(x.text or "" for x in lines) == sorted(f"line {i}" for i in range(8))


def test_chat_lines_and_their_limits(tmp_path: Path) -> None:
    db = open_database(tmp_path / "chat.sqlite3")
    chat_limits(db)
    chat_race(db)
    db.close()
