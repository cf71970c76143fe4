"""An invited seat's link as a QR code (issue 36): another phone at the table scans it and
takes the seat (server/api/claims.py).

``POST /api/games/{id}/seats/{seat}/qr`` with ``{"invite": CODE}`` answers an SVG picture
(``image/svg+xml``, drawn by segno) of the link ``<site>/play/{id}#seat=N&invite=CODE``,
the link a page offers to copy or share (web/js/tokens.js ``inviteLink``). Only for the
seat's open invitation, checked as taking the seat checks it: a spent invitation (the
seat was taken) is refused (409 ``seat.taken``), a wrong code too (403
``seat.invite_wrong``), so the server draws no picture of a link that takes nothing and
no picture of anything else. The code is sent in the body, not in the address: an address
ends up in logs. The site's address is the one the request came to (behind a trusted proxy
its scheme is the client's: server/edge/proxy.py).
"""

from __future__ import annotations

import io
from urllib.parse import quote

import segno
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from ludotheek.server.api.claims import check_open_invite, seat_number
from ludotheek.server.edge.bodies import QrBody
from ludotheek.server.edge.requests import read_json
from ludotheek.server.edge.shapes import decode
from ludotheek.server.play.service import GameService


def invite_url(base: str, gid: str, seat: int, code: str) -> str:
    """The link that takes ``seat`` of ``gid`` with the invite ``code`` (as the pages write it).

    >>> invite_url("https://games.example/", "ab-1", 2, "x_Y-z")
    'https://games.example/play/ab-1#seat=2&invite=x_Y-z'
    """
    page = f"{base.rstrip('/')}/play/{quote(gid, safe='')}"
    return f"{page}#seat={seat}&invite={quote(code, safe='')}"


def svg(text: str) -> bytes:
    """``text`` as a QR code in SVG (medium error correction: a phone reads it off a screen)."""
    out = io.BytesIO()
    segno.make(text, error="m", micro=False).save(
        out, kind="svg", xmldecl=False, svgns=True, scale=1, border=4, dark="#000",
        light="#fff", svgclass="qr", lineclass=None, omitsize=True)
    return out.getvalue()


async def seat_qr(request: Request) -> Response:
    service: GameService = request.app.state.service
    live = await service.load(request.path_params["id"])  # a game that is not: 404 first
    body = decode(QrBody, await read_json(request, service.settings.max_body))
    seat = seat_number(live, request.path_params["seat"])
    check_open_invite(live, seat, body.invite)
    picture = svg(invite_url(str(request.base_url), live.id, seat, body.invite))
    return Response(picture, media_type="image/svg+xml",
                    headers={"Cache-Control": "no-store"})


routes = [Route("/api/games/{id}/seats/{seat}/qr", seat_qr, methods=["POST"])]
