"""When each seat's person first came (``seat_tokens.joined``): the inviter's page stops
showing a seat's invite link once its friend has joined.

Games also end without a result now: the status ``aborted`` (nobody had moved) and
``abandoned`` (no move for a long time) join ``active`` and ``over``; the column is text
already, so that needs no change.

Revision ID: 0002
Revises: 0001
"""

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("seat_tokens") as batch:
        batch.add_column(sa.Column("joined", sa.Float, nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("seat_tokens") as batch:
        batch.drop_column("joined")
