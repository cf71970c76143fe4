"""Requests that do not fit, and what the API answers: the status, the code, the
parameters and the English message of each refusal, and which fault is told first
when a request has several (issue 22: the shapes declared once, behaviour as before).

Every case goes through HTTP (or the WebSocket) only, so the same table holds for the
hand-written checks that came before the declared shapes (server/edge/bodies.py)."""

from __future__ import annotations

from typing import Any

import pytest
from starlette.testclient import TestClient

from ludotheek.ai import players
from ludotheek.games import names
from ludotheek.server.play.checks import CHOSEN_SEED
from tests.server.conftest import auth, new_wari

P = {"type": "person"}
TWO = [P, P]
GAMES = ", ".join(names())
LEVELS = ", ".join(players.levels("wari"))

# (body, status, code, params, message)
CREATE: list[tuple[Any, int, str, dict[str, Any], str]] = [
    ([], 400, "request.not_object", {}, "the body must be a JSON object"),
    ({"game": "wari", "seats": TWO, "colour": 1}, 400, "request.unknown_field",
     {"field": "'colour'", "fields": "game, options, seats, seed"},
     "unknown field 'colour' (fields: game, options, seats, seed)"),
    ({"zzz": 1, "aaa": 2, "game": 5}, 400, "request.unknown_field",
     {"field": "'aaa'", "fields": "game, options, seats, seed"},
     "unknown field 'aaa' (fields: game, options, seats, seed)"),
    ({"seats": TWO}, 400, "create.game", {"games": GAMES}, f"'game' must be one of: {GAMES}"),
    ({"game": 3, "seed": "x"}, 400, "create.game", {"games": GAMES},
     f"'game' must be one of: {GAMES}"),
    ({"seats": 5, "seed": -1, "game": "chess"}, 400, "game.unknown",
     {"game": "'chess'", "games": GAMES},
     f"unknown game 'chess'; the games are: {GAMES}"),
    ({"game": "wari", "options": [], "seats": TWO}, 400, "create.options", {},
     "'options' must be a JSON object"),
    ({"game": "wari", "seats": TWO, "seed": -1}, 400, "create.seed",
     {"most": 2**63 - 1}, f"'seed' must be a whole number from 0 to {2**63 - 1}"),
    ({"game": "wari", "seats": TWO, "seed": 2**63}, 400, "create.seed",
     {"most": 2**63 - 1}, f"'seed' must be a whole number from 0 to {2**63 - 1}"),
    ({"game": "wari", "seats": TWO, "seed": True}, 400, "create.seed",
     {"most": 2**63 - 1}, f"'seed' must be a whole number from 0 to {2**63 - 1}"),
    ({"game": "wari", "seats": TWO, "seed": 1.0}, 400, "create.seed",
     {"most": 2**63 - 1}, f"'seed' must be a whole number from 0 to {2**63 - 1}"),
    ({"seats": "y", "seed": "x", "game": "wari"}, 400, "create.seed",
     {"most": 2**63 - 1}, f"'seed' must be a whole number from 0 to {2**63 - 1}"),
    ({"game": "wari", "seats": [P]}, 400, "create.seats", {"n": 2, "game": "wari"},
     "'seats' must be a list of 2 seats for wari with these options"),
    ({"game": "wari"}, 400, "create.seats", {"n": 2, "game": "wari"},
     "'seats' must be a list of 2 seats for wari with these options"),
    ({"game": "wari", "seats": {"type": "person"}}, 400, "create.seats",
     {"n": 2, "game": "wari"}, "'seats' must be a list of 2 seats for wari with these options"),
    ({"game": "wari", "seats": [1, {"type": "robot"}]}, 400, "create.seat_object",
     {"number": 1}, 'seat 1 must be an object like {"type": "person"}'),
    ({"game": "wari", "seats": [P, {"type": "person", "colour": 1, "b": 2}]}, 400,
     "create.seat_field",
     {"number": 2, "field": "'b'", "fields": "type, level, name, invite, profile"},
     "seat 2: unknown field 'b' (fields: type, level, name, invite, profile)"),
    ({"game": "wari", "seats": [{"type": "robot"}, 1]}, 400, "create.seat_type",
     {"number": 1}, "seat 1: 'type' must be 'person' or 'computer'"),
    ({"game": "wari", "seats": [P, {"name": "Ole"}]}, 400, "create.seat_type",
     {"number": 2}, "seat 2: 'type' must be 'person' or 'computer'"),
    ({"game": "wari", "seats": [P, {"type": "computer", "level": "godlike", "name": 5}]}, 400,
     "create.level", {"number": 2, "level": "'godlike'",
                      "levels": LEVELS},
     "seat 2: unknown level 'godlike'; levels: " + LEVELS),
    ({"game": "wari", "seats": [P, {"type": "computer", "level": None}]}, 400,
     "create.level", {"number": 2, "level": "None", "levels": LEVELS},
     "seat 2: unknown level None; levels: " + LEVELS),
    ({"game": "wari", "seats": [P, {"type": "computer", "level": 3}]}, 400,
     "create.level", {"number": 2, "level": "3", "levels": LEVELS},
     "seat 2: unknown level 3; levels: " + LEVELS),
    ({"game": "wari", "seats": [P, {"type": "computer", "level": ["strong"]}]}, 400,
     "create.level", {"number": 2, "level": "['strong']", "levels": LEVELS},
     "seat 2: unknown level ['strong']; levels: " + LEVELS),
    ({"game": "wari", "seats": [{"type": "person", "name": "x" * 33}, P]}, 400,
     "create.seat_name", {"number": 1, "most": 32},
     "seat 1: 'name' must be a text of at most 32 characters"),
    ({"game": "wari", "seats": [{"type": "person", "name": 5}, {"type": "robot"}]}, 400,
     "create.seat_name", {"number": 1, "most": 32},
     "seat 1: 'name' must be a text of at most 32 characters"),
    ({"game": "wari", "seats": TWO, "rated": "yes"}, 400, "ratings.rated_bool", {},
     "'rated' must be true or false"),
    ({"game": "wari", "seats": TWO, "seed": 3}, 400, "create.seed_chosen", {}, CHOSEN_SEED),
]

