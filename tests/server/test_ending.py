"""Games that end without being played out: abort, leave (resign, or a computer takes the
seat over), abandoned games, seats whose person has come, and the limit of live games per
address (docs/web.md, "Ending a game")."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import text
from starlette.testclient import TestClient

from ludotheek.games import get, names
from ludotheek.server import Settings, create_app
from ludotheek.server.play.ending import sweep
from tests.server.conftest import auth, new_wari, wait_version

PERSON = {"type": "person"}


def _create(client: TestClient, game: str, seats: list[dict[str, Any]],
            **options: Any) -> tuple[str, list[str | None]]:
    r = client.post("/api/games", json={"game": game, "options": options, "seats": seats})
    assert r.status_code == 201, r.text
    return r.json()["id"], [s["token"] for s in r.json()["seats"]]


def _end(client: TestClient, gid: str, what: str, token: str | None, version: int) -> Any:
    return client.post(f"/api/games/{gid}/{what}", json={"version": version},
                       headers=auth(token))


def _leave(client: TestClient, gid: str, token: str | None) -> Any:
    """Leave at the newest version (once more at the version a 409 names: a computer may
    have moved meanwhile), as the page does."""
    version = client.get(f"/api/games/{gid}", headers=auth(token)).json()["version"]
    r = _end(client, gid, "leave", token, version)
    if r.status_code == 409:
        r = _end(client, gid, "leave", token, r.json()["version"])
    return r


def _age(client: TestClient, gid: str, seconds: float) -> None:
    """Make game ``gid`` look untouched for ``seconds``."""
    engine = client.app.state.db.engine  # type: ignore[attr-defined]
    with engine.begin() as conn:
        conn.execute(text("UPDATE games SET updated = :t WHERE id = :id"),
                     {"t": time.time() - seconds, "id": gid})


def _sweep(client: TestClient) -> int:
    """One sweep of the games nobody plays, in the open client's event loop: how many ended."""
    assert client.portal is not None  # the client is open (a `with TestClient(...)`)
    return client.portal.call(sweep, client.app.state.service)  # type: ignore[attr-defined]


# --- abort ---------------------------------------------------------------------------
def test_a_game_nobody_moved_in_can_be_aborted(client: TestClient) -> None:
    gid, (south, north) = new_wari(client)
    view = client.get(f"/api/games/{gid}", headers=auth(south)).json()
    assert view["abortable"] and view["status"] == "active" and view["leave"] == "resign"
    r = _end(client, gid, "abort", north, 0)
    assert r.status_code == 200
    view = r.json()
    # ended without a result: not "over" by the game's rules, nothing to play, nobody thinks
    assert view["status"] == "aborted" and not view["over"] and view["winners"] == []
    assert not view["thinking"]
    assert view["end_reason"] == "aborted" and not view["abortable"] and view["leave"] is None
    assert view["legal_moves"] == []
    # ended: no move, no second abort, no leaving; the lobby no longer lists it in progress
    r = client.post(f"/api/games/{gid}/moves", json={"move": "3", "version": 0},
                    headers=auth(south))
    assert r.status_code == 409 and r.json()["code"] == "game.ended"
    assert _end(client, gid, "abort", south, 0).status_code == 409
    assert _end(client, gid, "leave", south, 0).status_code == 409
    assert client.get("/api/games?status=active").json()["games"] == []
    listed = client.get("/api/games?status=aborted").json()["games"]
    assert [g["id"] for g in listed] == [gid]
    record = client.get(f"/api/games/{gid}/record").json()
    assert record["moves"] == []


def test_once_a_person_moved_the_game_is_resigned_or_left_not_aborted(
        client: TestClient) -> None:
    gid, (south, north) = new_wari(client)
    client.post(f"/api/games/{gid}/moves", json={"move": "3", "version": 0},
                headers=auth(south))
    r = _end(client, gid, "abort", north, 1)
    assert r.status_code == 400 and r.json()["code"] == "game.not_abortable"
    assert not client.get(f"/api/games/{gid}").json()["abortable"]
    assert _end(client, gid, "abort", None, 1).status_code == 403
    assert _end(client, gid, "abort", "wrong", 1).status_code == 403
    r = _end(client, gid, "abort", south, 0)
    assert r.status_code == 409 and r.json()["version"] == 1


def test_a_computers_first_move_does_not_stop_an_abort(client: TestClient) -> None:
    gid, (south, _) = new_wari(client, {"type": "computer", "level": "easy"}, first="north")
    view = wait_version(client, gid, 1, south)
    assert view["abortable"]
    assert _end(client, gid, "abort", south, 1).json()["status"] == "aborted"


# --- leave -----------------------------------------------------------------------------
@pytest.mark.parametrize("game, reason", [("wari", "resign_north"),
                                          ("haaienzee", "resigned"),
                                          ("aqua_romana", "resigned")])
