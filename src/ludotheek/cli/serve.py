"""``ludotheek serve``: the web server with the lobby and the game pages."""

from __future__ import annotations

import logging
import os
import re
import socket
import sys
import threading
import webbrowser
from collections.abc import Callable
from typing import Any, TypeVar

import click

from ludotheek.cli.common import need_scale_packages
from ludotheek.cli.lang import lang_option
from ludotheek.core.texts import text

F = TypeVar("F", bound=Callable[..., Any])

_TOKEN = re.compile(r"(token=)[^&\s\"']+")


class RedactTokens(logging.Filter):
    """Invite tokens never reach a log line."""

    def filter(self, record: logging.LogRecord) -> bool:
        message = record.getMessage()
        if "token=" in message:
            record.msg = _TOKEN.sub(r"\1…", message)
            record.args = ()
        return True


def _port_free(host: str, port: int) -> bool:
    with socket.socket(socket.AF_INET6 if ":" in host else socket.AF_INET) as s:
        s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            s.bind((host, port))
        except OSError:
            return False
    return True


def _browser_available() -> bool:
    if sys.platform in ("darwin", "win32"):
        return True
    return bool(os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))


def limit_options(f: F) -> F:
    """``--config FILE`` and an option for every limit of
    :data:`ludotheek.server.config.LIMITS` (docs/reliability.md)."""
    from ludotheek.server.config import LIMITS

    for lim in reversed(LIMITS):
        kind: click.ParamType[Any] = (click.IntRange(int(lim.low)) if lim.kind is int else
                                 click.STRING if lim.kind is tuple else
                                 click.Choice(lim.choices) if lim.kind is str else
                                 click.FloatRange(lim.low))
        f = click.option(lim.option, lim.name, type=kind, default=None, help=lim.help)(f)
    return click.option(
        "--config", "config", type=click.Path(dir_okay=False), default=None,
        help="A TOML file of limits: the names of the options below with _ for -, "
             "e.g. max_body = 65536. Options given here win over it.")(f)


def ws_max_size(settings: Any) -> int:
    """What uvicorn reads of one WebSocket message: past the app's own limit a message gets
    an error reply; far past it (4x, at least 1 MiB) uvicorn closes the connection."""
    return max(1 << 20, 4 * int(settings.max_ws_message))


@click.command("serve")
@click.option("--host", default="127.0.0.1", show_default=True,
              help="Address to listen on (0.0.0.0: every network interface).")
@click.option("--port", type=click.IntRange(1, 65535), default=8000, show_default=True)
@click.option("--db", default=None, help="Database file or URL (default: LUDOTHEEK_DB or the "
              "data folder).")
@click.option("--open/--no-open", "open_browser", default=True, show_default=True,
              help="Open the lobby in a browser, where one is available.")
@click.option("--computer-workers", type=click.IntRange(0, 64), default=None,
              help="Processes for computer players (0: threads; default: cores - 1).")
@click.option("--workers", type=click.IntRange(1, 64), default=1, show_default=True,
              help="Web processes sharing the port (more than one needs --redis).")
@click.option("--redis", "redis_url", default=None, envvar="LUDOTHEEK_REDIS",
              help="Redis URL of a scaled-out site: live updates between web processes, "
                   "computer turns for the worker pool (`ludotheek worker`).")
@click.option("--backup-every", "backup_every", default=None, metavar="INTERVAL",
              help="Take a checked backup of the database this often (1d, 12h, 30m), "
                   "the first when the newest one is that old; SQLite only.")
@click.option("--keep", type=click.IntRange(1), default=7, show_default=True,
              help="How many scheduled backups to keep (the newest).")
@click.option("--backup-dir", type=click.Path(file_okay=False), default=None,
              help="Where scheduled backups go (default: the data folder's backups/).")
