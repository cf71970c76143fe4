"""Alembic environment: run with the connection ludotheek hands over."""

from __future__ import annotations

from alembic import context

from ludotheek.store.schema import metadata

connection = context.config.attributes.get("connection")
if connection is None:  # pragma: no cover - ludotheek always passes one
    raise RuntimeError("run migrations through ludotheek.store.database.migrate")
context.configure(connection=connection, target_metadata=metadata, render_as_batch=True)
with context.begin_transaction():
    context.run_migrations()
