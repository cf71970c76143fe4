"""Small Wari endgame databases built in memory for the tests (seconds, not minutes)."""

from __future__ import annotations

from functools import lru_cache

from ludotheek.core.resources import MemoryStore
from ludotheek.games.wari import endgame as eg


@lru_cache(maxsize=4)
def small_db(max_seeds: int, abapa: bool = False) -> eg.EndgameDB:
    """Tiers 0..``max_seeds`` of the database, solved now, kept in memory."""
    store = MemoryStore()
    eg.build(store, None, {"max_seeds": max_seeds, "abapa": abapa})
    db = eg.open_db(store, abapa)
    assert db is not None and db.max_seeds == max_seeds and db.complete
    return db
