"""Seat tokens: compared in constant time, stored hashed, never written to a log."""

from __future__ import annotations

import hmac
import sqlite3
from pathlib import Path

import httpx
import pytest
import websockets.sync.client
from starlette.testclient import TestClient

from benchmarks.looprun import in_own_loop
from ludotheek.server.errors import Forbidden
from ludotheek.server.play.service import GameService
from ludotheek.store.games import hash_token
from tests.serverproc import ServerProcess


def test_every_seat_is_compared_whatever_the_token(client: TestClient,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    """No early exit: a right token, a wrong one and one matching the first seat all cost
    one constant-time comparison per seat, of hashes of equal length."""
    r = client.post("/api/games", json={"game": "akwaier", "seats": [{"type": "person"}] * 6})
    gid, tokens = r.json()["id"], [s["token"] for s in r.json()["seats"]]
    service: GameService = client.app.state.service  # type: ignore[attr-defined]
    live = service.cache[gid]  # just created: in memory
    calls: list[tuple[int, int]] = []
    real = hmac.compare_digest

    def counting(a: str, b: str) -> bool:
        calls.append((len(a), len(b)))
        return real(a, b)

    monkeypatch.setattr(hmac, "compare_digest", counting)
    for token in (tokens[0], tokens[5], "wrong", "x" * 200):
        calls.clear()
        try:
            seat = in_own_loop(service.seat_of(live, token))
        except Forbidden:
            seat = None
        assert seat == (tokens.index(token) if token in tokens else None)
        assert calls == [(64, 64)] * 6


def test_the_database_holds_only_hashes(client: TestClient, db_path: Path) -> None:
    r = client.post("/api/games", json={"game": "wari", "seats": [{"type": "person"}] * 2})
    tokens = [s["token"] for s in r.json()["seats"]]
    conn = sqlite3.connect(db_path)
    dump = "\n".join(conn.iterdump())
    conn.close()
    assert all(t not in dump for t in tokens)
    assert all(hash_token(t) in dump for t in tokens)


def test_tokens_never_reach_the_log(tmp_path: Path) -> None:
    """A real server, its log read after every way a token travels: the invite link,
    the Authorization header, the WebSocket's ?token=, and tokens that are refused."""
    server = ServerProcess(tmp_path / "log.sqlite3", workers=0).start()
    try:
        base = server.url
        r = httpx.post(f"{base}/api/games", json={"game": "wari", "seats": [
            {"type": "person"}, {"type": "person"}]})
        gid = r.json()["id"]
        south, north = (s["token"] for s in r.json()["seats"])
        wrong = "Zz9" + south[3:]
        for seat in r.json()["seats"]:  # the invite links, as a browser asks for them
            assert httpx.get(base + seat["url"]).status_code == 200
        # a link pasted with the token in the query, and the API with ?token=
        assert httpx.get(f"{base}/play/{gid}?token={north}").status_code == 200
        httpx.get(f"{base}/api/games/{gid}?token={north}&lang=nl")
        bearer = {"Authorization": f"Bearer {south}"}
        assert httpx.get(f"{base}/api/games/{gid}", headers=bearer).status_code == 200
        assert httpx.post(f"{base}/api/games/{gid}/moves", headers=bearer,
                          json={"move": "3", "version": 0}).status_code == 200
        assert httpx.get(f"{base}/api/games/{gid}",
                         headers={"Authorization": f"Bearer {wrong}"}).status_code == 403
        ws_base = base.replace("http", "ws") + f"/api/games/{gid}/live"
        with websockets.sync.client.connect(f"{ws_base}?token={north}") as ws:
            assert '"seat":1' in ws.recv()
            ws.send('{"type": "move", "move": "9", "version": 1}')
            ws.recv()
        with websockets.sync.client.connect(f"{ws_base}?token={wrong}") as ws:
            assert '"status":403' in ws.recv()
        with websockets.sync.client.connect(
                base.replace("http", "ws") + f"/api/games/nosuch/live?token={south}") as ws:
            assert '"status":404' in ws.recv()
    finally:
        server.stop()
    log = server.log.read_text()
    for token in (south, north, wrong):
        assert token not in log
    # the requests are in the log, with their tokens cut out
    assert f'"WebSocket /api/games/{gid}/live?token=…" [accepted]' in log
    assert f"GET /api/games/{gid}?token=…&lang=nl HTTP/1.1" in log
    assert f"GET /play/{gid}?token=… HTTP/1.1" in log
