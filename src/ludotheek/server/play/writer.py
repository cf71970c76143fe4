"""Group commit: writes arriving together are stored in one transaction, by one thread.

A single task drains the queue: while one batch is being written, the next
one gathers. Every move is still committed before its sender hears of it, but
many games share one disk sync, so a busy server stays fast. A seat's first
arrival (``joined``) and a new game (with its count of the client's games in play)
go the same way: written apart, 200 games connecting at once were 200 transactions
and disk syncs that the moves' batches waited behind for SQLite's lock, and games
created at once by threads of their own waited for each other's (docs/performance.md,
"Throughput, third round").

The batches go to a thread of the writer's own (``move-writer``), not to the
general pool of blocking work: one thread is all SQLite lets write at a time,
and handing work to an executor's thread costs about half of what a general
``anyio.to_thread`` call costs (its limiter, its queue; docs/performance.md).
"""

from __future__ import annotations

import asyncio
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from ludotheek.store.games import (
    GameRow,
    GameStore,
    MoveWrite,
    NewGame,
    NoRoom,
    SeatJoined,
    StaleVersion,
)

Write = MoveWrite | SeatJoined | NewGame


class MoveWriter:
    def __init__(self, store: GameStore, max_batch: int = 256) -> None:
        self.store = store
        self.max_batch = max_batch
        self._pending: list[tuple[Write, asyncio.Future[Any]]] = []
        self._task: asyncio.Task[None] | None = None
        self._thread = ThreadPoolExecutor(1, thread_name_prefix="move-writer")

    async def append(self, write: MoveWrite) -> int:
        """Store ``write``; its new version, or :class:`StaleVersion`."""
        result: int = await self._queue(write)
        return result

    async def mark_joined(self, gid: str, seat: int) -> bool:
        """Note that the person of ``seat`` has come; True the first time."""
        result: bool = await self._queue(SeatJoined(gid, seat))
        return result

    async def create(self, new: NewGame) -> GameRow | NoRoom:
        """Store a new game: its row, or :class:`NoRoom` (its client has no room left)."""
        result: GameRow | NoRoom = await self._queue(new)
        return result

    def _queue(self, write: Write) -> asyncio.Future[Any]:
        loop = asyncio.get_running_loop()
        future: asyncio.Future[Any] = loop.create_future()
        self._pending.append((write, future))
        if self._task is None:
            self._task = loop.create_task(self._drain())
        return future

    async def _drain(self) -> None:
        loop = asyncio.get_running_loop()
        try:
            while self._pending:
                batch = self._pending[: self.max_batch]
                del self._pending[: self.max_batch]
                try:
                    results = await loop.run_in_executor(
                        self._thread, self.store.write_batch, [w for w, _ in batch])
                except Exception as exc:  # the whole transaction failed: nobody is acknowledged
                    for _, future in batch:
                        if not future.done():
                            future.set_exception(exc)
                    continue
                for (_, future), result in zip(batch, results, strict=True):
                    if future.done():
                        continue
                    if isinstance(result, StaleVersion):
                        future.set_exception(result)
                    else:
                        future.set_result(result)
        finally:
            self._task = None

    def close(self) -> None:
        """Let the writer's thread end once it has written what it was given."""
        self._thread.shutdown(wait=False)
