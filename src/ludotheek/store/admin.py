"""What ``ludotheek games`` (the admin command) asks of the database.

Looking up games by status, game and age, and purging games for good: a purged
game goes with everything that refers to it (its moves, its seats' secrets, and
whatever other table points at ``games.id``, found in the database itself, so a
table added later is purged too), in one transaction.
"""

from __future__ import annotations

import time
from collections.abc import Sequence

from sqlalchemy import Engine, MetaData, Table, delete, func, inspect, select

from ludotheek.store.games import ENDED, GameRow, _row
from ludotheek.store.schema import games, metadata

DAY = 86400.0
#: the statuses a game can have
STATUSES = ("active", *ENDED)


def find(engine: Engine, status: Sequence[str] = (), game: str | None = None,
         idle_days: float | None = None, limit: int | None = 100,
         now: float | None = None) -> list[GameRow]:
    """Games (without their moves), least recently changed first; ``idle_days``: only
    those unchanged for at least that many days."""
    q = select(games)
    if status:
        q = q.where(games.c.status.in_(list(status)))
    if game:
        q = q.where(games.c.game == game)
    if idle_days is not None:
        q = q.where(games.c.updated <= (now or time.time()) - idle_days * DAY)
    q = q.order_by(games.c.updated, games.c.id)
    if limit is not None:
        q = q.limit(limit)
    with engine.connect() as conn:
        return [_row(r) for r in conn.execute(q)]


def counts(engine: Engine) -> dict[str, int]:
    """The number of games of each status."""
    with engine.connect() as conn:
        rows = conn.execute(select(games.c.status, func.count()).group_by(games.c.status))
        return {str(status): int(n) for status, n in rows}


def _referring(engine: Engine) -> list[tuple[str, str]]:
    """(table, column) of every foreign key that points at ``games.id``."""
    found = []
    inspector = inspect(engine)
    for table in inspector.get_table_names():
        for fk in inspector.get_foreign_keys(table):
            if fk.get("referred_table") == "games" and fk.get("referred_columns") == ["id"]:
                found.append((table, fk["constrained_columns"][0]))
    return found


def purge(engine: Engine, ids: Sequence[str]) -> int:
    """Delete the games ``ids`` and all that refers to them; the number deleted."""
    if not ids:
        return 0
    reflected = {t: metadata.tables.get(t) for t, _ in _referring(engine)}
    with engine.begin() as conn:
        for table, column in _referring(engine):
            tbl = reflected[table]
            if tbl is None:  # a table this code does not declare: reflect it
                tbl = Table(table, MetaData(), autoload_with=conn)
            conn.execute(delete(tbl).where(tbl.c[column].in_(list(ids))))
        res = conn.execute(delete(games).where(games.c.id.in_(list(ids))))
        return int(res.rowcount or 0)
