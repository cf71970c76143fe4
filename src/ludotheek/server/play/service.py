"""Games in play: one object that the API, the WebSocket and the records reach.

Each job is a module of its own; this class only holds the parts together:

- checking requests: :mod:`~ludotheek.server.play.checks`
- the games in memory, loaded from the database: :mod:`~ludotheek.server.play.cache`
  (a game in memory: :mod:`~ludotheek.server.play.livegame`)
- creating games: :mod:`~ludotheek.server.play.creating`
- seat tokens: :mod:`~ludotheek.server.play.seats`; invited seats taken, taken up again:
  :mod:`~ludotheek.server.api.claims`
- who is here (people's comings and goings): :mod:`~ludotheek.server.play.presence`
- views: :mod:`~ludotheek.server.play.views`
- moves and undos: :mod:`~ludotheek.server.play.moves`
- hints: :mod:`~ludotheek.server.play.hints`
- the time of slow games and clocks: kept with the moves (``moves.after_entry``); their
  reminders and time-outs: :mod:`~ludotheek.server.timing.timeouts`, which the app gives
  (:attr:`GameService.time_keeper`)
- computer turns: :mod:`~ludotheek.server.play.computer_turns`
- a scaled-out site's sync: :mod:`~ludotheek.server.scaleout.site`, which the app makes and
  gives to the service (:attr:`GameService.scale_out`); the service knows it by the
  protocol :class:`~ludotheek.server.play.protocols.OtherProcesses`

Each job knows the service as :class:`~ludotheek.server.play.protocols.Games` (the parts it
uses), so the service imports its jobs and none of them imports the service.

None of them knows HTTP: they raise the domain errors of
:mod:`~ludotheek.server.errors`, which :mod:`~ludotheek.server.edge.statuses` maps to
statuses. Every accepted move is committed to the database before anyone hears of it.
"""

from __future__ import annotations

from typing import Any

from ludotheek.server.computer.pool import ComputerPool
from ludotheek.server.edge.offload import blocking
from ludotheek.server.play import creating, hints, moves, views
from ludotheek.server.play.cache import GameCache
from ludotheek.server.play.computer_turns import ComputerTurns
from ludotheek.server.play.hub import Hub
from ludotheek.server.play.livegame import LiveGame
from ludotheek.server.play.presence import Presence
from ludotheek.server.play.protocols import OtherProcesses, TimeKeeper, TurnNotices
from ludotheek.server.play.seats import seat_of
from ludotheek.server.play.writer import MoveWriter
from ludotheek.server.settings import Settings
from ludotheek.store.database import Database

__all__ = ["GameService", "LiveGame"]


class GameService:
    def __init__(self, db: Database, settings: Settings, pool: ComputerPool, hub: Hub) -> None:
        self.db = db
        self.settings = settings
        self.pool = pool
        self.hub = hub
        self.cache = GameCache(db.games, settings.cache_size, hub.watchers)
        self.writer = MoveWriter(db.games)
        self.turns = ComputerTurns(self)
        #: on a scaled-out site (the app gives it, server/scaleout/site.py): computer turns as
        #: jobs, stored moves announced
        self.scale_out: OtherProcesses | None = None
        #: who is here: people's comings and goings told to the others (play/presence.py)
        self.presence = Presence(self)
        #: the pushes of "your move" (the app gives them, server/push/sender.py)
        self.turn_notices: TurnNotices | None = None
        #: the time-outs of games with a time (the app gives it, server/timing/timeouts.py)
        self.time_keeper: TimeKeeper | None = None

    # --- games ---------------------------------------------------------------------
    async def create(self, body: Any, client: str | None = None, parent: str | None = None,
                     make_tokens: bool = True
                     ) -> tuple[LiveGame, list[str | None], list[str | None]]:
        return await creating.create(self, body, client, parent, make_tokens)

    async def load(self, gid: str) -> LiveGame:
        """The game ``gid`` (from memory, or replayed from the database)."""
        return await self.cache.load(gid)

    async def reload(self, gid: str) -> LiveGame:
        """Forget the game in memory and read it again (another process moved it on)."""
        return await self.cache.reload(gid)

    async def seat_of(self, live: LiveGame, token: str | None) -> int | None:
        """The seat a token belongs to; None without a token; Forbidden if wrong."""
        return seat_of(live, token)

    async def listing(self, status: str | None, game: str | None, limit: int,
                      offset: int, started: bool = False,
                      ids: list[str] | None = None, lang: str = "en") -> list[dict[str, Any]]:
        rows = await blocking(self.db.games.listing, status, game, limit, offset, started, ids)
        clocks = await blocking(self.db.clocks.of_games, [r.id for r in rows])
        now = self.settings.clock()
        return [views.listing_entry(r, lang, clocks.get(r.id), now) for r in rows]

    # --- views -----------------------------------------------------------------------
    def view(self, live: LiveGame, seat: int | None, lang: str = "en") -> dict[str, Any]:
        return views.view(live, seat, lang, self.settings.clock())

    async def broadcast(self, live: LiveGame) -> None:
        """Push every watcher of ``live`` the view of their own seat."""
        await self.hub.broadcast(live.id, lambda seat: {"type": "view",
                                                        "view": self.view(live, seat)})

    # --- moves, hints, computer turns ------------------------------------------------
    async def move(self, gid: str, token: str | None, move: str,
                   version: int, with_reply: bool = False) -> tuple[LiveGame, int]:
        return await moves.move(self, gid, token, move, version, with_reply)

    async def undo(self, gid: str, token: str | None, version: int) -> tuple[LiveGame, int]:
        return await moves.undo(self, gid, token, version)

    async def hint(self, gid: str, token: str | None) -> dict[str, Any]:
        return await hints.hint(self, gid, token)

    def schedule_computer(self, live: LiveGame) -> None:
        self.turns.schedule(live)

    async def resume(self) -> int:
        """After a (re)start: every game waiting for a computer move gets it."""
        return await self.turns.resume()

    async def idle(self) -> None:
        """Wait until no computer turn is running (for tests)."""
        await self.turns.idle()

    async def close(self) -> None:
        """Stop the computer turns in progress (and then the move writer's thread)."""
        await self.turns.close()
        await self.presence.close()
        self.writer.close()

    # --- a scaled-out site -------------------------------------------------------------
    async def fresh(self, live: LiveGame) -> LiveGame:
        """The game brought up to the database first (only on a scaled-out site)."""
        if self.scale_out is None:
            return live
        return await self.scale_out.fresh(live)

    async def sweep(self) -> int:
        """Send again the computer turns that waited too long (only on a scaled-out site)."""
        if self.scale_out is None:
            return 0
        return await self.scale_out.sweep()
