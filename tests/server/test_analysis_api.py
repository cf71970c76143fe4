"""Analyses over HTTP and WebSocket: the cheating rule, progress, the stored result,
"try again from here"."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from ludotheek.analysis.local import analyse_record
from ludotheek.core.record import Record, load
from ludotheek.server import Settings, create_app
from tests.analysis.helpers import finished_record
from tests.server.conftest import auth, new_wari


def import_record(client: TestClient, record: Record,
                  seats: list[dict[str, Any]] | None = None) -> tuple[str, list[str | None]]:
    data = record.to_json()
    if seats is not None:
        data["seats"] = seats
    r = client.post("/api/records", json=data)
    assert r.status_code == 201, r.text
    return r.json()["id"], [s["token"] for s in r.json()["seats"]]


def wait_done(client: TestClient, gid: str, token: str | None = None,
              timeout: float = 120) -> dict[str, Any]:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        r = client.get(f"/api/games/{gid}/analysis", headers=auth(token))
        assert r.status_code == 200, r.text
        answer: dict[str, Any] = r.json()
        assert answer["status"] in ("running", "done"), answer
        assert 0 <= answer["done"] <= answer["total"]
        if answer["status"] == "done":
            return answer
        time.sleep(0.05)
    raise AssertionError(f"the analysis of {gid} did not finish")


def test_no_analysis_of_a_game_in_progress_between_people(client: TestClient) -> None:
    gid, (south, north) = new_wari(client)
    client.post(f"/api/games/{gid}/moves", json={"move": "3", "version": 0},
                headers=auth(south))
    for token in (south, north, None):
        for r in (client.get(f"/api/games/{gid}/analysis", headers=auth(token)),
                  client.post(f"/api/games/{gid}/analysis", headers=auth(token)),
                  client.post(f"/api/games/{gid}/try", json={"at": 0},
                              headers=auth(token))):
            assert r.status_code == 403, r.text
            assert "between people" in r.json()["error"]
    # over the WebSocket too, for a seat and for a spectator; the connection stays
    for token in (south, None):
        query = f"?token={token}" if token else ""
        with client.websocket_connect(f"/api/games/{gid}/live{query}") as ws:
            assert ws.receive_json()["type"] == "view"
            ws.send_json({"type": "analyse"})
            error = ws.receive_json()
            assert error["type"] == "error" and error["status"] == 403
            assert "between people" in error["error"]
            ws.send_json({"type": "ping"})
            assert ws.receive_json() == {"type": "pong"}
    # once it is over (a resignation), anyone may
    client.post(f"/api/games/{gid}/moves", json={"move": "resign", "version": 1},
                headers=auth(north))
    r = client.post(f"/api/games/{gid}/analysis")
    assert r.status_code in (200, 202), r.text
    assert wait_done(client, gid)["result"]["decisions"][-1]["resigned"]


def test_a_finished_game_is_analysed_stored_and_read_back(db_path: Path) -> None:
    record = finished_record()
    settings = Settings(computer_workers=0, requests_per_second=0)
    with TestClient(create_app(db_path, settings)) as client:
        gid, _ = import_record(client, record)
        assert client.get(f"/api/games/{gid}/analysis").json()["status"] == "none"
        r = client.post(f"/api/games/{gid}/analysis")
        assert r.status_code in (200, 202)
        first = r.json()
        assert first["total"] == len([p for p in analyse_record(record)["positions"]
                                      if p["best"] is not None])
        answer = wait_done(client, gid)
        # asking again starts nothing new
        again = client.post(f"/api/games/{gid}/analysis")
        assert again.status_code == 200 and again.json()["result"] == answer["result"]
        # the text record carries it now
        text = client.get(f"/api/games/{gid}/record.txt").text
        assert "[Analysis " in text and " {" in text and load(text) == record
    result = answer["result"]
    assert result == analyse_record(record)  # the same engine, the same seeds
    assert result["complete"] and result["engine"] == answer["engine"]
    # after a restart it is read back from the database, at once
    with TestClient(create_app(db_path, settings)) as client:
        r = client.get(f"/api/games/{gid}/analysis")
        assert r.json()["status"] == "done" and r.json()["result"] == result


def test_a_restart_loses_no_position_studied(db_path: Path) -> None:
    """Positions stored before a restart are not studied again: the analysis goes on."""
    from ludotheek.analysis.measure import study
    from ludotheek.analysis.plan import Plan
    from ludotheek.analysis.review import review_for
    from ludotheek.store import open_database

    record = finished_record(seed=6)
    settings = Settings(computer_workers=0, requests_per_second=0)
    with TestClient(create_app(db_path, settings)) as client:
        gid, _ = import_record(client, record)
    plan = Plan.of(record)
    engine = review_for(record.game).engine()
    db = open_database(db_path)
    studied = plan.studied()
    db.analyses.start(gid, engine, len(record.moves), len(studied))
    marker = {**study(plan.states[studied[0]], plan.seed(studied[0])), "reason": "kept"}
    db.analyses.put_position(gid, engine, studied[0], marker)
    db.close()
    with TestClient(create_app(db_path, settings)) as client:  # it goes on by itself
        answer = wait_done(client, gid)
    assert answer["total"] == len(studied)
    stored = open_database(db_path).analyses.positions(gid, engine)
    assert stored[studied[0]]["reason"] == "kept" and set(stored) == set(studied)


def test_analyses_are_kept_per_engine_version(db_path: Path) -> None:
    """An analysis stored by another version of the engine is neither shown nor taken up
    again after a restart: the engine of now makes its own, and the old one is kept."""
    from ludotheek.analysis.plan import Plan
    from ludotheek.analysis.review import review_for
    from ludotheek.store import open_database

    record = finished_record(seed=8)
    settings = Settings(computer_workers=0, requests_per_second=0)
    with TestClient(create_app(db_path, settings)) as client:
        gid, _ = import_record(client, record)
    review = review_for(record.game)
    engine = review.engine()
    done_before = engine.replace(f"/{review.version}/", "/old-done/")
    running_before = engine.replace(f"/{review.version}/", "/old-running/")
    assert len({engine, done_before, running_before}) == 3
    earlier = {**analyse_record(record), "engine": done_before}
    studied = Plan.of(record).studied()
    db = open_database(db_path)
    db.analyses.start(gid, done_before, len(record.moves), len(studied))
    db.analyses.finish(gid, done_before, len(record.moves), earlier)
    db.analyses.start(gid, running_before, len(record.moves), len(studied))
    db.close()
    with TestClient(create_app(db_path, settings)) as client:
        r = client.get(f"/api/games/{gid}/analysis")
        assert r.status_code == 200 and r.json()["status"] == "none", r.text
        assert r.json()["engine"] == engine
        client.post(f"/api/games/{gid}/analysis")
        answer = wait_done(client, gid)
        assert answer["engine"] == engine and answer["result"]["engine"] == engine
    db = open_database(db_path)
    try:
        old = db.analyses.get(gid, done_before)
        assert old is not None and old.status == "done" and old.result == earlier
        untouched = db.analyses.get(gid, running_before)
        assert untouched is not None and untouched.status == "running"
        assert db.analyses.positions(gid, running_before) == {}  # not resumed at the start
        assert set(db.analyses.positions(gid, engine)) == set(studied)
    finally:
        db.close()


def test_progress_over_the_websocket(client: TestClient) -> None:
    record = finished_record(seed=4)
    gid, _ = import_record(client, record)
    with client.websocket_connect(f"/api/games/{gid}/live") as ws:
        assert ws.receive_json()["type"] == "view"
        ws.send_json({"type": "analyse"})
        seen = []
        while True:
            msg = ws.receive_json()
            assert msg["type"] == "analysis"
            seen.append(msg)
            if msg["status"] == "done":
                break
        assert seen[0]["done"] <= seen[-1]["done"] == seen[-1]["total"] > 0
    assert wait_done(client, gid)["result"]["complete"]


def test_a_game_against_the_computer_in_progress_can_be_analysed(client: TestClient) -> None:
    r = client.post("/api/games", json={"game": "akwaier", "seed": 2, "seats": [
        {"type": "person"}] + [{"type": "computer", "level": "easy"}] * 5})
    assert r.status_code == 201
    gid, token = r.json()["id"], r.json()["seats"][0]["token"]
    deadline = time.monotonic() + 30
    while client.get(f"/api/games/{gid}").json()["to_move"] != 0:
        assert time.monotonic() < deadline
        time.sleep(0.05)
    view = client.get(f"/api/games/{gid}", headers=auth(token)).json()
    client.post(f"/api/games/{gid}/analysis", headers=auth(token))
    result = wait_done(client, gid, token)["result"]
    assert result["moves"] == view["version"]
    # the computers' better moves would name their tiles: hidden while the game runs
    assert result["hidden"]
    assert all(d["best"] is None for d in result["decisions"] if d["seat"] != 0)
    mine = [p for p in result["positions"] if p["to_move"] == 0]
    assert mine[-1]["best"] in view["legal_moves"]
    spectator = client.get(f"/api/games/{gid}/analysis").json()["result"]
    assert all(p["best"] is None for p in spectator["positions"])
    # nor a new game with its seed while it runs: it would show the tiles to come
    r = client.post(f"/api/games/{gid}/try", json={"at": 0}, headers=auth(token))
    assert r.status_code == 403 and "hidden" in r.json()["error"]


def test_try_again_from_here_replays_exactly(client: TestClient) -> None:
    record = finished_record(seed=5)
    gid, _ = import_record(client, record, seats=[{"type": "person", "name": "Ann"},
                                                  {"type": "computer", "level": "normal"}])
    at = 12
    before = Record(record.game, record.options, record.seed, record.moves[:at]).replay()
    r = client.post(f"/api/games/{gid}/try", json={"at": at})
    assert r.status_code == 201, r.text
    new = r.json()
    assert new["seat"] == before.to_move and new["url"].endswith(new["token"])
    view = client.get(f"/api/games/{new['id']}", headers=auth(new["token"])).json()
    assert view["moves"][:at] == list(record.moves[:at])
    seats = view["seats"]
    assert seats[new["seat"]]["type"] == "person"
    assert all(s["type"] == "computer" for i, s in enumerate(seats) if i != new["seat"])
    # its seed steers its computers: secret while it runs (issue 34); once it is over the
    # new game's record replays to the very same position, chance included
    assert "seed" not in client.get(f"/api/games/{new['id']}/record").json()
    r = client.post(f"/api/games/{new['id']}/moves", headers=auth(new["token"]),
                    json={"move": "resign", "version": view["version"]})
    assert r.status_code == 200, r.text
    data = client.get(f"/api/games/{new['id']}/record").json()
    again = Record.from_json(data)
    assert Record(again.game, again.options, again.seed, again.moves[:at]).replay() == before
    for body in ({"at": -1}, {"at": 10**6}, {"at": "3"}, {}, {"at": 1, "seat": 7},
                 {"at": len(record.moves)}):
        assert client.post(f"/api/games/{gid}/try", json=body).status_code == 400, body


@pytest.mark.parametrize("path", ["/api/games/nosuch/analysis"])
def test_unknown_games(client: TestClient, path: str) -> None:
    assert client.get(path).status_code == 404
    assert client.post(path).status_code == 404


def test_openapi_describes_analyses(client: TestClient) -> None:
    paths = client.get("/openapi.json").json()["paths"]
    analysis = paths["/api/games/{id}/analysis"]
    assert {"get", "post"} <= set(analysis)
    assert "403" in analysis["post"]["responses"] and "202" in analysis["post"]["responses"]
    assert "two or more seats are people" in analysis["get"]["description"]
    assert "201" in paths["/api/games/{id}/try"]["post"]["responses"]
