"""Computer players move off the event loop: in worker processes (or threads).

A worker gets the game's name, the state as JSON and the level; it rebuilds the
state, asks the level's player and sends back the move. Nothing of the server's
memory is shared, so a slow search never blocks the server. What the workers run is
:mod:`ludotheek.work` (outside this package: a worker does not import the web server).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import multiprocessing
import queue
import threading
import time
from collections.abc import Callable
from concurrent.futures import Executor, Future, ProcessPoolExecutor, ThreadPoolExecutor
from typing import Any, TypeVar

from ludotheek.ai import players
from ludotheek.core.game import State
from ludotheek.server import collector
from ludotheek.work import analyse_move, compute_move, start_worker, warm_up

log = logging.getLogger("ludotheek.server")

__all__ = ["ComputerPool", "analyse_move", "compute_move"]

T = TypeVar("T")


def _warmed(future: Future[dict[str, Any]]) -> None:
    if future.cancelled():
        return
    exc = future.exception()
    if exc is not None:
        log.warning("a computer worker's warm-up failed: %r", exc)
        return
    done = future.result()
    log.info("a computer worker is warm in %.2f s (%s; data: %s)", done["seconds"],
             ", ".join(f"{k} {v:.2f} s" for k, v in done["steps"].items()),
             ", ".join(done["data"]) or "none")


#: an instant level whose move takes more CPU time than this (seconds) is asked in a thread
INLINE_LIMIT = 0.005
#: quick moves in a row, computed in a thread, before a level is asked on the event loop
INLINE_AFTER = 20


def _timed_move(game: str, state: State, level: str, seed: int,
                max_seconds: float) -> tuple[str, float]:
    """The move and the CPU time it took (the thread's own: waiting for the interpreter
    lock while the server is busy does not count, and neither does a collection of the
    cyclic garbage collector, paused meanwhile: it falls after the move. With Python's
    search (no compiled search in the data folder) Wari's *novice* takes 0.2 ms a move, 0.8
    at the 99th percentile, but in 500-game soaks a collection in a move on the loop sent it
    back to the threads for good after 1-14% of a minute's moves (issue 39)."""
    with collector.paused():
        start = time.thread_time()
        move = compute_move(game, state, level, seed, max_seconds)
        return move, time.thread_time() - start


def _settle(future: asyncio.Future[Any], ok: bool, value: Any) -> None:
    if not future.done():  # not cancelled meanwhile
        if ok:
            future.set_result(value)
        else:
            future.set_exception(value)


def _cancel(loop: asyncio.AbstractEventLoop, future: asyncio.Future[Any]) -> None:
    with contextlib.suppress(RuntimeError):  # the loop has closed
        loop.call_soon_threadsafe(future.cancel)


class QuickThreads:
    """Threads for the instant levels' moves, handed over more cheaply than through
    ``concurrent.futures``: a move goes in a ``SimpleQueue`` and its answer comes back by
    ``call_soon_threadsafe`` into an asyncio future, with no ``Future``, ``Condition``
    or ``RLock`` made for it (in a 500-game soak the hand-off through a
    ``ThreadPoolExecutor`` and asyncio's ``wrap_future`` was 17% of the event loop's
    samples: docs/performance.md, fifth round)."""

    def __init__(self, count: int, name: str) -> None:
        self._jobs: queue.SimpleQueue[tuple[Any, ...] | None] = queue.SimpleQueue()
        self._count = count
        self._name = name
        self._threads: list[threading.Thread] = []
        self._closed = False

    def run(self, fn: Callable[..., T], *args: Any) -> asyncio.Future[T]:
        """``fn(*args)`` in one of the threads; its answer (or error) in the future."""
        if self._closed:
            raise RuntimeError("the computer's threads are closed")
        if not self._threads:
            for i in range(self._count):
                thread = threading.Thread(target=self._work, name=f"{self._name}_{i}",
                                          daemon=True)
                thread.start()
                self._threads.append(thread)
        loop = asyncio.get_running_loop()
        future: asyncio.Future[T] = loop.create_future()
        self._jobs.put((loop, future, fn, args))
        return future

    def _work(self) -> None:
        while True:
            job = self._jobs.get()
            if job is None:
                return
            loop, future, fn, args = job
            if self._closed:  # taken after close: not begun, so cancelled as close does
                _cancel(loop, future)
                return
            try:
                value, ok = fn(*args), True
            except BaseException as exc:  # told to the waiting move
                value, ok = exc, False
            with contextlib.suppress(RuntimeError):  # the loop has closed
                loop.call_soon_threadsafe(_settle, future, ok, value)

    def close(self) -> None:
        """The threads end after the move each is computing; the moves not begun are
        cancelled (their waiting coroutines get ``CancelledError``, as a
        ``ThreadPoolExecutor.shutdown(cancel_futures=True)`` would do)."""
        self._closed = True
        while True:
            try:
                job = self._jobs.get_nowait()
            except queue.Empty:
                break
            if job is not None:
                _cancel(job[0], job[1])
        for _ in self._threads:
            self._jobs.put(None)


def new_owner() -> str:
    """A name for the background data builds a server starts (its pool's and its own:
    the server stops them when it stops)."""
    import os
    import secrets

    return f"serve-{os.getpid()}-{secrets.token_hex(3)}"


class ComputerPool:
    """Where computer moves are computed.

    Levels that search (a time per move above zero) run in worker processes.
    Instant ones (random, greedy, the 1987 players) first in a small thread pool,
    which costs less than sending the state to another process; once a game's
    level has made :data:`INLINE_AFTER` moves in a row there, each quicker than
    :data:`INLINE_LIMIT`, it is asked right away on the event loop, which costs far
    less than a thread (the largest cost of a busy server after its sockets:
    docs/performance.md). A move on the loop that takes longer sends that level
    back to the threads for good, so that no slow player holds up the server twice;
    a slower one in a thread only starts the count again.
    """

    def __init__(self, workers: int, owner: str | None = None) -> None:
        self.workers = workers
        #: whose background data builds the workers start (the server's, which stops them)
        self.owner = owner
        self._executor: Executor | None = None
        self._threads = QuickThreads(2, "computer-quick")
        #: (game, level) -> quick moves in a row so far (an instant level), INLINE_AFTER
        #: or more: asked on the loop; -1: always in a thread; absent: not yet looked up
        self._quick: dict[tuple[str, str], int] = {}
        self._searching: set[tuple[str, str]] = set()
        #: the warm-up of each worker, once begun (:meth:`warm`)
        self._warming: list[Future[dict[str, Any]]] | None = None

    def _get(self) -> Executor:
        if self._executor is None:
            if self.workers > 0:
                from ludotheek.store.paths import data_dir

                ctx = multiprocessing.get_context("forkserver")
                self._executor = ProcessPoolExecutor(
                    self.workers, mp_context=ctx, initializer=start_worker,
                    initargs=(str(data_dir()), self.owner))
            else:
                self._executor = ThreadPoolExecutor(2, thread_name_prefix="computer")
        return self._executor

    def warm(self) -> list[Future[dict[str, Any]]]:
        """Start the worker processes now and warm each (``worker.warm_up``: the players,
        the compiled code, the data sets there, the analysis), so that neither the first
        computer move nor the first analysis waits for it; each is logged when done. Once:
        a pool warmed already (``ludotheek serve`` warms it before it loads the web
        server) returns the same warm-ups."""
        if self._warming is None:
            executor = self._get()
            self._warming = [executor.submit(warm_up) for _ in range(max(1, self.workers))]
            for future in self._warming:
                future.add_done_callback(_warmed)
        return self._warming

    def route(self, game: str, level: str) -> str:
        """Where the next move of ``level`` in ``game`` is computed: inline, thread or
        process."""
        key = (game, level)
        if key in self._searching:
            return "process"
        if key not in self._quick:
            lv = players.levels(game).get(level)
            if lv is None or lv.seconds:
                self._searching.add(key)
                return "process"
            self._quick[key] = 0
        return "inline" if self._quick[key] >= INLINE_AFTER else "thread"

    def _took(self, key: tuple[str, str], seconds: float) -> None:
        count = self._quick[key]
        if seconds > INLINE_LIMIT:
            # on the loop it held everyone up: back to the threads for good; in a thread it
            # held up no one (the first move loads what the level needs, half a second for
            # Wari's novice): count again
            self._quick[key] = -1 if count >= INLINE_AFTER else min(count, 0)
            if count >= INLINE_AFTER:
                log.info("a move of %s's %s level took %.1f ms on the event loop: its moves "
                         "are computed in threads from now on", key[0], key[1],
                         seconds * 1000)
        elif count >= 0:
            self._quick[key] = count + 1

    def choose_now(self, game: str, state: State, level: str, seed: int,
                   max_seconds: float) -> str | None:
        """The move of ``level`` computed right away on the event loop if the level is
        asked there by now (:meth:`route`), else None (ask :meth:`choose`: a level in the
        threads waits for one of them, and a move that waits should not hold up the
        answer to the person's move before it)."""
        if self.route(game, level) != "inline":
            return None
        move, seconds = _timed_move(game, state, level, seed, max_seconds)
        self._took((game, level), seconds)
        return move

    async def choose(self, game: str, state: State, level: str, seed: int,
                     max_seconds: float) -> str:
        where = self.route(game, level)
        if where == "process":
            return await asyncio.get_running_loop().run_in_executor(
                self._get(), compute_move, game, state.to_json(), level, seed, max_seconds)
        if where == "inline":
            move, seconds = _timed_move(game, state, level, seed, max_seconds)
        else:
            move, seconds = await self._threads.run(_timed_move, game, state, level, seed,
                                                    max_seconds)
        self._took((game, level), seconds)
        return move

    async def analyse(self, game: str, state_json: dict[str, Any], level: str, seed: int,
                      max_seconds: float) -> dict[str, Any]:
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self._get(), analyse_move, game, state_json, level,
                                          seed, max_seconds)

    async def run(self, fn: Callable[..., T], *args: Any) -> T:
        """Run ``fn(*args)`` in a worker (an analysis's position, say)."""
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self._get(), fn, *args)

    def close(self) -> None:
        self._threads.close()
        if self._executor is not None:
            self._executor.shutdown(wait=False, cancel_futures=True)
            self._executor = None
