"""JSON out of the server, fast: msgspec's encoder instead of the standard library's.

Views go out after every move to every watcher, so encoding them is a large part of
a busy server's work (docs/performance.md, "Sustained load"); msgspec writes the same
JSON several times faster. Keys that are not strings are written as strings (as
``json.dumps`` does), a float that is not finite as ``null``.

>>> dumps({"type": "view", "seat": 1, "names": ["Anna", "Ole"], 2: "x"})
'{"type":"view","seat":1,"names":["Anna","Ole"],"2":"x"}'
"""

from __future__ import annotations

from typing import Any

import msgspec
from starlette.responses import JSONResponse
from starlette.websockets import WebSocket

_encode = msgspec.json.Encoder().encode


def encode(obj: Any) -> bytes:
    """``obj`` as compact UTF-8 JSON."""
    return _encode(obj)


def dumps(obj: Any) -> str:
    """``obj`` as compact JSON text."""
    return _encode(obj).decode()


async def send(ws: WebSocket, obj: Any) -> None:
    """Send ``obj`` as a JSON text message (what ``WebSocket.send_json`` sends, faster)."""
    await ws.send_text(dumps(obj))


class JSON(JSONResponse):
    """A JSON answer encoded by msgspec."""

    def render(self, content: Any) -> bytes:
        return _encode(content)
