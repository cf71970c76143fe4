"""Slow games and clocks (docs/web.md, "Slow games and clocks"): their reminders and
time-outs. The time of each turn is kept with the moves (``play/moves.py``,
``after_entry``; stored by ``store/clocks.py``); the rules engines know nothing of time.

- **Turn-based**: each move may take ``days`` (1, 2, 3 or 7) days. When half of a turn's
  time is gone, the person to move is reminded (a push to their devices that asked for
  pushes, and a notice on the page, which the view's ``time.remind_at`` tells it).
- **A clock** (a live game): each seat has ``minutes`` for the whole game, and
  ``increment`` seconds more for each of its moves. Time does not run while the server
  is down: at a start each running clock begins its turn again with the time it had (on a
  scaled-out site, when the whole site was down: :meth:`TimeKeeper.on_start`).
- Time runs only for a person's seat to move, while at least two people play and no
  invited seat is still open (the first turn begins when the last invited person comes).
- **Time-out**: in an unrated game a computer player (``Settings.timeout_level``) takes
  the seat over and plays on (as when a person leaves: ``play/ending.py``); a rated game
  whose rules have a resignation is lost on time by that seat (its resignation is recorded
  for it); one without a resignation goes on with a computer player as above. A move
  after the time ran out is refused (409 ``time.out``) and the time-out applied.

The sweep (:meth:`TimeKeeper.sweeper`, every ``time_sweep_seconds``, and at every start:
games whose time ran out while the server was down) finds the turns due. Each reminder and
each time-out is claimed in the database (``ClockStore.claim_reminder``,
``claim_timeout``: a conditional UPDATE) and applied only by the process whose claim took
it, so that on a scaled-out site each happens once.
"""

from __future__ import annotations

import asyncio
import logging

from ludotheek.core.record import resign_move
from ludotheek.server.edge.offload import blocking
from ludotheek.server.errors import Conflict
from ludotheek.server.play import ending
from ludotheek.server.play.livegame import LiveGame
from ludotheek.server.play.moves import play
from ludotheek.server.play.service import GameService
from ludotheek.store.clocks import Clock, runs

log = logging.getLogger("ludotheek.server")


def expired(live: LiveGame, now: float) -> Clock | None:
    """The turn of ``live`` whose time ran out by ``now``, if it did."""
    timing = live.timing
    if timing is None or timing.seat is None or live.over:
        return None
    return timing if timing.out(now) else None


async def seats_taken(service: GameService, live: LiveGame) -> None:
    """An invited seat of ``live`` was taken (under its lock): once none is open, the
    turn's time begins."""
    timing = live.timing
    if timing is None or live.invites or timing.seat is not None or live.over:
        return
    seat = live.state.to_move
    if runs(live.seats, seat, live.over):
        live.timing = await blocking(service.db.clocks.begin, live.id, live.version, seat,
                                     service.settings.clock())


