"""A push service on this machine for the Web Push tests (no outside service): it keeps what
is posted to it and answers each path as told; and a browser's side of a subscription (a
P-256 key pair and an auth secret) that decrypts what was posted (http_ece, RFC 8291)."""

from __future__ import annotations

import base64
import json
import os
import threading
import time
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import http_ece
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec


def b64url(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).decode().rstrip("=")


def unb64url(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


@dataclass
class Posted:
    path: str
    headers: dict[str, str]
    body: bytes


@dataclass
class PushService:
    """``http://127.0.0.1:<port>``: every POST kept in :attr:`posted`; a path in
    :attr:`answers` gets that status (else 201), one in :attr:`slow` waits that long."""

    answers: dict[str, int] = field(default_factory=dict)
    slow: dict[str, float] = field(default_factory=dict)
    posted: list[Posted] = field(default_factory=list)

    def __post_init__(self) -> None:
        service = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:
                length = int(self.headers.get("Content-Length", "0"))
                body = self.rfile.read(length)
                time.sleep(service.slow.get(self.path, 0.0))
                service.posted.append(Posted(self.path, dict(self.headers.items()), body))
                self.send_response(service.answers.get(self.path, 201))
                self.send_header("Content-Length", "0")
                self.end_headers()

            def log_message(self, *args: Any) -> None:
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.server.daemon_threads = True
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()

    @property
    def host(self) -> str:
        """``127.0.0.1:<port>``, for Settings.push_test_hosts."""
        return f"127.0.0.1:{self.server.server_address[1]}"

    def url(self, path: str) -> str:
        return f"http://{self.host}{path}"

    def wait(self, count: int, timeout: float = 10.0) -> list[Posted]:
        deadline = time.monotonic() + timeout
        while len(self.posted) < count and time.monotonic() < deadline:
            time.sleep(0.02)
        return list(self.posted)

    def close(self) -> None:
        self.server.shutdown()
        self.server.server_close()


class Device:
    """A browser's side of a push subscription."""

    def __init__(self) -> None:
        self.key = ec.generate_private_key(ec.SECP256R1())
        self.auth = os.urandom(16)

    def keys(self) -> dict[str, str]:
        point = self.key.public_key().public_bytes(serialization.Encoding.X962,
                                                   serialization.PublicFormat.UncompressedPoint)
        return {"p256dh": b64url(point), "auth": b64url(self.auth)}

    def subscription(self, endpoint: str, lang: str = "en") -> dict[str, Any]:
        return {"endpoint": endpoint, "keys": self.keys(), "lang": lang}

    def read(self, posted: Posted) -> dict[str, Any]:
        """The push's message, decrypted as the browser does."""
        assert posted.headers["Content-Encoding"] == "aes128gcm"
        plain = http_ece.decrypt(posted.body, private_key=self.key, auth_secret=self.auth,
                                 version="aes128gcm")
        data: dict[str, Any] = json.loads(plain)
        return data