ACCEPTED = [
    {"game": "wari", "seats": [{"type": "person", "level": 5}, {"type": "person"}]},
    {"game": "wari", "seats": [{"type": "person", "name": "  "}, {"type": "computer"}],
     "seed": None},
    {"seed": 2**63 - 1, "seats": [P, {"type": "computer"}], "options": {}, "game": "wari"},
]


@pytest.mark.parametrize(("body", "status", "code", "params", "message"), CREATE)
def test_a_create_request_that_does_not_fit(client: TestClient, body: Any, status: int,
                                            code: str, params: dict[str, Any],
                                            message: str) -> None:
    r = client.post("/api/games", json=body)
    assert (r.status_code, r.json()) == (status, {"error": message, **params, "code": code,
                                                  "params": params})
    assert client.get("/api/games").json()["games"] == []


def test_create_requests_that_fit(client: TestClient) -> None:
    for body in ACCEPTED:
        r = client.post("/api/games", json=body)
        assert r.status_code == 201, r.text
    names = [g["seats"] for g in client.get("/api/games").json()["games"]]
    assert len(names) == len(ACCEPTED)


MOVE = [
    ([], 400, "move.body", {}, 'the body must be a JSON object like {"move": "3", "version": 0}'),
    ({"move": "3", "version": 0, "why": 1}, 400, "request.unknown_field",
     {"field": "'why'", "fields": "move, version"}, "unknown field 'why' (fields: move, version)"),
    ({"version": 0}, 400, "move.missing", {}, "'move' is missing"),
    ({"version": True}, 400, "move.missing", {}, "'move' is missing"),
    ({"move": 3}, 400, "move.no_version", {},
     "'version' is missing: send the version of the view you saw"),
    ({"version": "x", "move": 3}, 400, "move.not_text", {},
     "'move' must be a text in the game's notation"),
    ({"move": "3" * 201, "version": 0}, 400, "move.not_text", {},
     "'move' must be a text in the game's notation"),
    ({"move": None, "version": 0}, 400, "move.not_text", {},
     "'move' must be a text in the game's notation"),
    ({"move": "3", "version": True}, 400, "request.version", {},
     "'version' must be the whole number of the version you saw"),
    ({"move": "3", "version": 1.0}, 400, "request.version", {},
     "'version' must be the whole number of the version you saw"),
    ({"move": "3", "version": 4}, 409, "game.version", {"version": 0, "sent": 4},
     "the game is at version 0, not 4"),
]


