"""The database: games with their moves, and score lists.

SQLite (in WAL mode) in the user's data folder by default; ``--db PATH`` or
``LUDOTHEEK_DB`` point elsewhere, and a ``postgresql://`` URL uses PostgreSQL.
The schema is made and migrated by Alembic for both.
"""

from ludotheek.store.database import Database, open_database
from ludotheek.store.games import GameRow, GameStore, StaleVersion
from ludotheek.store.paths import data_dir, database_url, default_db_path
from ludotheek.store.scores import ScoreEntry, ScoreStore

__all__ = [
    "Database",
    "GameRow",
    "GameStore",
    "ScoreEntry",
    "ScoreStore",
    "StaleVersion",
    "data_dir",
    "database_url",
    "default_db_path",
    "open_database",
]
