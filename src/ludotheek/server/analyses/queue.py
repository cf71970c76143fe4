"""Fair turns for the analyses of one web process: positions by round robin.

An analysis studies its positions one at a time in the computer pool (a second or so
each for Akwaier's strong engine: a 262-move game takes minutes). Given to the pool all at
once, one long game held every worker until it was done and another game's analysis
waited at 0 of 19 the whole time (issue 34). Here each analysis is a :class:`Job` with the
positions it has still to study, queued under the client that asked for it, and
``slots`` workers take one position at a time, by round robin: the next client's turn,
that client's next analysis, its next position. A new analysis thus begins within one
position's time, whatever else is running, and each client gets an equal share of the
workers however many analyses it asked for (how many it may ask for at once is
``Analyses``'s check: ``max_analyses_per_client``).

>>> async def demo() -> list[str]:
...     order: list[str] = []
...     queue = FairQueue(slots=1)
...     async def study(name: str, n: int) -> None:
...         order.append(f"{name}{n}")
...     long = queue.submit(("long", "e"), "a", [1, 2, 3, 4], lambda n: study("L", n))
...     short = queue.submit(("short", "e"), "b", [1, 2], lambda n: study("S", n))
...     await asyncio.gather(long.finished, short.finished)
...     await queue.close()
...     return order
>>> from concurrent.futures import ThreadPoolExecutor
>>> with ThreadPoolExecutor(1) as pool:  # a loop of its own: the caller's may be running
...     pool.submit(asyncio.run, demo()).result()
['L1', 'S1', 'L2', 'S2', 'L3', 'L4']
"""

from __future__ import annotations

import asyncio
import contextlib
from collections import OrderedDict, deque
from collections.abc import Awaitable, Callable, Iterable
from dataclasses import dataclass

#: an analysis: (game id, engine)
Key = tuple[str, str]


@dataclass(eq=False)
class Job:
    """An analysis in the queue: the positions it has still to study, how to study one,
    and ``finished``, done once each position is studied (or with the first error)."""

    key: Key
    client: str
    todo: deque[int]
    study: Callable[[int], Awaitable[None]]
    finished: asyncio.Future[None]
    #: positions being studied now
    busy: int = 0


class FairQueue:
    """``slots`` workers that study the positions of the queued analyses, round robin
    over the clients and over each client's analyses."""

    def __init__(self, slots: int) -> None:
        self.slots = max(1, slots)
        #: client -> its analyses with positions not yet taken, in their turn's order
        self._clients: OrderedDict[str, deque[Job]] = OrderedDict()
        self._wake = asyncio.Event()
        self._workers: list[asyncio.Task[None]] = []

    def submit(self, key: Key, client: str, positions: Iterable[int],
               study: Callable[[int], Awaitable[None]]) -> Job:
        """Queue the study of ``positions`` (each by ``study(n)``) for ``client``; the
        job's ``finished`` is done when all are studied."""
        loop = asyncio.get_running_loop()
        job = Job(key, client, deque(positions), study, loop.create_future())
        if not job.todo:
            job.finished.set_result(None)
            return job
        self._clients.setdefault(client, deque()).append(job)
        if not self._workers:  # the first, or the first since close: on this loop
            self._wake = asyncio.Event()
            self._workers = [loop.create_task(self._work()) for _ in range(self.slots)]
        self._wake.set()
        return job

    def drop(self, job: Job) -> None:
        """Take ``job`` out of the queue: none of its positions not yet begun will be
        (those being studied end as they will)."""
        job.todo.clear()
        self._unqueue(job)
        if not job.finished.done():
            job.finished.cancel()

    def waiting(self) -> int:
        """Positions queued, not yet begun."""
        return sum(len(job.todo) for jobs in self._clients.values() for job in jobs)

    def _unqueue(self, job: Job) -> None:
        jobs = self._clients.get(job.client)
        if jobs is not None and job in jobs:
            jobs.remove(job)
            if not jobs:
                del self._clients[job.client]

    def _next(self) -> tuple[Job, int] | None:
        """The next position to study: the next client's, of its next analysis."""
        if not self._clients:
            return None
        client, jobs = next(iter(self._clients.items()))
        self._clients.move_to_end(client)
        job = jobs[0]
        jobs.rotate(-1)
        position = job.todo.popleft()
        if not job.todo:
            self._unqueue(job)
        return job, position

    async def _work(self) -> None:
        while True:
            picked = self._next()
            if picked is None:
                self._wake.clear()
                await self._wake.wait()
                continue
            job, position = picked
            job.busy += 1
            try:
                await job.study(position)
            except asyncio.CancelledError:
                raise
            except Exception as exc:  # the analysis fails; the others go on
                if not job.finished.done():
                    job.finished.set_exception(exc)
                job.todo.clear()
                self._unqueue(job)
            finally:
                job.busy -= 1
            if not job.todo and not job.busy and not job.finished.done():
                job.finished.set_result(None)

    async def close(self) -> None:
        """Stop the workers; the analyses queued are dropped."""
        for jobs in list(self._clients.values()):
            for job in list(jobs):
                self.drop(job)
        for task in self._workers:
            task.cancel()
        for task in self._workers:
            with contextlib.suppress(asyncio.CancelledError):
                await task
        self._workers = []
