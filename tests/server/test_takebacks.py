"""Takeback requests between people (issue 36): asked, agreed to or refused; only for one's own
last move, not in rated games, only where the game says taking it back reveals nothing."""

from __future__ import annotations

from typing import Any

from starlette.testclient import TestClient

from ludotheek.games import get
from tests.server.conftest import auth, new_wari


def move(client: TestClient, gid: str, token: str | None, text: str, version: int) -> Any:
    r = client.post(f"/api/games/{gid}/moves", json={"move": text, "version": version},
                    headers=auth(token))
    assert r.status_code == 200, r.text
    return r.json()


def ask(client: TestClient, gid: str, token: str | None, version: int) -> Any:
    return client.post(f"/api/games/{gid}/takeback", json={"version": version},
                       headers=auth(token))


def answer(client: TestClient, gid: str, token: str | None, version: int,
           accept: bool) -> Any:
    return client.post(f"/api/games/{gid}/takeback/answer",
                       json={"version": version, "accept": accept}, headers=auth(token))


def kinds(client: TestClient, gid: str) -> list[tuple[int, str]]:
    return [(x["seat"], x["kind"]) for x in client.get(f"/api/games/{gid}/chat").json()["lines"]]


def test_asked_and_agreed_the_move_is_taken_back_as_an_undo(client: TestClient) -> None:
    gid, (south, north) = new_wari(client)
    start = client.get(f"/api/games/{gid}", headers=auth(south)).json()
    view = move(client, gid, south, "3", 0)
    assert view["can_take_back"] is True
    assert client.get(f"/api/games/{gid}", headers=auth(north)).json()["can_take_back"] is False
    r = ask(client, gid, south, 1)
    assert r.status_code == 200 and r.json()["kind"] == "takeback", r.text
    again = ask(client, gid, south, 1)
    assert again.status_code == 409 and again.json()["code"] == "takeback.pending"
    own = answer(client, gid, south, 1, True)
    assert own.status_code == 400 and own.json()["code"] == "takeback.own"
    with client.websocket_connect(f"/api/games/{gid}/live?token={south}") as ws:
        assert ws.receive_json()["type"] == "view"
        r = answer(client, gid, north, 1, True)
        assert r.status_code == 200, r.text
        assert r.json()["version"] == 2 and r.json()["to_move"] == 0 and r.json()["moves"] == [
            "3", "undo 0"]
        said = ws.receive_json()
        assert said["type"] == "chat" and said["lines"][0]["kind"] == "takeback_yes"
        pushed = ws.receive_json()
        assert pushed["type"] == "view" and pushed["view"]["version"] == 2
    assert kinds(client, gid) == [(0, "takeback"), (1, "takeback_yes")]
    # the record: the move stays, the undo after it; the position is the start's again
    rec = client.get(f"/api/games/{gid}/record").json()
    assert [m if isinstance(m, str) else m["action"] for m in rec["moves"]] == ["3", "undo"]
    now = client.get(f"/api/games/{gid}", headers=auth(south)).json()
    assert now["state"] == start["state"] and now["legal_moves"] == start["legal_moves"]
    # the request was about version 1: it is over
    assert answer(client, gid, north, 1, True).json()["code"] == "game.version"
    assert answer(client, gid, north, 2, True).json()["code"] == "takeback.none"


def test_a_refusal_ends_the_request_and_the_move_stands(client: TestClient) -> None:
    gid, (south, north) = new_wari(client)
    move(client, gid, south, "3", 0)
    assert ask(client, gid, south, 1).status_code == 200
    r = answer(client, gid, north, 1, False)
    assert r.status_code == 200 and r.json()["version"] == 1
    assert answer(client, gid, north, 1, True).json()["code"] == "takeback.none"
    # asked again, then withdrawn by its asker
    assert ask(client, gid, south, 1).status_code == 200
    assert answer(client, gid, south, 1, False).status_code == 200
    assert kinds(client, gid) == [(0, "takeback"), (1, "takeback_no"), (0, "takeback"),
                                  (0, "takeback_no")]
    assert client.get(f"/api/games/{gid}").json()["version"] == 1


def test_asked_after_the_other_has_moved_it_is_refused_with_the_reason(
        client: TestClient) -> None:
    gid, (south, north) = new_wari(client)
    move(client, gid, south, "3", 0)
    move(client, gid, north, "9", 1)
    r = ask(client, gid, south, 2)
    assert r.status_code == 409 and r.json()["code"] == "takeback.moved_on", r.text
    assert "moved since" in r.json()["error"]
    # and a request still open when the other moves is over
    assert ask(client, gid, north, 2).status_code == 200
    move(client, gid, south, "4", 2)
    assert answer(client, gid, south, 3, True).json()["code"] == "takeback.none"
    assert ask(client, gid, north, 2).json()["code"] == "game.version"


