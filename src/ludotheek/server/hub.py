"""WebSocket rooms: who watches which game, from which seat; pushing views to them.

A connection that asked for it (``?views=1``) gets a move and the instant reply after
it as one ``{"type": "views", "views": [...]}`` message, the others as one ``view``
message each (:meth:`Hub.send_views`).
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any

from starlette.websockets import WebSocket

from ludotheek.server.jsonio import dumps

log = logging.getLogger("ludotheek.server")


class Hub:
    def __init__(self) -> None:
        self.rooms: dict[str, dict[WebSocket, int | None]] = {}
        #: the connections that take several views in one ``views`` message
        self.together: set[WebSocket] = set()

    def join(self, gid: str, ws: WebSocket, seat: int | None, together: bool = False) -> None:
        self.rooms.setdefault(gid, {})[ws] = seat
        if together:
            self.together.add(ws)

    def leave(self, gid: str, ws: WebSocket) -> None:
        room = self.rooms.get(gid)
        self.together.discard(ws)
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
