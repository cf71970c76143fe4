"""The site behind Debian's nginx and Caddy with HTTPS, configured by docs/deploy/'s files.

The documented files are used as they are, with the host name, ports and certificate
paths replaced (and Caddy's own certificate management replaced by a self-signed one):
pages over HTTPS with the security headers, the plain-HTTP redirect, WebSocket moves
through the proxy, the per-address limits (games in progress, the request rate) counted
per real client (clients from 127.0.0.2, 127.0.0.3 and so on; the proxy itself connects
from 127.0.0.1, a trusted proxy by default), ludotheek's own answer to a body over its
limit, and an access log without seat secrets.

Each test runs once for each proxy; one that is not installed is skipped (./test installs
both on Debian, as root).
"""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import socket
import ssl
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from tests.serverproc import ServerProcess, free_port

ROOT = Path(__file__).resolve().parents[2]
NGINX_CONF = ROOT / "docs" / "deploy" / "nginx-ludotheek.conf"
CADDYFILE = ROOT / "docs" / "deploy" / "ludotheek.Caddyfile"


def _program(name: str) -> str | None:
    return shutil.which(name) or (f"/usr/sbin/{name}" if os.path.exists(f"/usr/sbin/{name}")
                                  else None)


NGINX, CADDY, OPENSSL = _program("nginx"), _program("caddy"), shutil.which("openssl")

#: the backend's request rate per address (a request in 1,000 s) and its burst
RATE, BURST = 0.001, 20

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(OPENSSL is None, reason="openssl is needed for the certificate"),
]


class Site:
    def __init__(self, https_port: int, http_port: int, backend: ServerProcess,
                 folder: Path) -> None:
        self.https_port = https_port
        self.https = f"https://localhost:{https_port}"
        self.http = f"http://localhost:{http_port}"
        self.wss = f"wss://localhost:{https_port}"
        self.backend = backend
        #: the proxy's logs are written here (the file's /var/log/nginx/ or /var/log/caddy/)
        self.folder = folder

    def client(self, source: str = "127.0.0.2") -> httpx.Client:
        """An HTTPS client whose connections come from ``source`` (a loopback address)."""
        return httpx.Client(base_url=self.https, verify=False, timeout=30,
                            transport=httpx.HTTPTransport(local_address=source, verify=False))


def _replaced(text: str, changes: list[tuple[str, str]]) -> str:
    for old, new in changes:
        assert old in text, old
        text = text.replace(old, new)
    return text


def _self_signed(tmp: Path) -> None:
    assert OPENSSL is not None  # else the module is skipped
    subprocess.run([OPENSSL, "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2",
                    "-subj", "/CN=localhost", "-addext", "subjectAltName=DNS:localhost",
                    "-keyout", str(tmp / "key.pem"), "-out", str(tmp / "cert.pem")],
                   check=True, capture_output=True)


def _nginx(tmp: Path, https_port: int, http_port: int, backend_port: int) -> list[str]:
    """nginx's command line, running docs/deploy/nginx-ludotheek.conf."""
    site = _replaced(NGINX_CONF.read_text(), [
        ("ludotheek.example.org", "localhost"),
        ("/etc/letsencrypt/live/localhost/fullchain.pem", str(tmp / "cert.pem")),
        ("/etc/letsencrypt/live/localhost/privkey.pem", str(tmp / "key.pem")),
        ("/var/log/nginx/", f"{tmp}/"),
        ("listen 443 ", f"listen {https_port} "),
        ("listen 80;", f"listen {http_port};"),
        ("127.0.0.1:8000", f"127.0.0.1:{backend_port}"),
    ])
    (tmp / "site.conf").write_text(site)
    main = tmp / "nginx.conf"
    user = "user root;\n" if os.geteuid() == 0 else ""
    main.write_text(f"""{user}worker_processes 1;
pid {tmp}/nginx.pid;
error_log {tmp}/error.log;
events {{ worker_connections 256; }}
http {{
    client_body_temp_path {tmp}/body;
    proxy_temp_path {tmp}/proxy;
    fastcgi_temp_path {tmp}/fastcgi;
    uwsgi_temp_path {tmp}/uwsgi;
    scgi_temp_path {tmp}/scgi;
    include {tmp}/site.conf;
}}
""")
    assert NGINX is not None  # else the test is skipped
    return [NGINX, "-c", str(main), "-p", str(tmp), "-g", "daemon off;"]


