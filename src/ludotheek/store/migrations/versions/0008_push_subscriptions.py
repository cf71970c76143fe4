"""Web Push (issue 37): the devices that asked to be told when it is their turn, for a seat
of a game or for a profile (``push_subscriptions``).

Revision ID: 0008
Revises: 0007
"""

import sqlalchemy as sa
from alembic import op

revision = "0008"
down_revision = "0007"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "push_subscriptions",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("game_id", sa.String(32), sa.ForeignKey("games.id", ondelete="CASCADE"),
                  nullable=True),
        sa.Column("seat", sa.Integer, nullable=True),
        sa.Column("token_hash", sa.String(64), nullable=True),
        sa.Column("profile_id", sa.String(16),
                  sa.ForeignKey("profiles.id", ondelete="CASCADE"), nullable=True),
        sa.Column("endpoint", sa.String(1024), nullable=False),
        sa.Column("p256dh", sa.String(128), nullable=False),
        sa.Column("auth", sa.String(64), nullable=False),
        sa.Column("lang", sa.String(8), nullable=False),
        sa.Column("created", sa.Float, nullable=False),
    )
    op.create_index("ix_push_seat", "push_subscriptions", ["game_id", "seat"])
    op.create_index("ix_push_profile", "push_subscriptions", ["profile_id"])
    op.create_index("ix_push_endpoint", "push_subscriptions", ["endpoint"])


def downgrade() -> None:
    op.drop_index("ix_push_endpoint", "push_subscriptions")
    op.drop_index("ix_push_profile", "push_subscriptions")
    op.drop_index("ix_push_seat", "push_subscriptions")
    op.drop_table("push_subscriptions")
