"""The tables (SQLAlchemy Core); Alembic migrations in ``migrations/`` create them."""

from __future__ import annotations

from sqlalchemy import (
    BigInteger,
    Column,
    Float,
    ForeignKey,
    Index,
    Integer,
    MetaData,
    String,
    Table,
    Text,
)

metadata = MetaData()

games = Table(
    "games",
    metadata,
    Column("id", String(32), primary_key=True),
    Column("game", String(32), nullable=False),
    Column("options", Text, nullable=False),  # JSON
    Column("seed", BigInteger, nullable=False),
    Column("seats", Text, nullable=False),  # JSON list: {"type", "level", "name"}
    Column("version", Integer, nullable=False, default=0),  # number of moves played
    Column("status", String(16), nullable=False),  # active | over | aborted | abandoned
    Column("to_move", Integer, nullable=True),
    Column("result", Text, nullable=True),  # JSON, once over
    Column("created", Float, nullable=False),
    Column("updated", Float, nullable=False),
    Column("parent", String(32), nullable=True),  # the game this is a rematch of
    Column("client", String(64), nullable=True),  # who created it (limits per address)
    Index("ix_games_status_updated", "status", "updated"),
    Index("ix_games_client", "client"),
)

moves = Table(
    "moves",
    metadata,
    Column("game_id", String(32), ForeignKey("games.id", ondelete="CASCADE"),
           primary_key=True),
    Column("number", Integer, primary_key=True),  # 1, 2, ...
    Column("move", Text, nullable=False),
    Column("seat", Integer, nullable=True),
    Column("at", Float, nullable=False),
)

seat_tokens = Table(
    "seat_tokens",
    metadata,
    Column("game_id", String(32), ForeignKey("games.id", ondelete="CASCADE"),
           primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("token_hash", String(64), nullable=False, unique=True),
    Column("joined", Float, nullable=True),  # when the seat's token was first used
)

scores = Table(
    "scores",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("game", String(32), nullable=False),
    Column("name", String(64), nullable=False),
    Column("value", Float, nullable=False),
    Column("date", String(32), nullable=False),
    Column("game_id", String(32), nullable=True),
    Column("seat", Integer, nullable=True),
    Index("ix_scores_game_value", "game", "value"),
)

#: analyses of games by an engine (ludotheek.analysis): one row per game and engine version
analyses = Table(
    "analyses",
    metadata,
    Column("game_id", String(32), ForeignKey("games.id", ondelete="CASCADE"),
           primary_key=True),
    Column("engine", String(200), primary_key=True),
    Column("status", String(16), nullable=False),  # running | done | failed
    Column("moves", Integer, nullable=False),  # the record entries the analysis covers
    Column("total", Integer, nullable=False),  # positions to study
    Column("result", Text, nullable=True),  # JSON, once done
    Column("error", Text, nullable=True),
    Column("created", Float, nullable=False),
    Column("updated", Float, nullable=False),
    Index("ix_analyses_status", "status"),
)

#: the engine's measure of each studied position (kept as it comes: a restart loses none)
analysis_positions = Table(
    "analysis_positions",
    metadata,
    Column("game_id", String(32), ForeignKey("games.id", ondelete="CASCADE"),
           primary_key=True),
    Column("engine", String(200), primary_key=True),
    Column("position", Integer, primary_key=True),
    Column("data", Text, nullable=False),  # JSON (ludotheek.analysis.measure)
)
