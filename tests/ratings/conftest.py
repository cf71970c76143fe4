from __future__ import annotations

import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest

from ludotheek.store import open_database
from ludotheek.store.database import Database
from tests.scale.conftest import postgres  # the throw-away PostgreSQL server
from tests.services import Postgres

__all__ = ["postgres"]


def fresh_postgres_db(server: Postgres) -> Database:
    import psycopg

    name = "r" + uuid.uuid4().hex[:10]
    with psycopg.connect(server.url, autocommit=True) as conn:
        conn.execute(f"CREATE DATABASE {name}")
    return open_database(server.url.rsplit("/", 1)[0] + "/" + name)


@pytest.fixture(params=["sqlite", "postgresql"])
def any_db(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Database]:
    """The same tests on SQLite and on PostgreSQL."""
    if request.param == "sqlite":
        db = open_database(tmp_path / "ratings.sqlite3")
    else:
        db = fresh_postgres_db(request.getfixturevalue("postgres"))
    yield db
    db.close()
