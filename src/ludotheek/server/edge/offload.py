"""Blocking work (the database, replays) off the event loop."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any, TypeVar

import anyio.to_thread

T = TypeVar("T")


async def blocking(fn: Callable[..., T], *args: Any) -> T:
    """``fn(*args)`` in a worker thread."""
    return await anyio.to_thread.run_sync(partial(fn, *args))
