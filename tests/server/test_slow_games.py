"""Slow games and clocks (issue 37; server/timing/timeouts.py, store/clocks.py): deadlines,
reminders, time-outs (unrated and rated), clocks across a restart, bad input and attacks,
with the server's clock in the test's hand (no sleeping)."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from ludotheek.server import Settings, create_app
from ludotheek.server.push.sender import Job
from ludotheek.store.database import open_database
from tests.server.conftest import auth, wait_version

DAY = 86400.0
T0 = 1_900_000_000.0


class Clock:
    """The server's clock, moved on by the test."""

    def __init__(self) -> None:
        self.t = T0

    def __call__(self) -> float:
        return self.t


def app_on(db_path: Path, clock: Clock) -> Any:
    # the sweep is called by the tests (the background one would wait an hour)
    return create_app(db_path, Settings(computer_workers=0, requests_per_second=0,
                                        clock=clock, time_sweep_seconds=3600))


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
def timed(db_path: Path, clock: Clock) -> Iterator[TestClient]:
    with TestClient(app_on(db_path, clock)) as c:
        yield c


def sweep(client: TestClient) -> tuple[int, int]:
    keeper = client.app.state.service.time_keeper  # type: ignore[attr-defined]
    result: tuple[int, int] = client.portal.call(keeper.sweep)  # type: ignore[union-attr]
    return result


def new_game(client: TestClient, time: Any, seats: list[dict[str, Any]] | None = None,
             game: str = "wari") -> tuple[str, list[str | None]]:
    r = client.post("/api/games", json={"game": game, "time": time,
                                        "seats": seats or [{"type": "person"}] * 2})
    assert r.status_code == 201, r.text
    return r.json()["id"], [s["token"] for s in r.json()["seats"]]


def view(client: TestClient, gid: str, token: str | None = None) -> dict[str, Any]:
    r = client.get(f"/api/games/{gid}", headers=auth(token))
    assert r.status_code == 200, r.text
    answer: dict[str, Any] = r.json()
    return answer


def move(client: TestClient, gid: str, token: str | None, version: int) -> Any:
    legal = view(client, gid, token)["legal_moves"]
    return client.post(f"/api/games/{gid}/moves", headers=auth(token),
                       json={"move": legal[0] if legal else "1", "version": version})


def test_a_turn_based_game_shows_every_seat_and_spectator_the_deadline(
        timed: TestClient, clock: Clock) -> None:
    gid, tokens = new_game(timed, {"days": 2})
    for token in (*tokens, None):  # both seats and a spectator
        t = view(timed, gid, token)["time"]
        assert t["kind"] == "days" and t["days"] == 2 and t["seat"] == 0
        assert t["deadline"] == T0 + 2 * DAY and t["remind_at"] == T0 + DAY
        assert t["now"] == T0 and t["left"] is None and t["out_seat"] is None
    clock.t += 3600
    assert move(timed, gid, tokens[0], 0).status_code == 200
    t = view(timed, gid)["time"]
    assert t["seat"] == 1 and t["deadline"] == T0 + 3600 + 2 * DAY


def test_a_live_game_without_time_is_as_before(timed: TestClient) -> None:
    gid, _ = new_game(timed, None)
    assert view(timed, gid)["time"] is None
    r = timed.post("/api/games", json={"game": "wari", "seats": [{"type": "person"}] * 2})
    assert view(timed, r.json()["id"])["time"] is None


def test_half_the_time_gone_reminds_once(timed: TestClient, clock: Clock) -> None:
    gid, tokens = new_game(timed, {"days": 1})
    jobs: list[Job] = []
    timed.app.state.pusher.submit = jobs.append  # type: ignore[attr-defined]
    clock.t += DAY / 2 - 1
    assert sweep(timed) == (0, 0)
    clock.t += 2
    assert sweep(timed) == (0, 1)
    assert sweep(timed) == (0, 0)  # once
    assert [(j.kind, j.seat, j.game_id) for j in jobs] == [("reminder", 0, gid)]
    clock.t += 60
    assert move(timed, gid, tokens[0], 0).status_code == 200  # seat 1's turn: its own
    clock.t += DAY / 2 + 1
    assert sweep(timed) == (0, 1)
    assert [j.seat for j in jobs if j.kind == "reminder"] == [0, 1]


