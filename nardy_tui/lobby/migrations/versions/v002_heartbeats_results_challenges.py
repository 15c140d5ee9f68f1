"""When each instance was last alive, which result each player has yet to hear, and the
challenges: what a lobby that starts again needs to stop the clocks for the time it was
away, to tell a player the result of a match that ended while they were gone, and to tell
a challenged player on any instance.

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
    op.create_table(
        "challenges",
        sa.Column("id", sa.Integer, nullable=False),
        sa.Column("challenger_id", sa.Integer, nullable=False),
        sa.Column("challenged_id", sa.Integer, nullable=False),
        sa.Column("points", sa.Integer, nullable=False),
        sa.Column("clock_delay", sa.Integer, nullable=True),
        sa.Column("clock_reserve_per_point", sa.Integer, nullable=True),
        sa.Column(
            "state",
            sa.Enum(
                "open",
                "accepted",
                "declined",
                "withdrawn",
                name="challengestate",
                native_enum=False,
            ),
            nullable=False,
        ),
        sa.Column(
            "created", sa.DateTime(timezone=True), server_default=sa.func.now(), nullable=False
        ),
        sa.PrimaryKeyConstraint("id", name="pk_challenges"),
        sa.ForeignKeyConstraint(
            ["challenger_id"], ["players.id"], name="fk_challenges_challenger_id"
        ),
        sa.ForeignKeyConstraint(
            ["challenged_id"], ["players.id"], name="fk_challenges_challenged_id"
        ),
    )
    op.create_index("ix_challenges_challenger_id", "challenges", ["challenger_id"])
    op.create_index("ix_challenges_challenged_id", "challenges", ["challenged_id"])
