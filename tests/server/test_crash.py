"""A killed server (SIGKILL) loses no acknowledged move and resumes computer turns."""

from __future__ import annotations

import json
import sqlite3
import time
from pathlib import Path

import httpx
from websockets.sync.client import connect

from tests.serverproc import ServerProcess


def _post(url: str, body: object, token: str | None = None) -> httpx.Response:
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    return httpx.post(url, json=body, headers=headers, timeout=10)


def _killed_and_restarted(server: ServerProcess, db: Path) -> ServerProcess:
    """SIGKILL ``server``, check that its database is whole, start it again on its port."""
    server.kill()
    conn = sqlite3.connect(db)
    assert conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    conn.close()
    return ServerProcess(db, port=server.port).start()


def test_kill_9_mid_game_keeps_every_acknowledged_move(tmp_path: Path) -> None:
    db = tmp_path / "crash.sqlite3"
    server = ServerProcess(db).start()
    try:
        base = server.url
        acknowledged: dict[str, list[str]] = {}
        tokens: dict[str, list[str]] = {}
        for _ in range(3):
            r = _post(f"{base}/api/games", {"game": "wari",
                                             "seats": [{"type": "person"}, {"type": "person"}]})
            gid = r.json()["id"]
            tokens[gid] = [s["token"] for s in r.json()["seats"]]
            acknowledged[gid] = []
        for _ in range(6):
            for gid, toks in tokens.items():
                view = httpx.get(f"{base}/api/games/{gid}").json()
                mover = view["to_move"]
                legal = httpx.get(f"{base}/api/games/{gid}",
                                  headers={"Authorization": f"Bearer {toks[mover]}"}).json()
                move = legal["legal_moves"][0]
                r = _post(f"{base}/api/games/{gid}/moves",
                          {"move": move, "version": view["version"]}, toks[mover])
                assert r.status_code == 200
                acknowledged[gid].append(move)
        # a game where the strong computer is thinking when the server dies
        r = _post(f"{base}/api/games", {"game": "wari", "seed": 9, "seats": [
            {"type": "person"}, {"type": "computer", "level": "strong"}]})
        pending, south = r.json()["id"], r.json()["seats"][0]["token"]
        assert _post(f"{base}/api/games/{pending}/moves", {"move": "3", "version": 0},
                     south).status_code == 200
        time.sleep(0.2)
        server = _killed_and_restarted(server, db)
        for gid, moves in acknowledged.items():
            assert httpx.get(f"{base}/api/games/{gid}").json()["moves"] == moves
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline:
            view = httpx.get(f"{base}/api/games/{pending}").json()
            if view["version"] == 2:
                break
            time.sleep(0.2)
        assert view["version"] == 2, "the computer's turn was not resumed after the restart"
        assert view["moves"][0] == "3"
    finally:
        server.stop()


def test_kill_9_keeps_the_moves_acknowledged_over_the_websocket(tmp_path: Path) -> None:
    """Moves sent on the live connection are acknowledged by the views it sends back (with
    ``views=1`` a person's move and an instant computer's reply are stored in one transaction
    and told as one ``views`` message, once the level is asked on the event loop: after 20
    quick moves, so the later moves of this test on a machine that is not too busy); every
    acknowledged move is there after a SIGKILL."""
    db = tmp_path / "crash.sqlite3"
    server = ServerProcess(db).start()
    try:
        base = server.url
        acknowledged: dict[str, list[str]] = {}
        for seed in range(4):
            r = _post(f"{base}/api/games", {"game": "wari", "seed": seed, "seats": [
                {"type": "person"}, {"type": "computer", "level": "novice"}]})
            gid, south = r.json()["id"], r.json()["seats"][0]["token"]
            ws_url = base.replace("http://", "ws://") + f"/api/games/{gid}/live"
            with connect(f"{ws_url}?token={south}&views=1", open_timeout=20) as ws:
                view = json.loads(ws.recv(20))["view"]
                for _ in range(8):
                    if view["to_move"] != 0 or not view["legal_moves"]:
                        break
                    ws.send(json.dumps({"type": "move", "move": view["legal_moves"][0],
                                        "version": view["version"]}))
                    target = view["version"] + 2
                    while view["version"] < target and not view.get("over"):
                        msg = json.loads(ws.recv(20))
                        assert msg["type"] in ("view", "views"), msg
                        got = msg["views"] if msg["type"] == "views" else [msg["view"]]
                        view = got[-1]
            acknowledged[gid] = list(view["moves"])
            assert len(acknowledged[gid]) >= 2
        server = _killed_and_restarted(server, db)
        for gid, moves in acknowledged.items():
            assert httpx.get(f"{base}/api/games/{gid}").json()["moves"] == moves
    finally:
        server.stop()