class TimeKeeper:
    """The reminders and time-outs of one process's games (see the module)."""

    def __init__(self, service: GameService) -> None:
        self.service = service

    def now(self) -> float:
        return self.service.settings.clock()

    async def refuse_late(self, live: LiveGame) -> None:
        """Before a move of ``live`` (under its lock): if the time of the seat to move ran
        out, the time-out is applied now and the move refused (409 ``time.out``)."""
        timing = expired(live, self.now())
        if timing is None or timing.seat is None:
            return
        seat = timing.seat
        await self.time_out(live, timing)
        raise Conflict(f"the time of seat {seat + 1} ran out", code="time.out",
                       seat=seat + 1, version=live.version)

    async def time_out(self, live: LiveGame, timing: Clock) -> bool:
        """Claim and apply the time-out of ``live``'s turn ``timing`` (under its lock):
        False if another process claimed it, or the turn is no longer the game's."""
        service = self.service
        if live.over or live.version != timing.version:
            return False
        seat = await blocking(service.db.clocks.claim_timeout, live.id, timing.version,
                              self.now())
        if seat is None:
            return False
        log.info("the time of seat %d of game %s ran out", seat, live.id)
        live.timing = await blocking(service.db.clocks.get, live.id)  # who ran out
        if live.rated and live.game.resignable:
            await play(service, live, resign_move(live.state, seat), seat)
        else:
            await ending.take_over(service, live, seat, service.settings.timeout_level)
        return True

    async def _due_time_out(self, due: Clock) -> bool:
        service = self.service
        live = await service.fresh(await service.load(due.game_id))
        if live.timing is None or live.timing.version != due.version:
            live = await service.reload(due.game_id)  # another process moved it on
        async with live.lock:
            timing = live.timing
            if timing is not None and timing.version < live.version:
                await self._mend(live)  # the turn of an entry past: not this game's turn
                return False
            if timing is None or timing.version != due.version or timing.seat is None:
                return False
            return await self.time_out(live, timing)

    async def _mend(self, live: LiveGame) -> None:
        """``live``'s clock is older than its last entry (the server stopped between the
        two writes): the turn of the seat to move begins now (under ``live.lock``)."""
        log.warning("the time of game %s was behind its moves (version %s of %d): its "
                    "turn begins now", live.id, live.timing.version if live.timing else None,
                    live.version)
        live.timing = await blocking(
            self.service.db.clocks.next_turn, live.id, live.version, None,
            live.state.to_move, live.seats, live.over, self.now(), bool(live.invites))

    async def mend(self) -> int:
        """Mend every game whose clock is behind its moves (at a start): how many."""
        mended = 0
        for gid in await blocking(self.service.db.clocks.behind):
            try:
                live = await self.service.fresh(await self.service.load(gid))
                async with live.lock:
                    if live.timing is not None and live.timing.version < live.version:
                        await self._mend(live)
                        mended += 1
            except Exception:
                log.exception("mending the time of game %s failed", gid)
        return mended

    async def _remind(self, due: Clock) -> bool:
        service = self.service
        seat = await blocking(service.db.clocks.claim_reminder, due.game_id, due.version,
                              self.now())
        if seat is None:
            return False
        if service.turn_notices is not None:
            service.turn_notices.remind(await service.load(due.game_id), seat)
        return True

    async def sweep(self) -> tuple[int, int]:
        """Apply the time-outs and send the reminders that are due: how many of each this
        process claimed."""
        now = self.now()
        if self.service.scale_out is not None:  # the site is up (see on_start)
            await blocking(self.service.db.clocks.beat, now)
        outs = reminded = 0
        for due in await blocking(self.service.db.clocks.due, now):
            try:
                outs += await self._due_time_out(due)
            except Exception:
                log.exception("the time-out of game %s failed", due.game_id)
        for due in await blocking(self.service.db.clocks.reminders_due, now):
            reminded += await self._remind(due)
        return outs, reminded

    def silence(self) -> float:
        """Seconds without a sweep of any process after which a scaled-out site counts as
        having been down (every process sweeps every ``time_sweep_seconds``)."""
        return max(10.0, 5 * self.service.settings.time_sweep_seconds)

    async def on_start(self) -> None:
        """At a start: clocks begin their turns again with the time they had, then the
        time-outs due meanwhile are applied. On a scaled-out site only the process that
        starts it again after it was down as a whole gives the time back (no process swept
        for :meth:`silence` seconds: ``ClockStore.claim_restart``); one that joins processes
        still running leaves the clocks as they run."""
        clocks = self.service.db.clocks
        if self.service.scale_out is None or await blocking(
                clocks.claim_restart, self.now(), self.silence()):
            count = await blocking(clocks.resume, self.now())
            if count:
                log.info("%d clocks go on where they stopped", count)
            await self.mend()
        await self.sweep()

    async def sweeper(self) -> None:
        """:meth:`sweep` every ``time_sweep_seconds``, for as long as the server runs."""
        while True:
            await asyncio.sleep(self.service.settings.time_sweep_seconds)
            try:
                await self.sweep()
            except Exception:
                log.exception("looking for turns whose time ran out failed")
