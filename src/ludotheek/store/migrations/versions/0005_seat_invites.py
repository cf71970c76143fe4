"""Seats belong to the person who took them (issue 34): an invited person's seat has an
invite code of its own (``seat_invites``, hashed), spent when the seat is taken; the seat's
secret is then made for the person who took it, and ``seat_tokens.profile_id`` remembers
the profile they took it with, so that they can take it up again on another device.

Games made before keep their seats' secrets as they were (their invite links were the
seats' secrets): they have no row in ``seat_invites``.

Revision ID: 0005
Revises: 0004
"""

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "seat_invites",
        sa.Column("game_id", sa.String(32), sa.ForeignKey("games.id", ondelete="CASCADE"),
                  primary_key=True),
        sa.Column("seat", sa.Integer, primary_key=True),
        sa.Column("invite_hash", sa.String(64), nullable=False, unique=True),
        sa.Column("taken", sa.Float, nullable=True),
    )
    with op.batch_alter_table("seat_tokens") as batch:
        batch.add_column(sa.Column("profile_id", sa.String(16), nullable=True))
        batch.create_foreign_key("fk_seat_tokens_profile", "profiles", ["profile_id"], ["id"],
                                 ondelete="SET NULL")


def downgrade() -> None:
    with op.batch_alter_table("seat_tokens") as batch:
        batch.drop_constraint("fk_seat_tokens_profile", type_="foreignkey")
        batch.drop_column("profile_id")
    op.drop_table("seat_invites")