@limit_options
@lang_option
def command(host: str, port: int, db: str | None, open_browser: bool,
            computer_workers: int | None, workers: int, redis_url: str | None, lang: str,
            backup_every: str | None, keep: int, backup_dir: str | None,
            **limits: Any) -> None:
    """Start the web server: open the printed address in a browser and play."""
    import dataclasses

    from ludotheek.server.config import describe, export_limits, settings_from_env
    from ludotheek.store.paths import database_url

    export_limits(limits.pop("config"), limits)  # for every process that makes the app
    if not _port_free(host, port):
        raise click.ClickException(text("cli.serve.port_in_use", lang, port=port, host=host,
                                        next=port + 1))
    if workers > 1 and not redis_url:
        raise click.UsageError(text("cli.serve.needs_redis", lang))
    if redis_url:
        need_scale_packages("a scaled-out site (--redis)", ("redis", "dramatiq"))
        os.environ["LUDOTHEEK_REDIS"] = redis_url
    if database_url(db).startswith("postgresql"):
        need_scale_packages("a PostgreSQL database", ("psycopg",))
    if db:
        os.environ["LUDOTHEEK_DB"] = db
    if computer_workers is not None:
        os.environ["LUDOTHEEK_COMPUTER_WORKERS"] = str(computer_workers)
    settings = settings_from_env()
    if computer_workers is not None:
        settings = dataclasses.replace(settings, computer_workers=computer_workers)
    pool = None
    if workers == 1 and not redis_url and settings.computer_workers > 0:
        # the computer workers start and warm now, while this process loads the web
        # server (issue 39: a worker's warm-up took 1.3-2 s after the server answered,
        # and the first analysis waited for it)
        from ludotheek.server.computer.pool import ComputerPool, new_owner

        pool = ComputerPool(settings.computer_workers, new_owner())
        pool.warm()
    import uvicorn

    from ludotheek.server import create_app

    app = create_app(db, settings, pool) if workers == 1 else None
    shown = "localhost" if host in ("127.0.0.1", "0.0.0.0", "::") else host
    url = f"http://{shown}:{port}/"
    click.echo(text("cli.serve.running", lang, url=url, db=database_url(db)))
    click.echo(describe(settings))
    click.echo(text("cli.serve.stop", lang))
    for name in ("uvicorn.access", "uvicorn.error"):
        logging.getLogger(name).addFilter(RedactTokens())
    if backup_every is not None:
        _start_backups(backup_every, keep, backup_dir, db, lang)
    if open_browser and _browser_available():
        threading.Timer(1.0, lambda: webbrowser.open(url)).start()
    if app is None:
        click.echo(text("cli.serve.pool", lang, workers=workers, redis=redis_url))
        uvicorn.run("ludotheek.server.factory:app_from_env", factory=True, host=host,
                    port=port, workers=workers, log_level="info",
                    ws_max_size=ws_max_size(settings), ws_per_message_deflate=False,
                    proxy_headers=False, log_config=_log_config())
        return
    config = uvicorn.Config(app, host=host, port=port, log_level="info",
                            ws_max_size=ws_max_size(settings), ws_per_message_deflate=False,
                            proxy_headers=False)
    server = uvicorn.Server(config)
    for name in ("uvicorn.access", "uvicorn.error"):
        logging.getLogger(name).addFilter(RedactTokens())
    server.run()


def _start_backups(every: str, keep: int, folder: str | None, db: str | None,
                   lang: str) -> None:
    """Scheduled backups in a thread of this process (one for all web processes)."""
    from pathlib import Path

    from ludotheek.store import rotation
    from ludotheek.store.backup import sqlite_file
    from ludotheek.store.paths import data_dir

    sqlite_file(db)  # a BackupError for PostgreSQL: pg_dump is its tool
    schedule = rotation.Schedule(rotation.parse_interval(every), keep,
                                 Path(folder) if folder else data_dir() / "backups")
    click.echo(text("cli.serve.backups", lang, every=every, folder=schedule.folder, keep=keep))
    stop = threading.Event()
    threading.Thread(target=rotation.run, args=(schedule, db, stop, click.echo),
                     name="backups", daemon=True).start()


def _log_config() -> dict[str, object]:
    """uvicorn's logging, with tokens redacted in every process."""
    from uvicorn.config import LOGGING_CONFIG

    config: dict[str, object] = {**LOGGING_CONFIG}
    config["filters"] = {"redact": {"()": "ludotheek.cli.serve.RedactTokens"}}
    handlers = {name: {**h, "filters": ["redact"]}
                for name, h in LOGGING_CONFIG["handlers"].items()}
    config["handlers"] = handlers
    return config