def test_nothing_to_take_back_before_ones_first_move(client: TestClient) -> None:
    gid, (south, north) = new_wari(client)
    assert ask(client, gid, south, 0).json()["code"] == "takeback.nothing"
    move(client, gid, south, "3", 0)
    assert ask(client, gid, north, 1).json()["code"] == "takeback.nothing"


def test_against_the_computer_a_takeback_is_an_undo(client: TestClient) -> None:
    gid, (south, _) = new_wari(client, {"type": "computer", "level": "beginner"})
    r = ask(client, gid, south, 0)
    assert r.status_code == 400 and r.json()["code"] == "takeback.alone"


def test_in_akwaier_a_placement_cannot_be_taken_back_but_buying_can(
        client: TestClient) -> None:
    r = client.post("/api/games", json={"game": "akwaier", "seats": [
        {"type": "person"}, {"type": "person"},
        *[{"type": "computer", "level": "beginner"}] * 4]})
    gid = r.json()["id"]
    tokens = [s["token"] for s in r.json()["seats"]]
    view = client.get(f"/api/games/{gid}", headers=auth(tokens[0])).json()
    placed = move(client, gid, tokens[0], next(m for m in view["legal_moves"] if "+" in m), 0)
    assert placed["to_move"] == 0 and placed["state"]["phase"] == "buy"
    assert placed["can_take_back"] is False  # the tile drawn after it has been seen
    r = ask(client, gid, tokens[0], 1)
    assert r.status_code == 400 and r.json()["code"] == "takeback.reveals", r.text
    assert r.json()["params"] == {"game": "akwaier"}
    bought = move(client, gid, tokens[0], "buy none", 1)
    assert bought["to_move"] == 1 and bought["can_take_back"] is True  # it drew nothing
    assert ask(client, gid, tokens[0], 2).status_code == 200
    back = answer(client, gid, tokens[1], 2, True)
    assert back.status_code == 200 and back.json()["moves"][-1] == "undo 1"
    again = client.get(f"/api/games/{gid}", headers=auth(tokens[0])).json()
    assert again["to_move"] == 0 and again["state"]["phase"] == "buy"
    game = get("akwaier")
    start = game.new(seed=5)
    after = start.play(next(m for m in start.legal_moves() if "+" in m))
    later = after.play("buy none")
    assert not game.can_take_back(start, after) and game.can_take_back(after, later)
    assert all(get(name).can_take_back(get(name).new(seed=1), get(name).new(seed=1))
               for name in ("wari", "haaienzee", "aqua_romana"))


def test_a_rated_game_has_no_takebacks(client: TestClient) -> None:
    made = [client.post("/api/profiles", json={"name": n}).json() for n in ("Ann", "Bob")]
    r = client.post("/api/games", json={"game": "wari", "rated": True, "seats": [
        {"type": "person", "profile": made[0]["secret"]},
        {"type": "person", "invite": True}]})
    assert r.status_code == 201, r.text
    gid, south, code = r.json()["id"], r.json()["seats"][0]["token"], r.json()["seats"][1]["invite"]
    took = client.post(f"/api/games/{gid}/seats/1/claim",
                       json={"invite": code, "profile": made[1]["secret"]})
    assert took.status_code == 200, took.text
    view = move(client, gid, south, "3", 0)
    assert view["can_take_back"] is False
    assert ask(client, gid, south, 1).json()["code"] == "takeback.rated"


def test_in_a_game_of_three_every_other_person_agrees(client: TestClient) -> None:
    r = client.post("/api/games", json={"game": "aqua_romana", "options": {
        "players": 3, "first": 1}, "seats": [{"type": "person"}] * 3})
    assert r.status_code == 201, r.text
    gid, tokens = r.json()["id"], [s["token"] for s in r.json()["seats"]]
    view = client.get(f"/api/games/{gid}", headers=auth(tokens[0])).json()
    move(client, gid, tokens[0], view["legal_moves"][0], 0)
    assert ask(client, gid, tokens[0], 1).status_code == 200
    r = answer(client, gid, tokens[1], 1, True)
    assert r.status_code == 200 and r.json()["version"] == 1  # one more must agree
    assert answer(client, gid, tokens[1], 1, True).json()["code"] == "takeback.answered"
    r = answer(client, gid, tokens[2], 1, True)
    assert r.status_code == 200 and r.json()["version"] == 2
    assert r.json()["moves"][-1] == "undo 0"