@pytest.mark.parametrize(("body", "status", "code", "params", "message"), MOVE)
def test_a_move_that_does_not_fit(client: TestClient, body: Any, status: int, code: str,
                                  params: dict[str, Any], message: str) -> None:
    gid, (south, _) = new_wari(client)
    r = client.post(f"/api/games/{gid}/moves", json=body, headers=auth(south))
    assert (r.status_code, r.json()) == (status, {"error": message, **params, "code": code,
                                                  "params": params})
    assert client.get(f"/api/games/{gid}").json()["version"] == 0


def test_a_malformed_move_is_refused_before_the_game_is_looked_up(client: TestClient) -> None:
    r = client.post("/api/games/nothere/moves", json={"move": 3, "version": 0})
    assert (r.status_code, r.json()["code"]) == (400, "move.not_text")
    r = client.post("/api/games/nothere/moves", json={"move": "3", "version": 0})
    assert (r.status_code, r.json()["code"]) == (404, "game.not_found")


VERSION_BODY = 'the body must be {"version": V}, V the version you saw'
VERSION: list[tuple[Any, int, str, dict[str, Any], str]] = [
    ([], 400, "request.version_body", {}, VERSION_BODY),
    ({}, 400, "request.version_body", {}, VERSION_BODY),
    ({"version": 0, "why": 1}, 400, "request.version_body", {}, VERSION_BODY),
    ({"version": "0"}, 400, "request.version", {},
     "'version' must be the whole number of the version you saw"),
    ({"version": False}, 400, "request.version", {},
     "'version' must be the whole number of the version you saw"),
]


@pytest.mark.parametrize("action", ["undo", "abort", "leave"])
@pytest.mark.parametrize(("body", "status", "code", "params", "message"), VERSION)
def test_a_version_body_that_does_not_fit(client: TestClient, action: str, body: Any,
                                          status: int, code: str, params: dict[str, Any],
                                          message: str) -> None:
    gid, (south, _) = new_wari(client)
    r = client.post(f"/api/games/{gid}/{action}", json=body, headers=auth(south))
    assert (r.status_code, r.json()) == (status, {"error": message, **params, "code": code,
                                                  "params": params})
    view = client.get(f"/api/games/{gid}").json()
    assert (view["version"], view["status"]) == (0, "active")


@pytest.mark.parametrize("body", [[], {"swap": 1}, {"swap": None}, {"turn": True},
                                  {"swap": True, "turn": True}])
def test_a_rematch_body_that_does_not_fit(client: TestClient, body: Any) -> None:
    gid, (south, _) = new_wari(client)
    assert client.post(f"/api/games/{gid}/moves", json={"move": "resign", "version": 0},
                       headers=auth(south)).status_code == 200
    r = client.post(f"/api/games/{gid}/rematch", json=body, headers=auth(south))
    message = 'the body must be {"swap": true} or {"swap": false}'
    assert (r.status_code, r.json()) == (400, {"error": message, "code": "rematch.body",
                                               "params": {}})
    assert len(client.get("/api/games").json()["games"]) == 1


