"""The service's side of a scaled-out site: several web processes, one database,
one Redis, a worker pool (docs/scaling.md).

Every stored move is announced; a process that hears of a move to a game its
clients watch catches up and pushes the new views. Computer turns are jobs for
the worker pool, sent again by a sweeper if they waited too long. A site of one
process never makes a :class:`ScaleOut`, and never imports Redis or Dramatiq.
"""

from __future__ import annotations

import uuid
from typing import TYPE_CHECKING, Any

from ludotheek.core.errors import IllegalMove
from ludotheek.core.record import UndoAction, apply_move, effective_line, mover_of
from ludotheek.server.edge.offload import blocking
from ludotheek.server.play.livegame import LiveGame, from_row
from ludotheek.store.games import GameRow

if TYPE_CHECKING:
    from ludotheek.server.play.service import GameService

#: seconds a computer turn may wait for its job before the sweeper sends it again
STALLED_SECONDS = 8.0
#: the "version" of a change without a move (a game ended, a seat left): read it again
CHANGED = -1


class ScaleOut:
    def __init__(self, service: GameService, url: str) -> None:
        from ludotheek.server.scaleout.cluster import RedisEvents, RedisJobs  # Redis only when used

        self.service = service
        self.jobs = RedisJobs(url)
        self.events = RedisEvents(url)
        #: this process, as its notices name it (play/presence.py)
        self.me = uuid.uuid4().hex

    async def start(self) -> None:
        await self.events.start(self.on_remote_change, self.catch_up, self.on_notice,
                                self.on_remote_chat, self.on_turn)

    async def on_turn(self, gid: str, version: int) -> None:
        """A worker's computer move (version ``version`` of ``gid``) brought the turn to a
        person in a game between people: the process that claims it (each hears it, one
        claims it) tells the person's devices, as a move made here would
        (:meth:`~ludotheek.server.play.protocols.TurnNotices.turn`), whether or not anyone
        watches the game here."""
        notices = self.service.turn_notices
        if notices is None or not await self.events.claim_told(gid, version):
            return
        live = await self.fresh(await self.service.load(gid))
        if live.version == version:  # not moved on meanwhile (then that move told)
            notices.turn(live)

    async def notify(self, gid: str, notice: dict[str, Any]) -> None:
        """Tell the other processes' connections to ``gid`` a person's coming or going."""
        await self.events.publish_notice(gid, notice, self.me)

    async def on_notice(self, gid: str, notice: dict[str, Any], origin: str) -> None:
        """A notice of another process, for the connections here (this process's own
        were told when it was made)."""
        if origin != self.me and self.service.hub.watchers(gid):
            await self.service.presence.heard(gid, notice)

    async def close(self) -> None:
        await self.events.close()
        self.jobs.close()

    async def announce(self, live: LiveGame) -> None:
        """Tell the other processes that ``live`` has a new version."""
        await self.events.publish(live.id, live.version)

    async def changed(self, live: LiveGame) -> None:
        """Tell the other processes that ``live`` changed without a move (it ended, or a
        seat was left to a computer): they read it again."""
        await self.events.publish(live.id, CHANGED)

    # --- words between players (server/play/chat.py) -----------------------------------

    async def said(self, gid: str, message: dict[str, Any]) -> None:
        """Tell the other processes' connections to ``gid`` of ``message`` (a chat line;
        this process told its own)."""
        await self.events.publish_chat(gid, message)

    async def on_remote_chat(self, gid: str, message: dict[str, Any], origin: str) -> None:
        """Another process's chat line: told to this process's connections of ``gid``."""
        if origin != self.events.origin and self.service.hub.watchers(gid):
            await self.service.hub.tell(gid, message)

    # ------------------------------------------------------------------------------------

    async def send_turn(self, gid: str, version: int) -> None:
        """The job of the computer turn of ``gid`` at ``version``."""
        await self.jobs.send(gid, version)

    async def on_remote_change(self, gid: str, version: int) -> None:
        """Another process stored a move: catch up a game watched here, push its views."""
        if version == CHANGED:
            if self.service.cache.pop(gid) is not None and self.service.hub.watchers(gid):
                again = await self.service.load(gid)
                # a seat left or taken: its connections here watch as spectators (play/hub.py)
                await self.service.hub.close_seats(gid, again.token_hashes)
                await self.service.broadcast(again)
            return
        live = self.service.cache.get(gid)
        if live is None or version <= live.version:
            return
        async with live.lock:
            if version <= live.version:
                return
            row = await blocking(self.service.db.games.get, gid)
            if row is None or row.version <= live.version:
                return
            await self._catch_up(live, row)
        await self.service.broadcast(live)

    async def _catch_up(self, live: LiveGame, row: GameRow) -> None:
        """``live`` brought to the stored ``row``: its new moves played on, or (an undo,
        or out of step) the whole game replayed."""
        new_moves = row.moves[live.version:]
        state, movers, before = live.state, list(live.movers), live.before
        try:
            for move in new_moves:
                if isinstance(move, UndoAction):
                    raise IllegalMove("an undo needs the whole game", code="game.replay")
                movers.append(mover_of(state, move))
                before, state = state, apply_move(state, move)
        except IllegalMove:
            fresh = await blocking(from_row, row, self.service.db.games)
            state, movers, before = fresh.state, fresh.movers, fresh.before
        live.state = state
        live.before = before
        live.movers = movers
        live.line = effective_line(row.moves)
        live.moves = list(row.moves)
        live.version = row.version
        live.thinking = False
        if live.timing is not None:  # the turn's time, as the process that moved left it
            live.timing = await blocking(self.service.db.clocks.get, live.id)
        if row.status == "over":
            live.rematch = await blocking(self.service.db.games.child_of, live.id)

    async def fresh(self, live: LiveGame) -> LiveGame:
        """The game brought up to the database first (a client that comes to this process
        after another one failed must not see an old position)."""
        stored = await blocking(self.service.db.games.versions, [live.id])
        if stored.get(live.id, 0) > live.version:
            await self.on_remote_change(live.id, stored[live.id])
        return self.service.cache.get(live.id, live) or live

    async def catch_up(self) -> None:
        """Bring every game watched here up to the database (after missed change events)."""
        cache = self.service.cache
        watched = [gid for gid in list(self.service.hub.rooms) if gid in cache]
        if not watched:
            return
        stored = await blocking(self.service.db.games.versions, watched)
        for gid, version in stored.items():
            live = cache.get(gid)
            if live is not None and version > live.version:
                await self.on_remote_change(gid, version)

    async def sweep(self) -> int:
        """Send again the jobs of computer turns that have waited too long, and catch up
        the watched games."""
        await self.catch_up()
        stalled = await blocking(self.service.db.games.waiting_for_computer, STALLED_SECONDS)
        for gid, version in stalled:
            await self.jobs.send(gid, version)
        return len(stalled)
