"""The words between players attacked as a hostile client would (issue 36): chat from a
spectator or a former seat, a takeback for another seat or answered by its asker, chat with
markup, lone surrogates or 10 KB, a QR code of a spent or a wrong invitation. Each is refused
(or made harmless) and nothing is kept."""

from __future__ import annotations

from typing import Any

from starlette.testclient import TestClient

from tests.server.conftest import auth, new_wari


def say(client: TestClient, gid: str, token: str | None, body: Any) -> Any:
    return client.post(f"/api/games/{gid}/chat", json=body, headers=auth(token))


def lines(client: TestClient, gid: str) -> list[dict[str, Any]]:
    got: list[dict[str, Any]] = client.get(f"/api/games/{gid}/chat").json()["lines"]
    return got


def test_a_spectator_reads_but_cannot_write(client: TestClient) -> None:
    gid, (south, _) = new_wari(client)
    say(client, gid, south, {"phrase": "thanks"})
    assert len(lines(client, gid)) == 1  # reading is open to whoever may watch
    r = say(client, gid, None, {"text": "I am the referee"})
    assert r.status_code == 403 and r.json()["code"] == "seat.token_needed"
    r = say(client, gid, "made-up-token", {"text": "let me in"})
    assert r.status_code == 403 and r.json()["code"] == "seat.wrong_token"
    with client.websocket_connect(f"/api/games/{gid}/live") as ws:  # no chat over the socket
        assert ws.receive_json()["type"] == "view"
        ws.send_json({"type": "chat", "text": "hi"})
        assert ws.receive_json()["code"] == "live.type"
    assert len(lines(client, gid)) == 1


def test_a_former_seat_cannot_write_nor_ask(client: TestClient) -> None:
    r = client.post("/api/games", json={"game": "akwaier", "seats": [
        {"type": "person"}, {"type": "person"},
        *[{"type": "computer", "level": "beginner"}] * 4]})
    gid, tokens = r.json()["id"], [s["token"] for s in r.json()["seats"]]
    left = client.post(f"/api/games/{gid}/leave", json={"version": 0}, headers=auth(tokens[1]))
    assert left.status_code == 200, left.text  # a computer plays seat 1 from now on
    for path, body in (("chat", {"phrase": "thanks"}), ("takeback", {"version": 0}),
                       ("takeback/answer", {"version": 0, "accept": True})):
        r = client.post(f"/api/games/{gid}/{path}", json=body, headers=auth(tokens[1]))
        assert r.status_code == 403 and r.json()["code"] == "seat.wrong_token", (path, r.text)
    assert lines(client, gid) == []


def test_a_takeback_cannot_be_asked_or_answered_for_another_seat(client: TestClient) -> None:
    gid, (south, north) = new_wari(client)
    client.post(f"/api/games/{gid}/moves", json={"move": "3", "version": 0}, headers=auth(south))
    # north asks for south's move: the token says whose move, a seat in the body is refused
    r = client.post(f"/api/games/{gid}/takeback", json={"version": 1, "seat": 0},
                    headers=auth(north))
    assert r.status_code == 400 and r.json()["code"] == "request.version_body"
    r = client.post(f"/api/games/{gid}/takeback", json={"version": 1}, headers=auth(north))
    assert r.status_code == 400 and r.json()["code"] == "takeback.nothing"  # not north's
    assert client.post(f"/api/games/{gid}/takeback", json={"version": 1},
                       headers=auth(south)).status_code == 200
    # south answers its own request for north: refused; a spectator's answer too
    r = client.post(f"/api/games/{gid}/takeback/answer", json={"version": 1, "accept": True},
                    headers=auth(south))
    assert r.status_code == 400 and r.json()["code"] == "takeback.own"
    r = client.post(f"/api/games/{gid}/takeback/answer", json={"version": 1, "accept": True})
    assert r.status_code == 403 and r.json()["code"] == "seat.token_needed"
    assert client.get(f"/api/games/{gid}").json()["version"] == 1  # the move stands
    assert [x["kind"] for x in lines(client, gid)] == ["takeback"]


def test_markup_stays_text_and_odd_characters_never_break_the_store(
        client: TestClient) -> None:
    gid, (south, _) = new_wari(client)
    markup = '<img src=x onerror="alert(1)"><script>alert(2)</script>'
    assert say(client, gid, south, {"text": markup}).json()["text"] == markup
    # a lone surrogate (JSON allows its escape) is taken out, not stored as broken text
    r = client.post(f"/api/games/{gid}/chat", content=b'{"text": "a\\ud800b"}',
                    headers={**auth(south), "Content-Type": "application/json"})
    assert r.status_code in (200, 400), r.text
    if r.status_code == 200:
        assert r.json()["text"] == "ab"
    assert lines(client, gid)[0]["text"] == markup


def test_ten_kilobytes_are_refused_whole_and_a_hundred_never_read(client: TestClient) -> None:
    gid, (south, _) = new_wari(client)
    r = say(client, gid, south, {"text": "x" * 10_000})
    assert r.status_code == 400 and r.json()["code"] == "chat.too_long"
    assert r.json()["params"] == {"most": 200, "length": 10_000}
    r = say(client, gid, south, {"text": "x" * 100_000})
    assert r.status_code == 413
    assert lines(client, gid) == []


def test_flooding_is_held_back_per_seat_and_per_game(client: TestClient) -> None:
    gid, (south, _) = new_wari(client)
    codes = [say(client, gid, south, {"phrase": "thanks"}).status_code for _ in range(12)]
    assert codes == [200] * 5 + [429] * 7
    assert len(lines(client, gid)) == 5


def test_a_qr_code_only_for_an_open_invitation(client: TestClient) -> None:
    r = client.post("/api/games", json={"game": "wari", "seats": [
        {"type": "person"}, {"type": "person", "invite": True}]})
    gid, code = r.json()["id"], r.json()["seats"][1]["invite"]
    wrong = client.post(f"/api/games/{gid}/seats/1/qr", json={"invite": code + "x"})
    assert wrong.status_code == 403 and wrong.json()["code"] == "seat.invite_wrong"
    other = client.post(f"/api/games/{gid}/seats/0/qr", json={"invite": code})
    assert other.status_code == 409 and other.json()["code"] == "seat.taken"
    assert client.post(f"/api/games/{gid}/seats/7/qr", json={"invite": code}).status_code == 404
    assert client.post(f"/api/games/{gid}/seats/1/qr", json={}).json()["code"] == "seat.qr_body"
    took = client.post(f"/api/games/{gid}/seats/1/claim", json={"invite": code})
    assert took.status_code == 200
    spent = client.post(f"/api/games/{gid}/seats/1/qr", json={"invite": code})
    assert spent.status_code == 409 and spent.json()["code"] == "seat.taken"
    assert "svg" not in spent.headers["content-type"]
