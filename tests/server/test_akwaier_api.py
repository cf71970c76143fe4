"""The API for the Akwaier page: seat names, the score list, the history of a game."""

from __future__ import annotations

import time
from typing import Any

from starlette.testclient import TestClient

from ludotheek.store import ScoreEntry
from tests.server.conftest import auth

COMPUTERS = [{"type": "computer", "level": "classic"}] * 5


def create(client: TestClient, seats: list[dict[str, Any]], **options: Any) -> dict[str, Any]:
    alone = sum(s["type"] == "person" for s in seats) <= 1  # a seed of one's own: practice
    r = client.post("/api/games", json={"game": "akwaier", "options": options, "seats": seats,
                                        **({"seed": 3} if alone else {})})
    assert r.status_code == 201, r.text
    data: dict[str, Any] = r.json()
    return data


def finished(client: TestClient, gid: str, timeout: float = 20) -> dict[str, Any]:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        view: dict[str, Any] = client.get(f"/api/games/{gid}").json()
        if view["over"]:
            return view
        time.sleep(0.05)
    raise AssertionError("the game did not finish")


def test_a_seat_name_becomes_the_games_name_for_that_seat(client: TestClient) -> None:
    gid = create(client, [*COMPUTERS[:2], {"type": "person", "name": "Janneke van Dam"},
                          *COMPUTERS[:3]], language="en")["id"]
    view = client.get(f"/api/games/{gid}").json()
    # cut to 8 letters and upper-cased, as the game does, everywhere
    assert view["names"] == ["GRANDPA", "GRANDMA", "JANNEKE", "SISTER", "DAD", "MUM"]
    assert view["names"][2] == view["state"]["names"][2] == view["seats"][2]["name"]
    assert view["options"]["names"][2] == view["names"][2]


def test_the_names_option_names_the_seats_too(client: TestClient) -> None:
    gid = create(client, [{"type": "person"}, *COMPUTERS], names="1:jan")["id"]
    view = client.get(f"/api/games/{gid}").json()
    assert view["seats"][0]["name"] == "JAN" and view["names"][0] == "JAN"
    assert view["state"]["names"] == ["JAN", "OMA", "BROER", "ZUS", "PA", "MA"]
    nameless = create(client, [{"type": "person"}, *COMPUTERS], names=["*"])["id"]
    assert client.get(f"/api/games/{nameless}").json()["names"][0] == "MENS"
    # names given to seats win over the option
    both = create(client, [{"type": "person", "name": "piet"}, *COMPUTERS], names="2:jan")["id"]
    assert client.get(f"/api/games/{both}").json()["names"][:2] == ["PIET", "OMA"]
    bad = client.post("/api/games", json={"game": "akwaier", "seats": [
        {"type": "person", "name": "a\u0007b"}, *COMPUTERS]})
    assert bad.status_code == 400 and "control characters" in bad.json()["error"]


def test_a_rematch_with_swapped_seats_keeps_each_name_with_its_person(
        client: TestClient) -> None:
    people = [{"type": "person", "name": "ANNA"}, {"type": "person", "name": "BOB"},
              *COMPUTERS[:4]]
    data = create(client, people)
    gid, token = data["id"], data["seats"][0]["token"]
    tokens = [s["token"] for s in data["seats"]]
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:  # the people play their first legal move
        view = client.get(f"/api/games/{gid}", headers=auth(tokens[0])).json()
        if view["over"]:
            break
        mover = view["to_move"]
        if view["thinking"] or mover is None or tokens[mover] is None:
            time.sleep(0.01)
            continue
        mine = client.get(f"/api/games/{gid}", headers=auth(tokens[mover])).json()
        move = mine["legal_moves"][0] if mine["legal_moves"] else None
        if move is None:
            continue
        client.post(f"/api/games/{gid}/moves", json={"move": move, "version": mine["version"]},
                    headers=auth(tokens[mover]))
    r = client.post(f"/api/games/{gid}/rematch", json={"swap": True}, headers=auth(token))
    assert r.status_code == 201
    new = client.get(f"/api/games/{r.json()['id']}").json()
    assert new["names"][:3] == ["OPA", "ANNA", "BOB"]
    assert new["state"]["names"][:3] == ["OPA", "ANNA", "BOB"]


