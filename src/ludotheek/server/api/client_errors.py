"""Errors in the pages: the browser reports them, the server appends them to a log.

``POST /api/client-errors`` takes a small JSON report (what went wrong, where, the
stack). The full report is appended to a text file in the data folder: the one
the game declares (``GamePlugin.error_file``, by default ``<game>-errors.txt``),
and ``ludotheek-errors.txt`` for pages of no game. The page tells the player and
the game goes on. Reports are size-limited (``Settings.max_error_report``) and
rate-limited per address (``Settings.error_reports_per_minute``), so a page in a
loop cannot fill the disk.
"""

from __future__ import annotations

import datetime
import threading
from pathlib import Path
from typing import Any

import anyio.to_thread
from msgspec import UNSET
from starlette.requests import Request
from starlette.routing import Route

from ludotheek.core.errors import quoted
from ludotheek.games import names, plugin
from ludotheek.server.api.answers.site import Logged
from ludotheek.server.edge.bodies import ErrorReport
from ludotheek.server.edge.jsonio import JSON as JSONResponse
from ludotheek.server.edge.limits import Buckets
from ludotheek.server.edge.requests import client_address, read_json
from ludotheek.server.edge.shapes import convert_field, decode
from ludotheek.server.errors import Invalid, TooMany
from ludotheek.store.paths import data_dir

GENERAL_FILE = "ludotheek-errors.txt"
#: what a report may hold, and how many characters of each are kept
FIELDS = {"game": 32, "game_id": 32, "version": 12, "kind": 40, "message": 2000,
          "stack": 8000, "url": 500, "agent": 300, "context": 2000}
_write_lock = threading.Lock()


def report_limit(per_minute: float, burst: int = 5) -> Buckets:
    """The bucket of error reports: ``per_minute`` per address, bursts of ``burst``."""
    return Buckets(per_minute / 60.0, burst)


def file_name(game: str | None) -> str:
    """The log file of ``game``'s page errors."""
    if game is None:
        return GENERAL_FILE
    return plugin(game).error_file


def _clean(value: Any, limit: int) -> str:
    """A field as text: no control characters but newlines and tabs, at most ``limit``."""
    text = value if isinstance(value, str) else str(value)
    text = "".join(ch if ch.isprintable() or ch in "\n\t" else "?" for ch in text)
    return text if len(text) <= limit else text[:limit] + " …(cut)"


def check_report(body: Any) -> dict[str, str]:
    """The report's fields as text (:class:`~ludotheek.server.edge.bodies.ErrorReport`);
    :class:`Invalid` says what is wrong."""

    def message(raw: Any, values: dict[str, Any]) -> str:
        text = convert_field(ErrorReport, "message", None if raw is UNSET else raw)
        if not text.strip():
            raise ErrorReport.refusals.of_field("message").error()
        return str(text)

    def game(raw: Any, values: dict[str, Any]) -> Any:
        if raw is not UNSET and raw is not None and raw not in names():
            raise Invalid(f"unknown game {raw!r}; the games are: {', '.join(names())}",
                          code="game.unknown", game=quoted(raw), games=", ".join(names()))
        return None if raw is UNSET else raw

    report = decode(ErrorReport, body, hooks={"message": message, "game": game})
    return {k: _clean(v, limit) for k, limit in FIELDS.items()
            if (v := getattr(report, k)) is not None}


def format_report(report: dict[str, str], address: str, when: datetime.datetime) -> str:
    """The report as the log writes it: a header line, then one line per field."""
    where = report.get("game", "ludotheek")
    if "game_id" in report:
        where += f", game {report['game_id']}"
        if "version" in report:
            where += f" (version {report['version']})"
    lines = [f"==== {when.strftime('%Y-%m-%d %H:%M:%S')} UTC ==== {where}",
             f"from: {address}"]
    for key in ("kind", "message", "url", "agent", "context"):
        if key in report:
            lines.append(f"{key}: {report[key]}")
    if "stack" in report:
        lines.append("stack:")
        lines.extend("    " + line for line in report["stack"].splitlines())
    return "\n".join(lines) + "\n\n"


def append_report(folder: Path, game: str | None, text: str) -> Path:
    """Append ``text`` to the game's error log in ``folder`` (made if missing)."""
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / file_name(game)
    with _write_lock, open(path, "a", encoding="utf-8") as f:
        f.write(text)
    return path


async def post_client_error(request: Request) -> JSONResponse:
    settings = request.app.state.settings
    limiter: Buckets = request.app.state.error_limit
    address = client_address(request)
    body = await read_json(request, settings.max_error_report)
    report = check_report(body)
    if not limiter.allow(address):
        raise TooMany("too many error reports from this address; the first ones were kept",
                      code="limit.reports")
    text = format_report(report, address, datetime.datetime.now(datetime.UTC))
    folder = settings.error_dir or data_dir()
    path = await anyio.to_thread.run_sync(append_report, folder, report.get("game"), text)
    return JSONResponse(Logged(logged=True, file=path.name), status_code=201)


routes = [Route("/api/client-errors", post_client_error, methods=["POST"])]
