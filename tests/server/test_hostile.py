"""Hostile input: every endpoint of /openapi.json fuzzed by schemathesis, and
hypothesis-made JSON bodies and WebSocket messages (wrong types, huge numbers,
deep nesting, unicode, stale versions, other games' tokens).

Every answer must be below 500, every refusal a JSON error, and a refused
request must change nothing: the games' versions, moves and status, the
number of games and seat tokens are compared before and after each one.

The number of examples per operation is ``LUDOTHEEK_HOSTILE_EXAMPLES`` (25 by
default, for CI); docs/reliability.md gives the figures of a larger run:

    LUDOTHEEK_HOSTILE_EXAMPLES=1000 .venv/bin/python -m pytest tests/server/test_hostile.py -s
"""

from __future__ import annotations

import json
import os
import sqlite3
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx2
import pytest
import schemathesis
from hypothesis import HealthCheck, given, reject, settings
from hypothesis import strategies as st
from hypothesis.errors import Unsatisfiable
from schemathesis import GenerationMode
from schemathesis.core.result import Err
from starlette.testclient import TestClient

from ludotheek.server import Settings, create_app
from ludotheek.server.api.openapi.document import spec
from tests.server.conftest import auth

EXAMPLES = int(os.environ.get("LUDOTHEEK_HOSTILE_EXAMPLES", "25"))
SETTINGS = settings(max_examples=EXAMPLES, deadline=None, database=None, derandomize=True,
                    suppress_health_check=list(HealthCheck))


@dataclass
class Arena:
    """A server with games in several stages, and what a refusal must leave alone."""

    client: TestClient
    db: Path
    games: dict[str, list[str]] = field(default_factory=dict)  # id -> tokens
    counts: Counter[str] = field(default_factory=Counter)

    @property
    def ids(self) -> list[str]:
        return list(self.games)

    @property
    def tokens(self) -> list[str]:
        return [t for toks in self.games.values() for t in toks]

    def snapshot(self) -> tuple[Any, ...]:
        """The watched games as the database holds them, and how many games and tokens
        there are."""
        conn = sqlite3.connect(self.db)
        try:
            marks = ",".join("?" * len(self.games))
            rows = conn.execute(f"SELECT id, version, status, to_move, result FROM games "
                                f"WHERE id IN ({marks}) ORDER BY id", self.ids).fetchall()
            moves = conn.execute(f"SELECT game_id, number, move FROM moves "
                                 f"WHERE game_id IN ({marks}) ORDER BY game_id, number",
                                 self.ids).fetchall()
            counts = conn.execute("SELECT (SELECT count(*) FROM games), "
                                  "(SELECT count(*) FROM seat_tokens)").fetchone()
        finally:
            conn.close()
        return tuple(rows), tuple(moves), counts

    def check(self, response: httpx2.Response, before: tuple[Any, ...], what: str) -> None:
        self.counts[what] += 1
        assert response.status_code < 500, f"{what}: {response.status_code} {response.text}"
        if response.status_code >= 400:
            self.counts[f"{what} refused"] += 1
            assert response.headers["content-type"].startswith("application/json"), what
            assert isinstance(response.json()["error"], str) and response.json()["error"]
            assert self.snapshot() == before, f"{what}: refused ({response.status_code}) " \
                                              f"but the database changed"


def _play(client: TestClient, gid: str, tokens: list[str], moves: int) -> None:
    for _ in range(moves):
        view = client.get(f"/api/games/{gid}").json()
        if view["over"]:
            return
        token = tokens[view["to_move"]]
        legal = client.get(f"/api/games/{gid}", headers=auth(token)).json()["legal_moves"]
        r = client.post(f"/api/games/{gid}/moves", headers=auth(token),
                        json={"move": legal[0], "version": view["version"]})
        assert r.status_code == 200, r.text


