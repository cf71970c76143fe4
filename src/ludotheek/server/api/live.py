"""The WebSocket ``/api/games/{id}/live?token=…``: views pushed after every change.

Client messages are JSON objects with a ``type``: ``move`` (``move``,
``version``), ``ping``, ``analyse`` (start the game's analysis). Answers: ``view``
(``view``), ``error`` (``status``, ``error``, ``code``, ``params``: as the HTTP API's),
``pong``, ``analysis`` (its ``status``, ``done`` and ``total``, then pushed as it goes
on; the ``result`` once done). A bad message gets an error and the connection stays.

With ``&views=1`` a move sent on that connection and a computer's instant reply to it
are stored in one transaction and come as one ``views`` message (``views``: the views in
order, each as a ``view`` message's) instead of two ``view`` messages: one hand-off to
the database's writer, one message to send and to read instead of two. (Other
connections get them as two ``view`` messages unless they asked for ``views`` too.)

The people of the game are told of each other's comings and goings: ``joined``, ``gone``,
``back`` (``seat``, ``name``: :mod:`~ludotheek.server.play.presence`).

The people's chat comes as ``{"type": "chat", "lines": [...]}``: with ``&chat=1``, when the
connection opens, every line said before (with ``"history": true`` and ``"free"``: whether
texts of one's own are allowed); on every connection each new line as it is said
(server/play/chat.py; takeback requests are lines too, server/play/takebacks.py).

A seat's connection turns into a spectator's when the seat is left to a computer player
or its secret is replaced (:meth:`~ludotheek.server.play.hub.Hub.close_seats`): it is told
``{"type": "seat_closed", "seat": n}``, gets a spectator's views from then on, and a
move sent on it is refused (``live.seat_closed``).
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

from starlette.routing import WebSocketRoute
from starlette.websockets import WebSocket, WebSocketDisconnect

from ludotheek.core.errors import quoted
from ludotheek.server.edge.bodies import LiveMove
from ludotheek.server.edge.jsonio import send
from ludotheek.server.edge.limits import Buckets, Held
from ludotheek.server.edge.requests import client_address, parse_json
from ludotheek.server.edge.shapes import decode
from ludotheek.server.edge.statuses import error_body, status_of
from ludotheek.server.errors import Forbidden, Invalid, ServiceError, TooMany
from ludotheek.server.play import chat, ending
from ludotheek.server.play.service import GameService, LiveGame
from ludotheek.store.games import hash_token


class Connection:
    def __init__(self, ws: WebSocket, service: GameService, live: LiveGame, seat: int | None,
                 token: str | None, together: bool = False) -> None:
        self.ws = ws
        #: it takes ``views``: its moves are told with a computer's instant reply
        self.together = together
        self.service = service
        self.live = live
        self.seat = seat
        self.token = token
        self.rate = service.settings.ws_messages_per_second
        #: at most ``rate`` messages per second, bursts of one second (0: no limit)
        self.bucket = Buckets(self.rate, self.rate, max_keys=1) if self.rate > 0 else None

    def current(self) -> tuple[int | None, str | None]:
        """The seat this connection sees as now, and the secret it acts with: (None, None)
        once the seat was closed to it (:meth:`~ludotheek.server.play.hub.Hub.close_seats`)."""
        seat = self.service.hub.seat_of(self.live.id, self.ws)
        return (seat, self.token) if seat is not None else (None, None)

    def take(self) -> None:
        """:class:`TooMany` past the connection's message rate."""
        if self.bucket is not None and not self.bucket.allow("messages"):
            raise TooMany(f"more than {self.rate:g} messages per second; slow down",
                          code="limit.messages", rate=f"{self.rate:g}")


async def _move(conn: Connection, msg: dict[str, Any]) -> None:
    sent = decode(LiveMove, msg)
    seat, token = conn.current()
    if seat is None and conn.seat is not None:
        raise Forbidden("this connection's seat was left or taken up elsewhere: it watches "
                        "now", code="live.seat_closed")
    conn.live, _seat = await conn.service.move(conn.live.id, token, sent.move,
                                               sent.version, with_reply=conn.together)


async def _ping(conn: Connection, msg: dict[str, Any]) -> None:
    await send(conn.ws, {"type": "pong"})


async def _view(conn: Connection, msg: dict[str, Any]) -> None:
    seat, _ = conn.current()
    await send(conn.ws, {"type": "view", "view": conn.service.view(conn.live, seat)})


