"""When each instance was last alive, and which result each player has yet to hear: what a
lobby that starts again needs to stop the clocks for the time it was away, and to tell a
player the result of a match that ended while they were gone.

Revision ID: v002
Revises: v001
"""

import sqlalchemy as sa
from alembic import op

revision = "v002"
down_revision = "v001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "instances",
        sa.Column("name", sa.String(100), nullable=False),
        sa.Column("alive_at", sa.Double, nullable=False),
        sa.Column("stopped", sa.Boolean, nullable=False),
        sa.PrimaryKeyConstraint("name", name="pk_instances"),
    )
    op.add_column("players", sa.Column("unheard_result", sa.Integer, nullable=True))