TRY_BODY = 'the body must be {"at": N, "move": "..."}'
TRY = [
    ([], "learn.body", TRY_BODY),
    ({"at": 4}, "learn.body", TRY_BODY),
    ({"at": 4, "move": "1", "x": 0}, "learn.body", TRY_BODY),
    ({"move": 1, "at": True}, "replay.at_number",
     "'at' must be the whole number of moves of the position"),
    ({"at": 4, "move": 1}, "move.not_text", "'move' must be a text in the game's notation"),
]


@pytest.mark.parametrize(("body", "code", "message"), TRY)
def test_a_try_body_that_does_not_fit(client: TestClient, body: Any, code: str,
                                      message: str) -> None:
    r = client.post("/api/learn/wari/try", json=body)
    assert (r.status_code, r.json()) == (400, {"error": message, "code": code, "params": {}})


def test_a_websocket_move_that_does_not_fit(client: TestClient) -> None:
    gid, (south, _) = new_wari(client)
    cases = [
        ({"type": "move"}, "move.not_text", {}),
        ({"type": "move", "version": "0", "move": 3}, "move.not_text", {}),
        ({"type": "move", "move": "3"}, "request.version", {}),
        ({"type": "move", "move": "3", "version": 0, "b": 1, "a": 2}, "request.unknown_field",
         {"field": "'a'", "fields": "type, move, version"}),
    ]
    with client.websocket_connect(f"/api/games/{gid}/live?token={south}") as ws:
        ws.receive_json()
        for message, code, params in cases:
            ws.send_json(message)
            err = ws.receive_json()
            assert (err["type"], err["status"], err["code"], err["params"]) == (
                "error", 400, code, params), message
    assert client.get(f"/api/games/{gid}").json()["version"] == 0


#: (code, params, message)
Expected = tuple[str, dict[str, Any], str]
NAME: Expected = ("ratings.name", {"max": 32}, "'name' must be a text of 1 to 32 characters")
BODY_NAME: Expected = ("ratings.body_name", {}, 'the body must be {"name": NAME}')
PROFILE = [  # (path, body, (code, params, message))
    ("/api/profiles", [], BODY_NAME), ("/api/profiles", {"name": "Ann", "x": 1}, BODY_NAME),
    ("/api/profiles", {}, NAME), ("/api/profiles", {"name": 5}, NAME),
    ("/api/profiles", {"name": "   "}, NAME), ("/api/profiles", {"name": "a\u0007b"}, NAME),
    ("/api/profiles/me", {}, BODY_NAME), ("/api/profiles/me", {"name": "A", "x": 1}, BODY_NAME),
    ("/api/profiles/me", {"name": None}, NAME), ("/api/profiles/me", {"name": "x" * 33}, NAME),
]


@pytest.mark.parametrize(("path", "body", "expected"), PROFILE)
def test_a_profile_body_that_does_not_fit(client: TestClient, path: str, body: Any,
                                          expected: tuple[str, dict[str, Any], str]) -> None:
    made = client.post("/api/profiles", json={"name": "Anna"}).json()
    code, params, message = expected
    r = client.post(path, json=body, headers=auth(made["secret"]))
    assert (r.status_code, r.json()) == (400, {"error": message, **params, "code": code,
                                               "params": params})
    assert client.get("/api/profiles/me", headers=auth(made["secret"])).json()["name"] == "Anna"


def test_a_profile_with_tidied_spaces_fits(client: TestClient) -> None:
    r = client.post("/api/profiles", json={"name": "An" + " " * 40 + "na"})
    assert r.status_code == 201 and r.json()["name"] == "An na"


@pytest.mark.parametrize(("body", "code"), [
    ([], "ratings.body_profile"), ({}, "ratings.body_profile"),
    ({"profile": "x", "y": 1}, "ratings.body_profile"), ({"profile": 5},
                                                          "ratings.secret_malformed"),
    ({"profile": "not a code"}, "ratings.secret_malformed")])