def test_unrated_time_out_hands_the_seat_to_the_computer(timed: TestClient,
                                                         clock: Clock) -> None:
    gid, tokens = new_game(timed, {"days": 1})
    assert move(timed, gid, tokens[0], 0).status_code == 200
    clock.t += DAY - 1
    assert sweep(timed) == (0, 1)  # only the reminder
    clock.t += 2
    assert sweep(timed) == (1, 0)
    v = wait_version(timed, gid, 2)  # the computer played seat 1's move
    assert v["seats"][1]["type"] == "computer" and v["seats"][1]["left"]
    assert v["time"]["out_seat"] == 1 and v["time"]["seat"] is None  # one person: no time
    assert v["status"] == "active"
    # the old secret acts for nothing any more
    r = timed.post(f"/api/games/{gid}/moves", headers=auth(tokens[1]),
                   json={"move": "1", "version": 2})
    assert r.status_code == 403
    assert sweep(timed) == (0, 0)


def test_a_move_after_the_time_ran_out_is_refused_with_the_reason(timed: TestClient,
                                                                 clock: Clock) -> None:
    gid, tokens = new_game(timed, {"days": 3})
    clock.t += 3 * DAY
    r = move(timed, gid, tokens[0], 0)
    assert r.status_code == 409 and r.json()["code"] == "time.out", r.text
    assert r.json()["seat"] == 1
    v = view(timed, gid)
    assert v["seats"][0]["type"] == "computer" and v["time"]["out_seat"] == 0
    assert sweep(timed) == (0, 0)  # applied once, by the move


def test_a_rated_game_is_lost_on_time(timed: TestClient, clock: Clock) -> None:
    made = [timed.post("/api/profiles", json={"name": n}).json() for n in ("Ann", "Bob")]
    r = timed.post("/api/games", json={"game": "wari", "rated": True, "time": {"days": 1},
                                       "seats": [{"type": "person", "profile": made[0]["secret"]},
                                                 {"type": "person", "invite": True}]})
    assert r.status_code == 201, r.text
    gid = r.json()["id"]
    code = r.json()["seats"][1]["invite"]
    assert view(timed, gid)["time"]["seat"] is None  # the invited seat is open: no time yet
    clock.t += 5 * DAY
    assert sweep(timed) == (0, 0)
    took = timed.post(f"/api/games/{gid}/seats/1/claim",
                      json={"invite": code, "profile": made[1]["secret"]})
    assert took.status_code == 200, took.text
    assert view(timed, gid)["time"]["deadline"] == clock.t + DAY
    clock.t += DAY
    assert sweep(timed) == (1, 0)  # timed out first: no reminder for a game that ended
    v = view(timed, gid)
    assert v["over"] and v["moves"] == ["resign"] and v["winners"] == [1]
    assert v["time"]["out_seat"] == 0 and v["time"]["seat"] is None


def test_a_clock_counts_each_seats_time_and_adds_the_increment(timed: TestClient,
                                                               clock: Clock) -> None:
    gid, tokens = new_game(timed, {"minutes": 5, "increment": 3})
    t = view(timed, gid)["time"]
    assert t["kind"] == "clock" and t["left"] == [300, 300] and t["deadline"] == T0 + 300
    clock.t += 10
    assert view(timed, gid, tokens[1])["time"]["left"] == [290, 300]
    assert move(timed, gid, tokens[0], 0).status_code == 200
    clock.t += 20
    t = view(timed, gid)["time"]
    assert t["left"] == [293, 280] and t["seat"] == 1
    clock.t += 280
    assert sweep(timed) == (1, 0)  # flag fall: seat 1 to the computer
    assert view(timed, gid)["seats"][1]["type"] == "computer"


