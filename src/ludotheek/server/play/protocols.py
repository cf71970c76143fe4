"""What the jobs of the games in play know of the service, and what the service knows of a
scaled-out site: typing protocols, so that neither side imports the other.

The service (:class:`~ludotheek.server.play.service.GameService`) holds its jobs together
(creating, moves, hints, games that end early, computer turns) and hands itself to them;
each job types it as :class:`Games`, the parts a job may use, so the service imports its
jobs and no job imports the service. A scaled-out site's
:class:`~ludotheek.server.scaleout.site.ScaleOut` is made by the app and given to the service,
which knows it as :class:`OtherProcesses`: the games in play sit below the scale-out, which
reaches them (docs/architecture.md, "The server"). The pushes of turns (server/push/) are
given the same way and known as :class:`TurnNotices`.
"""

from __future__ import annotations

from typing import Any, Protocol

from ludotheek.core.game import State
from ludotheek.server.computer.pool import ComputerPool
from ludotheek.server.play.cache import GameCache
from ludotheek.server.play.hub import Hub
from ludotheek.server.play.livegame import LiveGame
from ludotheek.server.play.writer import MoveWriter
from ludotheek.server.settings import Settings
from ludotheek.store.database import Database


class OtherProcesses(Protocol):
    """The other web processes and the worker pool of a scaled-out site (docs/scaling.md)."""

    async def announce(self, live: LiveGame) -> None:
        """Tell the other processes that ``live`` has a new version."""

    async def changed(self, live: LiveGame) -> None:
        """Tell the other processes that ``live`` changed without a move: read it again."""

    async def said(self, gid: str, message: dict[str, Any]) -> None:
        """Tell the live connections of ``gid`` in the other processes ``message`` (a
        chat line, server/play/chat.py)."""

    async def send_turn(self, gid: str, version: int) -> None:
        """The job of the computer turn of ``gid`` at ``version``."""

    async def fresh(self, live: LiveGame) -> LiveGame:
        """``live`` brought up to the database first."""

    async def sweep(self) -> int:
        """Send again the computer turns that waited too long; how many."""

    async def notify(self, gid: str, notice: dict[str, Any]) -> None:
        """Tell the connections to ``gid`` on the other processes a person's coming or going
        (``play/presence.py``)."""


class Notices(Protocol):
    """The comings and goings of people, as the jobs tell them (``play/presence.py``)."""

    async def tell(self, live: LiveGame, seat: int, kind: str) -> None:
        """Tell the other seats of ``seat``'s ``kind``: joined, gone, back."""


class TurnNotices(Protocol):
    """Who is told that it is their turn when the page is closed (server/push/)."""

    def turn(self, live: LiveGame) -> None:
        """``live`` has a new version: tell the person to move, if they asked (it only
        queues: called with the game's lock held)."""

    def remind(self, live: LiveGame, seat: int) -> None:
        """Half of ``seat``'s time for its move in ``live`` is gone: remind its person, if
        they asked (it only queues)."""


class TimeKeeper(Protocol):
    """The time-outs of games with a time (server/timing/)."""

    async def refuse_late(self, live: LiveGame) -> None:
        """Before a move (under ``live.lock``): if the time of the seat to move ran out,
        apply the time-out and refuse the move (409 ``time.out``)."""


class Turns(Protocol):
    """The computer turns, as a move asks them for an instant reply."""

    def reply_now(self, live: LiveGame, state: State,
                  version: int) -> tuple[str, int, State] | None:
        """The computer's reply in ``state`` when it is asked on the event loop: its move,
        its seat and the state after it; None when its turn comes the usual way."""


class Games(Protocol):
    """The games in play as their jobs use them (the service's parts and a few calls)."""

    @property
    def db(self) -> Database: ...

    @property
    def settings(self) -> Settings: ...

    @property
    def pool(self) -> ComputerPool: ...

    @property
    def hub(self) -> Hub: ...

    @property
    def cache(self) -> GameCache: ...

    @property
    def writer(self) -> MoveWriter: ...

    @property
    def turns(self) -> Turns: ...

    @property
    def scale_out(self) -> OtherProcesses | None: ...

    @property
    def presence(self) -> Notices: ...

    @property
    def turn_notices(self) -> TurnNotices | None: ...

    @property
    def time_keeper(self) -> TimeKeeper | None: ...

    async def load(self, gid: str) -> LiveGame:
        """The game ``gid`` (from memory, or replayed from the database)."""

    async def reload(self, gid: str) -> LiveGame:
        """Forget the game in memory and read it again."""

    def view(self, live: LiveGame, seat: int | None, lang: str = "en") -> dict[str, Any]:
        """What ``seat`` (None: a spectator) is shown of ``live``."""

    async def broadcast(self, live: LiveGame) -> None:
        """Push every watcher of ``live`` the view of their own seat."""

    def schedule_computer(self, live: LiveGame) -> None:
        """Start the turn of the computer to move in ``live``, if there is one."""