def test_leaving_a_game_of_two_resigns_it(client: TestClient, game: str, reason: str) -> None:
    gid, (_, second) = _create(client, game, [PERSON, PERSON])
    r = _end(client, gid, "leave", second, 0)
    assert r.status_code == 200, r.text
    view = r.json()
    assert view["over"] and view["status"] == "over" and view["winners"] == [0]
    assert view["end_reason"] == reason
    # written as the records write it: "resign" when the seat was to move
    assert client.get(f"/api/games/{gid}/record").json()["moves"] in (
        [{"action": "resign", "seat": 1}], [{"action": "resign"}])


def test_a_seat_resigns_for_itself_only(client: TestClient) -> None:
    """The API's word is ``resign``: ``resign 1`` is no move of Wari, and no way for the
    seat to move to resign for its opponent (before the record's actions were typed it
    was read as seat 1's resignation)."""
    gid, (first, _) = _create(client, "wari", [PERSON, PERSON])
    r = client.post(f"/api/games/{gid}/moves", json={"move": "resign 1", "version": 0},
                    headers=auth(first))
    assert r.status_code == 400, r.text
    view = client.get(f"/api/games/{gid}", headers=auth(first)).json()
    assert not view["over"] and view["version"] == 0


def test_leaving_a_game_of_three_hands_the_seat_to_a_computer(client: TestClient) -> None:
    gid, tokens = _create(client, "aqua_romana", [PERSON, PERSON, PERSON], players=3)
    view = client.get(f"/api/games/{gid}", headers=auth(tokens[0])).json()
    assert view["leave"] == "computer"
    left = _end(client, gid, "leave", tokens[view["to_move"]], 0)
    assert left.status_code == 200, left.text
    seat = view["to_move"]
    after = left.json()
    assert after["seat"] is None  # whoever left watches from now on
    assert {k: after["seats"][seat][k] for k in ("type", "level", "name", "left")} == {
        "type": "computer", "level": "normal", "name": None, "left": True}
    # the computer plays that seat on; the old secret opens nothing any more
    wait_version(client, gid, 1)
    assert client.get(f"/api/games/{gid}", headers=auth(tokens[seat])).status_code == 403
    assert not client.get(f"/api/games/{gid}").json()["over"]
    assert client.app.state.db.games.get(gid).seats[seat]["left"]  # type: ignore[attr-defined]


def test_akwaier_played_on_by_computers_when_its_only_person_leaves(client: TestClient) -> None:
    computers = [{"type": "computer", "level": "easy"}] * 5
    gid, tokens = _create(client, "akwaier", [PERSON, *computers])
    r = _end(client, gid, "leave", tokens[0], 0)
    assert r.status_code == 200, r.text
    assert r.json()["seats"][0]["type"] == "computer" and r.json()["leave"] == "computer"
    wait_version(client, gid, 3)


@pytest.mark.parametrize("game", names())
def test_every_game_can_be_aborted_then_left_once_a_person_moved(client: TestClient,
                                                                 game: str) -> None:
    """Whatever the game (its rules resign or not, two seats or more): nobody is stuck."""
    n = get(game).num_players({})
    gid, tokens = _create(client, game, [PERSON] * n)
    assert client.get(f"/api/games/{gid}").json()["abortable"]
    assert _end(client, gid, "abort", tokens[0], 0).json()["status"] == "aborted"
    gid, tokens = _create(client, game, [PERSON] * n)
    view = client.get(f"/api/games/{gid}").json()
    mover = view["to_move"]
    seen = client.get(f"/api/games/{gid}", headers=auth(tokens[mover])).json()
    r = client.post(f"/api/games/{gid}/moves", json={"move": seen["legal_moves"][0],
                                                     "version": 0}, headers=auth(tokens[mover]))
    assert r.status_code == 200, r.text
    after = r.json()
    if after["over"]:
        return  # a game one move long has nothing left to leave
    assert not after["abortable"] and after["leave"] in ("resign", "computer")
    leaver = after["to_move"]
    left = _leave(client, gid, tokens[leaver])
    assert left.status_code == 200, left.text
    if after["leave"] == "resign":
        assert left.json()["over"] and leaver not in left.json()["winners"]
    else:
        assert left.json()["seats"][leaver]["left"] and left.json()["status"] == "active"
        assert client.get(f"/api/games/{gid}", headers=auth(tokens[leaver])).status_code == 403


def test_the_lobby_asks_how_its_own_games_stand(client: TestClient) -> None:
    aborted, (south, _) = new_wari(client)
    _end(client, aborted, "abort", south, 0)
    active, _ = new_wari(client)
    new_wari(client)  # not asked about
    r = client.get(f"/api/games?ids={aborted},{active},nosuchgame")
    assert r.status_code == 200
    assert {g["id"]: g["status"] for g in r.json()["games"]} == {aborted: "aborted",
                                                                active: "active"}
    dutch = client.get(f"/api/games?ids={active}&lang=nl").json()["games"][0]
    assert dutch["names"] == ["Zuid", "Noord"]  # the seats' names in the page's language
    r = client.get("/api/games?ids=" + ",".join(["x"] * 51))
    assert r.status_code == 400 and r.json()["code"] == "request.ids"


