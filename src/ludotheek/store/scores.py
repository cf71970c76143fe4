"""Score lists: the highest results ever of a game, kept in the database.

The list keeps the ``LIMIT`` best entries per game, sorted by value (highest
first) and, on equal values, older entries first (one game's entries in the
order they were added).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from sqlalchemy import Engine, delete, insert, select

from ludotheek.store.schema import scores

LIMIT = 30


@dataclass(frozen=True)
class ScoreEntry:
    name: str
    value: float
    date: str
    game_id: str | None = None
    seat: int | None = None
    id: int | None = None


class ScoreStore:
    def __init__(self, engine: Engine) -> None:
        self.engine = engine

    def top(self, game: str, limit: int = LIMIT) -> list[ScoreEntry]:
        """The list, best first."""
        q = (select(scores).where(scores.c.game == game)
             .order_by(scores.c.value.desc(), scores.c.id.asc()).limit(limit))
        with self.engine.connect() as conn:
            rows = conn.execute(q).all()
        return [ScoreEntry(r.name, r.value, r.date, r.game_id, r.seat, r.id) for r in rows]

    def add(self, game: str, entries: Sequence[ScoreEntry], limit: int = LIMIT) -> list[int]:
        """Add one game's entries (in standing order); the ids of those that made the list.

        Atomic: all entries and the trimming of the list happen in one transaction.
        """
        with self.engine.begin() as conn:
            ids = []
            for e in entries:
                res = conn.execute(insert(scores).values(
                    game=game, name=e.name, value=e.value, date=e.date,
                    game_id=e.game_id, seat=e.seat))
                assert res.inserted_primary_key is not None
                ids.append(int(res.inserted_primary_key[0]))
            keep = select(scores.c.id).where(scores.c.game == game).order_by(
                scores.c.value.desc(), scores.c.id.asc()).limit(limit)
            kept = {r[0] for r in conn.execute(keep)}
            conn.execute(delete(scores).where(scores.c.game == game,
                                              scores.c.id.not_in(kept)))
        return [i for i in ids if i in kept]

    def replace(self, game: str, entries: Sequence[ScoreEntry], limit: int = LIMIT) -> None:
        """Replace the whole list (an import), atomically."""
        with self.engine.begin() as conn:
            conn.execute(delete(scores).where(scores.c.game == game))
            for e in list(entries)[:limit]:
                conn.execute(insert(scores).values(
                    game=game, name=e.name, value=e.value, date=e.date,
                    game_id=e.game_id, seat=e.seat))
