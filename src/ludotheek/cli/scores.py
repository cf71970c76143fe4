"""``ludotheek scores GAME``: a game's score list, with import and export.

A game has a score list when its plug-in declares one (``GamePlugin.score_list``:
what a finished game enters, and what the value is called); ``--export``/``--import``
need the list's file format (``ScoreList.file``). An import replaces the list in
one transaction: a file that cannot be read changes nothing.
"""

from __future__ import annotations

import click

from ludotheek.cli.common import game_argument, load_game, write_atomic
from ludotheek.cli.lang import lang_option
from ludotheek.core.errors import BadRecord, UnknownGame
from ludotheek.core.texts import text
from ludotheek.games import plugin


def _number(value: float, lang: str) -> str:
    """A whole number with the language's thousands separator.

    >>> _number(182400, "nl"), _number(182400, "en"), _number(182400, "no")
    ('182.400', '182,400', '182\xa0400')
    """
    digits = f"{round(value):,}"
    return digits.replace(",", {"nl": ".", "no": "\xa0"}.get(lang, ","))


@click.command("scores")
@game_argument
@click.option("--db", default=None, help="The database (default: LUDOTHEEK_DB or the data "
              "folder).")
@click.option("--export", "export_path", default=None, type=click.Path(dir_okay=False),
              help="Write the list to this file in the game's own format "
                   "(the file its score list declares).")
@click.option("--import", "import_path", default=None,
              type=click.Path(dir_okay=False, exists=True),
              help="Replace the list by the one in this file (the game's own format).")
@lang_option
def command(game: str, db: str | None, export_path: str | None, import_path: str | None,
            lang: str) -> None:
    """Show GAME's score list: the 30 best results ever."""
    from ludotheek.store import ScoreEntry, open_database  # slow to import: only here

    g = load_game(game)
    listing = plugin(g.name).score_list
    if listing is None:
        raise UnknownGame(text("cli.scores.no_list", lang, game=g.name))
    if export_path and import_path:
        raise click.UsageError(text("cli.scores.both", lang))
    fmt = listing.file if (export_path or import_path) else None
    if (export_path or import_path) and fmt is None:
        raise UnknownGame(text("cli.scores.no_format", lang, game=g.name))
    entries: list[ScoreEntry] = []
    if import_path:
        assert fmt is not None
        with open(import_path, encoding="utf-8", errors="strict") as fh:
            try:
                content = fh.read()
            except UnicodeDecodeError as exc:
                raise BadRecord(f"{import_path} is not a text file: {exc}") from exc
        entries = [ScoreEntry(name, value, "") for name, value in fmt.import_scores(content)]
    database = open_database(db)
    try:
        if import_path:
            database.scores.replace(g.name, entries)
            click.echo(text("cli.scores.read", lang, n=len(entries), path=import_path), err=True)
        top = database.scores.top(g.name)
    finally:
        database.close()
    if export_path:
        assert fmt is not None
        # the score file's own language field knows the languages of the game's manual
        file_lang = lang if lang in getattr(fmt, "LANGUAGES", (lang,)) else "en"
        write_atomic(export_path, fmt.export_scores([(e.name, e.value) for e in top], file_lang))
        click.echo(text("cli.scores.written", lang, n=len(top), path=export_path), err=True)
    name_h, date_h = (text(f"cli.scores.{k}", lang) for k in ("name", "date"))
    value_h = listing.label.get(lang) or listing.label.get("en", "")
    if not top:
        click.echo(text("cli.scores.none", lang))
        return
    click.echo(f"{'':>3} {name_h:<12}{value_h:>12}  {date_h}")
    for i, e in enumerate(top, 1):
        click.echo(f"{i:>3} {e.name:<12}{_number(e.value, lang):>12}  {e.date or '-'}")
