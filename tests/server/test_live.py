"""The WebSocket: views pushed to seats and spectators, moves, bad messages."""

from __future__ import annotations

from starlette.testclient import TestClient

from tests.server.conftest import auth, new_wari


def test_views_are_pushed_to_every_watcher(client: TestClient) -> None:
    gid, (south, north) = new_wari(client)
    with client.websocket_connect(f"/api/games/{gid}/live?token={north}") as ws_north, \
            client.websocket_connect(f"/api/games/{gid}/live") as ws_spec:
        assert ws_north.receive_json()["view"]["seat"] == 1
        assert ws_spec.receive_json()["view"]["seat"] is None
        r = client.post(f"/api/games/{gid}/moves", json={"move": "3", "version": 0},
                        headers=auth(south))
        assert r.status_code == 200
        pushed = ws_north.receive_json()["view"]
        assert pushed["version"] == 1 and pushed["legal_moves"] == [str(c) for c in range(7, 13)]
        spec = ws_spec.receive_json()["view"]
        assert spec["version"] == 1 and spec["legal_moves"] == []


def test_moves_over_the_websocket(client: TestClient) -> None:
    gid, (south, _north) = new_wari(client)
    with client.websocket_connect(f"/api/games/{gid}/live?token={south}") as ws:
        ws.receive_json()
        ws.send_json({"type": "move", "move": "13", "version": 0})
        err = ws.receive_json()
        assert err == {"type": "error", "status": 400,
                       "error": "there is no cup 13; the cups are numbered 1-12",
                       "code": "wari.no_cup", "params": {"cup": 13}, "cup": 13}
        ws.send_json({"type": "move", "move": "3", "version": 0})
        assert ws.receive_json()["view"]["version"] == 1
        ws.send_json({"type": "move", "move": "4", "version": 1})
        assert ws.receive_json()["error"] == "it is not your turn"
        ws.send_json({"type": "ping"})
        assert ws.receive_json() == {"type": "pong"}


def test_garbage_gets_an_error_and_the_connection_stays(client: TestClient) -> None:
    gid, (south, _) = new_wari(client)
    with client.websocket_connect(f"/api/games/{gid}/live?token={south}") as ws:
        ws.receive_json()
        for garbage, message in [("not json", "not JSON"), ("[1]", "JSON object"),
                                 ('{"type": "dance"}', "unknown message type"),
                                 ('{"type": "move", "move": "3", "version": "0"}', "version"),
                                 ("x" * 70_000, "larger than")]:
            ws.send_text(garbage)
            reply = ws.receive_json()
            assert reply["type"] == "error" and reply["status"] == 400
            assert message in reply["error"]
        ws.send_bytes(b"\x00\x01")
        assert ws.receive_json()["error"] == "send JSON text messages"
        ws.send_json({"type": "ping"})
        assert ws.receive_json() == {"type": "pong"}
    assert client.get(f"/api/games/{gid}").json()["version"] == 0


def test_wrong_token_or_game_is_refused(client: TestClient) -> None:
    gid, _ = new_wari(client)
    with client.websocket_connect(f"/api/games/{gid}/live?token=bad") as ws:
        msg = ws.receive_json()
        assert msg["status"] == 403
    with client.websocket_connect("/api/games/nothere/live") as ws:
        assert ws.receive_json()["status"] == 404


def test_spectators_cannot_move(client: TestClient) -> None:
    gid, _ = new_wari(client)
    with client.websocket_connect(f"/api/games/{gid}/live") as ws:
        ws.receive_json()
        ws.send_json({"type": "move", "move": "3", "version": 0})
        assert ws.receive_json()["status"] == 403
