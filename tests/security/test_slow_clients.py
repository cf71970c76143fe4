"""Issue 34, hole 7: slow clients.

Against a real ``ludotheek serve`` (uvicorn) on loopback: 300 uploads trickling a byte
every 5 s were held for ever; 400 WebSockets from one address were accepted; every client
that left in the middle of its body was logged as a 500 with two tracebacks. Now a body
has ``--body-timeout`` seconds to arrive (408, the connection closed), an address has at
most ``--max-sockets-per-address`` WebSockets open (one more is closed with 4429 and the
code ``limit.sockets``), counted per real client behind a trusted proxy
(``X-Forwarded-For`` from loopback here), and a client that leaves is one line of the log.

The attacks scaled down: 6 uploads with a deadline of 1 s, a cap of 3 sockets and a 4th,
20 clients that leave.
"""

from __future__ import annotations

import contextlib
import json
import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
import websockets.sync.client
from websockets.exceptions import ConnectionClosed

from tests.serverproc import ServerProcess

TWO = {"game": "wari", "seats": [{"type": "person"}] * 2}
UPLOAD = (b"POST /api/records HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
          b"Content-Length: 100\r\n\r\n")


@pytest.fixture
def server(tmp_path: Path) -> Iterator[ServerProcess]:
    with ServerProcess(tmp_path / "db.sqlite3", workers=0,
                       args=("--body-timeout", "1", "--max-sockets-per-address", "3",
                             "--requests-per-second", "0")) as running:
        yield running


def _trickle(port: int, answers: list[tuple[float, bytes, bool]], stop: float) -> None:
    """An upload that sends a byte every 0.3 s until it is answered (or ``stop`` s).

    The bytes come at 0.3, 0.6, 0.9, 1.2 s: not at the deadline (1 s), when the server
    answers and closes. A byte that reaches the server after its last read and before its
    close is unread data, and the server's kernel then resets the connection instead of
    closing it, which may lose the answer on its way (CI: four of six uploads whose bytes
    came every 0.25 s were reset). An upload that is reset is recorded as reset: it was
    not held either."""
    with socket.create_connection(("127.0.0.1", port)) as sock:
        sock.sendall(UPLOAD)
        sock.settimeout(0.3)
        start = time.monotonic()
        got = b""
        reset = False
        while time.monotonic() - start < stop:
            try:
                chunk = sock.recv(4096)
            except TimeoutError:
                try:
                    sock.sendall(b" ")
                except OSError:  # closed by the server
                    break
                continue
            except ConnectionResetError:
                reset = True
                break
            if not chunk:  # the server closed the connection
                break
            got += chunk
        answers.append((time.monotonic() - start, got, reset))


def test_a_trickling_upload_is_answered_408_at_its_deadline(server: ServerProcess) -> None:
    answers: list[tuple[float, bytes, bool]] = []
    uploads = [threading.Thread(target=_trickle, args=(server.port, answers, 8.0))
               for _ in range(6)]
    for upload in uploads:
        upload.start()
    for upload in uploads:
        upload.join(15)
    assert len(answers) == 6
    # before: no answer at all, the connection held as long as bytes came (8 s here)
    assert all(took < 4.0 for took, _, _ in answers), answers  # the deadline (1 s), six at once
    assert all(took > 0.9 for took, _, _ in answers), answers  # and not before it
    answered = [got for _, got, reset in answers if got or not reset]
    assert len(answered) >= 3, answers  # most read their answer (a reset is the exception)
    for got in answered:
        assert got.startswith(b"HTTP/1.1 408 "), got[:200]
        body = json.loads(got.partition(b"\r\n\r\n")[2])
        assert body["code"] == "request.timeout" and body["params"] == {"seconds": "1"}
        assert b"connection: close" in got.lower()  # and the socket was closed: recv b""
    # the server goes on, and logged no error
    assert httpx.post(server.url + "/api/games", json=TWO).status_code == 201
    assert "Traceback" not in server.log.read_text(errors="replace")


