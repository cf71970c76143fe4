"""``ludotheek backup FILE``: a consistent, checked copy of the database, also while the
server runs."""

from __future__ import annotations

import click

from ludotheek.cli.lang import lang_option
from ludotheek.core.texts import text


@click.command("backup")
@click.argument("file", type=click.Path(dir_okay=False))
@click.option("--db", default=None, help="The database (default: LUDOTHEEK_DB or the data "
              "folder).")
@lang_option
def command(file: str, db: str | None, lang: str) -> None:
    """Copy the database to FILE: the games as they are at one moment, even while the
    server takes moves. The copy is checked before it is written (SQLite's integrity
    check, the schema revision, every game replayed). PostgreSQL: use pg_dump."""
    from ludotheek.store.backup import backup, sqlite_file

    summary = backup(file, db)
    click.echo(text("cli.backup.done", lang, source=sqlite_file(db), path=summary.path,
                    summary=summary.describe()))