@pytest.fixture
def arena(tmp_path: Path) -> Iterator[Arena]:
    db = tmp_path / "hostile.sqlite3"
    app = create_app(db, Settings(computer_workers=0, requests_per_second=0,
                                  ws_messages_per_second=0, max_computer_seconds=0.01,
                                  max_active_games_per_client=10**6))
    with TestClient(app) as client:
        a = Arena(client, db)
        for game, n, moves in (("wari", 2, 0), ("wari", 2, 5), ("akwaier", 6, 4),
                               ("wari", 2, 0)):
            r = client.post("/api/games", json={"game": game, "seats": [{"type": "person"}] * n})
            gid = r.json()["id"]
            a.games[gid] = [s["token"] for s in r.json()["seats"]]
            _play(client, gid, a.games[gid], moves)
        last, toks = list(a.games.items())[-1]  # a finished game, for rematches
        client.post(f"/api/games/{last}/moves", headers=auth(toks[0]),
                    json={"move": "resign", "version": 0})
        yield a
        print(f"\nhostile input, {EXAMPLES} examples per operation and mode: "
              + ", ".join(f"{k}: {v}" for k, v in sorted(a.counts.items())))


def _send(client: TestClient, kwargs: dict[str, Any]) -> httpx2.Response:
    """Send what schemathesis made (requests' keyword arguments) through the TestClient."""
    kwargs = dict(kwargs)
    url = kwargs.pop("url").removeprefix("http://testserver")
    body: dict[str, Any] = {}
    if "json" in kwargs:
        body["content"] = json.dumps(kwargs.pop("json")).encode()
    if "data" in kwargs:
        data = kwargs.pop("data")
        body["content"] = data.encode() if isinstance(data, str) else data
    try:
        return client.request(kwargs["method"], url, params=kwargs.get("params") or None,
                              headers=kwargs.get("headers"), cookies=None, **body)
    except (UnicodeEncodeError, httpx2.InvalidURL, ValueError, TypeError):
        reject()  # the client cannot even send it (e.g. a header outside latin-1)
        raise


def _operations() -> list[schemathesis.APIOperation[Any, Any, Any, Any]]:
    """Every operation of the OpenAPI description; a part schemathesis cannot read raises
    its error here."""
    found = []
    for result in schemathesis.openapi.from_dict(spec()).get_all_operations():
        if isinstance(result, Err):
            raise result.err()
        found.append(result.ok())
    return found


OPERATIONS = _operations()


def test_every_api_route_is_in_the_openapi_description() -> None:
    """So that the fuzzing below reaches every endpoint."""
    app = create_app(":memory:", Settings(computer_workers=0))
    routes = {getattr(r, "path", "") for r in app.routes}
    api = {p for p in routes if p.startswith("/api/") and not p.endswith("/live")}
    assert api <= set(spec()["paths"]), api - set(spec()["paths"])
    assert {f"{o.method.upper()} {o.path}" for o in OPERATIONS} >= {
        "POST /api/games", "POST /api/games/{id}/moves", "POST /api/records",
        "POST /api/games/{id}/rematch", "GET /api/games/{id}/replay"}


@pytest.mark.parametrize("mode", [GenerationMode.POSITIVE, GenerationMode.NEGATIVE],
                         ids=["positive", "negative"])
def test_schemathesis_every_operation(arena: Arena, mode: GenerationMode) -> None:
    """Every operation with schemathesis' data (valid by the schema, or not), sent to
    unknown games and to real ones, with no token, a wrong one, another game's token or
    the right one."""
    tried = 0
    for op in OPERATIONS:
        has_id = "{id}" in op.path

        @SETTINGS
        @given(case=op.as_strategy(generation_mode=mode),
               gid=st.sampled_from([None, *arena.ids]) if has_id else st.none(),
               token=st.sampled_from([None, "not-a-token", *arena.tokens]))
        def run(case: Any, gid: str | None, token: str | None) -> None:
            if gid is not None:
                case.path_parameters = {**(case.path_parameters or {}), "id": gid}
            headers = dict(case.headers or {})
            if token is not None:
                headers["Authorization"] = f"Bearer {token}"
            case.headers = headers
            before = arena.snapshot()
            response = _send(arena.client, case.as_transport_kwargs(
                base_url="http://testserver"))
            arena.check(response, before, f"{case.method.upper()} {case.path}")

        try:
            run()
        except Unsatisfiable:  # no invalid data exists for it (no parameters, no body)
            assert mode is GenerationMode.NEGATIVE
        tried = sum(v for k, v in arena.counts.items() if not k.endswith("refused"))
    assert tried >= EXAMPLES * 3