def _live(server: ServerProcess, gid: str, client: str) -> websockets.sync.client.ClientConnection:
    url = server.url.replace("http", "ws") + f"/api/games/{gid}/live"
    return websockets.sync.client.connect(url, additional_headers={"X-Forwarded-For": client})


def _refused(ws: websockets.sync.client.ClientConnection) -> dict[str, object]:
    error: dict[str, object] = json.loads(ws.recv(timeout=5))
    with pytest.raises(ConnectionClosed):
        ws.recv(timeout=5)
    assert ws.close_code == 4429
    return error


def _open(stack: contextlib.ExitStack, server: ServerProcess, gid: str,
          clients: list[str]) -> list[websockets.sync.client.ClientConnection]:
    """A live connection of each client, each having got its view."""
    held = [stack.enter_context(_live(server, gid, client)) for client in clients]
    for ws in held:
        assert json.loads(ws.recv(timeout=5))["type"] == "view"
    return held


def test_an_address_has_at_most_its_sockets(server: ServerProcess) -> None:
    gid = httpx.post(server.url + "/api/games", json=TWO).json()["id"]
    with contextlib.ExitStack() as stack:
        _address_limit(server, gid, _open(stack, server, gid, ["203.0.113.7"] * 3))


def _address_limit(server: ServerProcess, gid: str,
                   first: list[websockets.sync.client.ClientConnection]) -> None:
    # the 4th from that address (behind the proxy on loopback, which is trusted)
    with _live(server, gid, "203.0.113.7") as fourth:
        error = _refused(fourth)
    assert error["type"] == "error" and error["status"] == 429
    assert error["code"] == "limit.sockets" and error["params"] == {"most": 3}
    # another client behind the same proxy is another address
    with _live(server, gid, "203.0.113.8") as other:
        assert json.loads(other.recv(timeout=5))["type"] == "view"
    # a socket closed gives its place back
    first.pop().close()
    deadline = time.monotonic() + 5
    while True:
        with _live(server, gid, "203.0.113.7") as again:
            message = json.loads(again.recv(timeout=5))
        if message["type"] == "view" or time.monotonic() > deadline:
            break
        time.sleep(0.1)
    assert message["type"] == "view"


def test_a_forged_forwarded_address_counts_as_the_peer(tmp_path: Path) -> None:
    """Without a trusted proxy, X-Forwarded-For is the client's word and changes nothing:
    every socket is the peer's (127.0.0.1)."""
    with ServerProcess(tmp_path / "db.sqlite3", workers=0,
                       args=("--max-sockets-per-address", "3", "--trusted-proxies", "",
                             "--requests-per-second", "0")) as server:
        gid = httpx.post(server.url + "/api/games", json=TWO).json()["id"]
        with contextlib.ExitStack() as stack:
            _open(stack, server, gid, [f"203.0.113.{n}" for n in range(3)])
            with _live(server, gid, "198.51.100.1") as forged:
                assert _refused(forged)["code"] == "limit.sockets"


def _leave_mid_body(port: int) -> None:
    with socket.create_connection(("127.0.0.1", port)) as sock:
        sock.sendall(UPLOAD.replace(b"100", b"1000") + b'{"game": ')
        time.sleep(0.2)


def test_a_client_that_leaves_mid_body_is_one_quiet_line(server: ServerProcess) -> None:
    leaving = [threading.Thread(target=_leave_mid_body, args=(server.port,))
               for _ in range(20)]
    for client in leaving:
        client.start()
    for client in leaving:
        client.join(10)
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        log = server.log.read_text(errors="replace")
        if log.count("the client left") >= 20:
            break
        time.sleep(0.1)
    lines = [line for line in log.splitlines() if "the client left" in line]
    # before: a 500 and two tracebacks each
    assert "Traceback" not in log and " 500" not in log, log[-3000:]
    assert len(lines) == 20, log[-3000:]
    assert all("POST /api/records from 127.0.0.1" in line for line in lines), lines[:3]
    assert httpx.get(server.url + "/healthz").status_code == 200
