"""WebSocket rooms: who watches which game, from which seat; pushing views to them.

A connection that asked for it (``?views=1``) gets a move and the instant reply after
it as one ``{"type": "views", "views": [...]}`` message, the others as one ``view``
message each (:meth:`Hub.send_views`).

A connection sees a seat's views only while the secret it came with is that seat's
secret (DECISION, issue 34): when the seat is left to a computer player, or its secret
is replaced (its invited person took it, or its person took it up again on another
device), :meth:`Hub.close_seats` turns each such connection into a spectator's. It is
told ``{"type": "seat_closed", "seat": n}`` first and gets a spectator's views from then
on; it stays open (whoever left still watches, as the HTTP answer to leaving says), but
sends no move for the seat any more (``live.seat_closed``).
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any

from starlette.websockets import WebSocket

from ludotheek.server.edge.jsonio import dumps

log = logging.getLogger("ludotheek.server")


class Hub:
    def __init__(self) -> None:
        self.rooms: dict[str, dict[WebSocket, int | None]] = {}
        #: the connections that take several views in one ``views`` message
        self.together: set[WebSocket] = set()
        #: the hashed secret each seat's connection came with
        self.keys: dict[WebSocket, str] = {}

    def join(self, gid: str, ws: WebSocket, seat: int | None, together: bool = False,
             key: str | None = None) -> None:
        """``ws`` watches ``gid`` as ``seat`` (None: a spectator), which it proved with the
        secret whose hash is ``key``."""
        self.rooms.setdefault(gid, {})[ws] = seat if key is not None else None
        if together:
            self.together.add(ws)
        if key is not None and seat is not None:
            self.keys[ws] = key

    def seat_of(self, gid: str, ws: WebSocket) -> int | None:
        """The seat ``ws`` watches ``gid`` as now (None: a spectator's view)."""
        return self.rooms.get(gid, {}).get(ws)

    async def close_seats(self, gid: str, hashes: dict[int, str]) -> int:
        """Every connection to ``gid`` whose seat's secret is no longer the one it came
        with (``hashes``: each seat's hashed secret now) watches as a spectator from now on,
        told ``{"type": "seat_closed", "seat": n}``; how many."""
        room = self.rooms.get(gid)
        if not room:
            return 0
        closed = []
        for ws, seat in list(room.items()):
            if seat is not None and hashes.get(seat) != self.keys.get(ws):
                room[ws] = None
                self.keys.pop(ws, None)
                closed.append((ws, seat))
        for ws, seat in closed:
            try:
                await ws.send_text(dumps({"type": "seat_closed", "seat": seat}))
            except Exception:  # a closed connection: forget it
                log.debug("dropping a closed WebSocket of game %s", gid)
                self.leave(gid, ws)
        return len(closed)

    def leave(self, gid: str, ws: WebSocket) -> None:
        room = self.rooms.get(gid)
        self.together.discard(ws)
        self.keys.pop(ws, None)
        if room is not None:
            room.pop(ws, None)
            if not room:
                del self.rooms[gid]

    def seats(self, gid: str) -> set[int | None]:
        """The seats watched in ``gid`` (None: a spectator)."""
        return set(self.rooms.get(gid, {}).values())

    def watchers(self, gid: str) -> int:
        return len(self.rooms.get(gid, {}))

    async def broadcast(self, gid: str,
                        message: Callable[[int | None], dict[str, Any] | None]) -> None:
        """Send each connection the message for its own seat (made once per seat; None:
        nothing for that seat)."""
        room = self.rooms.get(gid)
        if not room:
            return
        made: dict[int | None, str | None] = {}
        for ws, seat in list(room.items()):
            if seat not in made:
                msg = message(seat)
                made[seat] = None if msg is None else dumps(msg)
            text = made[seat]
            if text is None:
                continue
            try:
                await ws.send_text(text)
            except Exception:  # a closed connection: forget it
                log.debug("dropping a closed WebSocket of game %s", gid)
                self.leave(gid, ws)

    # --- words between players (server/play/chat.py, takebacks.py) -----------------------

    async def tell(self, gid: str, message: dict[str, Any]) -> None:
        """Send every connection of ``gid`` the same ``message``, whatever its seat (a
        chat line: spectators read what the people of the game say)."""
        await self.broadcast(gid, lambda _seat: message)

    # ------------------------------------------------------------------------------------

    async def send_views(self, gid: str, views: Callable[[int | None], list[str]]) -> None:
        """Send each connection its own seat's views (encoded, oldest first; made once per
        seat): one ``views`` message to a connection that asked for it, one ``view``
        message each to the others."""
        room = self.rooms.get(gid)
        if not room:
            return
        made: dict[int | None, list[str]] = {}
        for ws, seat in list(room.items()):
            if seat not in made:
                made[seat] = views(seat)
            encoded = made[seat]
            try:
                if ws in self.together:
                    await ws.send_text('{"type":"views","views":[' + ",".join(encoded) + "]}")
                else:
                    for view in encoded:
                        await ws.send_text('{"type":"view","view":' + view + "}")
            except Exception:  # a closed connection: forget it
                log.debug("dropping a closed WebSocket of game %s", gid)
                self.leave(gid, ws)
