"""Limits with clear answers: body size, WebSocket message size and rate, HTTP requests
per address, games per address; configurable from a TOML file and the command line."""

from __future__ import annotations

import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import httpx
import pytest
import websockets.sync.client
from starlette.testclient import TestClient

from ludotheek.cli import main
from ludotheek.server import Settings, create_app
from ludotheek.server.config import (
    LIMITS,
    BadConfig,
    export_limits,
    load_settings,
    read_config,
    settings_from,
    settings_from_env,
)
from ludotheek.server.edge.limits import Buckets
from tests.server.conftest import auth, new_wari
from tests.serverproc import ServerProcess

TWO = {"game": "wari", "seats": [{"type": "person"}] * 2}


def _app(tmp_path: Path, **limits: float) -> TestClient:
    return TestClient(create_app(tmp_path / "limits.sqlite3",
                                 Settings(computer_workers=0, **limits)))  # type: ignore[arg-type]


def test_the_defaults_a_home_server_lives_with() -> None:
    s = Settings()
    assert (s.max_body, s.max_ws_message) == (65536, 65536)
    assert (s.ws_messages_per_second, s.requests_per_second) == (20, 50)
    assert s.max_active_games_per_client == 100 and s.requests_burst is None


def test_body_size_is_configurable(tmp_path: Path) -> None:
    with _app(tmp_path, max_body=2048) as c:
        r = c.post("/api/games", content=b'{"game": "' + b"w" * 3000 + b'"}')
        assert r.status_code == 413 and r.json()["error"] == "the body is larger than 2048 bytes"
        # without a Content-Length (chunked), the limit holds while reading
        r = c.post("/api/games", content=iter([b" " * 1500, b" " * 1500]))
        assert r.status_code == 413
        assert c.post("/api/games", json=TWO).status_code == 201


def test_websocket_message_size_and_rate(tmp_path: Path) -> None:
    with _app(tmp_path, max_ws_message=2048, ws_messages_per_second=5) as c:
        gid, (south, _north) = new_wari(c)
        with c.websocket_connect(f"/api/games/{gid}/live?token={south}") as ws:
            ws.receive_json()
            ws.send_text('{"type": "ping", "x": "' + "é" * 1500 + '"}')  # 3000 bytes
            reply = ws.receive_json()
            assert reply == {"type": "error", "status": 400,
                             "error": "the message is larger than 2048 bytes",
                             "code": "live.too_large", "params": {"most": 2048}, "most": 2048}
            answers = []
            for _ in range(12):
                ws.send_json({"type": "ping"})
                answers.append(ws.receive_json())
            refused = [a for a in answers if a["type"] == "error"]
            assert refused and all(a["status"] == 429 for a in refused)
            assert refused[0]["error"] == "more than 5 messages per second; slow down"
            assert len(refused) >= 12 - 5
            time.sleep(0.5)  # the bucket refills: the connection is still there
            ws.send_json({"type": "move", "move": "3", "version": 0})
            assert ws.receive_json()["view"]["version"] == 1


def test_requests_per_second_per_address(tmp_path: Path) -> None:
    app = create_app(tmp_path / "rate.sqlite3",
                     Settings(computer_workers=0, requests_per_second=1, requests_burst=4))
    with TestClient(app) as c, TestClient(app, client=("10.0.0.9", 4000)) as other:
        # one token a second comes back: the six requests may take up to 2 s (a busy machine)
        codes = [c.get("/api/games").status_code for _ in range(6)]
        assert codes[:4] == [200] * 4 and 429 in codes[4:]
        r = c.get("/api/meta")
        assert r.status_code == 429 and r.headers["retry-after"] == "1"
        assert r.json()["error"].startswith("more than 1 requests a second from your address")
        # pages, static files and the health check do not count; other addresses neither
        assert c.get("/").status_code == 200 and c.get("/healthz").status_code == 200
        assert other.get("/api/games").status_code == 200
        time.sleep(1.1)  # a token back
        assert c.get("/api/games").status_code == 200


def test_no_rate_limit_when_switched_off(tmp_path: Path) -> None:
    with _app(tmp_path, requests_per_second=0, ws_messages_per_second=0) as c:
        assert all(c.get("/api/meta").status_code == 200 for _ in range(150))
        gid, (south, _) = new_wari(c)
        with c.websocket_connect(f"/api/games/{gid}/live?token={south}") as ws:
            ws.receive_json()
            for _ in range(60):
                ws.send_json({"type": "ping"})
                assert ws.receive_json() == {"type": "pong"}


def test_games_in_progress_per_address(tmp_path: Path) -> None:
    app = create_app(tmp_path / "games.sqlite3",
                     Settings(computer_workers=0, max_active_games_per_client=2))
    with TestClient(app) as c, TestClient(app, client=("10.0.0.9", 4000)) as other:
        gid, (south, _) = new_wari(c)
        new_wari(c)
        r = c.post("/api/games", json=TWO)
        assert r.status_code == 429
        assert r.json()["error"].startswith("this address already has 2 games in progress "
                                            "(at most 2): finish, resign, leave or abort")
        assert r.json()["code"] == "limit.games" and len(r.json()["games"]) == 2
        assert other.post("/api/games", json=TWO).status_code == 201
        # a finished game no longer counts
        c.post(f"/api/games/{gid}/moves", json={"move": "resign", "version": 0},
               headers=auth(south))
        assert c.post("/api/games", json=TWO).status_code == 201