# --- JSON bodies made by hypothesis -------------------------------------------------------

HUGE = st.one_of(st.integers(min_value=2**63, max_value=2**200),
                 st.integers(max_value=-(2**63), min_value=-(2**200)),
                 st.just(10**4000), st.floats(allow_nan=False, allow_infinity=False))
TEXT = st.one_of(st.text(max_size=40), st.text(st.characters(codec="utf-8"), max_size=5),
                 st.sampled_from(["\ud800", "\udfff", "\x00", "‮", "é" * 300, "1e999",
                                  "resign", "resign 9", "resign ²", "²", "٣"]))
SCALARS = st.one_of(st.none(), st.booleans(), st.integers(), HUGE, TEXT)
JSON = st.recursive(SCALARS, lambda inner: st.one_of(
    st.lists(inner, max_size=4), st.dictionaries(TEXT, inner, max_size=4)), max_leaves=12)


def _dumps(value: Any) -> bytes:
    """JSON text, numbers of any size included (Python's own limit is switched off here)."""
    if isinstance(value, int) and not isinstance(value, bool) and abs(value) > 10**4000:
        return b"1" + b"0" * 4000
    return json.dumps(value).encode("utf-8", "surrogatepass")


@st.composite
def raw_bodies(draw: st.DrawFn) -> bytes:
    """Bodies that are not plain JSON objects: nesting, numbers past Python's limit,
    broken UTF-8, NaN, truncation."""
    kind = draw(st.sampled_from(["deep", "digits", "bytes", "nan", "cut", "surrogate"]))
    if kind == "deep":
        depth = draw(st.integers(10, 40_000))
        return b'{"game": ' + b"[" * depth + b"]" * depth + b"}"
    if kind == "digits":
        return b'{"move": "3", "version": 1' + b"0" * draw(st.integers(4300, 20_000)) + b"}"
    if kind == "bytes":
        return draw(st.binary(max_size=64))
    if kind == "nan":
        return b'{"move": "3", "version": NaN}'
    if kind == "surrogate":
        return b'{"move": "\xed\xa0\x80", "version": 0}'
    return _dumps({"game": "wari", "seats": [{"type": "person"}] * 2})[:draw(
        st.integers(1, 30))]


@st.composite
def bodies(draw: st.DrawFn, fields: tuple[str, ...]) -> bytes:
    """A JSON object with the endpoint's own field names and hostile values, or worse."""
    if draw(st.integers(0, 4)) == 0:
        return draw(raw_bodies())
    keys = draw(st.lists(st.sampled_from([*fields, "x", "type", "token"]), max_size=4,
                         unique=True))
    obj = {k: draw(JSON) for k in keys}
    if draw(st.booleans()):
        obj = draw(st.sampled_from([[obj], obj, "x", 1, None]))
    return _dumps(obj)


ENDPOINTS = [
    ("/api/games", ("game", "options", "seats", "seed")),
    ("/api/games/{id}/moves", ("move", "version")),
    ("/api/games/{id}/rematch", ("swap",)),
    ("/api/records", ("game", "options", "seed", "moves", "seats", "result", "format")),
]


@pytest.mark.parametrize("path, fields", ENDPOINTS, ids=[p for p, _ in ENDPOINTS])
def test_hypothesis_json_bodies(arena: Arena, path: str, fields: tuple[str, ...]) -> None:
    @SETTINGS
    @given(body=bodies(fields), gid=st.sampled_from(arena.ids),
           token=st.sampled_from([None, *arena.tokens]),
           kind=st.sampled_from(["application/json", "text/plain", None]))
    def run(body: bytes, gid: str, token: str | None, kind: str | None) -> None:
        headers = {**auth(token), **({"Content-Type": kind} if kind else {})}
        before = arena.snapshot()
        r = arena.client.post(path.replace("{id}", gid), content=body, headers=headers)
        arena.check(r, before, f"POST {path} (hypothesis)")

    run()


