"""Query parameters that do not fit, and what the API answers: the status, the code, the
parameters and the English message, and which parameter is told first when several do
not fit (issue 22: each endpoint's query declared once, server/api/queries.py; the answers
as before the declarations). The OpenAPI document lists the parameters from the same
declarations."""

from __future__ import annotations

from typing import Any

import msgspec
import pytest
from starlette.testclient import TestClient

from ludotheek.games import names
from ludotheek.server.api import queries
from ludotheek.server.api.openapi.document import spec
from ludotheek.server.api.openapi.parts import query
from tests.server.conftest import auth, new_wari

GAMES = ", ".join(names())
STATUSES = "active, over, aborted, abandoned"
MANY = ",".join(["a"] * 51)


def number(name: str, low: int, high: int) -> tuple[int, str, dict[str, Any], str]:
    return (400, "request.number", {"name": name, "low": low, "high": high},
            f"'{name}' must be a whole number from {low} to {high}")


UNKNOWN = (400, "game.unknown", {"game": "'chess'", "games": GAMES},
           f"unknown game 'chess'; the games are: {GAMES}")
STATUS = (400, "request.status", {"statuses": STATUSES}, f"'status' must be one of {STATUSES}")
IDS = (400, "request.ids", {"most": 50}, "'ids' names at most 50 games, by their ids")

# (url, (status, code, params, message)); {gid}: a Wari game after one move, {pid}: a profile
CASES: list[tuple[str, tuple[int, str, dict[str, Any], str]]] = [
    ("/api/games?status=x", STATUS),
    ("/api/games?game=chess", UNKNOWN),
    ("/api/games?limit=0", number("limit", 1, 500)),
    ("/api/games?limit=x", number("limit", 1, 500)),
    ("/api/games?limit=%C2%B2", number("limit", 1, 500)),  # a superscript two: no digit
    ("/api/games?limit=" + "9" * 19, number("limit", 1, 500)),
    ("/api/games?offset=-1", number("offset", 0, 10**9)),
    ("/api/games?offset=1000000001", number("offset", 0, 10**9)),
    ("/api/games?ids=" + MANY, IDS),
    # the first fault in the declared order: status, game, limit, offset, ids
    ("/api/games?ids=a&offset=-1&limit=0&game=chess&status=x", STATUS),
    ("/api/games?ids=a&offset=-1&limit=0&game=chess", UNKNOWN),
    (f"/api/games?ids={MANY}&offset=-1&limit=0", number("limit", 1, 500)),
    (f"/api/games?ids={MANY}&offset=-1", number("offset", 0, 10**9)),
    ("/api/scores/wari?limit=101", number("limit", 1, 100)),
    ("/api/scores/wari?limit=", number("limit", 1, 100)),
    ("/api/scores/chess?limit=0", (404, "game.unknown", {"game": "'chess'", "games": GAMES},
                                   f"there is no game 'chess'; the games are: {GAMES}")),
    ("/api/games/{gid}/history?from=x",
     (400, "history.number", {"name": "from"}, "'from' must be a move number")),
    ("/api/games/{gid}/history?to=-1",
     (400, "history.number", {"name": "to"}, "'to' must be a move number")),
    ("/api/games/{gid}/history?from=%C2%B2",  # was a 500: int() refused what isdigit took
     (400, "history.number", {"name": "from"}, "'from' must be a move number")),
    ("/api/games/{gid}/history?from=1&to=3000",
     (400, "history.too_many", {"most": 2000}, "ask for at most 2000 moves at a time")),
    ("/api/games/{gid}/replay?at=x",
     (400, "replay.at_number", {}, "'at' must be a whole number of moves")),
    ("/api/games/{gid}/replay?at=9",
     (400, "replay.at", {"last": 1}, "'at' must be a move number from 0 to 1")),
    ("/api/learn/wari/view?at=x",
     (400, "replay.at_number", {}, "'at' must be a whole number of moves")),
    ("/api/learn/wari/view?at=64",
     (400, "replay.at", {"last": 63}, "'at' must be a move number from 0 to 63")),
    ("/api/learn/wari/advice?at=x",
     (400, "replay.at", {"last": 63}, "'at' must be a move number from 0 to 63")),
    ("/api/learn/wari/advice?at=99",
     (400, "replay.at", {"last": 63}, "'at' must be a move number from 0 to 63")),
    *[(url, (400, "history.range", {"last": 63},
             "'from' and 'to' must be move numbers with 1 <= from <= to <= 63"))
      for url in ("/api/learn/wari/history?from=0", "/api/learn/wari/history?to=x",
                  "/api/learn/wari/history?from=5&to=4",
                  "/api/learn/wari/howto/history?diagram=big&from=x")],
    ("/api/profiles/{pid}/history?game=chess",
     (400, "ratings.game_unknown", {"game": "chess"},
      f"there is no game 'chess'; the games are: {GAMES}")),
    ("/api/profiles/{pid}/history?limit=0",  # the game first, absent
     (400, "ratings.game_unknown", {"game": "None"},
      f"there is no game None; the games are: {GAMES}")),
    ("/api/profiles/{pid}/history?game=wari&limit=0", number("limit", 1, 2000)),
    ("/api/profiles/{pid}/games?limit=101", number("limit", 1, 100)),
    ("/api/ratings/wari?limit=0", number("limit", 1, 100)),
    ("/api/ratings/wari?offset=-1", number("offset", 0, 10**6)),
    ("/api/ratings/wari?offset=1000001", number("offset", 0, 10**6)),
    ("/api/ratings/chess?limit=0", (404, "ratings.game_unknown", {"game": "chess"},
                                    f"there is no game 'chess'; the games are: {GAMES}")),
]