# --- a friend has come ------------------------------------------------------------------
def test_a_seat_is_joined_once_its_secret_is_used(client: TestClient) -> None:
    gid, (south, north) = new_wari(client)
    seats = client.get(f"/api/games/{gid}").json()["seats"]
    assert [s["joined"] for s in seats] == [False, False]
    client.get(f"/api/games/{gid}", headers=auth(north))
    seats = client.get(f"/api/games/{gid}").json()["seats"]
    assert [s["joined"] for s in seats] == [False, True]
    with client.websocket_connect(f"/api/games/{gid}/live?token={south}") as ws:
        assert ws.receive_json()["type"] == "view"
    assert [s["joined"] for s in client.get(f"/api/games/{gid}").json()["seats"]] == [True, True]


# --- games nobody plays any more ----------------------------------------------------------
def test_games_without_a_move_for_a_long_time_end_as_abandoned(client: TestClient) -> None:
    old, (south, _) = new_wari(client)
    client.post(f"/api/games/{old}/moves", json={"move": "3", "version": 0}, headers=auth(south))
    fresh, _ = new_wari(client)
    _age(client, old, 31 * 86400)
    with client.websocket_connect(f"/api/games/{old}/live") as ws:
        ws.receive_json()
        assert _sweep(client) == 1
        pushed = ws.receive_json()
    assert pushed["view"]["status"] == "abandoned" and pushed["view"]["legal_moves"] == []
    assert client.get(f"/api/games/{old}").json()["end_reason"] == "abandoned"
    assert client.get(f"/api/games/{fresh}").json()["status"] == "active"


def test_a_game_no_person_moved_in_for_a_day_is_aborted(client: TestClient) -> None:
    idle, _ = new_wari(client)
    played, (south, _) = new_wari(client)
    client.post(f"/api/games/{played}/moves", json={"move": "3", "version": 0},
                headers=auth(south))
    for gid in (idle, played):
        _age(client, gid, 25 * 3600)
    assert _sweep(client) == 1
    assert client.get(f"/api/games/{idle}").json()["status"] == "aborted"
    assert client.get(f"/api/games/{played}").json()["status"] == "active"


# --- the limit of live games per address ---------------------------------------------------
@pytest.fixture
def limited(db_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[TestClient]:
    monkeypatch.setenv("LUDOTHEEK_SQLITE_SYNC", "OFF")  # a quicker disk: many games here
    app = create_app(db_path, Settings(computer_workers=0, requests_per_second=0,
                                       max_active_games_per_client=100))
    with TestClient(app) as c:
        yield c


def test_the_limit_counts_live_games_and_says_how_to_free_a_place(limited: TestClient) -> None:
    made = [new_wari(limited)[0] for _ in range(100)]
    r = limited.post("/api/games", json={"game": "wari", "seats": [PERSON, PERSON]})
    assert r.status_code == 429
    body = r.json()
    assert body["code"] == "limit.games"
    assert body["params"]["count"] == 100 and body["params"]["most"] == 100
    assert body["params"]["days"] == 30
    assert len(body["games"]) == 10 and {g["id"] for g in body["games"]} <= set(made)
    assert all(g["url"] == f"/play/{g['id']}" for g in body["games"])
    assert "abort" in body["error"] and body["games"][0]["url"] in body["error"]
    # a game untouched for 30 days no longer counts (and will end by itself)
    _age(limited, made[0], 30 * 86400 + 60)
    assert limited.post("/api/games", json={"game": "wari",
                                            "seats": [PERSON, PERSON]}).status_code == 201


def test_starting_and_leaving_300_games_is_never_refused_a_1000_at_once_are(
        limited: TestClient) -> None:
    computer = {"type": "computer", "level": "easy"}
    for i in range(300):
        kind = i % 3
        if kind == 0:  # started and aborted at once
            gid, (token, _) = new_wari(limited, computer)
            assert _end(limited, gid, "abort", token, 0).status_code == 200
        elif kind == 1:  # a move, then resigned
            gid, (token, _) = new_wari(limited, computer)
            limited.post(f"/api/games/{gid}/moves", json={"move": "3", "version": 0},
                         headers=auth(token))
            assert _leave(limited, gid, token).status_code == 200
        else:  # played by two people at one screen, left
            gid, (_, north) = new_wari(limited)
            assert _end(limited, gid, "leave", north, 0).status_code == 200
    codes = [limited.post("/api/games", json={"game": "wari", "seats": [PERSON, PERSON]})
             .status_code for _ in range(1000)]
    assert codes[:100] == [201] * 100 and codes[100:] == [429] * 900
