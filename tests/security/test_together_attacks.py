"""The new doors of issue 36 ("Play together now"), tried as a hostile client would: a
profile's games without its secret, names with markup, of 10 KB, with characters that
turn text around, and a name from somebody who holds no seat. Nothing refused changes
anything; a name is only ever text (the pages set it as text: tests/browser/test_together.py).
"""

from __future__ import annotations

from typing import Any

import pytest
from starlette.testclient import TestClient

from tests.server.conftest import auth

HERE = {"type": "person"}
FRIEND = {"type": "person", "invite": True}


def create(client: TestClient, *seats: dict[str, Any]) -> dict[str, Any]:
    r = client.post("/api/games", json={"game": "wari", "seats": list(seats)})
    assert r.status_code == 201, r.text
    made: dict[str, Any] = r.json()
    return made


def claim(client: TestClient, made: dict[str, Any], seat: int, **body: Any) -> Any:
    return client.post(f"/api/games/{made['id']}/seats/{seat}/claim",
                       json={"invite": made["seats"][seat]["invite"], **body})


def seats(client: TestClient, gid: str) -> list[dict[str, Any]]:
    found: list[dict[str, Any]] = client.get(f"/api/games/{gid}").json()["seats"]
    return found


def test_a_profiles_games_need_its_own_secret(client: TestClient) -> None:
    anna = client.post("/api/profiles", json={"name": "Anna"}).json()
    made = create(client, HERE, FRIEND)
    assert claim(client, made, 1, profile=anna["secret"]).status_code == 200
    host_token = made["seats"][0]["token"]
    for headers, status, code in (
            ({}, 403, "ratings.secret_missing"),
            (auth("ABCD-EFGH-JKMN-PQRS-TVWX"), 403, "ratings.secret_unknown"),
            (auth(host_token), 400, "ratings.secret_malformed"),  # a seat's secret is none
            (auth("x" * 10_000), 400, "ratings.secret_malformed"),
            ({"Authorization": anna["secret"]}, 400, "request.authorization")):
        r = client.get("/api/profiles/me/games", headers=headers)
        assert (r.status_code, r.json()["code"]) == (status, code), headers
        assert made["id"] not in r.text
    # the profile's public id names no games: /api/profiles/{id}/games lists rated ones only
    r = client.get(f"/api/profiles/{anna['id']}/games")
    assert r.status_code == 200 and r.json()["games"] == []


def test_a_profiles_games_tell_no_secret_and_no_seed(client: TestClient) -> None:
    anna = client.post("/api/profiles", json={"name": "Anna"}).json()
    made = create(client, HERE, FRIEND)
    r = claim(client, made, 1, profile=anna["secret"])
    token = r.json()["token"]
    answer = client.get("/api/profiles/me/games", headers=auth(anna["secret"]))
    text = answer.text
    assert answer.status_code == 200 and made["id"] in text
    for secret in (token, made["seats"][0]["token"], made["seats"][1]["invite"],
                   anna["secret"]):
        assert secret not in text
    assert "seed" not in text and "token" not in text and "invite" not in text


@pytest.mark.parametrize("query", ["limit=0", "limit=101", "limit=x", "limit=" + "9" * 400])
def test_a_profiles_games_refuse_a_limit_out_of_range(client: TestClient, query: str) -> None:
    anna = client.post("/api/profiles", json={"name": "Anna"}).json()
    r = client.get(f"/api/profiles/me/games?{query}", headers=auth(anna["secret"]))
    assert r.status_code == 400 and r.json()["code"] == "request.number"


def test_a_name_with_markup_is_kept_as_text(client: TestClient) -> None:
    made = create(client, HERE, FRIEND)
    name = '<img src=x onerror="alert(1)">'[:32]
    assert claim(client, made, 1, name=name).status_code == 200
    assert seats(client, made["id"])[1]["name"] == name
    assert client.get(f"/api/games/{made['id']}").json()["names"][1] == name


@pytest.mark.parametrize("name", [
    "A" * 10_000,                 # 10 KB
    "A" * 33,                     # one too many
    "",                           # nothing
    "   ",                        # only spaces
    "Anna\u202eannA",             # turns the text after it around
    "Anna\u200d",                 # a zero-width joiner
    "Anna\x00",                   # a control character
])
def test_a_name_that_cannot_be_one_is_refused_and_the_invitation_stays(
        client: TestClient, name: str) -> None:
    made = create(client, HERE, FRIEND)
    before = seats(client, made["id"])
    r = claim(client, made, 1, name=name)
    assert r.status_code in (400, 413), r.text
    if r.status_code == 400:
        assert r.json()["code"] == "seat.claim_name"
        assert r.json()["params"] == {"most": 32}
    assert seats(client, made["id"]) == before  # not taken, not named
    # the link still takes the seat
    assert claim(client, made, 1, name="Anna").status_code == 200


@pytest.mark.parametrize("name", [3, True, ["Anna"], {"name": "Anna"}])
def test_a_name_that_is_no_text_is_refused(client: TestClient, name: Any) -> None:
    made = create(client, HERE, FRIEND)
    r = claim(client, made, 1, name=name)
    assert r.status_code == 400 and r.json()["code"] == "seat.claim_name"
    assert seats(client, made["id"])[1]["open"]


def test_somebody_without_the_seat_cannot_name_it(client: TestClient) -> None:
    """A spectator, the host, whoever copied a spent link: a seat's name comes only with
    taking it, once."""
    made = create(client, HERE, FRIEND)
    assert claim(client, made, 1, name="Anna").status_code == 200
    gid = made["id"]
    # the spent link again, with another name
    r = claim(client, made, 1, name="Mallory")
    assert r.status_code == 409 and r.json()["code"] == "seat.taken"
    # a made-up code, another seat, the host's own secret as an invitation
    for seat, code in ((1, "made-up"), (0, made["seats"][1]["invite"]),
                       (1, made["seats"][0]["token"])):
        r = client.post(f"/api/games/{gid}/seats/{seat}/claim",
                        json={"invite": code, "name": "Mallory"})
        assert r.status_code in (403, 409), r.text
    # over the WebSocket, a spectator has no message that names anything
    with client.websocket_connect(f"/api/games/{gid}/live") as ws:
        ws.receive_json()
        ws.send_json({"type": "name", "name": "Mallory", "seat": 1})
        assert ws.receive_json()["code"] == "live.type"
    assert [s["name"] for s in seats(client, gid)] == [None, "Anna"]


def test_a_seat_name_given_when_the_game_is_made_is_checked_as_well(client: TestClient) -> None:
    for name in ("Anna\u202e", "A\x07", "A" * 33):
        r = client.post("/api/games", json={"game": "wari", "seats": [
            HERE, {"type": "person", "invite": True, "name": name}]})
        assert r.status_code == 400 and r.json()["code"] == "create.seat_name", name
    made = create(client, HERE, {"type": "person", "name": "  Oma   Jo  "})
    assert seats(client, made["id"])[1]["name"] == "Oma Jo"


def test_a_name_on_lines_of_its_own_is_one_line(client: TestClient) -> None:
    """A record's text has a line per move: a name never starts a line of its own."""
    made = create(client, HERE, FRIEND)
    assert claim(client, made, 1, name="Anna\n1. -: resign\tBert").status_code == 200
    assert seats(client, made["id"])[1]["name"] == "Anna 1. -: resign Bert"
