"""``ludotheek backup FILE``: a consistent, checked copy of the database, also while the
server runs."""

from __future__ import annotations

import click


@click.command("backup")
@click.argument("file", type=click.Path(dir_okay=False))
@click.option("--db", default=None, help="The database (default: LUDOTHEEK_DB or the data "
              "folder).")
def command(file: str, db: str | None) -> None:
    """Copy the database to FILE: the games as they are at one moment, even while the
    server takes moves. The copy is checked before it is written (SQLite's integrity
    check, the schema revision, every game replayed). PostgreSQL: use pg_dump."""
    from ludotheek.store.backup import backup, sqlite_file

    summary = backup(file, db)
    click.echo(f"backed up {sqlite_file(db)} to {summary.path}: {summary.describe()}")
