"""The site's heartbeat (issue 37): when a process of the site last swept the games' time
(``site_beat``, one row), so that a process starting after the whole site was down knows
that no clock should have run meanwhile, and only one process gives the time back.

Revision ID: 0010
Revises: 0009
"""

import sqlalchemy as sa
from alembic import op

revision = "0010"
down_revision = "0009"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "site_beat",
        sa.Column("name", sa.String(16), primary_key=True),
        sa.Column("beat", sa.Float, nullable=False),
    )


def downgrade() -> None:
    op.drop_table("site_beat")
