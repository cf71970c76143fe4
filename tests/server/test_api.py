"""The HTTP API: creating, viewing, moving, and every error status."""

from __future__ import annotations

from pathlib import Path

import pytest
from starlette.testclient import TestClient

from ludotheek.server import Settings, create_app
from tests.server.conftest import auth, new_wari, wait_version


def test_create_returns_tokens_for_person_seats_only(client: TestClient) -> None:
    r = client.post("/api/games", json={
        "game": "wari", "seats": [{"type": "person"}, {"type": "computer", "level": "easy"}]})
    assert r.status_code == 201
    data = r.json()
    assert data["seats"][0]["token"] and data["seats"][1]["token"] is None
    assert data["seats"][0]["url"] == f"/play/{data['id']}#token={data['seats'][0]['token']}"


@pytest.mark.parametrize("body, message", [
    ({"game": "chess", "seats": []}, "unknown game 'chess'"),
    ({"game": "wari", "seats": [{"type": "person"}] * 2, "colour": 1}, "unknown field 'colour'"),
    ({"game": "wari", "options": {"seeds_per_cup": 6}, "seats": [{"type": "person"}] * 2},
     "seeds_per_cup must be between 3 and 5"),
    ({"game": "wari", "options": {"speed": 1}, "seats": [{"type": "person"}] * 2},
     "unknown option 'speed'"),
    ({"game": "wari", "seats": [{"type": "person"}]}, "'seats' must be a list of 2 seats"),
    ({"game": "wari", "seats": [{"type": "person"}, {"type": "computer", "level": "god"}]},
     "unknown level 'god'"),
    ({"game": "wari", "seats": [{"type": "person"}, {"type": "robot"}]},
     "'type' must be 'person' or 'computer'"),
    ({"game": "wari", "seats": [{"type": "person"}] * 2, "seed": -1}, "'seed' must be"),
    ([1, 2], "the body must be a JSON object"),
])
def test_create_refuses_bad_input(client: TestClient, body: object, message: str) -> None:
    r = client.post("/api/games", json=body)
    assert r.status_code == 400
    assert message in r.json()["error"]
    assert client.get("/api/games").json()["games"] == []


def test_malformed_json_and_oversized_bodies(client: TestClient) -> None:
    json_type = {"Content-Type": "application/json"}
    r = client.post("/api/games", content=b"{not json", headers=json_type)
    assert r.status_code == 400 and "malformed JSON" in r.json()["error"]
    r = client.post("/api/games", content=b"", headers={"Content-Type": "application/json"})
    assert r.status_code == 400 and "empty" in r.json()["error"]
    r = client.post("/api/games", content=b"[" * 100_000)
    assert r.status_code == 413 and "larger than 65536 bytes" in r.json()["error"]
    r = client.post("/api/games", content=b"[" * 60_000 + b"]" * 60_00)
    assert r.status_code in (400, 413)
    r = client.post("/api/games", content=b'{"game": NaN}')
    assert r.status_code == 400


def test_views_for_seat_and_spectator(client: TestClient) -> None:
    gid, (south, north) = new_wari(client)
    spectator = client.get(f"/api/games/{gid}").json()
    assert spectator["seat"] is None and spectator["legal_moves"] == []
    assert "seed" not in spectator["state"]
    mine = client.get(f"/api/games/{gid}", headers=auth(south)).json()
    assert mine["seat"] == 0 and mine["legal_moves"] == ["1", "2", "3", "4", "5", "6"]
    theirs = client.get(f"/api/games/{gid}", headers=auth(north)).json()
    assert theirs["seat"] == 1 and theirs["legal_moves"] == []
    assert set(mine) >= {"id", "game", "version", "to_move", "over", "scores", "legal_moves",
                         "state"}


def test_view_errors(client: TestClient) -> None:
    gid, _ = new_wari(client)
    assert client.get("/api/games/nosuchgame").status_code == 404
    assert client.get(f"/api/games/{gid}", headers=auth("wrong")).status_code == 403
    r = client.get(f"/api/games/{gid}", headers={"Authorization": "Basic abc"})
    assert r.status_code == 400 and "Bearer" in r.json()["error"]


