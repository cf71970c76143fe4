"""A client that holds only what a spectator or a former seat holds never changes a game
and never sees what is hidden (issue 34: holes 1 and 8, as a property).

The games: an Akwaier game in progress whose seat 1 an invited friend took and whose seat 2
its person left (a computer plays it now), a Wari game between the creator and an invited
friend in progress, a finished one, and one whose invitation nobody has taken. The client
holds their ids, the spent invite links, the left seat's old token, a profile of its own
that took no seat, and made-up texts. Hypothesis draws requests of every kind the HTTP API
has for a game (views, moves, resignations, undo, abort, leave, rematch, hint, advice,
claiming and taking up seats, seating a profile, records, replays, histories) with those;
after each, every game's version, record and seats are as before (and no seat secret,
invitation or game was added), and no answer holds another seat's hand of tiles, the seed of
the game in progress, or any seat's secret.

``LUDOTHEEK_SECURITY_EXAMPLES`` requests (200 by default).
"""

from __future__ import annotations

import json
import os
import sqlite3
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import quote

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from starlette.testclient import TestClient

from ludotheek.server import Settings, create_app
from tests.server.conftest import auth

EXAMPLES = int(os.environ.get("LUDOTHEEK_SECURITY_EXAMPLES", "200"))
HERE = {"type": "person"}
FRIEND = {"type": "person", "invite": True}
COMPUTER = {"type": "computer", "level": "novice"}


@dataclass
class World:
    client: TestClient
    db: Path
    games: list[str]
    #: what the attacker holds
    held: list[str]
    #: what it must never see: every seat's secret, the seed of the game in progress
    secrets: list[str]
    running_seed: str

    def snapshot(self) -> tuple[Any, ...]:
        conn = sqlite3.connect(self.db)
        try:
            marks = ",".join("?" * len(self.games))
            rows = conn.execute(f"SELECT id, version, status, to_move, result, seats FROM games "
                                f"WHERE id IN ({marks}) ORDER BY id", self.games).fetchall()
            counts = conn.execute(
                "SELECT (SELECT count(*) FROM games), (SELECT count(*) FROM seat_tokens), "
                "(SELECT group_concat(token_hash) FROM seat_tokens), "
                "(SELECT count(*) FROM seat_invites WHERE taken IS NULL), "
                "(SELECT count(*) FROM moves)").fetchone()
        finally:
            conn.close()
        records = [self.client.get(f"/api/games/{gid}/record").json() for gid in self.games]
        return tuple(rows), counts, json.dumps(records, sort_keys=True)


def _made(client: TestClient, game: str, seats: list[dict[str, Any]]) -> dict[str, Any]:
    r = client.post("/api/games", json={"game": game, "seats": seats})
    assert r.status_code == 201, r.text
    made: dict[str, Any] = r.json()
    return made


def _take(client: TestClient, made: dict[str, Any], seat: int, profile: str) -> str:
    r = client.post(f"/api/games/{made['id']}/seats/{seat}/claim",
                    json={"invite": made["seats"][seat]["invite"], "profile": profile})
    assert r.status_code == 200, r.text
    token: str = r.json()["token"]
    return token


@pytest.fixture(scope="module")
def world(tmp_path_factory: pytest.TempPathFactory) -> Iterator[World]:
    db = tmp_path_factory.mktemp("property") / "db.sqlite3"
    app = create_app(db, Settings(computer_workers=0, requests_per_second=0))
    with TestClient(app) as client:
        friend = client.post("/api/profiles", json={"name": "Friend"}).json()["secret"]
        mine = client.post("/api/profiles", json={"name": "Mallory"}).json()["secret"]
        # Akwaier: seat 1 taken by the friend, seat 2 left by its person
        akw = _made(client, "akwaier", [HERE, FRIEND, HERE, COMPUTER, COMPUTER, COMPUTER])
        a_friend = _take(client, akw, 1, friend)
        left = akw["seats"][2]["token"]
        r = client.post(f"/api/games/{akw['id']}/leave", json={"version": 0}, headers=auth(left))
        assert r.status_code == 200 and r.json()["seats"][2]["type"] == "computer"
        # Wari in progress: the friend's turn
        wari = _made(client, "wari", [HERE, FRIEND])
        w_friend = _take(client, wari, 1, friend)
        assert client.post(f"/api/games/{wari['id']}/moves", json={"move": "3", "version": 0},
                           headers=auth(wari["seats"][0]["token"])).status_code == 200
        # Wari finished: the friend resigned
        over = _made(client, "wari", [HERE, FRIEND])
        o_friend = _take(client, over, 1, friend)
        assert client.post(f"/api/games/{over['id']}/moves", json={"move": "resign",
                           "version": 0}, headers=auth(o_friend)).status_code == 200
        # an invitation nobody has taken
        waiting = _made(client, "wari", [HERE, FRIEND])
        view = client.get(f"/api/games/{akw['id']}").json()
        assert view["to_move"] == 0 and not view["thinking"]  # a person's turn: it waits
        seed = str(client.app.state.db.games.get(akw["id"]).seed)  # type: ignore[attr-defined]
        secrets = [a_friend, w_friend, o_friend, waiting["seats"][1]["invite"],
                   *(s["token"] for m in (akw, wari, over, waiting) for s in m["seats"]
                     if s["token"] and s["token"] != left)]
        held = [akw["seats"][1]["invite"], wari["seats"][1]["invite"],
                over["seats"][1]["invite"], left, mine, "", "x" * 40]
        yield World(client, db, [akw["id"], wari["id"], over["id"], waiting["id"]], held,
                    secrets, seed)


