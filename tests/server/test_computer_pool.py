"""Where the server computes a computer player's move (server/computer/pool.py)."""

from __future__ import annotations

import asyncio
import threading
import time
from typing import Any

import pytest

from ludotheek.games import get
from ludotheek.server.computer import pool as computer
from ludotheek.server.computer.pool import INLINE_AFTER, ComputerPool


def _moves(pool: ComputerPool, level: str, n: int) -> list[str]:
    """``n`` moves asked of the pool from an event loop of its own, in a thread named
    "loop" (the test's own thread may already run one: Playwright's, in a browser run)."""
    async def run() -> list[str]:
        state = get("wari").new(seed=1)
        return [await pool.choose("wari", state, level, seed, 1.0) for seed in range(n)]

    moves: list[str] = _in_a_thread(run)[0]
    return moves


def test_an_instant_level_goes_on_the_event_loop_after_quick_moves_in_a_thread(
        monkeypatch: pytest.MonkeyPatch) -> None:
    threads: list[str] = []
    real = computer.compute_move

    def spy(*args: Any) -> str:
        threads.append(threading.current_thread().name)
        return real(*args)

    monkeypatch.setattr(computer, "compute_move", spy)
    monkeypatch.setattr(computer, "INLINE_LIMIT", 1.0)  # no move is slow on a busy machine
    pool = ComputerPool(0)
    try:
        assert pool.route("wari", "easy") == "thread"
        _moves(pool, "easy", INLINE_AFTER + 3)
    finally:
        pool.close()
    assert all(t.startswith("computer-quick") for t in threads[:INLINE_AFTER])
    assert threads[INLINE_AFTER:] == ["loop"] * 3
    assert pool.route("wari", "easy") == "inline"


def test_a_slow_move_sends_an_instant_level_back_to_the_threads_for_good(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(computer, "INLINE_LIMIT", 0.5)
    pool = ComputerPool(0)
    real = computer.compute_move
    slow = {"now": False}

    def maybe_slow(*args: Any) -> str:
        if slow["now"]:
            end = time.thread_time() + 0.6  # CPU time, as the pool measures it
            while time.thread_time() < end:
                pass
        return real(*args)

    monkeypatch.setattr(computer, "compute_move", maybe_slow)
    try:
        _moves(pool, "easy", INLINE_AFTER)
        assert pool.route("wari", "easy") == "inline"
        slow["now"] = True
        _moves(pool, "easy", 1)
        slow["now"] = False
        assert pool.route("wari", "easy") == "thread"
        _moves(pool, "easy", INLINE_AFTER * 2)
        assert pool.route("wari", "easy") == "thread"
    finally:
        pool.close()


def test_a_slow_move_in_a_thread_only_starts_the_count_again(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A slow move in a thread held up no one: the first one loads what the level needs
    (Wari's novice: half a second), a garbage collection may fall in any. Were it counted
    as on the loop, an instant level would seldom leave the threads."""
    monkeypatch.setattr(computer, "INLINE_LIMIT", 0.5)
    pool = ComputerPool(0)
    real = computer.compute_move
    calls = {"n": 0}

    def first_slow(*args: Any) -> str:
        calls["n"] += 1
        if calls["n"] in (1, 6):
            end = time.thread_time() + 0.6
            while time.thread_time() < end:
                pass
        return real(*args)

    monkeypatch.setattr(computer, "compute_move", first_slow)
    try:
        _moves(pool, "easy", 6)  # the 6th is slow: the count starts again after it
        _moves(pool, "easy", INLINE_AFTER - 1)
        assert pool.route("wari", "easy") == "thread"
        _moves(pool, "easy", 1)
        assert pool.route("wari", "easy") == "inline"
    finally:
        pool.close()


def test_a_level_that_searches_goes_to_the_worker_pool() -> None:
    pool = ComputerPool(0)
    try:
        assert pool.route("wari", "strong") == "process"
    finally:
        pool.close()


def test_the_quick_threads_answer_fail_and_close() -> None:
    """QuickThreads: a move's answer and a move's error come back to the loop that asked,
    from one of its threads; a move cancelled meanwhile is let be; once closed, the
    threads end and nothing more is taken."""
    quick = computer.QuickThreads(2, "computer-quick")
    release = threading.Event()

    def slow() -> str:
        release.wait(10)
        return "late"

    async def run() -> None:
        names = await asyncio.gather(*(quick.run(lambda: threading.current_thread().name)
                                       for _ in range(6)))
        assert set(names) <= {"computer-quick_0", "computer-quick_1"}
        with pytest.raises(ZeroDivisionError):
            await quick.run(lambda: 1 // 0)
        waiting = quick.run(slow)
        waiting.cancel()
        release.set()
        assert await quick.run(lambda: "after") == "after"  # the cancelled one did no harm

    assert _in_a_thread(run) == [None]
    quick.close()
    for thread in quick._threads:
        thread.join(5)
        assert not thread.is_alive()
    assert isinstance(_in_a_thread(lambda: _ask(quick))[0], RuntimeError)


def test_closing_the_quick_threads_cancels_the_moves_not_begun() -> None:
    """QuickThreads.close: the move a thread is computing still gets its answer; a move
    still waiting in the queue is cancelled, so that no coroutine waits for ever."""
    quick = computer.QuickThreads(1, "computer-quick")
    started, release = threading.Event(), threading.Event()

    def slow() -> str:
        started.set()
        release.wait(10)
        return "late"

    async def run() -> tuple[str, bool]:
        computing = quick.run(slow)
        waiting = quick.run(lambda: "never")
        await asyncio.get_running_loop().run_in_executor(None, started.wait, 10)
        quick.close()
        release.set()
        answer = await computing
        try:
            await asyncio.wait_for(waiting, 10)
        except asyncio.CancelledError:
            return answer, True
        return answer, False

    assert _in_a_thread(run) == [("late", True)]
    for thread in quick._threads:
        thread.join(5)
        assert not thread.is_alive()


async def _ask(quick: Any) -> Any:
    try:
        return await quick.run(lambda: None)
    except RuntimeError as exc:
        return exc


def _in_a_thread(make: Any) -> list[Any]:
    """``asyncio.run(make())`` in a thread of its own (the test's own thread may already
    run a loop: Playwright's, after a browser test in the same worker)."""
    out: list[Any] = []
    thread = threading.Thread(target=lambda: out.append(asyncio.run(make())), name="loop")
    thread.start()
    thread.join(30)
    assert out, "the loop's thread failed"
    return out
