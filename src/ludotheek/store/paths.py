"""Where ludotheek keeps its data.

>>> import os
>>> os.environ["LUDOTHEEK_DATA"] = "/tmp/ludo-doc"
>>> str(default_db_path())
'/tmp/ludo-doc/ludotheek.sqlite3'
>>> database_url("games.db").startswith("sqlite:///")
True
>>> database_url("postgresql://u@localhost/ludo")
'postgresql+psycopg://u@localhost/ludo'
"""

from __future__ import annotations

import os
from pathlib import Path

import platformdirs

DB_FILE = "ludotheek.sqlite3"


def data_dir() -> Path:
    """The data folder: ``LUDOTHEEK_DATA``, or the platform's user data folder."""
    env = os.environ.get("LUDOTHEEK_DATA")
    return Path(env) if env else Path(platformdirs.user_data_dir("ludotheek", appauthor=False))


def default_db_path() -> Path:
    return data_dir() / DB_FILE


def database_url(db: str | os.PathLike[str] | None = None) -> str:
    """A SQLAlchemy URL for ``db`` (a path or URL), ``LUDOTHEEK_DB``, or the default file."""
    value = str(db) if db is not None else os.environ.get("LUDOTHEEK_DB") or ""
    if not value:
        value = str(default_db_path())
    if value.startswith(("postgresql://", "postgres://")):
        return "postgresql+psycopg://" + value.split("://", 1)[1]
    if "://" in value:
        return value
    if value == ":memory:":
        return "sqlite://"
    return "sqlite:///" + str(Path(value).expanduser().absolute())
