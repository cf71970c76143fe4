"""Running a coroutine to the end from anywhere, also where an event loop already runs in this
thread (as in a test process that has driven a browser with Playwright's sync API)."""

from __future__ import annotations

import asyncio
from collections.abc import Coroutine
from concurrent.futures import ThreadPoolExecutor
from typing import Any, TypeVar

T = TypeVar("T")


def in_own_loop(coro: Coroutine[Any, Any, T]) -> T:
    """``asyncio.run(coro)`` in a thread of its own."""
    with ThreadPoolExecutor(1, thread_name_prefix="own-loop") as pool:
        return pool.submit(asyncio.run, coro).result()
