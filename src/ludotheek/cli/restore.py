"""``ludotheek restore FILE``: put a backup in place of the database, after checking it."""

from __future__ import annotations

import click

from ludotheek.cli.lang import lang_option
from ludotheek.core.texts import text


@click.command("restore")
@click.argument("file", type=click.Path(dir_okay=False))
@click.option("--db", default=None, help="The database to replace (default: LUDOTHEEK_DB "
              "or the data folder).")
@lang_option
def command(file: str, db: str | None, lang: str) -> None:
    """Replace the database by the backup FILE. FILE is checked first (SQLite's integrity
    check, a schema revision this version knows, every game replayed move by move); if
    anything is wrong nothing is changed. The old database is kept as <db>.bak. Stop the
    server first. PostgreSQL: use pg_restore."""
    from ludotheek.store.backup import restore

    summary, saved = restore(file, db)
    click.echo(text("cli.restore.done", lang, file=file, path=summary.path,
                    summary=summary.describe()))
    if saved is not None:
        click.echo(text("cli.restore.kept", lang, path=saved))