def test_moves_and_their_errors(client: TestClient) -> None:
    gid, (south, north) = new_wari(client)
    url = f"/api/games/{gid}/moves"
    r = client.post(url, json={"move": "13", "version": 0}, headers=auth(south))
    assert r.status_code == 400
    assert r.json()["error"] == "there is no cup 13; the cups are numbered 1-12"
    assert client.post(url, json={"move": "3", "version": 0}).status_code == 403
    assert client.post(url, json={"move": "3", "version": 0},
                       headers=auth("nope")).status_code == 403
    r = client.post(url, json={"move": "9", "version": 0}, headers=auth(north))
    assert r.status_code == 403 and r.json()["error"] == "it is not your turn"
    assert client.post("/api/games/zzz/moves", json={"move": "3", "version": 0},
                       headers=auth(south)).status_code == 404
    r = client.post(url, json={"move": "3"}, headers=auth(south))
    assert r.status_code == 400 and "'version' is missing" in r.json()["error"]
    r = client.post(url, json={"move": 3, "version": 0}, headers=auth(south))
    assert r.status_code == 400
    r = client.post(url, json={"move": "3", "version": 0, "x": 1}, headers=auth(south))
    assert r.status_code == 400 and "unknown field 'x'" in r.json()["error"]
    # nothing changed by any of that
    assert client.get(f"/api/games/{gid}").json()["version"] == 0
    r = client.post(url, json={"move": "3", "version": 0}, headers=auth(south))
    assert r.status_code == 200 and r.json()["version"] == 1 and r.json()["moves"] == ["3"]
    r = client.post(url, json={"move": "9", "version": 0}, headers=auth(north))
    assert r.status_code == 409 and r.json()["version"] == 1
    r = client.post(url, json={"move": "resign", "version": 1}, headers=auth(north))
    assert r.status_code == 200 and r.json()["over"] and r.json()["winners"] == [0]
    r = client.post(url, json={"move": "4", "version": 2}, headers=auth(south))
    assert r.status_code == 409 and r.json()["error"] == "the game is over"


def test_computer_replies(client: TestClient) -> None:
    gid, (south, _) = new_wari(client, {"type": "computer", "level": "normal"})
    r = client.post(f"/api/games/{gid}/moves", json={"move": "1", "version": 0},
                    headers=auth(south))
    assert r.status_code == 200
    view = wait_version(client, gid, 2, south)
    assert len(view["moves"]) == 2 and view["legal_moves"]


def test_computer_plays_first_and_computers_play_each_other(client: TestClient) -> None:
    r = client.post("/api/games", json={"game": "wari", "seed": 5, "seats": [
        {"type": "computer", "level": "easy"}, {"type": "computer", "level": "normal"}]})
    gid = r.json()["id"]
    deadline_view = wait_version(client, gid, 1)
    assert deadline_view["version"] >= 1
    for _ in range(200):
        view = client.get(f"/api/games/{gid}").json()
        if view["over"]:
            break
        wait_version(client, gid, view["version"] + 1)
    assert client.get(f"/api/games/{gid}").json()["over"]


def test_listing_and_filters(client: TestClient) -> None:
    gid, (south, _north) = new_wari(client)
    client.post(f"/api/games/{gid}/moves", json={"move": "resign", "version": 0},
                headers=auth(south))
    new_wari(client)
    active = client.get("/api/games?status=active").json()["games"]
    over = client.get("/api/games?status=over").json()["games"]
    assert len(active) == 1 and len(over) == 1 and over[0]["result"]["winners"] == [1]
    assert "token" not in str(active) and "seed" not in over[0]
    assert client.get("/api/games?status=lost").status_code == 400
    assert client.get("/api/games?game=chess").status_code == 400
    assert client.get("/api/games?limit=0").status_code == 400


def test_meta_and_openapi(client: TestClient) -> None:
    meta = client.get("/api/meta").json()
    wari = next(g for g in meta["games"] if g["name"] == "wari")
    assert wari["page"] and {lv["name"] for lv in wari["levels"]} >= {"easy", "normal", "strong"}
    # every level says its time per move and its measured rating (None until measured)
    for game in meta["games"]:
        for lv in game["levels"]:
            assert {"seconds", "rating", "rating_interval"} <= set(lv)
            assert lv["rating"] is None or isinstance(lv["rating"], int)
    spec = client.get("/openapi.json").json()
    assert {"/api/games", "/api/games/{id}", "/api/games/{id}/moves"} <= set(spec["paths"])


def test_unknown_pages_answer_json_404(client: TestClient) -> None:
    r = client.get("/no/such/page")
    assert r.status_code == 404 and r.json()["error"] == "there is no such page"
    assert client.get("/").status_code == 200
    assert client.get("/static/js/game.js").status_code == 200


def test_games_survive_a_new_app_on_the_same_database(db_path: Path) -> None:
    with TestClient(create_app(db_path, Settings(computer_workers=0))) as c:
        gid, (south, north) = new_wari(c)
        for v, (move, tok) in enumerate([("3", south), ("9", north), ("1", south)]):
            assert c.post(f"/api/games/{gid}/moves", json={"move": move, "version": v},
                          headers=auth(tok)).status_code == 200
    with TestClient(create_app(db_path, Settings(computer_workers=0))) as c:
        view = c.get(f"/api/games/{gid}", headers=auth(north)).json()
        assert view["moves"] == ["3", "9", "1"] and view["legal_moves"]


def test_too_many_games_per_address(db_path: Path) -> None:
    with TestClient(create_app(db_path, Settings(computer_workers=0,
                                                 max_active_games_per_client=2))) as c:
        new_wari(c)
        new_wari(c)
        r = c.post("/api/games", json={"game": "wari", "seats": [{"type": "person"}] * 2})
        assert r.status_code == 429 and "at most 2" in r.json()["error"]
