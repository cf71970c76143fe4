"""``ludotheek games``: list, show, end, purge and export the games in the database."""

from __future__ import annotations

import json
import time
from pathlib import Path

import pytest
from sqlalchemy import select

from ludotheek.core.record import Record
from ludotheek.store.database import open_database
from ludotheek.store.schema import games, moves, seat_tokens
from tests.test_cli import run

PEOPLE = [{"type": "person", "level": None, "name": None}] * 2
OPTIONS = {"seeds_per_cup": 4, "first": "south", "repetition": True}
DAY = 86400.0


@pytest.fixture
def db(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Four games: in play (2 moves), finished-looking, abandoned 40 days ago and 5 days ago."""
    monkeypatch.setenv("LUDOTHEEK_DATA", str(tmp_path / "data"))
    path = tmp_path / "games.sqlite3"
    d = open_database(path)
    now = time.time()
    made = {}
    for name, status, age in [("play", "active", 0), ("done", "over", 1),
                              ("old", "abandoned", 40), ("young", "abandoned", 5)]:
        row = d.games.create("wari", OPTIONS, 7, PEOPLE, ["a" + name, "b" + name], 0)
        for i, move in enumerate(("3", "9")):
            d.games.append_move(row.id, i, move, i % 2, (i + 1) % 2, "active", None)
        with d.engine.begin() as conn:
            conn.execute(games.update().where(games.c.id == row.id).values(
                status=status, updated=now - age * DAY))
        made[name] = row.id
    d.close()
    (tmp_path / "ids.json").write_text(json.dumps(made))
    return path


def ids(db: Path) -> dict[str, str]:
    data: dict[str, str] = json.loads((db.parent / "ids.json").read_text())
    return data


def test_list_filters_by_status_and_idleness(db: Path) -> None:
    code, out = run(["games", "list", "--db", str(db), "--lang", "en"])
    assert code == 0
    assert all(gid in out for gid in ids(db).values())
    assert "4 shown; in the database: 2 abandoned, 1 active, 1 over" in out
    code, out = run(["games", "list", "--db", str(db), "--status", "abandoned",
                     "--idle-days", "30", "--json"])
    rows = [json.loads(line) for line in out.splitlines()]
    assert [r["id"] for r in rows] == [ids(db)["old"]]
    assert rows[0]["moves"] == 2


def test_show_prints_the_record_and_an_unknown_id_is_refused(db: Path) -> None:
    code, out = run(["games", "show", ids(db)["play"], "--db", str(db), "--lang", "en"])
    assert code == 0 and "wari, active, 2 moves" in out and "1. 1: 3" in out
    code, out = run(["games", "show", "nope", "--db", str(db), "--lang", "nl"])
    assert code == 2 and "er is geen partij nope" in out


def test_end_abandons_a_game_in_play_only(db: Path) -> None:
    gid = ids(db)["play"]
    code, out = run(["games", "end", gid, "--db", str(db), "--lang", "en"])
    assert code == 0 and "ended as abandoned" in out
    d = open_database(db)
    try:
        row = d.games.get(gid)
        assert row is not None and row.status == "abandoned" and row.to_move is None
        assert row.version == 2  # the moves stay
    finally:
        d.close()
    code, out = run(["games", "end", ids(db)["done"], "--db", str(db), "--lang", "en"])
    assert code == 2 and "is not in play (it is over): nothing changed" in out


def test_purge_removes_old_abandoned_games_with_everything_of_theirs(db: Path) -> None:
    code, out = run(["games", "purge", "--older-than", "30", "--dry-run", "--db", str(db),
                     "--lang", "en"])
    assert code == 0 and "1 games would be purged" in out and ids(db)["old"] in out
    code, out = run(["games", "purge", "--older-than", "30", "--db", str(db), "--lang", "en"])
    assert code == 0 and "1 games purged" in out
    d = open_database(db)
    try:
        with d.engine.connect() as conn:
            left = set(conn.execute(select(games.c.id)).scalars())
            assert left == {ids(db)[n] for n in ("play", "done", "young")}
            for table in (moves, seat_tokens):
                assert ids(db)["old"] not in set(conn.execute(select(table.c.game_id))
                                                  .scalars())
            assert len(list(conn.execute(select(moves.c.game_id)))) == 6
    finally:
        d.close()


def test_export_writes_records_that_replay(db: Path, tmp_path: Path) -> None:
    out_dir = tmp_path / "out"
    code, out = run(["games", "export", str(out_dir), "--status", "over", "--text",
                     "--db", str(db), "--lang", "en"])
    assert code == 0 and "1 records written" in out
    gid = ids(db)["done"]
    record = Record.from_json((out_dir / f"{gid}.json").read_text())
    assert record.moves == ("3", "9") and record.seed == 7
    assert record.replay().to_move == 0
    assert "[Game \"wari\"]" in (out_dir / f"{gid}.txt").read_text()
    code, out = run(["games", "export", str(out_dir), "nope", "--db", str(db)])
    assert code == 2
