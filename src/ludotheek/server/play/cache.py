"""The games in memory: at most ``size`` of them, each replayed from the database
when it is first needed, and loaded once however many ask at the same time."""

from __future__ import annotations

import asyncio
from collections import OrderedDict
from collections.abc import Callable, Iterator

from ludotheek.core.errors import quoted
from ludotheek.server.edge.offload import blocking
from ludotheek.server.errors import NotFound
from ludotheek.server.play.livegame import LiveGame, from_row, plausible_id
from ludotheek.store.games import GameStore


class GameCache:
    """Live games by id, the least recently used forgotten first.

    A game that a computer is thinking about or that somebody watches
    (``watchers(id) > 0``) is never forgotten.
    """

    def __init__(self, store: GameStore, size: int, watchers: Callable[[str], int]) -> None:
        self.store = store
        self.size = size
        self.watchers = watchers
        self.games: OrderedDict[str, LiveGame] = OrderedDict()
        self._loading: dict[str, asyncio.Lock] = {}

    def __getitem__(self, gid: str) -> LiveGame:
        return self.games[gid]

    def __contains__(self, gid: object) -> bool:
        return gid in self.games

    def __iter__(self) -> Iterator[str]:
        return iter(self.games)

    def __len__(self) -> int:
        return len(self.games)

    def get(self, gid: str, default: LiveGame | None = None) -> LiveGame | None:
        return self.games.get(gid, default)

    def pop(self, gid: str, default: LiveGame | None = None) -> LiveGame | None:
        """Forget ``gid`` (it is read again from the database when next needed)."""
        return self.games.pop(gid, default)

    def remember(self, live: LiveGame) -> None:
        self.games[live.id] = live
        self.games.move_to_end(live.id)
        while len(self.games) > self.size:
            oldest_id, oldest = next(iter(self.games.items()))
            if oldest.thinking or self.watchers(oldest_id):
                self.games.move_to_end(oldest_id)
                break
            del self.games[oldest_id]

    async def load(self, gid: str) -> LiveGame:
        """The game ``gid`` (from memory, or replayed from the database);
        :class:`NotFound` if there is none."""
        live = self.games.get(gid)
        if live is not None:
            return live
        lock = self._loading.setdefault(gid, asyncio.Lock())
        async with lock:
            live = self.games.get(gid)
            if live is None:
                row = await blocking(self.store.get, gid) if plausible_id(gid) else None
                if row is None:
                    self._loading.pop(gid, None)
                    raise NotFound(f"there is no game {gid!r}", code="game.not_found",
                                   game=quoted(gid))
                live = await blocking(from_row, row, self.store)
                self.remember(live)
        self._loading.pop(gid, None)
        return live

    async def reload(self, gid: str) -> LiveGame:
        """Forget the game in memory and read it again (another process moved it on)."""
        self.games.pop(gid, None)
        return await self.load(gid)
