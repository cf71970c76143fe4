"""Who is here: the players of a game hear, as it happens, that a person has come, has
gone and is back (issue 36, "Anna has joined", "Anna has left", "Anna is back").

A notice is a WebSocket message to the connections of the game's other seats (the other
players; not the spectators): ``{"type": KIND, "seat": n, "name": NAME}``, KIND one of

- ``joined``: the seat's person has come, the first time (an invited seat taken, or a
  seat's secret first used: :func:`~ludotheek.server.play.ending.note_joined`);
- ``gone``: the last connection of the seat closed and none came back within
  ``presence_grace`` seconds (a reload or a train's tunnel is not a departure);
- ``back``: a connection of a seat told ``gone`` came again.

``name`` is the seat's given name (a profile's, the one given when it was taken or made),
or None: the page names the seat as its views do. A notice is for a person's seat of a game
in play only; a seat left to a computer player or taken up on another device says nothing.

On a scaled-out site (docs/scaling.md) each web process counts the connections it holds
and sends its notices to the other processes too (:meth:`Presence.heard` is how they come
in: told to the connections there, and a ``gone`` seat remembered so that its ``back`` can
be said wherever it comes back). DECISION: a seat whose person has connections to two
processes and closes one of them is told ``gone`` by that process; one person with two
devices on two processes is rare, and a wrong ``gone`` is followed by ``back`` at their
next move's reconnection, so the processes keep no shared count.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from typing import TYPE_CHECKING, Any

from ludotheek.server.play.livegame import LiveGame

if TYPE_CHECKING:
    from ludotheek.server.play.protocols import Games

log = logging.getLogger("ludotheek.server")

#: the kinds of notice
KINDS = ("joined", "gone", "back")


def notice(live: LiveGame, seat: int, kind: str) -> dict[str, Any]:
    """The message that tells the others of ``seat``'s ``kind`` (see the module)."""
    name = live.seats[seat].get("name")
    return {"type": kind, "seat": seat, "name": name if isinstance(name, str) else None}


class Presence:
    """The comings and goings of the people of the games watched by this process."""

    def __init__(self, service: Games) -> None:
        self.service = service
        #: the seats told ``gone`` (and not back since), by game
        self.away: dict[str, set[int]] = {}
        #: a seat's departure waiting for its grace to pass
        self.pending: dict[tuple[str, int], asyncio.Task[None]] = {}

    def here(self, gid: str, seat: int) -> int:
        """How many connections of this process watch ``gid`` as ``seat``."""
        return sum(1 for s in self.service.hub.rooms.get(gid, {}).values() if s == seat)

    @staticmethod
    def _a_person(live: LiveGame, seat: int) -> bool:
        return not live.over and 0 <= seat < len(live.seats) \
            and live.seats[seat]["type"] == "person"

    async def tell(self, live: LiveGame, seat: int, kind: str) -> None:
        """Tell the other seats of ``seat``'s ``kind`` (here and on the other processes)."""
        msg = notice(live, seat, kind)
        await self._deliver(live.id, msg)
        if self.service.scale_out is not None:
            await self.service.scale_out.notify(live.id, msg)

    async def _deliver(self, gid: str, msg: dict[str, Any]) -> None:
        seat = msg["seat"]
        await self.service.hub.broadcast(gid, lambda s: msg if s not in (None, seat) else None)

    async def arrived(self, live: LiveGame, seat: int | None) -> None:
        """A connection came for ``seat`` (after it joined the hub's room): a departure
        waiting for its grace is called off; a seat told ``gone`` is ``back``."""
        if seat is None:
            return
        task = self.pending.pop((live.id, seat), None)
        if task is not None:
            task.cancel()
        away = self.away.get(live.id)
        if away is not None and seat in away:
            away.discard(seat)
            if not away:
                del self.away[live.id]
            if self._a_person(live, seat):
                await self.tell(live, seat, "back")

    def departed(self, live: LiveGame, seat: int | None) -> None:
        """A connection of ``seat`` closed (after it left the hub's room): if it was the
        seat's last one here, ``gone`` is told once the grace has passed without another."""
        if seat is None or not self._a_person(live, seat) or self.here(live.id, seat):
            return
        key = (live.id, seat)
        if key in self.pending:
            return
        grace = self.service.settings.presence_grace
        self.pending[key] = asyncio.get_running_loop().create_task(
            self._after_grace(live, seat, grace))

    async def _after_grace(self, live: LiveGame, seat: int, grace: float) -> None:
        key = (live.id, seat)
        try:
            await asyncio.sleep(grace)
            if self.pending.get(key) is not asyncio.current_task():
                return
            del self.pending[key]
            now = self.service.cache.get(live.id) or live
            if self.here(live.id, seat) or not self._a_person(now, seat):
                return
            self.away.setdefault(live.id, set()).add(seat)
            await self.tell(now, seat, "gone")
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("telling that seat %d of game %s has gone failed", seat, live.id)

    async def heard(self, gid: str, msg: dict[str, Any]) -> None:
        """A notice of another process: told to the connections here (a ``gone`` seat is
        remembered, so that it is ``back`` when it comes back here)."""
        kind, seat = msg.get("type"), msg.get("seat")
        if kind not in KINDS or not isinstance(seat, int) or isinstance(seat, bool):
            return
        name = msg.get("name")
        clean = {"type": kind, "seat": seat, "name": name if isinstance(name, str) else None}
        if kind == "gone":
            self.away.setdefault(gid, set()).add(seat)
        elif gid in self.away:
            self.away[gid].discard(seat)
        await self._deliver(gid, clean)

    async def close(self) -> None:
        """Call off the departures waiting (the server stops)."""
        tasks = list(self.pending.values())
        self.pending.clear()
        for task in tasks:
            task.cancel()
        for task in tasks:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
