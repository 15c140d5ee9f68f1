"""Alembic's run of the migrations, on the connection ``Store.upgrade`` hands it (through
SQLAlchemy's ``AsyncConnection.run_sync``), inside the transaction it has begun: a server
upgrades its own database at start, with no alembic.ini and no URL of Alembic's own."""

from alembic import context

context.configure(connection=context.config.attributes["connection"])
with context.begin_transaction():
    context.run_migrations()
