"""Computer turns: whenever a computer seat is to move, its player is asked (off the
event loop, in the :class:`~ludotheek.server.computer.pool.ComputerPool`) and its move
committed like anyone's. On a scaled-out site the turn is a job for the worker pool.
"""

from __future__ import annotations

import asyncio
import logging
from typing import TYPE_CHECKING

from ludotheek.ai import players
from ludotheek.core.game import State
from ludotheek.server.computer.turns import seed_for
from ludotheek.server.edge.offload import blocking
from ludotheek.server.errors import Conflict
from ludotheek.server.play.livegame import LiveGame
from ludotheek.server.play.moves import commit

if TYPE_CHECKING:
    from ludotheek.server.play.protocols import Games

log = logging.getLogger("ludotheek.server")


class ComputerTurns:
    """The computer turns in progress (so that they can be awaited or cancelled)."""

    def __init__(self, service: Games) -> None:
        self.service = service
        self.tasks: set[asyncio.Task[None]] = set()

    def schedule(self, live: LiveGame) -> None:
        """Start the turn of the computer to move in ``live``, if there is one to start."""
        if live.over or live.thinking or not live.computer_to_move():
            return
        live.thinking = True
        loop = asyncio.get_running_loop()
        scale_out = self.service.scale_out
        if scale_out is not None:  # a worker of the pool plays it
            task = loop.create_task(scale_out.send_turn(live.id, live.version))
        else:
            task = loop.create_task(self._turn(live))
            live.computer_task = task
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

    def reply_now(self, live: LiveGame, state: State,
                  version: int) -> tuple[str, int, State] | None:
        """The computer's reply in ``state`` (the game at ``version`` once the person's
        move before it is stored), when a computer is to move there whose level is asked
        on the event loop by now (:meth:`ComputerPool.choose_now`): its move, its seat and
        the state after it, to be stored with the person's move and told with it. None
        otherwise (its turn comes the usual way): a level in the threads or one that
        searches (the person's answer does not wait for them), a game over, a scaled-out
        site (its turns are the worker pool's), or a player that failed."""
        seat = state.to_move
        if (self.service.scale_out is not None or state.is_over or seat is None
                or live.seats[seat]["type"] != "computer"):
            return None
        level = live.seats[seat]["level"] or "normal"
        try:
            move = self.service.pool.choose_now(live.game.name, state, level,
                                                seed_for(live.seed, version),
                                                self.service.settings.max_computer_seconds)
            return None if move is None else (move, seat, state.play(move))
        except Exception:
            log.exception("the %s player of game %s failed", level, live.id)
            return None

    async def _choose(self, live: LiveGame, state: State, level: str,
                      version: int) -> tuple[str, State]:
        """The level's move and the state after it; a random move if the player fails."""
        try:
            move = await self.service.pool.choose(live.game.name, state, level,
                                                  seed_for(live.seed, version),
                                                  self.service.settings.max_computer_seconds)
            return move, state.play(move)
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("the %s player of game %s failed; it plays a random move",
                          level, live.id)
            move = players.get(live.game.name, "random", seed=version).choose(state)
            return move, state.play(move)

    async def _turn(self, live: LiveGame) -> None:
        version = live.version
        state = live.state
        seat = state.to_move
        assert seat is not None
        level = live.seats[seat]["level"] or "normal"
        try:
            if version == 0:
                await self.service.broadcast(live)  # a new game starts with the computer thinking
            move, new_state = await self._choose(live, state, level, version)
            async with live.lock:
                if live.version != version or live.state is not state:
                    # the game moved on meanwhile (an undo): unless a newer computer turn
                    # is already at work, see whether a computer is to move now
                    if live.computer_task is asyncio.current_task():
                        live.thinking = False
                        self.schedule(live)
                    return
                await commit(self.service, live, move, seat, new_state)
        except Conflict:
            live.thinking = False
            fresh = await self.service.reload(live.id)
            self.schedule(fresh)
        except asyncio.CancelledError:
            live.thinking = False
            raise
        except Exception:
            live.thinking = False
            log.exception("a computer turn of game %s failed", live.id)

    async def resume(self) -> int:
        """After a (re)start: every game waiting for a computer move gets it. Returns how many."""
        resumed = 0
        for gid in await blocking(self.service.db.games.active_ids):
            try:
                live = await self.service.load(gid)
            except Exception:
                log.exception("game %s cannot be loaded", gid)
                continue
            if live.computer_to_move():
                self.schedule(live)
                resumed += 1
        return resumed

    async def idle(self) -> None:
        """Wait until no computer turn is running (for tests)."""
        while self.tasks:
            await asyncio.gather(*list(self.tasks), return_exceptions=True)

    async def close(self) -> None:
        for task in list(self.tasks):
            task.cancel()
        await asyncio.gather(*list(self.tasks), return_exceptions=True)