@pytest.fixture
def where(client: TestClient) -> dict[str, str]:
    gid, tokens = new_wari(client)
    client.post(f"/api/games/{gid}/moves", json={"move": "3", "version": 0},
                headers=auth(tokens[0]))
    pid = client.post("/api/profiles", json={"name": "Anna"}).json()["id"]
    return {"gid": gid, "pid": pid}


def test_each_query_that_does_not_fit_is_refused_as_before(client: TestClient,
                                                            where: dict[str, str]) -> None:
    for url, (status, code, params, message) in CASES:
        r = client.get(url.format(**where))
        assert r.status_code == status, (url, r.text)
        assert (r.json()["code"], r.json()["params"], r.json()["error"]) == \
            (code, params, message), url


def test_a_move_for_advice_that_is_no_text_of_a_move(client: TestClient) -> None:
    gid, tokens = new_wari(client)
    for move in ("x" * 201, "3\n"):
        r = client.get(f"/api/games/{gid}/advice", params={"move": move},
                       headers=auth(tokens[0]))
        assert r.status_code == 400 and r.json()["code"] == "move.not_text", move
        assert r.json()["error"] == "'move' must be a move in the game's notation"


def test_parameters_a_query_does_not_declare_are_left_alone(client: TestClient) -> None:
    assert client.get("/api/games?colour=red&limit=2").status_code == 200
    assert client.get("/api/scores/wari?x=1").status_code == 200


def test_the_documents_query_parameters_are_the_declared_ones() -> None:
    declared = [p for shape in vars(queries).values()
                if isinstance(shape, type) and issubclass(shape, queries.Query)
                and shape is not queries.Query for p in query(shape)]
    documented = [p for item in spec()["paths"].values() for op in item.values()
                  for p in op.get("parameters", []) if p["in"] == "query"]
    assert len(documented) > 20
    for p in documented:
        plain = {**p, "schema": {k: v for k, v in p["schema"].items() if k != "enum"}}
        assert p in declared or plain in declared, p
    listing = spec()["paths"]["/api/games"]["get"]["parameters"]
    assert next(p for p in listing if p["name"] == "game")["schema"]["enum"] == names()
    limit = next(p for p in listing if p["name"] == "limit")["schema"]
    assert (limit["minimum"], limit["maximum"], limit["default"]) == (1, 500, 50)
    assert [p["name"] for p in listing] == [
        f.encode_name for f in msgspec.structs.fields(queries.Listing)]