def test_body_size_limit_refuses_before_reading(arena: Arena) -> None:
    before = arena.snapshot()
    for body in (b" " * 70_000, b'{"game": "' + b"x" * 70_000 + b'"}'):
        r = arena.client.post("/api/games", content=body)
        assert r.status_code == 413 and "larger than 65536 bytes" in r.json()["error"]
    assert arena.snapshot() == before


# --- WebSocket messages made by hypothesis ------------------------------------------------

@st.composite
def ws_messages(draw: st.DrawFn, versions: list[int]) -> str | bytes:
    kind = draw(st.integers(0, 9))
    if kind == 0:
        raw = draw(raw_bodies())
        return raw if draw(st.booleans()) else raw.decode("utf-8", "replace")
    if kind == 1:
        return draw(st.text(max_size=50))
    msg: Any = {"type": draw(st.one_of(st.sampled_from(["move", "ping", "view"]), JSON))}
    if msg["type"] == "move" or draw(st.booleans()):
        msg["move"] = draw(st.one_of(st.sampled_from(["1", "3", "6", "7", "12", "resign",
                                                      "resign 1", "A1", "pass"]), JSON))
        msg["version"] = draw(st.one_of(st.sampled_from(versions), st.integers(-5, 10), HUGE,
                                        JSON))
    if draw(st.integers(0, 5)) == 0:
        msg[draw(TEXT)] = draw(JSON)
    return _dumps(msg).decode("utf-8", "surrogatepass")


def test_hypothesis_websocket_messages(arena: Arena) -> None:
    """A seat's connection is sent anything at all; every message gets one answer, the
    connection stays, and an answer that is an error leaves the game as it was."""
    gid = arena.ids[1]
    tokens = arena.games[gid]
    client = arena.client
    view = client.get(f"/api/games/{gid}").json()
    with client.websocket_connect(f"/api/games/{gid}/live?token={tokens[view['to_move']]}") \
            as ws:
        assert ws.receive_json()["type"] == "view"

        @SETTINGS
        @given(data=st.data())
        def run(data: st.DataObject) -> None:
            version = client.get(f"/api/games/{gid}").json()["version"]
            message = data.draw(ws_messages([version - 1, version, version + 1]))
            before = arena.snapshot()
            try:
                if isinstance(message, bytes):
                    ws.send_bytes(message)
                else:
                    ws.send_text(message)
            except UnicodeEncodeError:
                reject()
            reply = ws.receive_json()
            arena.counts["WebSocket message"] += 1
            assert reply["type"] in ("error", "view", "pong"), reply
            if reply["type"] == "error":
                arena.counts["WebSocket message refused"] += 1
                assert 400 <= reply["status"] < 500 and reply["error"]
                assert arena.snapshot() == before, f"refused {message!r} changed the game"

        run()
        ws.send_json({"type": "ping"})
        assert ws.receive_json() == {"type": "pong"}


def test_other_games_tokens_and_hostile_tokens_open_nothing(arena: Arena) -> None:
    """A token of one game is no key to another; odd tokens are refused, not crashed on."""
    a, b = arena.ids[0], arena.ids[1]
    before = arena.snapshot()

    @SETTINGS
    @given(token=st.one_of(st.sampled_from(arena.games[b]), st.text(min_size=1, max_size=300)
                           .filter(lambda t: t.strip() and t not in arena.games[a])))
    def run(token: str) -> None:
        arena.counts["stolen or odd token"] += 1
        try:
            r = arena.client.post(f"/api/games/{a}/moves", json={"move": "3", "version": 0},
                                  headers=auth(token))
        except UnicodeEncodeError:
            r = None  # not a header the client can send; the WebSocket takes it below
        if r is not None:
            assert r.status_code in (400, 403), r.text
        with arena.client.websocket_connect(f"/api/games/{a}/live",
                                            params={"token": token}) as ws:
            reply = ws.receive_json()
            assert reply["type"] == "error" and reply["status"] == 403

    run()
    assert arena.snapshot() == before
