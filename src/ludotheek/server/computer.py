"""Computer players move off the event loop: in worker processes (or threads).

A worker gets the game's name, the state as JSON and the level; it rebuilds the
state, asks the level's player and sends back the move. Nothing of the server's
memory is shared, so a slow search never blocks the server.
"""

from __future__ import annotations

import asyncio
import multiprocessing
from collections.abc import Callable
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor
from pathlib import Path
from typing import Any, TypeVar

from ludotheek import players
from ludotheek.core.game import State
from ludotheek.games import get

T = TypeVar("T")


def compute_move(game: str, state_json: dict[str, Any] | State, level: str, seed: int,
                 max_seconds: float) -> str:
    """Runs in a worker: the move the player of ``level`` chooses."""
    state = state_json if isinstance(state_json, State) else get(game).from_json(state_json)
    player, seconds = players.for_level(game, level, seed=seed)
    if seconds is not None:
        seconds = min(seconds, max_seconds)
    return player.choose(state, seconds)


def analyse_move(game: str, state_json: dict[str, Any], level: str, seed: int,
                 max_seconds: float) -> dict[str, Any]:
    """Runs in a worker: the player's analysis (for hints)."""
    state = get(game).from_json(state_json)
    player, seconds = players.for_level(game, level, seed=seed)
    seconds = max_seconds if seconds is None else min(seconds, max_seconds)
    analyse = getattr(player, "analyse", None)
    if analyse is None:
        return {"move": player.choose(state, seconds), "value": None, "reason": "",
                "ranking": [], "seconds": seconds}
    a = analyse(state, seconds)
    return {"move": a.move, "value": a.value, "reason": a.reason,
            "ranking": [[m, v] for m, v in a.ranking[:5]], "seconds": seconds}


def _start_worker(data_folder: str) -> None:
    """A worker process's start: its players get the data folder's data sets."""
    from ludotheek import resources

    resources.setup(Path(data_folder))


def _warm_up() -> None:
    import ludotheek.players  # noqa: F401  (imports the players once per worker)
    from ludotheek import resources

    resources.preload()  # e.g. compiled searches: loaded now, not at the first move


class ComputerPool:
    """Where computer moves are computed.

    Levels that search (a time per move above zero) run in worker processes;
    instant ones (random, greedy, the 1987 players) in a small thread pool, which
    costs less than sending the state to another process.
    """

    def __init__(self, workers: int) -> None:
        self.workers = workers
        self._executor: Executor | None = None
        self._threads = ThreadPoolExecutor(2, thread_name_prefix="computer-quick")

    def _get(self) -> Executor:
        if self._executor is None:
            if self.workers > 0:
                from ludotheek.store.paths import data_dir

                ctx = multiprocessing.get_context("forkserver")
                self._executor = ProcessPoolExecutor(
                    self.workers, mp_context=ctx, initializer=_start_worker,
                    initargs=(str(data_dir()),))
            else:
                self._executor = ThreadPoolExecutor(2, thread_name_prefix="computer")
        return self._executor

    def warm(self) -> None:
        """Start the worker processes now, so that the first computer move is not slow."""
        executor = self._get()
        for _ in range(max(1, self.workers)):
            executor.submit(_warm_up)

    async def choose(self, game: str, state: State, level: str, seed: int,
                     max_seconds: float) -> str:
        loop = asyncio.get_running_loop()
        lv = players.levels(game).get(level)
        if lv is not None and not lv.seconds:
            return await loop.run_in_executor(self._threads, compute_move, game, state, level,
                                              seed, max_seconds)
        return await loop.run_in_executor(self._get(), compute_move, game, state.to_json(),
                                          level, seed, max_seconds)

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
        self._threads.shutdown(wait=False, cancel_futures=True)
        if self._executor is not None:
            self._executor.shutdown(wait=False, cancel_futures=True)
            self._executor = None
