"""A profile's games across its devices (issue 36, "My games"): the seats a profile took
are found by ``seat_tokens.profile_id``, which gets an index, so that listing them reads
only that profile's rows.

Revision ID: 0006
Revises: 0005
"""

from alembic import op

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_index("ix_seat_tokens_profile", "seat_tokens", ["profile_id"])


def downgrade() -> None:
    op.drop_index("ix_seat_tokens_profile", table_name="seat_tokens")