def test_buckets_forget_old_addresses() -> None:
    now = [0.0]
    b = Buckets(rate=1, burst=1, max_keys=100, clock=lambda: now[0])
    for i in range(1000):
        assert b.take(f"10.0.{i // 256}.{i % 256}") == 0
    assert len(b) == 100
    assert b.take("10.0.3.231") > 0  # recent: remembered
    now[0] += 1
    assert b.take("10.0.3.231") == 0


def test_config_file_and_options(tmp_path: Path) -> None:
    cfg = tmp_path / "ludotheek.toml"
    cfg.write_text("max_body = 4096\n[server]\nws_rate = 2.5\nmax_games_per_client = 7\n")
    s = load_settings(cfg, {"max_body": 8192, "requests_per_second": None})
    assert (s.max_body, s.ws_messages_per_second, s.max_active_games_per_client) == \
        (8192, 2.5, 7)
    assert s.requests_per_second == 50  # not given anywhere: the default
    assert {lim.option for lim in LIMITS} >= {"--max-body", "--max-ws-message", "--ws-rate",
                                              "--requests-per-second",
                                              "--max-games-per-client"}
    for text, message in [("max_bodies = 1", "unknown setting 'max_bodies'"),
                          ("max_body = 'big'", "must be a number"),
                          ("max_body = 10", "at least 1024"),
                          ("max_body = 5000.5", "whole number"),
                          ("ws_rate = -1", "at least 0"),
                          ("max_body = ", "is not TOML")]:
        cfg.write_text(text)
        with pytest.raises(BadConfig, match=message):
            read_config(cfg)
    with pytest.raises(BadConfig, match="cannot read the config file"):
        read_config(tmp_path / "missing.toml")
    with pytest.raises(BadConfig, match="must be a number, not True"):
        settings_from({"max_body": True})


def test_limits_travel_through_the_environment(tmp_path: Path,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    """``serve`` checks the limits, then leaves them in the environment, where every web
    process that makes the app finds them (``settings_from_env``)."""
    cfg = tmp_path / "ludotheek.toml"
    cfg.write_text("max_body = 4096\nws_rate = 3\n")
    env: dict[str, str] = {}
    export_limits(cfg, {"ws_rate": 7.5, "max_body": None}, env)
    assert env == {"LUDOTHEEK_CONFIG": str(cfg), "LUDOTHEEK_LIMITS": '{"ws_rate": 7.5}'}
    s = settings_from_env(env)
    assert (s.max_body, s.ws_messages_per_second) == (4096, 7.5)
    assert settings_from_env({}) == Settings()
    with pytest.raises(BadConfig, match="LUDOTHEEK_LIMITS is not JSON"):
        settings_from_env({"LUDOTHEEK_LIMITS": "{"})
    cfg.write_text("max_bodies = 1\n")
    with pytest.raises(SystemExit) as exc:  # refused before anything starts
        main(["serve", "--no-open", "--config", str(cfg), "--port", "1"])
    assert exc.value.code == 2
    assert "error: unknown setting 'max_bodies'" in capsys.readouterr().err


def test_a_real_server_takes_its_limits_from_the_command_line(tmp_path: Path) -> None:
    cfg = tmp_path / "limits.toml"
    cfg.write_text("max_body = 2048\nrequests_per_second = 100\nmax_ws_message = 1024\n")
    with ServerProcess(tmp_path / "cli.sqlite3", workers=0,
                       args=("--config", str(cfg), "--requests-per-second", "2",
                             "--requests-burst", "3")) as server:
        base = server.url
        r = httpx.post(f"{base}/api/games", content=b" " * 3000)
        assert r.status_code == 413 and "larger than 2048 bytes" in r.json()["error"]
        start = time.monotonic()
        # all eight at once: on a busy machine eight in a row take seconds, and the bucket
        # would refill between them
        with ThreadPoolExecutor(8) as pool:
            codes = list(pool.map(lambda _: httpx.get(f"{base}/api/meta").status_code,
                                  range(8)))
        elapsed = time.monotonic() - start
        # three at once (the 413 above took one), then two a second
        assert 429 in codes and codes.index(429) <= 2 + 2 * elapsed + 1, (codes, elapsed)
        time.sleep(1.1)
        r = httpx.post(f"{base}/api/games", json=TWO)
        assert r.status_code == 201
        gid, token = r.json()["id"], r.json()["seats"][0]["token"]
        ws_url = base.replace("http", "ws") + f"/api/games/{gid}/live?token={token}"
        with websockets.sync.client.connect(ws_url) as ws:
            ws.recv()
            ws.send('{"type": "ping", "pad": "' + "x" * 1100 + '"}')
            assert "larger than 1024 bytes" in ws.recv()
        log = server.log.read_text()
        assert "limits: bodies 2048 bytes, WebSocket messages 1024 bytes" in log
        assert "2 requests/s per address (bursts of 3)" in log