def _caddy(tmp: Path, https_port: int, http_port: int, backend_port: int) -> list[str]:
    """Caddy's command line, running docs/deploy/ludotheek.Caddyfile: no admin endpoint (it
    would be a fixed port), the ports of the test, a self-signed certificate instead of
    Let's Encrypt's."""
    site = _replaced(CADDYFILE.read_text(), [
        ("\temail admin@example.org\n",
         f"\tadmin off\n\thttp_port {http_port}\n\thttps_port {https_port}\n"),
        ("ludotheek.example.org {\n",
         f"localhost {{\n\ttls {tmp}/cert.pem {tmp}/key.pem\n"),
        ("/var/log/caddy/", f"{tmp}/"),
        ("127.0.0.1:8000", f"127.0.0.1:{backend_port}"),
    ])
    (tmp / "Caddyfile").write_text(site)
    assert CADDY is not None  # else the test is skipped
    return [CADDY, "run", "--adapter", "caddyfile", "--config", str(tmp / "Caddyfile")]


PROXIES = {"nginx": (NGINX, _nginx), "caddy": (CADDY, _caddy)}


@pytest.fixture(scope="module", params=sorted(PROXIES))
def site(request: pytest.FixtureRequest,
         tmp_path_factory: pytest.TempPathFactory) -> Iterator[Site]:
    name: str = request.param
    program, command = PROXIES[name]
    if program is None:
        how = "./test installs it, as root" if name == "nginx" else "apt-get install caddy"
        pytest.skip(f"Debian's {name} is not installed ({how})")
    tmp = Path(tmp_path_factory.mktemp(name))
    # the request rate: a burst of 20, then a request in 1,000 s, so that an address has
    # exactly 20 for as long as the tests run (the others make at most six from each)
    backend = ServerProcess(tmp / "db.sqlite3", workers=0,
                            args=("--max-games-per-client", "3", "--requests-per-second",
                                  str(RATE), "--requests-burst", str(BURST)))
    https_port, http_port = free_port(), free_port()
    _self_signed(tmp)
    args = command(tmp, https_port, http_port, backend.port)
    # Caddy keeps its state (certificates, locks) in XDG folders: the test's, not $HOME's
    env = {**os.environ, "XDG_DATA_HOME": str(tmp / "data"),
           "XDG_CONFIG_HOME": str(tmp / "config")}
    with backend:
        with open(tmp / "proxy.out", "wb") as out:
            proxy = subprocess.Popen(args, stdout=out, stderr=subprocess.STDOUT, env=env)
        try:
            result = Site(https_port, http_port, backend, tmp)
            deadline = time.monotonic() + 60
            while True:
                try:
                    with result.client() as c:
                        if c.get("/").status_code == 200:
                            break
                except httpx.HTTPError:
                    pass
                if proxy.poll() is not None or time.monotonic() > deadline:
                    err = (tmp / "proxy.out").read_text()
                    log = (tmp / "error.log").read_text() if (tmp / "error.log").exists() else ""
                    pytest.fail(f"{name} did not come up: {err}\n{log}")
                time.sleep(0.2)
            # the answer came from this proxy, not from another program that took its port
            if proxy.poll() is not None:
                pytest.fail(f"{name} exited: {(tmp / 'proxy.out').read_text()}")
            yield result
        finally:
            proxy.terminate()
            proxy.wait(30)


def _wari(c: httpx.Client) -> httpx.Response:
    return c.post("/api/games", json={"game": "wari",
                                      "seats": [{"type": "person"}, {"type": "person"}]})


def test_pages_over_https_with_the_security_headers(site: Site) -> None:
    with site.client() as c:
        for path in ("/", "/static/js/lobby.js", "/api/meta"):
            r = c.get(path)
            assert r.status_code == 200, path
            assert "frame-ancestors 'none'" in r.headers["content-security-policy"]
            assert r.headers["x-content-type-options"] == "nosniff"
            # the app knows the client came over HTTPS (X-Forwarded-Proto from a trusted proxy)
            assert r.headers["strict-transport-security"].startswith("max-age=")


def test_plain_http_is_sent_to_https(site: Site) -> None:
    r = httpx.get(site.http + "/play/x", follow_redirects=False)
    assert r.status_code in (301, 308)  # nginx's and Caddy's permanent redirects
    assert r.headers["location"].startswith("https://localhost")


def _tail(path: Path, chars: int = 3000) -> str:
    return path.read_text(errors="replace")[-chars:] if path.exists() else "(none)"


@contextlib.contextmanager
def _live(site: Site, gid: str, token: str) -> Iterator[Any]:
    """A WebSocket to the game through the proxy over IPv4 (``localhost`` may name ::1
    first, where the proxy does not listen and another program may), with the proxy's and
    the backend's logs in the failure when its handshake does not come."""
    from websockets.sync.client import connect

    context = ssl.create_default_context()
    context.check_hostname = False
    context.verify_mode = ssl.CERT_NONE
    sock = socket.create_connection(("127.0.0.1", site.https_port), timeout=20)
    try:
        ws = connect(f"{site.wss}/api/games/{gid}/live?token={token}", sock=sock, ssl=context,
                     open_timeout=20)
    except TimeoutError as exc:
        sock.close()
        raise AssertionError(
            f"no WebSocket handshake through the proxy in 20 s\n"
            f"proxy errors: {_tail(site.folder / 'error.log')}\n"
            f"proxy access: {_tail(site.folder / 'ludotheek.access.log')}\n"
            f"backend: {_tail(site.backend.log)}") from exc
    with ws:
        yield ws


