"""Python's cyclic garbage collector while the app serves (issue 39, "Less work per move").

Once the app has started (its modules imported, its database opened, its games resumed),
what it holds lives as long as the process: :func:`settle` moves it out of the collector's
sight (``gc.freeze``) and lets the young generation grow to :data:`YOUNG` objects before it
is collected, instead of Python's 700; :func:`release`, at the app's end, undoes both.

Why (``benchmarks.soak_load --games 500``, 2026-12-07, the collections timed by
``gc.callbacks`` in the web process, load 3-6): with Python's settings the collector took
**0.068 ms of CPU a client move** of the web process's 0.82-0.88 (8%): about 20 young
collections a second of 0.9 ms each (hundreds of games' objects in flight, each kept
until its game's next move, pass through them), a middle one a second of 7 ms, and every 6-8 s
a full one over 220,000 objects, 114 ms of CPU (0.2-0.35 s on the clock). Yet it found
almost nothing: no cycles are made per move (``gc.DEBUG_SAVEALL``: the cyclic garbage is
uvicorn's, about 25 objects an HTTP connection, and SQLAlchemy's once at the start). With
10,000: 0.009 ms a move, a young collection every second or so of about 5 ms, no full one
in 40 s; with the startup's 119,000 objects frozen too, 0.008 ms a move, and a full
collection, when one comes, goes over what was made since the start only. 50,000 took
0.006 ms, but a young collection then takes about 24 ms, a pause in every move it falls in.
Against main in four 500-game soaks: the web process's CPU a move 2-11% lower
(docs/performance.md, "CPU a move against the echo").

The garbage a young collection would have found waits for the next one: at most
:data:`YOUNG` objects' worth. What is frozen stays until :func:`release`, a cycle among it
that dies meanwhile too, and so does whatever cyclic garbage of the start no collection had
found yet (SQLAlchemy's metadata, at most some 5,000 objects). No ``gc.collect()`` comes
first: in a test process that has run a thousand tests one takes 0.3-0.7 s, and the tests
start an app hundreds of times.
"""

from __future__ import annotations

import contextlib
import gc
import threading
from collections.abc import Iterator
from dataclasses import dataclass

#: tracked objects made (less those freed) before the young generation is collected; the
#: middle and the old generation keep Python's thresholds (10 and 10)
YOUNG = 10_000


@dataclass(frozen=True)
class Settled:
    """What :func:`settle` changed, for :func:`release` to put back."""

    threshold: tuple[int, int, int]
    frozen: int


def settle() -> Settled:
    """Freeze what the process holds, raise the young generation's threshold to
    :data:`YOUNG`; returns what was there before."""
    before = Settled(gc.get_threshold(), gc.get_freeze_count())
    gc.freeze()
    _, middle, old = before.threshold
    gc.set_threshold(YOUNG, middle, old)
    return before


def release(before: Settled) -> None:
    """Undo :func:`settle` at the app's end (a process that makes many apps, as the
    tests do, collects their objects again)."""
    gc.set_threshold(*before.threshold)
    if before.frozen == 0:
        gc.unfreeze()


_pause = threading.Lock()
#: the :func:`paused` blocks running now, in any thread, and whether the collector was
#: on when the first of them began
_paused = [0, False]


@contextlib.contextmanager
def paused() -> Iterator[None]:
    """No cyclic garbage collection inside the block (what it leaves waits for the first
    collection after it). Threads may overlap their blocks: the collector is switched off
    at the first one's start and on again at the last one's end, if it was on."""
    with _pause:
        if _paused[0] == 0:
            _paused[1] = gc.isenabled()
            gc.disable()
        _paused[0] += 1
    try:
        yield
    finally:
        with _pause:
            _paused[0] -= 1
            if _paused[0] == 0 and _paused[1]:
                gc.enable()
