"""Data that computer players use and the application provides: the interface.

Games stay pure (no files, environment, locks or processes in ``games/``), yet some
players need data computed once and kept - Wari's endgame database, its openings
book, its compiled search. A game *declares* such a data set (:class:`DataSet`): its
name, a version (a change makes old copies stale), how to build it (a computation
that writes named arrays and JSON through a :class:`Sink`) and how to open it (from a
:class:`Source`, into the object its players use). The *application* (the command
line, the server and its worker processes) keeps the copies where it likes - the data
folder - builds them (``ludotheek build NAME``, or in the background on first need)
and hands them out through a :class:`Resources` object, which players reach with
:func:`current`.

>>> class Answer:
...     pass
>>> data = StaticResources({"the-answer": 42})
>>> with using(data):
...     current().get("the-answer"), current().get("unknown")
(42, None)
>>> current().get("the-answer") is None   # nothing is provided by default
True
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any, Protocol

import numpy as np
import numpy.typing as npt

#: progress of a long build: (stage, done, total)
Progress = Callable[[str, int, int], None]


class Source(Protocol):
    """Read access to one stored copy of a data set."""

    def array(self, name: str) -> npt.NDArray[Any]:
        """The array ``name`` (read-only; memory-mapped where it is stored plainly).
        ``KeyError`` if there is none."""

    def segments(self, name: str) -> list[npt.NDArray[Any]]:
        """The complete segments appended to ``name`` so far, in order, each read-only."""

    def json(self, name: str) -> Any:
        """The JSON value ``name``, or None."""


class Sink(Protocol):
    """Write access while a data set is built (the application stores what it gets)."""

    def put_array(self, name: str, array: npt.NDArray[Any], compress: bool = False) -> None:
        """Keep ``array`` as ``name`` (``compress``: packed on disk, unpacked when read)."""

    def append(self, name: str, array: npt.NDArray[Any]) -> None:
        """Append a segment to the growing array ``name`` (one dtype for all segments);
        the segments read back as one contiguous array, so that a reader can map them
        at once."""

    def put_json(self, name: str, value: Any) -> None:
        """Keep the JSON value ``name``."""

    def checkpoint(self) -> None:
        """What was written so far is complete and may be read (a data set built in
        steps - tiers, depths - becomes usable step by step)."""

    def source(self) -> Source:
        """What was written so far, to read back (a later step may need an earlier one)."""


@dataclass(frozen=True)
class DataSet:
    """A data set a game's players use (see the module's text).

    ``build(sink, progress, params)`` computes it (pure: everything goes through the
    sink); ``open(source)`` returns the object the players use, or None if the copy is
    not usable yet. An opened object with a false ``complete`` attribute is usable but
    still being built: the application opens it again now and then. ``code`` names
    modules whose source is part of the version (compiled code cached by the
    application: a change of the source makes the old copy stale). ``params``: the
    build's parameters and their defaults (the command line offers them)."""

    name: str
    #: what it is, per language (``{"en": ..., "nl": ..., "no": ...}``)
    title: Mapping[str, str]
    version: str
    build: Callable[[Sink, Progress | None, Mapping[str, Any]], None]
    open: Callable[[Source], Any]
    code: tuple[str, ...] = ()
    params: Mapping[str, int] = field(default_factory=dict)
    #: the lowest and highest value of each parameter (``ludotheek build --NAME N`` refuses
    #: others; a parameter not named here: any whole number from 0)
    ranges: Mapping[str, tuple[int, int]] = field(default_factory=dict)
    #: what each parameter does, in English (``ludotheek build --help``)
    param_help: Mapping[str, str] = field(default_factory=dict)
    #: a rough size on disk and time to build, for the user (docs, the build's help)
    about: str = ""
    #: a summary of a built copy, in words (``ludotheek build`` prints it)
    describe: Callable[[Source], str] | None = None
    #: opened as soon as a process that plays starts (needed at once, quick to open); an
    #: install builds it (``ludotheek build --preloaded``), and a background build of it
    #: does not wait behind the long ones
    preload: bool = False
    #: its build leaves machine code in a compiler's cache that is keyed by the place and
    #: modification time of the source files in ``code`` (numba's): those are part of the
    #: version too, so that a touched or moved source makes the copy stale (rebuilt in the
    #: background) instead of being compiled again by the first process that opens it
    machine_code: bool = False
    #: how far a copy is built, in the data set's own steps: ``(done, of)`` (Wari's endgames:
    #: the most seeds solved, of the most asked for), or None where it cannot say; a page
    #: shows it while the data set is being built ("12 of 18 seeds built")
    steps: Callable[[Source], tuple[int, int] | None] | None = None
    #: what a step is, per language (``{"en": "seeds", ...}``)
    unit: Mapping[str, str] = field(default_factory=dict)


class Resources(Protocol):
    """What the application provides to players."""

    def get(self, name: str) -> Any:
        """The opened data set ``name``, or None while there is none (the application
        may have started building it in the background: a player goes on without it)."""


class NoResources:
    """Provides nothing (the default: a game used as a library, a test)."""

    def get(self, name: str) -> Any:
        return None


class StaticResources:
    """Provides the given objects by name (tests, embedding)."""

    def __init__(self, items: Mapping[str, Any]) -> None:
        self.items = dict(items)

    def get(self, name: str) -> Any:
        return self.items.get(name)


_current: list[Resources] = [NoResources()]


def current() -> Resources:
    """The resources the application provides to players in this process."""
    return _current[-1]


def provide(resources: Resources) -> None:
    """Make ``resources`` the ones this process's players get (the application's start)."""
    _current[0] = resources
    del _current[1:]


@contextmanager
def using(resources: Resources) -> Iterator[Resources]:
    """Provide ``resources`` for the duration of a ``with`` block."""
    _current.append(resources)
    try:
        yield resources
    finally:
        _current.remove(resources)


class MemoryStore:
    """A :class:`Sink` and :class:`Source` in memory (tests, small data sets built on the
    spot).

    >>> store = MemoryStore()
    >>> store.append("codes", np.array([1, 2], dtype=np.uint8))
    >>> store.append("codes", np.array([3], dtype=np.uint8))
    >>> store.checkpoint()
    >>> [s.tolist() for s in store.segments("codes")], store.array("codes").tolist()
    ([[1, 2], [3]], [1, 2, 3])
    """

    def __init__(self) -> None:
        self.arrays: dict[str, npt.NDArray[Any]] = {}
        self.appended: dict[str, list[npt.NDArray[Any]]] = {}
        self.values: dict[str, Any] = {}
        self.checkpoints = 0

    def put_array(self, name: str, array: npt.NDArray[Any], compress: bool = False) -> None:
        self.arrays[name] = _frozen(np.array(array))

    def append(self, name: str, array: npt.NDArray[Any]) -> None:
        self.appended.setdefault(name, []).append(_frozen(np.array(array)))

    def put_json(self, name: str, value: Any) -> None:
        self.values[name] = value

    def checkpoint(self) -> None:
        self.checkpoints += 1

    def source(self) -> MemoryStore:
        return self

    def array(self, name: str) -> npt.NDArray[Any]:
        if name in self.arrays:
            return self.arrays[name]
        if name in self.appended:
            return _frozen(np.concatenate(self.appended[name]))
        raise KeyError(name)

    def segments(self, name: str) -> list[npt.NDArray[Any]]:
        return list(self.appended.get(name, []))

    def json(self, name: str) -> Any:
        return self.values.get(name)


def _frozen(a: npt.NDArray[Any]) -> npt.NDArray[Any]:
    a.flags.writeable = False
    return a