def test_a_claim_body_that_does_not_fit(client: TestClient, body: Any, code: str) -> None:
    gid, (south, _) = new_wari(client)
    r = client.post(f"/api/games/{gid}/profile", json=body, headers=auth(south))
    assert (r.status_code, r.json()["code"]) == (400, code)


REPORT_FIELDS = "agent, context, game, game_id, kind, message, stack, url, version"
NO_MESSAGE: Expected = ("report.message", {}, "'message' must be a text saying what went wrong")
REPORTS = [
    ([], ("report.body", {}, "the body must be a JSON object with at least 'message'")),
    ({"message": "x", "zz": 1, "b": 2}, ("request.unknown_field",
                                          {"field": "'b'", "fields": REPORT_FIELDS},
                                          f"unknown field 'b' (fields: {REPORT_FIELDS})")),
    ({"game": "chess"}, NO_MESSAGE), ({"message": "  \n"}, NO_MESSAGE),
    ({"message": 5, "game": 5}, NO_MESSAGE),
    ({"game": "chess", "message": "x"}, ("game.unknown", {"game": "'chess'", "games": GAMES},
                                         f"unknown game 'chess'; the games are: {GAMES}")),
    ({"message": "x", "game": 5}, ("game.unknown", {"game": "5", "games": GAMES},
                                   f"unknown game 5; the games are: {GAMES}")),
]


@pytest.mark.parametrize(("body", "expected"), REPORTS)
def test_an_error_report_that_does_not_fit(client: TestClient, body: Any,
                                           expected: tuple[str, dict[str, Any], str]) -> None:
    code, params, message = expected
    r = client.post("/api/client-errors", json=body)
    assert (r.status_code, r.json()) == (400, {"error": message, **params, "code": code,
                                               "params": params})


def test_an_error_report_takes_any_value_as_text(client: TestClient) -> None:
    r = client.post("/api/client-errors", json={
        "message": "boom", "game": None, "version": 3, "context": {"cup": [1, 2]},
        "stack": None, "url": "x" * 600})
    assert r.status_code == 201, r.text


def _number(name: str, high: int) -> tuple[str, dict[str, Any], str]:
    return ("request.number", {"name": name, "low": 0, "high": high},
            f"'{name}' must be a whole number from 0 to {high}")


TRY_AGAIN_BODY: Expected = (
    "tryagain.body", {}, 'the body must be {"at": N} or {"at": N, "seat": S}: '
    "N the position (the number of moves), S the seat you play")
TRY_AGAIN = [
    ([], TRY_AGAIN_BODY), ({}, TRY_AGAIN_BODY), ({"seat": 0}, TRY_AGAIN_BODY),
    ({"at": 0, "turn": 1}, TRY_AGAIN_BODY), ({"at": "0"}, _number("at", 0)),
    ({"at": 1}, _number("at", 0)), ({"at": True}, _number("at", 0)),
    ({"at": -1}, _number("at", 0)), ({"seat": "x", "at": "y"}, _number("at", 0)),
    ({"at": 0, "seat": 2}, _number("seat", 1)), ({"at": 0, "seat": None}, _number("seat", 1)),
    ({"at": 0, "seat": 0.0}, _number("seat", 1)),
]


@pytest.mark.parametrize(("body", "expected"), TRY_AGAIN)
def test_a_try_again_body_that_does_not_fit(client: TestClient, body: Any,
                                            expected: tuple[str, dict[str, Any], str]) -> None:
    gid, _ = new_wari(client, {"type": "computer", "level": "easy"})
    code, params, message = expected
    r = client.post(f"/api/games/{gid}/try", json=body)
    assert (r.status_code, r.json()) == (400, {"error": message, **params, "code": code,
                                               "params": params})
    assert len(client.get("/api/games").json()["games"]) == 1