def test_a_clock_does_not_run_while_the_server_is_down(db_path: Path, clock: Clock) -> None:
    with TestClient(app_on(db_path, clock)) as c:
        gid, tokens = new_game(c, {"minutes": 1, "increment": 0})
        clock.t += 10
        assert move(c, gid, tokens[0], 0).status_code == 200
        clock.t += 15
    clock.t += 3600  # the server is down for an hour
    with TestClient(app_on(db_path, clock)) as c:
        t = view(c, gid)["time"]
        assert t["seat"] == 1 and t["left"] == [50, 60]  # the 15 s before the stop are given back
        assert t["deadline"] == clock.t + 60
        assert view(c, gid)["seats"][1]["type"] == "person"


def test_time_that_ran_out_while_the_server_was_down_is_applied_at_the_start(
        db_path: Path, clock: Clock) -> None:
    with TestClient(app_on(db_path, clock)) as c:
        gid, _ = new_game(c, {"days": 1})
    clock.t += 2 * DAY
    with TestClient(app_on(db_path, clock)) as c:
        v = view(c, gid)
        assert v["seats"][0]["type"] == "computer" and v["time"]["out_seat"] == 0


@pytest.mark.parametrize(("time", "code"), [
    ({"days": 5}, "time.days"), ({"days": 0}, "time.days"), ({"days": "2"}, "time.days"),
    ({"minutes": 0, "increment": 0}, "time.minutes"), ({"minutes": 181}, "time.minutes"),
    ({"minutes": 5, "increment": 61}, "time.increment"),
    ({"minutes": 5, "increment": -1}, "time.increment"),
    ({"days": 1, "minutes": 5}, "time.body"), ({"days": 1, "increment": 3}, "time.body"),
    ({}, "time.body"), ("2 days", "time.body"), ([1], "time.body"),
    ({"days": 1, "deadline": 1e12}, "request.unknown_field"),
])
def test_bad_time_options_are_refused(timed: TestClient, time: Any, code: str) -> None:
    before = timed.get("/api/games").json()["games"]
    r = timed.post("/api/games", json={"game": "wari", "time": time,
                                       "seats": [{"type": "person"}] * 2})
    assert r.status_code == 400 and r.json()["code"] == code, r.text
    assert timed.get("/api/games").json()["games"] == before


def test_time_is_refused_for_a_game_against_the_computer(timed: TestClient) -> None:
    for seats in ([{"type": "person"}, {"type": "computer"}], [{"type": "computer"}] * 2):
        r = timed.post("/api/games", json={"game": "wari", "time": {"days": 1},
                                           "seats": seats})
        assert r.status_code == 400 and r.json()["code"] == "time.between_people", r.text


def test_another_seat_can_neither_time_out_nor_extend_a_turn(timed: TestClient,
                                                             clock: Clock) -> None:
    gid, tokens = new_game(timed, {"days": 1})
    deadline = view(timed, gid)["time"]["deadline"]
    clock.t += DAY - 5
    for body in ({"move": "1", "version": 0}, {"move": "resign", "version": 1},
                 {"move": "1", "version": 0, "deadline": 1e12}):
        timed.post(f"/api/games/{gid}/moves", headers=auth(tokens[1]), json=body)
    timed.post(f"/api/games/{gid}/undo", headers=auth(tokens[1]), json={"version": 0})
    v = view(timed, gid)
    assert v["version"] == 0 and v["time"]["deadline"] == deadline and v["status"] == "active"
    assert v["seats"][0]["type"] == "person" and v["time"]["out_seat"] is None
    store = timed.app.state.db.clocks  # type: ignore[attr-defined]
    assert store.claim_timeout(gid, 0, clock.t) is None  # not due: no claim takes it
    assert sweep(timed) == (0, 1)


def test_a_spectator_sees_the_time_and_no_secret(timed: TestClient) -> None:
    gid, tokens = new_game(timed, {"days": 7})
    seen = view(timed, gid)
    assert seen["legal_moves"] == [] and seen["seat"] is None
    text = str(seen)
    assert all(t is not None and t not in text for t in tokens)
    assert set(seen["time"]) == {"kind", "days", "minutes", "increment", "seat", "now",
                                 "deadline", "left", "remind_at", "out_seat"}


