"""Rate limits: the one token bucket (:class:`Buckets`) and the HTTP API's middleware.

The same buckets limit the HTTP API per client address (:class:`RateLimit`),
the error reports of the pages per address (``client_errors``) and the messages
of each WebSocket connection (``live``).

The API's middleware: a token bucket per address, ``rate`` requests a second on average, bursts of
``burst``. Past it the answer is ``429`` with a ``Retry-After`` header and a JSON
error, before the request is read. Only ``/api/`` requests count (pages, static
files, ``/healthz`` and the WebSocket, which has its own limit per connection,
do not). The buckets of addresses not seen for a while are forgotten, so a
flood of addresses cannot fill the memory.
"""

from __future__ import annotations

import json
import math
import time
from collections import OrderedDict
from collections.abc import Callable

from starlette.types import ASGIApp, Receive, Scope, Send


class Buckets:
    """Token buckets by key, the least recently used forgotten past ``max_keys``.

    >>> b = Buckets(rate=2, burst=2, clock=lambda: 0.0)
    >>> b.take("a"), b.take("a"), b.take("a") > 0, b.take("b")
    (0.0, 0.0, True, 0.0)
    >>> b.allow("a", now=0.5), b.allow("a", now=0.5)
    (True, False)
    """

    def __init__(self, rate: float, burst: float, max_keys: int = 10_000,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.rate = rate
        self.burst = max(1.0, burst)
        self.max_keys = max_keys
        self.clock = clock
        self._buckets: OrderedDict[str, tuple[float, float]] = OrderedDict()

    def take(self, key: str, now: float | None = None) -> float:
        """Take one token for ``key``: 0 if it may go on, else the seconds to wait
        (``now``: the time, by default the clock's)."""
        now = self.clock() if now is None else now
        tokens, last = self._buckets.pop(key, (self.burst, now))
        tokens = min(self.burst, tokens + (now - last) * self.rate)
        wait = 0.0
        if tokens >= 1:
            tokens -= 1
        else:
            wait = (1 - tokens) / self.rate if self.rate > 0 else math.inf
        self._buckets[key] = (tokens, now)
        while len(self._buckets) > self.max_keys:
            self._buckets.popitem(last=False)
        return wait

    def allow(self, key: str, now: float | None = None) -> bool:
        """Whether ``key`` may go on (taking a token if so)."""
        return not self.take(key, now)

    def __len__(self) -> int:
        return len(self._buckets)


class RateLimit:
    """ASGI middleware: at most ``rate`` ``/api/`` requests a second per client address
    (bursts of ``burst``); ``rate`` 0 switches it off."""

    def __init__(self, app: ASGIApp, rate: float, burst: float | None = None,
                 prefix: str = "/api/") -> None:
        self.app = app
        self.rate = rate
        self.prefix = prefix
        self.buckets = Buckets(rate, burst if burst is not None else 2 * rate) \
            if rate > 0 else None

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if (self.buckets is None or scope["type"] != "http"
                or not scope["path"].startswith(self.prefix)):
            await self.app(scope, receive, send)
            return
        client = scope.get("client")
        wait = self.buckets.take(client[0] if client else "unknown")
        if not wait:
            await self.app(scope, receive, send)
            return
        retry = max(1, math.ceil(wait))
        body = json.dumps({"error": f"more than {self.rate:g} requests a second from your "
                                    f"address; try again in {retry} s",
                           "retry_after": retry}).encode()
        await send({"type": "http.response.start", "status": 429, "headers": [
            (b"content-type", b"application/json"),
            (b"content-length", str(len(body)).encode()),
            (b"retry-after", str(retry).encode())]})
        await send({"type": "http.response.body", "body": body})


class Held:
    """How many of a thing (WebSockets) each key (a client address) holds at once: at most
    ``most`` (0: no limit). Keys holding nothing are forgotten.

    >>> held = Held(2)
    >>> held.take("a"), held.take("a"), held.take("a"), held.take("b")
    (True, True, False, True)
    >>> held.give("a"); held.take("a"), held.count("a"), len(held)
    (True, 2, 2)
    """

    def __init__(self, most: int) -> None:
        self.most = most
        self._held: dict[str, int] = {}

    def take(self, key: str) -> bool:
        """One more for ``key``, if it holds fewer than ``most``; whether it was taken."""
        count = self._held.get(key, 0)
        if self.most > 0 and count >= self.most:
            return False
        self._held[key] = count + 1
        return True

    def give(self, key: str) -> None:
        """One fewer for ``key`` (one it took)."""
        count = self._held.get(key, 0) - 1
        if count > 0:
            self._held[key] = count
        else:
            self._held.pop(key, None)

    def count(self, key: str) -> int:
        return self._held.get(key, 0)

    def __len__(self) -> int:
        return len(self._held)
