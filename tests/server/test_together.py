"""Playing together (issue 36): the names people give when they take a seat, who is here
(joined, gone, back, told to the others as it happens) and a profile's games on every
device with whose turn it is."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from ludotheek.server import Settings, create_app
from ludotheek.server.api.answers.profiles import PlayingGame
from tests.server.conftest import auth, fits

HERE = {"type": "person"}
FRIEND = {"type": "person", "invite": True}


@pytest.fixture
def quick(db_path: Path) -> Iterator[TestClient]:
    """A server whose people are told gone after 0.2 s without a connection."""
    app = create_app(db_path, Settings(computer_workers=0, requests_per_second=0,
                                       presence_grace=0.2))
    with TestClient(app) as c:
        yield c


def create(client: TestClient, seats: list[dict[str, Any]], game: str = "wari",
           **options: Any) -> dict[str, Any]:
    r = client.post("/api/games", json={"game": game, "seats": seats, "options": options})
    assert r.status_code == 201, r.text
    made: dict[str, Any] = r.json()
    return made


def claim(client: TestClient, made: dict[str, Any], seat: int, **body: Any) -> Any:
    return client.post(f"/api/games/{made['id']}/seats/{seat}/claim",
                       json={"invite": made["seats"][seat]["invite"], **body})


def names(client: TestClient, gid: str, lang: str = "en") -> list[str]:
    found: list[str] = client.get(f"/api/games/{gid}?lang={lang}").json()["names"]
    return found


def test_the_name_given_when_a_seat_is_taken_is_the_seats_everywhere(client: TestClient) -> None:
    made = create(client, [{"type": "person", "name": "Host"}, FRIEND])
    gid = made["id"]
    assert names(client, gid) == ["Host", "North"]
    r = claim(client, made, 1, name="  Anna   de Vries ")
    assert r.status_code == 200, r.text
    for lang in ("en", "nl", "no"):  # a person's name is the same in every language
        assert names(client, gid, lang) == ["Host", "Anna de Vries"]
    view = client.get(f"/api/games/{gid}").json()
    assert view["seats"][1]["name"] == "Anna de Vries"
    # the lobby's lists, the record and its text say it too
    listed = client.get(f"/api/games?ids={gid}").json()["games"][0]
    assert listed["names"] == ["Host", "Anna de Vries"]
    assert client.get(f"/api/games/{gid}/record").json()["names"] == ["Host", "Anna de Vries"]
    assert "Anna de Vries" in client.get(f"/api/games/{gid}/record.txt").text


def test_a_profiles_name_comes_before_the_name_sent(client: TestClient) -> None:
    bert = client.post("/api/profiles", json={"name": "Bert"}).json()
    made = create(client, [HERE, FRIEND])
    assert claim(client, made, 1, name="Someone", profile=bert["secret"]).status_code == 200
    assert names(client, made["id"]) == ["South", "Bert"]


def test_without_a_name_the_seat_keeps_the_one_it_was_given(client: TestClient) -> None:
    made = create(client, [HERE, {"type": "person", "invite": True, "name": "Grandma"}])
    assert claim(client, made, 1).status_code == 200
    assert names(client, made["id"]) == ["South", "Grandma"]


def test_a_name_survives_a_restart(db_path: Path) -> None:
    settings = Settings(computer_workers=0, requests_per_second=0)
    with TestClient(create_app(db_path, settings)) as c:
        made = create(c, [HERE, FRIEND])
        assert claim(c, made, 1, name="Anna").status_code == 200
    with TestClient(create_app(db_path, settings)) as c:
        assert names(c, made["id"]) == ["South", "Anna"]


def _until(ws: Any, kind: str, seat: int | None = None, most: int = 10) -> dict[str, Any]:
    """The next message of ``kind`` (about ``seat``, if given) on ``ws`` (views and other
    seats' notices pass by meanwhile)."""
    for _ in range(most):
        msg: dict[str, Any] = ws.receive_json()
        if msg["type"] == kind and seat in (None, msg.get("seat")):
            return msg
    raise AssertionError(f"no {kind} message")


def test_the_host_hears_who_has_joined_gone_and_is_back(quick: TestClient) -> None:
    made = create(quick, [HERE, FRIEND])
    gid, host = made["id"], made["seats"][0]["token"]
    with quick.websocket_connect(f"/api/games/{gid}/live?token={host}") as ws_host, \
            quick.websocket_connect(f"/api/games/{gid}/live") as ws_spectator:
        ws_host.receive_json()
        ws_spectator.receive_json()
        token = claim(quick, made, 1, name="Anna").json()["token"]
        # the views with her name first, then the notice (with her name in it)
        view = _until(ws_host, "view")["view"]
        assert view["names"] == ["South", "Anna"]
        assert _until(ws_host, "joined") == {"type": "joined", "seat": 1, "name": "Anna"}
        # the spectator sees her name in the views; the notices are for the players
        assert _until(ws_spectator, "view")["view"]["names"] == ["South", "Anna"]
        with quick.websocket_connect(f"/api/games/{gid}/live?token={token}") as ws_anna:
            ws_anna.receive_json()
        # her page closed: after the grace she has gone
        assert _until(ws_host, "gone") == {"type": "gone", "seat": 1, "name": "Anna"}
        with quick.websocket_connect(f"/api/games/{gid}/live?token={token}") as ws_anna:
            ws_anna.receive_json()
            assert _until(ws_host, "back") == {"type": "back", "seat": 1, "name": "Anna"}
            # she hears nothing of her own comings and goings; a ping answers next
            ws_anna.send_json({"type": "ping"})
            assert ws_anna.receive_json() == {"type": "pong"}
        ws_spectator.send_json({"type": "ping"})
        assert ws_spectator.receive_json() == {"type": "pong"}


def test_a_reload_within_the_grace_is_no_departure(db_path: Path) -> None:
    app = create_app(db_path, Settings(computer_workers=0, requests_per_second=0,
                                       presence_grace=1.0))
    with TestClient(app) as c:
        made = create(c, [HERE, HERE])
        gid, (south, north) = made["id"], [s["token"] for s in made["seats"]]
        with c.websocket_connect(f"/api/games/{gid}/live?token={south}") as ws_south:
            ws_south.receive_json()
            with c.websocket_connect(f"/api/games/{gid}/live?token={north}") as ws:
                ws.receive_json()
                ws.send_json({"type": "ping"})  # the pong comes after the notice was sent
                _until(ws, "pong")
            _until(ws_south, "joined", 1)  # north's first connection
            with c.websocket_connect(f"/api/games/{gid}/live?token={north}") as ws:
                ws.receive_json()
                time.sleep(1.3)
            ws_south.send_json({"type": "ping"})
            assert ws_south.receive_json() == {"type": "pong"}  # no "gone", no "back"
            assert app.state.service.presence.away == {}


def test_a_seat_left_to_a_computer_is_not_told_gone(quick: TestClient) -> None:
    made = create(quick, [HERE, HERE, HERE], game="aqua_romana", players=3)
    gid, tokens = made["id"], [s["token"] for s in made["seats"]]
    with quick.websocket_connect(f"/api/games/{gid}/live?token={tokens[0]}") as ws0:
        ws0.receive_json()
        with quick.websocket_connect(f"/api/games/{gid}/live?token={tokens[2]}") as ws2:
            ws2.receive_json()
            _until(ws0, "joined", 2)
            r = quick.post(f"/api/games/{gid}/leave", json={"version": 0},
                           headers=auth(tokens[2]))
            assert r.status_code == 200, r.text
        time.sleep(0.5)
        ws0.send_json({"type": "ping"})
        for _ in range(6):
            msg = ws0.receive_json()
            assert msg["type"] != "gone", msg
            if msg["type"] == "pong":
                break


def test_a_profiles_games_on_every_device_with_whose_turn_it_is(client: TestClient) -> None:
    anna = client.post("/api/profiles", json={"name": "Anna"}).json()
    mine = auth(anna["secret"])
    waiting = create(client, [HERE, FRIEND])   # South moves first: not her turn
    hers = create(client, [FRIEND, HERE])      # she is South: her turn
    other = create(client, [HERE, FRIEND])     # somebody else's
    assert claim(client, waiting, 1, profile=anna["secret"]).status_code == 200
    assert claim(client, hers, 0, profile=anna["secret"]).status_code == 200
    assert claim(client, other, 1, name="Bert").status_code == 200
    r = client.get("/api/profiles/me/games?lang=nl", headers=mine)
    assert r.status_code == 200, r.text
    games = r.json()["games"]
    for g in games:
        fits(g, PlayingGame)
    assert {g["id"] for g in games} == {waiting["id"], hers["id"]}
    by_id = {g["id"]: g for g in games}
    assert by_id[hers["id"]]["your_turn"] and by_id[hers["id"]]["seat"] == 0
    assert not by_id[waiting["id"]]["your_turn"] and by_id[waiting["id"]]["seat"] == 1
    assert by_id[waiting["id"]]["names"] == ["Zuid", "Anna"]  # the seat's own name in Dutch
    # newest first
    assert [g["id"] for g in games] == [hers["id"], waiting["id"]]
    # a move makes it somebody else's turn, and the game the newest
    r = client.post(f"/api/games/{waiting['id']}/moves", json={"move": "3", "version": 0},
                    headers=auth(waiting["seats"][0]["token"]))
    assert r.status_code == 200, r.text
    games = client.get("/api/profiles/me/games", headers=mine).json()["games"]
    assert [(g["id"], g["your_turn"]) for g in games] == [(waiting["id"], True),
                                                          (hers["id"], True)]
