"""The migrations' newest revision, and a database made at an older one (for tests)."""

from __future__ import annotations

from pathlib import Path

from alembic import command
from alembic.config import Config
from alembic.script import ScriptDirectory
from sqlalchemy import create_engine

from ludotheek.store.database import MIGRATIONS


def _config() -> Config:
    cfg = Config()
    cfg.set_main_option("script_location", str(MIGRATIONS))
    return cfg


#: the revision a new or migrated database is at
HEAD = ScriptDirectory.from_config(_config()).get_current_head()


def database_at(path: Path, revision: str) -> str:
    """A new SQLite database at ``path``, migrated only up to ``revision``; its URL."""
    url = f"sqlite:///{path}"
    engine = create_engine(url)
    cfg = _config()
    with engine.begin() as conn:
        cfg.attributes["connection"] = conn
        command.upgrade(cfg, revision)
    engine.dispose()
    return url
