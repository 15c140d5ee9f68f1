"""The lobby's first tables: players, seeks, who is online, matches and their messages.

Revision ID: v001
Revises: (none: the first)

Versions go forward only: a server upgrades its database when it starts, and never
downgrades it.
"""

import sqlalchemy as sa
from alembic import op

revision = "v001"
down_revision = None
branch_labels = None
depends_on = None

SIDE = sa.Enum("white", "black", name="side", native_enum=False)


def upgrade() -> None:
    op.create_table(
        "players",
        sa.Column("id", sa.Integer, nullable=False),
        sa.Column("name", sa.String(16), nullable=False),
        sa.Column("name_key", sa.String(16), nullable=False),
        sa.Column("public_key", sa.String(64), nullable=False),
        sa.Column("rating", sa.Double, nullable=False),
        sa.Column("experience", sa.Integer, nullable=False),
        sa.Column("matches_played", sa.Integer, nullable=False),
        sa.Column("bot", sa.Boolean, nullable=False),
        sa.Column("banned", sa.Boolean, nullable=False),
        sa.Column(
            "created", sa.DateTime(timezone=True), server_default=sa.func.now(), nullable=False
        ),
        sa.PrimaryKeyConstraint("id", name="pk_players"),
        sa.UniqueConstraint("name_key", name="uq_players_name_key"),
    )
    op.create_index("ix_players_rating", "players", ["rating"])
    op.create_table(
        "seeks",
        sa.Column("id", sa.Integer, nullable=False),
        sa.Column("player_id", sa.Integer, nullable=False),
        sa.Column("points", sa.Integer, nullable=False),
        sa.Column("clock_delay", sa.Integer, nullable=True),
        sa.Column("clock_reserve_per_point", sa.Integer, nullable=True),
        sa.Column(
            "created", sa.DateTime(timezone=True), server_default=sa.func.now(), nullable=False
        ),
        sa.PrimaryKeyConstraint("id", name="pk_seeks"),
        sa.ForeignKeyConstraint(["player_id"], ["players.id"], name="fk_seeks_player_id"),
        sa.UniqueConstraint("player_id", name="uq_seeks_player_id"),
    )
    op.create_table(
        "matches",
        sa.Column("id", sa.Integer, nullable=False),
        sa.Column("white_id", sa.Integer, nullable=False),
        sa.Column("black_id", sa.Integer, nullable=False),
        sa.Column("points", sa.Integer, nullable=False),
        sa.Column("clock_delay", sa.Integer, nullable=True),
        sa.Column("clock_reserve_per_point", sa.Integer, nullable=True),
        sa.Column("clock_snapshot", sa.Text, nullable=True),
        sa.Column(
            "state",
            sa.Enum("playing", "finished", name="matchstate", native_enum=False),
            nullable=False,
        ),
        sa.Column("white_score", sa.Integer, nullable=False),
        sa.Column("black_score", sa.Integer, nullable=False),
        sa.Column("winner", SIDE, nullable=True),
        sa.Column(
            "ending",
            sa.Enum("points", "time", "resigned", name="ending", native_enum=False),
            nullable=True,
        ),
        sa.Column(
            "started", sa.DateTime(timezone=True), server_default=sa.func.now(), nullable=False
        ),
        sa.Column("finished", sa.DateTime(timezone=True), nullable=True),
        sa.Column("white_rating_before", sa.Double, nullable=True),
        sa.Column("white_rating_after", sa.Double, nullable=True),
        sa.Column("black_rating_before", sa.Double, nullable=True),
        sa.Column("black_rating_after", sa.Double, nullable=True),
        sa.PrimaryKeyConstraint("id", name="pk_matches"),
        sa.ForeignKeyConstraint(["white_id"], ["players.id"], name="fk_matches_white_id"),
        sa.ForeignKeyConstraint(["black_id"], ["players.id"], name="fk_matches_black_id"),
    )
    op.create_index("ix_matches_state", "matches", ["state"])
    op.create_table(
        "match_messages",
        sa.Column("match_id", sa.Integer, nullable=False),
        sa.Column("sequence", sa.Integer, nullable=False),
        sa.Column("sender", SIDE, nullable=False),
        sa.Column("text", sa.Text, nullable=False),
        sa.Column("sent", sa.DateTime(timezone=True), server_default=sa.func.now(), nullable=False),
        sa.PrimaryKeyConstraint("match_id", "sequence", name="pk_match_messages"),
        sa.ForeignKeyConstraint(["match_id"], ["matches.id"], name="fk_match_messages_match_id"),
    )
    op.create_table(
        "presence",
        sa.Column("player_id", sa.Integer, nullable=False),
        sa.Column("instance", sa.String(100), nullable=False),
        sa.Column(
            "since", sa.DateTime(timezone=True), server_default=sa.func.now(), nullable=False
        ),
        sa.PrimaryKeyConstraint("player_id", name="pk_presence"),
        sa.ForeignKeyConstraint(["player_id"], ["players.id"], name="fk_presence_player_id"),
    )
    op.create_index("ix_presence_instance", "presence", ["instance"])