def _next_view(ws: Any) -> dict[str, Any]:
    """The next view the connection gets (notices such as a friend's arrival skipped)."""
    while True:
        msg = json.loads(ws.recv(20))
        if msg["type"] == "view":
            return dict(msg["view"])


def test_websocket_moves_through_the_proxy(site: Site) -> None:
    with site.client("127.0.0.4") as c:
        made = _wari(c)
        assert made.status_code == 201, made.text
        gid = made.json()["id"]
        south, north = (s["token"] for s in made.json()["seats"])
    with _live(site, gid, south) as ws_south, _live(site, gid, north) as ws_north:
        assert _next_view(ws_south)["version"] == 0
        assert _next_view(ws_north)["version"] == 0
        ws_south.send(json.dumps({"type": "move", "move": "3", "version": 0}))
        assert _next_view(ws_south)["version"] == 1
        pushed = _next_view(ws_north)
        assert pushed["version"] == 1 and pushed["to_move"] == 1


def test_the_limits_count_each_real_client_not_the_proxy(site: Site) -> None:
    with site.client("127.0.0.2") as first, site.client("127.0.0.3") as second:
        codes = [_wari(first).status_code for _ in range(4)]
        assert codes == [201, 201, 201, 429]
        # the second household behind the same proxy still starts games
        assert _wari(second).status_code == 201
        # a client that forges X-Forwarded-For is still counted by its own address
        forged = first.post("/api/games", headers={"X-Forwarded-For": "198.51.100.7"},
                            json={"game": "wari", "seats": [{"type": "person"}] * 2})
        assert forged.status_code == 429


def test_the_request_rate_is_limited_per_real_client(site: Site) -> None:
    # one household hammers the API through the proxy until it is refused; another, behind
    # the same proxy, is still served. Without the forwarded address (the proxy connects
    # from 127.0.0.1 for both) the second would be refused as well.
    with site.client("127.0.0.7") as hammer, site.client("127.0.0.8") as other:
        codes = [hammer.get("/api/meta").status_code for _ in range(BURST + 1)]
        assert codes == [200] * BURST + [429], codes
        refused = hammer.get("/api/meta")
        assert refused.status_code == 429
        assert int(refused.headers["retry-after"]) >= 1
        assert "requests a second from your address" in refused.json()["error"]
        assert other.get("/api/meta").status_code == 200
        # a forged X-Forwarded-For does not give the hammering client a fresh bucket
        forged = hammer.get("/api/meta", headers={"X-Forwarded-For": "198.51.100.8"})
        assert forged.status_code == 429
        # pages and static files are not counted: the refused client still gets the site
        assert hammer.get("/").status_code == 200
        assert hammer.get("/static/js/lobby.js").status_code == 200


def test_a_body_over_the_limit_gets_ludotheeks_own_answer(site: Site) -> None:
    # the proxy lets bodies up to 1 MB through (nginx's client_max_body_size, Caddy's
    # request_body max_size), so the refusal of one over
    # ludotheek's --max-body (65,536 bytes) is ludotheek's: JSON, with a message
    with site.client("127.0.0.5") as c:
        r = c.post("/api/games", content=b"{" + b" " * 100_000 + b"}",
                   headers={"Content-Type": "application/json"})
    assert r.status_code == 413
    assert r.json()["error"] == "the body is larger than 65536 bytes"


def test_the_access_log_holds_no_seat_secret(site: Site) -> None:
    with site.client("127.0.0.6") as c:
        made = _wari(c)
        assert made.status_code == 201, made.text
        gid = made.json()["id"]
        token = made.json()["seats"][0]["token"]
        # an invite link opened, the page's own files (a browser names the page with its
        # secret as the Referer), the API with ?token= and with Authorization, and a live
        # connection
        page = f"{site.https}/play/{gid}?token={token}"
        assert c.get(f"/play/{gid}?token={token}").status_code == 200
        assert c.get("/static/js/lobby.js", headers={"Referer": page}).status_code == 200
        assert c.get(f"/api/games/{gid}?token={token}").status_code == 200
        assert c.get(f"/api/games/{gid}",
                     headers={"Authorization": f"Bearer {token}"}).status_code == 200
    with _live(site, gid, token) as ws:
        _next_view(ws)
    log = site.folder / "ludotheek.access.log"
    deadline = time.monotonic() + 30  # the proxy writes a line when the request ends
    while f"/api/games/{gid}/live" not in (text := log.read_text() if log.exists() else ""):
        assert time.monotonic() < deadline, text[-2000:]
        time.sleep(0.1)
    assert f"/play/{gid}" in text
    assert token not in text
