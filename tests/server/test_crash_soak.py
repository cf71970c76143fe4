"""The crash soak, small: 5 kills with SIGKILL while 10 games are played (the full run,
100 kills and 50 games, is ``python -m benchmarks.crash_soak``; see docs/reliability.md)."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from benchmarks.crash_soak import Game, Lost, Soak, soak
from ludotheek.store import open_database


@pytest.mark.slow
def test_five_kills_lose_no_acknowledged_move(tmp_path: Path) -> None:
    report = soak(kills=5, games=10, seed=3, pace=(0.4, 1.2), folder=tmp_path)
    assert report.kills == 5 and report.integrity_checks == 6
    # (about 60 moves on a quiet machine; a busy one makes fewer between the kills)
    assert report.moves_acknowledged >= 10 and report.moves_checked >= report.moves_acknowledged
    # three of the ten games move over the WebSocket (views=1), checked the same way
    assert report.moves_acknowledged_live >= 1
    assert report.games_loaded >= 5 * 10
    assert report.computer_turns_resumed == report.computer_turns_pending_at_kill
    assert report.games_continued_at_end >= 10 - report.games_finished


def test_the_checks_find_a_lost_move_and_a_broken_database(tmp_path: Path) -> None:
    db_path = tmp_path / "soak.sqlite3"
    db = open_database(db_path)
    row = db.games.create("wari", {}, 1, [{"type": "person", "level": None, "name": None}] * 2,
                          ["t0" * 12, "t1" * 12], 0)
    db.games.append_move(row.id, 0, "3", 0, 1, "active", None)
    db.close()
    s = Soak(db_path, games=1, seed=1, pace=(1, 1))
    s.games[row.id] = Game(row.id, "wari", ["t0" * 12, "t1" * 12], acked={0: "3"})
    s.check_database()
    s.games[row.id].acked[1] = "9"  # acknowledged, but not in the database
    with pytest.raises(Lost, match=r"acknowledged move 2 \('9'\) is missing"):
        s.check_database()
    s.games[row.id].acked = {0: "4"}
    with pytest.raises(Lost, match=r"acknowledged move 1 \('4'\) is '3'"):
        s.check_database()
    s.games[row.id].acked = {}
    s.games[row.id].told = {0: "3"}  # the move, told over the WebSocket
    s.check_database()
    s.games[row.id].told = {0: "3", 1: "9"}  # a computer's reply told, not stored
    with pytest.raises(Lost, match=r"move 2 \('9'\), told over the WebSocket, is missing"):
        s.check_database()
    s.games[row.id].told = {}
    conn = sqlite3.connect(db_path)
    conn.execute("UPDATE games SET version = 2")
    conn.commit()
    conn.close()
    with pytest.raises(Lost, match="version 2 with 1 moves"):
        s.check_database()