def test_two_servers_on_one_database_time_out_once(db_path: Path, clock: Clock) -> None:
    with TestClient(app_on(db_path, clock)) as a, TestClient(app_on(db_path, clock)) as b:
        gids = [new_game(a, {"days": 1})[0] for _ in range(4)]
        jobs: list[Job] = []
        for c in (a, b):
            c.app.state.pusher.submit = jobs.append  # type: ignore[attr-defined]

        def race() -> tuple[int, int]:
            results: list[tuple[int, int]] = []
            threads = [threading.Thread(target=lambda c=c: results.append(sweep(c)))
                       for c in (a, b, a, b)]
            for t in threads:
                t.start()
            for t in threads:
                t.join()
            return sum(r[0] for r in results), sum(r[1] for r in results)

        clock.t += DAY / 2
        assert race() == (0, 4) and sorted(j.game_id for j in jobs) == sorted(gids)
        clock.t += DAY / 2
        assert race() == (4, 0)
    db = open_database(db_path)  # (without Redis the other's memory is not told)
    for gid in gids:
        row = db.games.get(gid)
        assert row is not None and row.seats[0]["type"] == "computer"
    db.close()


def claim_race(db_url: str, gid: str, version: int, now: float, n: int = 8) -> list[int]:
    """``n`` threads, each with a database of its own, race to claim one time-out and one
    reminder: the seats they won."""
    dbs = [open_database(db_url) for _ in range(n)]
    won: list[int] = []
    start = threading.Barrier(n)

    def claim(i: int) -> None:
        start.wait()
        for call in (dbs[i].clocks.claim_reminder, dbs[i].clocks.claim_timeout):
            seat = call(gid, version, now)
            if seat is not None:
                won.append(seat)

    threads = [threading.Thread(target=claim, args=(i,)) for i in range(n)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    for db in dbs:
        db.close()
    return won


def test_racing_processes_claim_each_time_out_once_sqlite(tmp_path: Path) -> None:
    db = open_database(tmp_path / "race.sqlite3")
    row = db.games.create("wari", {}, 1, [{"type": "person"}] * 2, ["a", "b"], to_move=0)
    db.clocks.start(row.id, 1, None, None, row.seats, 0, T0)
    db.close()
    assert claim_race(f"sqlite:///{tmp_path / 'race.sqlite3'}", row.id, 0, T0 + DAY) == [0, 0]


def test_my_games_list_the_time_left(timed: TestClient, clock: Clock) -> None:
    gid, _ = new_game(timed, {"days": 3})
    live, _ = new_game(timed, None)
    clock.t += 7200
    listed = {g["id"]: g for g in timed.get(f"/api/games?ids={gid},{live}").json()["games"]}
    assert listed[gid]["time_left"] == 3 * DAY - 7200 and listed[live]["time_left"] is None
    clock.t += 3 * DAY
    sweep(timed)  # timed out: the computer plays on alone against one person, no time runs
    assert timed.get(f"/api/games?ids={gid}").json()["games"][0]["time_left"] is None


def test_a_rematch_keeps_the_time(timed: TestClient, clock: Clock) -> None:
    gid, tokens = new_game(timed, {"minutes": 10, "increment": 5})
    r = timed.post(f"/api/games/{gid}/moves", headers=auth(tokens[0]),
                   json={"move": "resign", "version": 0})
    assert r.status_code == 200 and r.json()["over"], r.text
    r = timed.post(f"/api/games/{gid}/rematch", headers=auth(tokens[0]), json={"swap": True})
    assert r.status_code == 201, r.text
    t = view(timed, r.json()["id"])["time"]
    assert t["kind"] == "clock" and t["left"] == [600, 600] and t["increment"] == 5


def test_the_site_counts_as_down_after_a_silence_and_one_process_claims_its_restart(
        db_path: Path) -> None:
    """store/clocks.py: the site's beat. The first process of a new site and the first
    after a silence longer than allowed claim the restart (and give the clocks their time
    back); a process starting beside running ones, or second of two, does not."""
    db = open_database(db_path)
    clocks = db.clocks
    assert clocks.claim_restart(T0, 10) is True  # a new site
    assert clocks.claim_restart(T0 + 1, 10) is False  # the second process of it
    clocks.beat(T0 + 5)
    assert clocks.claim_restart(T0 + 14, 10) is False  # a process beat 9 s ago
    assert clocks.claim_restart(T0 + 16, 10) is True  # 11 s of silence: the site was down
    assert clocks.claim_restart(T0 + 16.5, 10) is False  # ... claimed once
    clocks.beat(T0 + 3)  # a beat never goes back in time
    assert clocks.claim_restart(T0 + 25, 10) is False
    db.close()


def test_a_profiles_games_list_the_time_left(timed: TestClient, clock: Clock) -> None:
    """"My games" of a profile (``/api/profiles/me/games``, the games it plays on any
    device) say the time left as the device's listing does."""
    anna = timed.post("/api/profiles", json={"name": "Anna"}).json()
    r = timed.post("/api/games", json={"game": "wari", "time": {"days": 2}, "seats": [
        {"type": "person"}, {"type": "person", "invite": True}]})
    assert r.status_code == 201, r.text
    made = r.json()
    taken = timed.post(f"/api/games/{made['id']}/seats/1/claim",
                       json={"invite": made["seats"][1]["invite"], "profile": anna["secret"]})
    assert taken.status_code == 200, taken.text
    clock.t += 3600
    games = timed.get("/api/profiles/me/games", headers=auth(anna["secret"])).json()["games"]
    assert [(g["id"], g["time_left"]) for g in games] == [(made["id"], 2 * DAY - 3600)]


def _set_back(db_path: Path, gid: str, version: int, seat: int, deadline: float) -> None:
    """The clock row as a server that stopped between a move and its turn's time left it."""
    import sqlite3

    with sqlite3.connect(db_path) as conn:
        conn.execute("UPDATE game_clocks SET version = ?, seat = ?, deadline = ?, "
                     "remind_at = NULL WHERE game_id = ?", (version, seat, deadline, gid))


def test_a_clock_left_behind_its_moves_by_a_stop_is_mended_at_the_start(
        db_path: Path, clock: Clock) -> None:
    with TestClient(app_on(db_path, clock)) as c:
        gid, tokens = new_game(c, {"days": 1})
        assert move(c, gid, tokens[0], 0).status_code == 200
    _set_back(db_path, gid, 0, 0, T0 + DAY)  # the stop came before the turn's time was kept
    clock.t += 600
    with TestClient(app_on(db_path, clock)) as c:
        t = view(c, gid)["time"]
        assert t["seat"] == 1 and t["deadline"] == clock.t + DAY  # North's day begins now
        clock.t += DAY + 60
        assert sweep(c) == (1, 0)  # and runs out like any other
        assert view(c, gid)["seats"][1]["type"] == "computer"


def test_a_clock_left_behind_is_mended_by_the_sweep_not_timed_out(
        timed: TestClient, clock: Clock, db_path: Path) -> None:
    """A clock behind its moves whose old deadline passes (the sweep finds it due): South,
    who moved, is not timed out, and the sweep does not find it again and again."""
    gid, tokens = new_game(timed, {"days": 1})
    assert move(timed, gid, tokens[0], 0).status_code == 200
    _set_back(db_path, gid, 0, 0, T0 + 10)
    timed.app.state.service.cache.pop(gid)  # type: ignore[attr-defined]
    clock.t += 60
    assert sweep(timed) == (0, 0)
    v = view(timed, gid)
    assert v["seats"][0]["type"] == "person" and v["time"]["seat"] == 1
    assert v["time"]["deadline"] == clock.t + DAY
    db = open_database(db_path)
    assert db.clocks.due(clock.t) == [] and db.clocks.behind() == []
    db.close()
