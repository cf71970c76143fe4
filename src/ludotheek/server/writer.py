"""Group commit: moves arriving together are stored in one transaction.

A single task drains the queue: while one batch is being written, the next
one gathers. Every move is still committed before its sender hears of it, but
many games share one disk sync, so a busy server stays fast.
"""

from __future__ import annotations

import asyncio

import anyio.to_thread

from ludotheek.store.games import GameStore, MoveWrite, StaleVersion


class MoveWriter:
    def __init__(self, store: GameStore, max_batch: int = 256) -> None:
        self.store = store
        self.max_batch = max_batch
        self._pending: list[tuple[MoveWrite, asyncio.Future[int]]] = []
        self._task: asyncio.Task[None] | None = None

    async def append(self, write: MoveWrite) -> int:
        """Store ``write``; its new version, or :class:`StaleVersion`."""
        future: asyncio.Future[int] = asyncio.get_running_loop().create_future()
        self._pending.append((write, future))
        if self._task is None:
            self._task = asyncio.get_running_loop().create_task(self._drain())
        return await future

    async def _drain(self) -> None:
        try:
            while self._pending:
                batch = self._pending[: self.max_batch]
                del self._pending[: self.max_batch]
                try:
                    results = await anyio.to_thread.run_sync(
                        self.store.append_moves, [w for w, _ in batch])
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
