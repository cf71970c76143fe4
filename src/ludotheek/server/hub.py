"""WebSocket rooms: who watches which game, from which seat; pushing views to them."""

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

    def join(self, gid: str, ws: WebSocket, seat: int | None) -> None:
        self.rooms.setdefault(gid, {})[ws] = seat

    def leave(self, gid: str, ws: WebSocket) -> None:
        room = self.rooms.get(gid)
        if room is not None:
            room.pop(ws, None)
            if not room:
                del self.rooms[gid]

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