async def _analyse(conn: Connection, msg: dict[str, Any]) -> None:
    if set(msg) - {"type"}:
        raise Invalid("an 'analyse' message has no other fields", code="live.analyse_fields")
    answer = await conn.ws.app.state.analyses.start(conn.live.id, conn.current()[1],
                                                    client_address(conn.ws))
    await send(conn.ws, {"type": "analysis", **answer})


# --- words between players (server/play/chat.py) ------------------------------------------

async def _chat_history(ws: WebSocket, service: GameService, gid: str) -> None:
    """The lines said before the connection opened, and whether texts are allowed."""
    await send(ws, {"type": "chat", "history": True, "free": chat.free(service),
                    "lines": await chat.lines(service, gid)})

# ------------------------------------------------------------------------------------------


HANDLERS: dict[str, Callable[[Connection, dict[str, Any]], Awaitable[None]]] = {
    "move": _move,
    "ping": _ping,
    "view": _view,
    "analyse": _analyse,
}


def _parse(text: str | None, limit: int) -> dict[str, Any]:
    if text is None:
        raise Invalid("send JSON text messages", code="live.not_text")
    if len(text) > limit or (4 * len(text) > limit
                             and len(text.encode("utf-8", "surrogatepass")) > limit):
        raise Invalid(f"the message is larger than {limit} bytes", code="live.too_large",
                      most=limit)
    try:
        msg = parse_json(text, "the message")
    except Invalid as exc:
        raise Invalid(f"the message is not JSON: {exc.message}", code="live.not_json") from exc
    if not isinstance(msg, dict):
        raise Invalid("a message is a JSON object with a 'type'", code="live.not_object")
    kind = msg.get("type")
    if not isinstance(kind, str) or kind not in HANDLERS:
        raise Invalid(f"unknown message type {kind!r}; types: {', '.join(HANDLERS)}",
                      code="live.type", kind=quoted(kind), types=", ".join(HANDLERS))
    return msg


async def live_socket(ws: WebSocket) -> None:
    """A live connection, at most ``max_sockets_per_address`` open at once per client
    address (behind a trusted proxy, the client's own: server/edge/proxy.py); one more is
    closed with 4429 after an error message (``limit.sockets``)."""
    sockets: Held = ws.app.state.sockets
    address = client_address(ws)
    if not sockets.take(address):
        await ws.accept()
        exc = TooMany(f"more than {sockets.most} live connections from your address; "
                      f"close a game's page and try again", code="limit.sockets",
                      most=sockets.most)
        await send(ws, {**error_body(exc), "type": "error", "status": status_of(exc)})
        await ws.close(code=4000 + status_of(exc))
        return
    try:
        await _live_socket(ws)
    finally:
        sockets.give(address)


async def _live_socket(ws: WebSocket) -> None:
    service: GameService = ws.app.state.service
    await ws.accept()
    token = ws.query_params.get("token") or None
    try:
        live = await service.fresh(await service.load(ws.path_params["id"]))
        seat = await service.seat_of(live, token)
    except ServiceError as exc:
        await send(ws, {**error_body(exc), "type": "error", "status": status_of(exc)})
        await ws.close(code=4000 + status_of(exc))
        return
    together = ws.query_params.get("views") == "1"
    conn = Connection(ws, service, live, seat, token, together)
    service.hub.join(live.id, ws, seat, together,
                     None if seat is None or token is None else hash_token(token))
    limit = service.settings.max_ws_message
    try:
        await send(ws, {"type": "view", "view": service.view(live, seat)})
        if ws.query_params.get("chat") == "1":
            await _chat_history(ws, service, live.id)
        await ending.note_joined(service, live, seat)
        await service.presence.arrived(live, seat)
        while True:
            message = await ws.receive()
            if message["type"] == "websocket.disconnect":
                break
            text = message.get("text")
            if text is None and message.get("bytes") is not None:
                text = None
            try:
                conn.take()
                msg = _parse(text, limit)
                await HANDLERS[msg["type"]](conn, msg)
            except ServiceError as exc:
                await send(ws, {**error_body(exc), "type": "error", "status": status_of(exc)})
    except WebSocketDisconnect:
        pass
    finally:
        seat_now = service.hub.seat_of(live.id, ws)
        service.hub.leave(live.id, ws)
        service.presence.departed(conn.live, seat_now)


routes = [WebSocketRoute("/api/games/{id}/live", live_socket)]
