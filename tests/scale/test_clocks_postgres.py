"""Each time-out and each reminder of a slow game is claimed once, by one of several
processes racing on a real PostgreSQL (store/clocks.py; issue 37)."""

from __future__ import annotations

import uuid

import psycopg

from ludotheek.store import open_database
from tests.server.test_slow_games import DAY, T0, claim_race
from tests.services import Postgres


def test_racing_processes_claim_each_time_out_and_reminder_once(postgres: Postgres) -> None:
    name = "t" + uuid.uuid4().hex[:10]
    with psycopg.connect(postgres.url, autocommit=True) as conn:
        conn.execute(f"CREATE DATABASE {name}")
    url = postgres.url.rsplit("/", 1)[0] + "/" + name
    db = open_database(url)
    rows = [db.games.create("wari", {}, 1, [{"type": "person"}] * 2, ["a" + str(i), "b" + str(i)],
                           to_move=0) for i in range(3)]
    for row in rows:
        db.clocks.start(row.id, 1, None, None, row.seats, 0, T0)
    assert claim_race(url, rows[0].id, 0, T0 + DAY / 2) == [0]  # half the time: a reminder
    assert claim_race(url, rows[1].id, 0, T0 + DAY) == [0, 0]  # both, once each
    assert claim_race(url, rows[2].id, 0, T0 + DAY - 1) == [0]  # not due: no time-out
    clock = db.clocks.get(rows[1].id)
    assert clock is not None and clock.timed_out == 0 and clock.out_seat == 0
    assert {c.game_id for c in db.clocks.due(T0 + DAY)} == {rows[0].id, rows[2].id}
    db.close()
