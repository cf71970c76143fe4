"""Server settings, with defaults a home server can live with."""

from __future__ import annotations

import os
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from ludotheek.server.edge.proxy import LOOPBACK, Network, parse_networks


def test_clock() -> Callable[[], float]:
    """The server's clock: the time of day, unless ``LUDOTHEEK_TEST_CLOCK`` names a file
    (the browser tests' only): then the time of day plus the seconds that file holds, read
    at each look, so that a test moves the server's time on without sleeping. A site never
    sets it (the server logs a warning when it is set)."""
    path = os.environ.get("LUDOTHEEK_TEST_CLOCK")
    if not path:
        return time.time
    shift = Path(path)

    def now() -> float:
        try:
            return time.time() + float(shift.read_text(encoding="utf-8").strip() or 0)
        except (OSError, ValueError):
            return time.time()
    return now


def _env_int(name: str, default: int) -> int:
    value = os.environ.get(name)
    return int(value) if value and value.isdigit() else default


@dataclass(frozen=True)
class Settings:
    #: largest request body accepted (bytes)
    max_body: int = 64 * 1024
    #: largest WebSocket message accepted (bytes)
    max_ws_message: int = 64 * 1024
    #: WebSockets one client address may have open at once (0: no limit); behind a
    #: trusted proxy the address is the client's own (server/edge/proxy.py), but a club or a
    #: school behind one router is one address: 64 is room for 30-odd people with a game
    #: and a lobby open each
    max_sockets_per_address: int = 64
    #: seconds a request's body may take to arrive, all of it (a body is at most
    #: ``max_body``: 64 KB take 7 s at 10 KB/s)
    body_timeout: float = 30.0
    #: moves (and other messages) a WebSocket connection may send per second
    ws_messages_per_second: float = 20.0
    #: days without a move after which a game ends as abandoned (and no longer counts as
    #: one of its address's games in progress)
    abandon_days: float = 30.0
    #: hours without a move after which a game in which no person has moved is aborted
    #: (0: never)
    abort_unplayed_hours: float = 24.0
    #: seconds between looks for games nobody plays any more
    ending_sweep_seconds: float = 3600.0
    #: seconds a seat's person may be away (no connection) before the others are told
    #: that they have gone (a reload is no departure: server/play/presence.py)
    presence_grace: float = 8.0
    #: games in progress one client address may have created
    max_active_games_per_client: int = field(default_factory=lambda: _env_int(
        "LUDOTHEEK_MAX_GAMES_PER_CLIENT", 100))
    #: requests per second one client address may make to the HTTP API (0: no limit)
    requests_per_second: float = 50.0
    #: requests one address may make at once before the rate counts (None: 2 s worth)
    requests_burst: float | None = None
    #: processes that compute computer moves (0: threads in the server process)
    computer_workers: int = field(default_factory=lambda: _env_int(
        "LUDOTHEEK_COMPUTER_WORKERS", max(1, (os.cpu_count() or 2) - 1)))
    #: positions one analysis may study (a game with more is refused): the longest games
    #: seen fit, a real Akwaier game of 262 moves, random players' of up to 340 (Akwaier)
    #: and 468 (Wari)
    max_analysis_positions: int = 600
    #: analyses one client address may have running or waiting at once
    max_analyses_per_client: int = 4
    #: seconds a computer player may think at most, whatever its level says
    max_computer_seconds: float = 5.0
    #: how long finished games stay in memory (they are always in the database)
    cache_size: int = 2000
    #: Redis of a scaled-out site (several web processes, a worker pool); None: one process
    redis_url: str | None = field(default_factory=lambda: os.environ.get("LUDOTHEEK_REDIS"))
    #: seconds between looks for computer turns that waited too long (scaled-out sites)
    sweep_seconds: float = 5.0
    #: largest error report a page may send (bytes)
    max_error_report: int = 16 * 1024
    #: error reports one client address may send per minute (bursts of 5)
    error_reports_per_minute: float = 6.0
    #: where page errors are logged (None: the data folder, ``LUDOTHEEK_DATA``)
    error_dir: Path | None = None
    #: a text mixed into the release the service worker's cache is named after (the
    #: package's version and a hash of the web files; server/pages/appshell.py): a site may
    #: set it to make every browser fetch the pages anew, the tests to change the release
    release_note: str = field(default_factory=lambda: os.environ.get(
        "LUDOTHEEK_RELEASE_NOTE", ""))
    #: where the Web Push keys (VAPID) are kept (None: the data folder, ``LUDOTHEEK_DATA``)
    push_dir: Path | None = None
    #: push endpoints ("host:port") the server may post to although they are not https on a
    #: public host: for the tests' local push service only (``LUDOTHEEK_PUSH_TEST_HOSTS``,
    #: comma-separated); a real site leaves it empty
    push_test_hosts: tuple[str, ...] = field(default_factory=lambda: tuple(
        h.strip() for h in os.environ.get("LUDOTHEEK_PUSH_TEST_HOSTS", "").split(",")
        if h.strip()))
    #: pushes waiting to be sent at most (more are dropped, and logged)
    push_queue: int = 200
    #: seconds one push may take (resolving its host and posting it)
    push_timeout: float = 10.0
    #: devices one seat, or one profile, may subscribe at most (the oldest goes first)
    max_push_devices: int = 5
    #: reverse proxies whose forwarded headers name the real client (server/edge/proxy.py)
    trusted_proxies: tuple[Network, ...] = parse_networks(LOOPBACK)
    #: what the people of a game may say to each other (server/play/chat.py): ``free``
    #: (the preset phrases and texts of their own) or ``presets`` (the phrases only: a site
    #: where children play)
    chat: str = "free"
    #: chat lines (and takeback requests) one seat may send per minute
    chat_per_minute: int = 5
    #: the server's clock (seconds since the epoch): the authority on every game's time
    #: (server/play/clocks.py); the tests give one they control
    clock: Callable[[], float] = field(default_factory=test_clock)
    #: seconds between looks for turns whose time ran out, or half of it (reminders)
    time_sweep_seconds: float = 1.0
    #: the level of the computer player that takes over a seat whose time ran out in an
    #: unrated game (a rated game is lost on time)
    timeout_level: str = "normal"
