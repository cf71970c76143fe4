"""Slow games and clocks (issue 37): the time of a game between people, turn-based (days
per move) or live with a clock (minutes plus an increment), with the deadline of the seat
to move and the claims of its reminder and its time-out (``game_clocks``).

Revision ID: 0009
Revises: 0008
"""

import sqlalchemy as sa
from alembic import op

revision = "0009"
down_revision = "0008"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "game_clocks",
        sa.Column("game_id", sa.String(32), sa.ForeignKey("games.id", ondelete="CASCADE"),
                  primary_key=True),
        sa.Column("days", sa.Integer, nullable=True),
        sa.Column("base", sa.Float, nullable=True),
        sa.Column("increment", sa.Float, nullable=True),
        sa.Column("remaining", sa.Text, nullable=True),
        sa.Column("version", sa.Integer, nullable=False),
        sa.Column("seat", sa.Integer, nullable=True),
        sa.Column("started", sa.Float, nullable=True),
        sa.Column("deadline", sa.Float, nullable=True),
        sa.Column("remind_at", sa.Float, nullable=True),
        sa.Column("reminded", sa.Integer, nullable=True),
        sa.Column("timed_out", sa.Integer, nullable=True),
        sa.Column("out_seat", sa.Integer, nullable=True),
    )
    op.create_index("ix_game_clocks_deadline", "game_clocks", ["deadline"])
    op.create_index("ix_game_clocks_remind_at", "game_clocks", ["remind_at"])


def downgrade() -> None:
    op.drop_index("ix_game_clocks_remind_at", "game_clocks")
    op.drop_index("ix_game_clocks_deadline", "game_clocks")
    op.drop_table("game_clocks")
