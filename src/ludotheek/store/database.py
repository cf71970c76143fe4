"""Opening the database: the engine, SQLite's settings, and migrations."""

from __future__ import annotations

import os
import sqlite3
from pathlib import Path
from typing import Any

from alembic import command
from alembic.config import Config
from sqlalchemy import Engine, create_engine, event, text
from sqlalchemy.pool import StaticPool

from ludotheek.store.analyses import AnalysisStore
from ludotheek.store.chat import ChatStore
from ludotheek.store.clocks import ClockStore
from ludotheek.store.games import GameStore
from ludotheek.store.paths import database_url
from ludotheek.store.profiles import ProfileStore
from ludotheek.store.push import PushStore
from ludotheek.store.ratings import RatingStore
from ludotheek.store.scores import ScoreStore

MIGRATIONS = Path(__file__).parent / "migrations"


def _sqlite_settings(dbapi_connection: Any, _record: Any) -> None:
    cur = dbapi_connection.cursor()
    cur.execute("PRAGMA journal_mode=WAL")
    # FULL: a commit is on disk before the move is acknowledged, power cuts included
    cur.execute(f"PRAGMA synchronous={os.environ.get('LUDOTHEEK_SQLITE_SYNC', 'FULL')}")
    cur.execute("PRAGMA foreign_keys=ON")
    cur.execute("PRAGMA busy_timeout=30000")
    cur.close()


def make_engine(url: str) -> Engine:
    if url.startswith("sqlite"):
        if url in ("sqlite://", "sqlite:///:memory:"):
            engine = create_engine(url, poolclass=StaticPool,
                                   connect_args={"check_same_thread": False})
        else:
            path = Path(url.removeprefix("sqlite:///"))
            path.parent.mkdir(parents=True, exist_ok=True)
            engine = create_engine(url, connect_args={"check_same_thread": False,
                                                      "timeout": 30})
        event.listen(engine, "connect", _sqlite_settings)
        return engine
    return create_engine(url, pool_pre_ping=True)


def migrate(engine: Engine) -> None:
    """Create or upgrade the schema to the newest revision."""
    cfg = Config()
    cfg.set_main_option("script_location", str(MIGRATIONS))
    with engine.begin() as conn:
        cfg.attributes["connection"] = conn
        command.upgrade(cfg, "head")


class Database:
    """The project's database: ``games``, ``scores``, ``analyses``, ``profiles``, ``ratings``,
    ``chat``, ``push`` and ``clocks``."""

    def __init__(self, url: str) -> None:
        self.url = url
        self.engine = make_engine(url)
        migrate(self.engine)
        self.games = GameStore(self.engine)
        self.scores = ScoreStore(self.engine)
        self.analyses = AnalysisStore(self.engine)
        self.profiles = ProfileStore(self.engine)
        self.ratings = RatingStore(self.engine)
        self.chat = ChatStore(self.engine)
        self.push = PushStore(self.engine)
        self.clocks = ClockStore(self.engine)

    @property
    def is_sqlite(self) -> bool:
        return self.engine.dialect.name == "sqlite"

    @property
    def path(self) -> Path | None:
        """The SQLite file, if this is one."""
        if not self.is_sqlite or self.url in ("sqlite://", "sqlite:///:memory:"):
            return None
        return Path(self.url.removeprefix("sqlite:///"))

    def integrity_check(self) -> str:
        """SQLite's ``PRAGMA integrity_check`` ('ok' when all is well)."""
        if not self.is_sqlite:
            return "ok"
        with self.engine.connect() as conn:
            return str(conn.execute(text("PRAGMA integrity_check")).scalar())

    def close(self) -> None:
        self.engine.dispose()


def open_database(db: str | os.PathLike[str] | None = None) -> Database:
    """Open (and create or migrate) the database at ``db``, ``LUDOTHEEK_DB`` or the default."""
    try:
        return Database(database_url(db))
    except sqlite3.DatabaseError as exc:  # pragma: no cover - reported by the CLI
        raise RuntimeError(f"cannot open the database {db}: {exc}") from exc