def test_the_score_list_over_http(client: TestClient) -> None:
    assert client.get("/api/scores/akwaier").json() == {"game": "akwaier", "scores": []}
    assert client.get("/api/scores/chess").status_code == 404
    assert client.get("/api/scores/akwaier?limit=0").status_code == 400
    db = client.app.state.db  # type: ignore[attr-defined]
    db.scores.add("akwaier", [ScoreEntry("OPA", 150_000, "2024-05-01", "g1", 0),
                              ScoreEntry("JAN", 90_000, "2024-05-01", "g1", 3)])
    db.scores.add("akwaier", [ScoreEntry("OMA", 150_000, "2024-05-02", "g2", 1)])
    scores = client.get("/api/scores/akwaier").json()["scores"]
    assert scores == [
        {"place": 1, "name": "OPA", "value": 150_000, "date": "2024-05-01", "game_id": "g1",
         "seat": 0},
        {"place": 2, "name": "OMA", "value": 150_000, "date": "2024-05-02", "game_id": "g2",
         "seat": 1},
        {"place": 3, "name": "JAN", "value": 90_000, "date": "2024-05-01", "game_id": "g1",
         "seat": 3}]
    assert len(client.get("/api/scores/akwaier?limit=2").json()["scores"]) == 2


def test_a_finished_game_enters_the_score_list_with_its_id(client: TestClient) -> None:
    gid = create(client, [{"type": "computer", "level": "classic"}] * 6)["id"]
    view = finished(client, gid)
    # the server stores the last move, enters the score list, then tells the pages (so a
    # page's end dialog finds its entries); a plain GET can come in between
    deadline = time.monotonic() + 10
    while True:
        scores = client.get("/api/scores/akwaier").json()["scores"]
        mine = [s for s in scores if s["game_id"] == gid]
        if mine or time.monotonic() > deadline:
            break
        time.sleep(0.05)
    assert [s["value"] for s in mine] == sorted(view["scores"], reverse=True)
    assert sorted(s["seat"] for s in mine) == list(range(6))


def test_the_history_tells_what_every_move_did(client: TestClient) -> None:
    gid = create(client, [{"type": "computer", "level": "classic"}] * 6)["id"]
    view = finished(client, gid)
    history = client.get(f"/api/games/{gid}/history").json()
    moves = history["moves"]
    assert history["version"] == view["version"] == len(moves)
    assert [m["move"] for m in moves] == view["moves"]
    assert [m["number"] for m in moves] == list(range(1, len(moves) + 1))
    assert all(m["in_line"] and m["undo"] is None for m in moves)
    assert moves[0]["seat"] == 0 and moves[0]["events"][0]["seat"] == 0
    assert moves[-1]["over"] and moves[-1]["scores"] == view["scores"]
    assert moves[-1]["events"][-1]["type"] == "end"
    kinds = {e["type"] for m in moves for e in m["events"]}
    assert {"found", "buy", "merger"} <= kinds
    # a part of it, and what is refused
    part = client.get(f"/api/games/{gid}/history?from=5&to=7").json()["moves"]
    assert part == moves[4:7]
    assert client.get(f"/api/games/{gid}/history?from=0").status_code == 400
    assert client.get(f"/api/games/{gid}/history?from=x").status_code == 400
    assert client.get("/api/games/nosuch/history").status_code == 404
    # nothing hidden: no hands, no bag order, no seed
    text = str(moves)
    assert "hands" not in text and "'seed'" not in text


def test_the_akwaier_page_is_offered_and_described(client: TestClient) -> None:
    meta = client.get("/api/meta").json()
    akwaier = next(g for g in meta["games"] if g["name"] == "akwaier")
    assert akwaier["page"]
    spec = client.get("/openapi.json").json()
    assert {"/api/scores/{game}", "/api/games/{id}/history", "/api/games/{id}/undo",
            "/api/client-errors"} <= set(spec["paths"])
    assert client.get("/static/js/games/akwaier.js").status_code == 200
    assert client.get("/static/css/akwaier.css").status_code == 200
