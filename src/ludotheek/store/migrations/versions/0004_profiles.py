"""Profiles and ratings: profiles, ratings, rated games and their seats (the history).

Revision ID: 0004
Revises: 0003
"""

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "profiles",
        sa.Column("id", sa.String(16), primary_key=True),
        sa.Column("name", sa.String(32), nullable=False),
        sa.Column("secret_hash", sa.String(64), nullable=False, unique=True),
        sa.Column("created", sa.Float, nullable=False),
    )
    op.create_table(
        "ratings",
        sa.Column("profile_id", sa.String(16),
                  sa.ForeignKey("profiles.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("game", sa.String(32), primary_key=True),
        sa.Column("mu", sa.Float, nullable=False),
        sa.Column("sigma", sa.Float, nullable=False),
        sa.Column("games", sa.Integer, nullable=False),
        sa.Column("updated", sa.Float, nullable=False),
    )
    op.create_index("ix_ratings_game_mu", "ratings", ["game", "mu"])
    op.create_table(
        "rated_games",
        sa.Column("game_id", sa.String(32), sa.ForeignKey("games.id", ondelete="CASCADE"),
                  primary_key=True),
        sa.Column("game", sa.String(32), nullable=False),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("reason", sa.String(32), nullable=True),
        sa.Column("created", sa.Float, nullable=False),
        sa.Column("rated_at", sa.Float, nullable=True),
        sa.Column("attempts", sa.Integer, nullable=False),
    )
    op.create_index("ix_rated_games_status", "rated_games", ["status"])
    op.create_table(
        "rated_seats",
        sa.Column("game_id", sa.String(32),
                  sa.ForeignKey("rated_games.game_id", ondelete="CASCADE"), primary_key=True),
        sa.Column("seat", sa.Integer, primary_key=True),
        sa.Column("profile_id", sa.String(16),
                  sa.ForeignKey("profiles.id", ondelete="SET NULL"), nullable=True),
        sa.Column("level", sa.String(32), nullable=True),
        sa.Column("place", sa.Integer, nullable=True),
        sa.Column("number", sa.Integer, nullable=True),
        sa.Column("mu_before", sa.Float, nullable=True),
        sa.Column("sigma_before", sa.Float, nullable=True),
        sa.Column("mu_after", sa.Float, nullable=True),
        sa.Column("sigma_after", sa.Float, nullable=True),
        sa.UniqueConstraint("game_id", "profile_id", name="uq_rated_seats_profile"),
    )
    op.create_index("ix_rated_seats_profile", "rated_seats", ["profile_id"])


def downgrade() -> None:
    op.drop_table("rated_seats")
    op.drop_table("rated_games")
    op.drop_table("ratings")
    op.drop_table("profiles")
