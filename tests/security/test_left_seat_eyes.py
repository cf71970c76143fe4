"""Hole 8 of issue 34: a seat that left kept its eyes.

After ``POST /leave`` (in Akwaier a computer player takes the seat over) the seat's open
WebSocket still got that seat's views, its hand of tiles included, while HTTP with the same
token was refused. Now a connection sees a seat's views only while the secret it came with
is the seat's (server/play/hub.py ``close_seats``): it is told ``seat_closed`` and watches as a
spectator from then on; the same when the seat's secret is replaced (taken up on another
device).
"""

from __future__ import annotations

from typing import Any

from starlette.testclient import TestClient
from starlette.testclient import WebSocketTestSession as Socket

from tests.server.conftest import auth

HERE = {"type": "person"}
COMPUTERS = [{"type": "computer", "level": "novice"}] * 4


def akwaier(client: TestClient, second: dict[str, Any]) -> tuple[str, str, str]:
    """Akwaier of two people (seat 0 here, seat 1 ``second``) and four computers: the id,
    seat 0's token and seat 1's (or its invite code)."""
    r = client.post("/api/games", json={"game": "akwaier", "seats": [HERE, second, *COMPUTERS]})
    assert r.status_code == 201, r.text
    seats = r.json()["seats"]
    return r.json()["id"], seats[0]["token"], seats[1]["token"] or seats[1]["invite"]


def next_views(ws: Socket, until: int) -> list[dict[str, Any]]:
    """The messages on ``ws`` up to the first view at version ``until`` or later (each
    ``views`` message counted as its views)."""
    got: list[dict[str, Any]] = []
    for _ in range(200):
        msg = ws.receive_json()
        parts = [{"type": "view", "view": v} for v in msg["views"]] \
            if msg["type"] == "views" else [msg]
        got += parts
        if any(p["type"] == "view" and p["view"]["version"] >= until for p in parts):
            return got
    raise AssertionError("no view at that version came")


def hand(view: dict[str, Any]) -> Any:
    return view["state"].get("hand")


def test_a_seat_that_left_gets_no_more_of_its_hand_on_its_socket(client: TestClient) -> None:
    """The attack: seat 1 opens its socket, leaves over HTTP, and keeps watching."""
    gid, first, second = akwaier(client, HERE)
    with client.websocket_connect(f"/api/games/{gid}/live?token={second}") as ws:
        opening = ws.receive_json()["view"]
        assert opening["seat"] == 1 and hand(opening)  # its own tiles, while it is its seat
        r = client.post(f"/api/games/{gid}/leave", json={"version": 0}, headers=auth(second))
        assert r.status_code == 200 and r.json()["seat"] is None
        assert client.get(f"/api/games/{gid}", headers=auth(second)).status_code == 403
        view = client.get(f"/api/games/{gid}", headers=auth(first)).json()
        r = client.post(f"/api/games/{gid}/moves", headers=auth(first),
                        json={"move": view["legal_moves"][0], "version": view["version"]})
        assert r.status_code == 200, r.text
        after = next_views(ws, 1)
    closed = [m for m in after if m["type"] == "seat_closed"]
    assert closed == [{"type": "seat_closed", "seat": 1}], after[:2]
    views = [m["view"] for m in after if m["type"] == "view"]
    assert views and after.index(closed[0]) < after.index(next(
        m for m in after if m["type"] == "view"))
    for v in views:  # a spectator's: no seat, no hand
        assert v["seat"] is None and hand(v) is None, v["state"].get("hand")


def test_a_move_sent_on_a_closed_seats_socket_is_refused(client: TestClient) -> None:
    gid, _, second = akwaier(client, HERE)
    with client.websocket_connect(f"/api/games/{gid}/live?token={second}") as ws:
        ws.receive_json()
        assert client.post(f"/api/games/{gid}/leave", json={"version": 0},
                           headers=auth(second)).status_code == 200
        assert ws.receive_json() == {"type": "seat_closed", "seat": 1}
        ws.send_json({"type": "view"})
        seen = ws.receive_json()
        while seen["type"] != "view" or seen["view"]["seat"] is not None:
            seen = ws.receive_json()
        ws.send_json({"type": "move", "move": "J13", "version": seen["view"]["version"]})
        refused = ws.receive_json()
        while refused["type"] != "error":
            refused = ws.receive_json()
    assert refused["code"] == "live.seat_closed" and refused["status"] == 403


def test_the_other_seats_socket_keeps_its_own_view(client: TestClient) -> None:
    gid, first, second = akwaier(client, HERE)
    with client.websocket_connect(f"/api/games/{gid}/live?token={first}") as ws:
        assert ws.receive_json()["view"]["seat"] == 0
        assert client.post(f"/api/games/{gid}/leave", json={"version": 0},
                           headers=auth(second)).status_code == 200
        msg = ws.receive_json()
        assert msg["type"] == "view" and msg["view"]["seat"] == 0 and hand(msg["view"])


def test_a_seat_taken_up_on_another_device_closes_the_old_devices_eyes(
        client: TestClient) -> None:
    bert = client.post("/api/profiles", json={"name": "Bert"}).json()
    gid, _, invite = akwaier(client, {"type": "person", "invite": True})
    r = client.post(f"/api/games/{gid}/seats/1/claim",
                    json={"invite": invite, "profile": bert["secret"]})
    phone = r.json()["token"]
    with client.websocket_connect(f"/api/games/{gid}/live?token={phone}") as ws:
        assert hand(ws.receive_json()["view"])
        r = client.post(f"/api/games/{gid}/seats/1/resume", json={"profile": bert["secret"]})
        assert r.status_code == 200
        assert ws.receive_json() == {"type": "seat_closed", "seat": 1}
        msg = ws.receive_json()
        assert msg["type"] == "view" and msg["view"]["seat"] is None and not hand(msg["view"])
    # the old token is refused on a new socket too; the new one sees the seat
    with client.websocket_connect(f"/api/games/{gid}/live?token={phone}") as ws:
        assert ws.receive_json()["code"] == "seat.wrong_token"
    with client.websocket_connect(f"/api/games/{gid}/live?token={r.json()['token']}") as ws:
        assert ws.receive_json()["view"]["seat"] == 1


def test_a_seat_that_resigned_keeps_its_view_of_the_finished_game(client: TestClient) -> None:
    """DECISION: leaving a game of two seats resigns; the seat stays its person's (for the
    rematch), so its connection keeps the seat's view, as HTTP does with its token."""
    made = client.post("/api/games", json={"game": "wari", "seats": [HERE, HERE]}).json()
    gid, south = made["id"], made["seats"][0]["token"]
    with client.websocket_connect(f"/api/games/{gid}/live?token={south}") as ws:
        ws.receive_json()
        assert client.post(f"/api/games/{gid}/leave", json={"version": 0},
                           headers=auth(south)).status_code == 200
        msg = ws.receive_json()
        assert msg["type"] == "view" and msg["view"]["over"] and msg["view"]["seat"] == 0
    assert client.get(f"/api/games/{gid}", headers=auth(south)).json()["seat"] == 0
