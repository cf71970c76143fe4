"""Backups on a schedule: ``ludotheek serve --backup-every 1d --keep 7``.

Each backup is a checked copy (:func:`ludotheek.store.backup.backup`) named by
the moment it was taken, ``ludotheek-20261201-220000.sqlite3``, in the backup
folder (default ``<data folder>/backups``); after each one only the newest
``keep`` remain. A backup is due when the newest one in the folder is at least
the interval old, so restarting the server does not take one more each time.

>>> parse_interval("1d"), parse_interval("12h"), parse_interval("90m"), parse_interval("45")
(86400.0, 43200.0, 5400.0, 45.0)
>>> parse_interval("soon")
Traceback (most recent call last):
...
ludotheek.store.rotation.BadInterval: 'soon' is not an interval: a number with s, m, h or d ...
"""

from __future__ import annotations

import datetime as dt
import os
import re
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from ludotheek.core.errors import LudotheekError
from ludotheek.store.backup import Summary, backup

PREFIX = "ludotheek-"
SUFFIX = ".sqlite3"
_STAMP = "%Y%m%d-%H%M%S"
_NAME = re.compile(rf"^{PREFIX}(\d{{8}}-\d{{6}}){re.escape(SUFFIX)}$")
_UNITS = {"s": 1, "m": 60, "h": 3600, "d": 86400}


class BadInterval(LudotheekError):
    """An interval that cannot be read."""


def parse_interval(text: str) -> float:
    """Seconds in ``1d``, ``12h``, ``30m``, ``90s`` or a plain number of seconds."""
    match = re.fullmatch(r"\s*(\d+(?:\.\d+)?)\s*([smhd]?)\s*", text.lower())
    if not match or float(match.group(1)) <= 0:
        raise BadInterval(f"{text!r} is not an interval: a number with s, m, h or d (1d, 12h)",
                          code="backup.bad_interval", text=text)
    return float(match.group(1)) * _UNITS[match.group(2) or "s"]


@dataclass(frozen=True)
class Schedule:
    every: float  # seconds
    keep: int
    folder: Path


def taken_at(path: Path) -> float | None:
    """When the backup ``path`` was taken (from its name), or None if it is not one."""
    match = _NAME.match(path.name)
    if not match:
        return None
    moment = dt.datetime.strptime(match.group(1), _STAMP).replace(tzinfo=dt.UTC)
    return moment.timestamp()


def backups(folder: Path) -> list[Path]:
    """The scheduled backups in ``folder``, oldest first (other files are not touched)."""
    if not folder.is_dir():
        return []
    found = [(t, p) for p in folder.iterdir() if (t := taken_at(p)) is not None]
    return [p for _, p in sorted(found)]


def seconds_until_due(schedule: Schedule, now: float) -> float:
    """How long until the next backup is due (0: now)."""
    existing = backups(schedule.folder)
    if not existing:
        return 0.0
    last = taken_at(existing[-1]) or 0.0
    return max(0.0, last + schedule.every - now)


def prune(folder: Path, keep: int) -> list[Path]:
    """Remove all but the newest ``keep`` backups; the removed ones."""
    existing = backups(folder)
    gone = existing[:-keep] if keep > 0 else existing
    for path in gone:
        path.unlink(missing_ok=True)
    return gone


def take(schedule: Schedule, db: str | os.PathLike[str] | None, now: float
         ) -> tuple[Summary, list[Path]]:
    """Take a checked backup now, then prune: the backup's summary and the removed files."""
    schedule.folder.mkdir(parents=True, exist_ok=True)
    stamp = dt.datetime.fromtimestamp(now, dt.UTC).strftime(_STAMP)
    summary = backup(schedule.folder / f"{PREFIX}{stamp}{SUFFIX}", db)
    return summary, prune(schedule.folder, schedule.keep)


def run(schedule: Schedule, db: str | os.PathLike[str] | None, stop: threading.Event,
        say: Callable[[str], None], clock: Callable[[], float] = time.time,
        sleep: Callable[[float], object] | None = None) -> None:
    """Take backups on ``schedule`` until ``stop`` is set (a thread of ``serve``). A failed
    backup is said and tried again after a tenth of the interval (at most an hour).
    ``clock`` and ``sleep`` (default: waiting on ``stop``) are the test's to replace."""
    wait_for = sleep or stop.wait
    while not stop.is_set():
        wait = seconds_until_due(schedule, clock())
        if wait > 0:
            wait_for(wait)
            continue
        try:
            summary, gone = take(schedule, db, clock())
        except LudotheekError as exc:
            say(f"backup failed: {exc}")
            wait_for(min(schedule.every / 10, 3600.0))
            continue
        removed = f"; removed {len(gone)} older" if gone else ""
        say(f"backup {summary.path.name}: {summary.describe()}{removed}")
