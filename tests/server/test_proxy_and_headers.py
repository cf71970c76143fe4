"""Behind a reverse proxy: the real client from trusted proxies only; security headers."""

from __future__ import annotations

from pathlib import Path

import pytest
from starlette.routing import Route
from starlette.testclient import TestClient

from ludotheek.server import Settings, create_app
from ludotheek.server.config import BadConfig, settings_from
from ludotheek.server.edge.proxy import parse_networks

PROXY = ("10.0.0.5", 40000)


def make(tmp_path: Path, trusted: str, client: tuple[str, int] = PROXY,
         **settings: object) -> TestClient:
    app = create_app(tmp_path / "db.sqlite3", Settings(
        computer_workers=0, trusted_proxies=parse_networks(trusted), **settings))  # type: ignore[arg-type]
    return TestClient(app, client=client)


def start(c: TestClient, forwarded: str | None = None) -> int:
    headers = {"X-Forwarded-For": forwarded} if forwarded else {}
    r = c.post("/api/games", headers=headers, json={
        "game": "wari", "seats": [{"type": "person"}, {"type": "person"}]})
    return r.status_code


def test_the_limits_count_each_real_client_behind_a_trusted_proxy(tmp_path: Path) -> None:
    with make(tmp_path, "10.0.0.0/8", max_active_games_per_client=2,
              requests_per_second=0) as c:
        assert [start(c, "203.0.113.1") for _ in range(3)] == [201, 201, 429]
        # another client behind the same proxy is not locked out by the first
        assert start(c, "203.0.113.2") == 201
        # a forged first hop changes nothing: the proxy's own entry counts
        assert start(c, "198.51.100.9, 203.0.113.1") == 429


def test_forwarded_headers_from_an_untrusted_peer_are_ignored(tmp_path: Path) -> None:
    with make(tmp_path, "127.0.0.1", max_active_games_per_client=2,
              requests_per_second=0) as c:
        assert start(c, "203.0.113.1") == 201
        assert start(c, "203.0.113.2") == 201
        # both were counted for the peer itself (10.0.0.5), whatever the header said
        assert start(c, "203.0.113.3") == 429


def test_no_trusted_proxies_means_the_peer_is_the_client(tmp_path: Path) -> None:
    with make(tmp_path, "", max_active_games_per_client=1, requests_per_second=0) as c:
        assert start(c, "203.0.113.1") == 201
        assert start(c, "203.0.113.2") == 429


def test_the_request_rate_limit_is_per_real_client(tmp_path: Path) -> None:
    with make(tmp_path, "10.0.0.5", requests_per_second=1, requests_burst=2) as c:
        codes = [c.get("/api/meta", headers={"X-Forwarded-For": "203.0.113.1"}).status_code
                 for _ in range(4)]
        assert codes[:2] == [200, 200] and 429 in codes
        assert c.get("/api/meta", headers={"X-Forwarded-For": "203.0.113.2"}).status_code == 200


def test_forwarded_proto_https_turns_on_hsts(tmp_path: Path) -> None:
    with make(tmp_path, "10.0.0.5") as c:
        plain = c.get("/api/meta")
        secure = c.get("/api/meta", headers={"X-Forwarded-Proto": "https"})
    assert "strict-transport-security" not in plain.headers
    assert secure.headers["strict-transport-security"].startswith("max-age=")


@pytest.mark.parametrize("path", ["/", "/play/nothing", "/api/meta", "/static/js/ui.js",
                                  "/static/i18n/en.json", "/api/games/nothing", "/no/such"])
def test_every_answer_carries_the_security_headers(tmp_path: Path, path: str) -> None:
    with make(tmp_path, "") as c:
        r = c.get(path)
    csp = r.headers["content-security-policy"]
    for directive in ("default-src 'self'", "script-src 'self'", "style-src 'self'",
                      "frame-ancestors 'none'", "object-src 'none'"):
        assert directive in csp
    assert "unsafe-inline" not in csp and "unsafe-eval" not in csp
    assert r.headers["x-content-type-options"] == "nosniff"
    assert r.headers["referrer-policy"] == "same-origin"
    assert r.headers["x-frame-options"] == "DENY"


def test_an_error_of_the_server_carries_them_too(tmp_path: Path) -> None:
    app = create_app(tmp_path / "db.sqlite3", Settings(computer_workers=0))

    async def boom(scope: object, receive: object, send: object) -> None:
        raise RuntimeError("boom")

    app.router.routes.insert(0, Route("/boom", boom))
    with TestClient(app, raise_server_exceptions=False) as c:
        r = c.get("/boom")
    assert r.status_code == 500
    assert r.headers["x-content-type-options"] == "nosniff"


def test_csp_reports_are_taken_and_logged(tmp_path: Path,
                                          caplog: pytest.LogCaptureFixture) -> None:
    with make(tmp_path, "") as c:
        r = c.post("/api/csp-reports", content=b'{"csp-report": {"violated-directive": '
                   b'"style-src-attr", "blocked-uri": "inline"}}',
                   headers={"Content-Type": "application/csp-report"})
        assert r.status_code == 204
        assert c.post("/api/csp-reports", content=b"{nope").status_code == 400
        assert c.post("/api/csp-reports", content=b"x" * 20000).status_code == 413
    assert any("style-src-attr" in m for m in caplog.messages)


def test_the_trusted_proxies_setting_is_checked() -> None:
    assert settings_from({"trusted_proxies": "192.168.1.0/24, ::1"}).trusted_proxies == \
        parse_networks("192.168.1.0/24,::1")
    assert settings_from({"trusted_proxies": ["10.0.0.1"]}).trusted_proxies == \
        parse_networks("10.0.0.1")
    with pytest.raises(BadConfig, match="not an address"):
        settings_from({"trusted_proxies": "proxy.example"})
    with pytest.raises(BadConfig, match="text of addresses"):
        settings_from({"trusted_proxies": 5})