MOVES = st.sampled_from(["J13", "3", "9", "resign", "resign 0", "resign 1", "resign 2",
                         "undo 0", "pass"]) | st.text(max_size=12)
SEATS = st.integers(min_value=0, max_value=6)
VERSIONS = st.integers(min_value=-1, max_value=3)


@st.composite
def requests(draw: st.DrawFn, world: World) -> tuple[str, str, dict[str, Any]]:
    """A request as (method, path, options) with what the attacker holds."""
    gid = draw(st.sampled_from(world.games))
    held = draw(st.sampled_from([None, *world.held]))
    h = auth(held)
    g = f"/api/games/{gid}"
    kind = draw(st.sampled_from([
        "view", "move", "undo", "abort", "leave", "rematch", "hint", "advice", "claim",
        "resume", "profile", "record", "record.txt", "replay", "history", "live"]))
    if kind == "view":
        return "GET", g, {"headers": h}
    if kind == "move":
        return "POST", f"{g}/moves", {"headers": h, "json": {
            "move": draw(MOVES), "version": draw(VERSIONS)}}
    if kind in ("undo", "abort", "leave"):
        return "POST", f"{g}/{kind}", {"headers": h, "json": {"version": draw(VERSIONS)}}
    if kind == "rematch":
        invites = draw(st.lists(st.sampled_from(world.held), max_size=3))
        return "POST", f"{g}/rematch", {"headers": h, "json": {
            "swap": draw(st.booleans()), "invites": invites}}
    if kind in ("hint", "advice"):
        query = f"?move={quote(draw(MOVES))}" if kind == "advice" and draw(st.booleans()) else ""
        return "GET", f"{g}/{kind}{query}", {"headers": h}
    if kind == "claim":
        body: dict[str, Any] = {"invite": held or ""}
        if draw(st.booleans()):
            body["profile"] = draw(st.sampled_from(world.held))
        return "POST", f"{g}/seats/{draw(SEATS)}/claim", {"json": body}
    if kind == "resume":
        return "POST", f"{g}/seats/{draw(SEATS)}/resume", {"json": {"profile": held or ""}}
    if kind == "profile":
        return "POST", f"{g}/profile", {"headers": h, "json": {
            "profile": draw(st.sampled_from(world.held))}}
    if kind == "replay":
        return "GET", f"{g}/replay?at={draw(st.integers(0, 2))}", {"headers": h}
    if kind == "history":
        return "GET", f"{g}/history", {}
    if kind == "live":
        return "WS", f"{g}/live?token={held or ''}&views=1", {"move": draw(MOVES)}
    return "GET", f"{g}/{kind}", {}


def hidden_in(data: Any, path: str = "") -> list[str]:
    """Where ``data`` (an answer) holds a seat's hand of tiles or a seat's own view."""
    found = []
    if isinstance(data, dict):
        for key, value in data.items():
            if key == "hand" and value:
                found.append(f"{path}.hand")
            if key == "seat" and value is not None and "state" in data:
                found.append(f"{path}.seat={value}")
            found += hidden_in(value, f"{path}.{key}")
    elif isinstance(data, list):
        for i, value in enumerate(data):
            found += hidden_in(value, f"{path}[{i}]")
    return found


def answer_of(world: World, method: str, path: str, options: dict[str, Any]) -> list[Any]:
    """The answers to the request: one over HTTP; over the live socket the first message,
    and the answer to a move sent on it (if it stayed open)."""
    client = world.client
    if method != "WS":
        r = client.request(method, path, **options)
        assert r.status_code < 500, (path, r.text)
        if r.status_code >= 400:
            assert r.json()["code"], (path, r.text)
        try:
            return [r.json()]
        except ValueError:
            return [r.text]
    with client.websocket_connect(path) as ws:
        first = ws.receive_json()
        if first["type"] == "error":
            return [first]
        version = first["view"]["version"]
        ws.send_json({"type": "move", "move": options["move"], "version": version})
        ws.send_json({"type": "ping"})
        out = [first]
        while (msg := ws.receive_json())["type"] != "pong":
            out.append(msg)
        return out


@pytest.mark.filterwarnings("ignore::pytest.PytestUnraisableExceptionWarning")
def test_a_spectator_or_former_seat_changes_nothing_and_sees_nothing_hidden(
        world: World) -> None:
    before = world.snapshot()

    @settings(max_examples=EXAMPLES, deadline=None, database=None, derandomize=True,
              suppress_health_check=list(HealthCheck))
    @given(data=st.data())
    def attempt(data: st.DataObject) -> None:
        method, path, options = data.draw(requests(world))
        answers = answer_of(world, method, path, options)
        text = json.dumps(answers)
        assert world.snapshot() == before, (method, path, options, text[:300])
        assert hidden_in(answers) == [], (method, path, options, text[:300])
        for secret in world.secrets:
            assert secret not in text, (method, path, "a seat's secret in the answer")
        if path.startswith(f"/api/games/{world.games[0]}") and len(world.running_seed) >= 7:
            assert world.running_seed not in text, (method, path, "the seed while it runs")

    attempt()
