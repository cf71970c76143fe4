"""Security headers on every answer.

The pages load scripts and styles from this server only: no inline script, no
inline style (a style set from a script goes through the CSSOM, which the policy
allows), no framing by another site. A browser that refuses something because
of the policy reports it to ``POST /api/csp-reports``, which logs it
(``ludotheek.csp``), so a page that breaks the policy is seen.

>>> policy = content_security_policy()
>>> "script-src 'self'" in policy and "'unsafe-inline'" not in policy
True
>>> "frame-ancestors 'none'" in policy
True
"""

from __future__ import annotations

import json
import logging

from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from ludotheek.server.edge.requests import read_body
from ludotheek.server.errors import Invalid

log = logging.getLogger("ludotheek.csp")

#: where browsers send reports of what the policy refused
REPORT_PATH = "/api/csp-reports"
#: how much of one report is read
MAX_REPORT = 8 * 1024

#: the policy's directives: the pages' own files only; WebSockets to this server
#: ('self' covers ws: and wss: of the same host); images also as data: URLs
DIRECTIVES = (
    ("default-src", "'self'"),
    ("script-src", "'self'"),
    ("style-src", "'self'"),
    ("img-src", "'self' data:"),
    ("font-src", "'self'"),
    ("connect-src", "'self'"),
    ("object-src", "'none'"),
    ("base-uri", "'none'"),
    ("form-action", "'self'"),
    ("frame-ancestors", "'none'"),
    ("report-uri", REPORT_PATH),
)


def content_security_policy() -> str:
    return "; ".join(f"{name} {value}" for name, value in DIRECTIVES)


def security_headers(secure: bool = False) -> list[tuple[bytes, bytes]]:
    """The headers every answer carries; ``secure``: the client came over HTTPS (then
    browsers are also told to keep using HTTPS)."""
    headers = [
        (b"content-security-policy", content_security_policy().encode()),
        (b"x-content-type-options", b"nosniff"),
        (b"referrer-policy", b"same-origin"),
        (b"x-frame-options", b"DENY"),
        (b"cross-origin-opener-policy", b"same-origin"),
        (b"permissions-policy", b"camera=(), microphone=(), geolocation=(), payment=()"),
    ]
    if secure:
        headers.append((b"strict-transport-security", b"max-age=31536000"))
    return headers


class SecurityHeaders:
    """ASGI middleware adding :func:`security_headers` to every HTTP answer (headers the
    app set itself are kept)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        extra = security_headers(secure=scope.get("scheme") == "https")

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                present = {k.lower() for k, _ in message.get("headers", ())}
                message = {**message, "headers": [
                    *message.get("headers", ()), *(h for h in extra if h[0] not in present)]}
            await send(message)

        await self.app(scope, receive, send_with_headers)


async def report(request: Request) -> Response:
    """A browser's report of something the policy refused: logged, answered 204.

    Anything but a JSON object is refused with 400, a body over the limit with 413.
    """
    body = await read_body(request, MAX_REPORT)
    try:
        data = json.loads(body or b"{}")
    except (json.JSONDecodeError, UnicodeDecodeError):
        raise Invalid("a report must be a JSON object", code="request.not_object") from None
    if not isinstance(data, dict):
        raise Invalid("a report must be a JSON object", code="request.not_object")
    entry = data.get("csp-report", data)
    log.warning("content security policy refused: %s", json.dumps(entry)[:2000])
    return Response(status_code=204)


routes = [Route(REPORT_PATH, report, methods=["POST"])]
