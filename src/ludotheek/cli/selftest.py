"""``ludotheek selftest GAME``: a game's own self-test, with its report file.

A game offers one in ``ludotheek.games.<game>.selftest`` (``run(lang, progress)``
returning a report with ``text`` and ``failures``, ``GAMES`` for the progress
bar and ``DEFAULT_REPORT`` for the file name). The exit status is the number of
failed checks.
"""

from __future__ import annotations

import importlib
import importlib.util

import click

from ludotheek.cli.common import game_argument, load_game, progress_bar, write_atomic
from ludotheek.cli.lang import lang_option
from ludotheek.core.errors import UnknownGame
from ludotheek.texts import text


@click.command("selftest")
@game_argument
@click.option("--out", "out", default=None, type=click.Path(dir_okay=False),
              help="The report file (default: the game's, e.g. akwaier-zelftest.txt, in the "
                   "current folder).")
@lang_option
def command(game: str, out: str | None, lang: str) -> None:
    """Run GAME's self-test, write its report and exit with the number of failed checks."""
    g = load_game(game)
    name = f"ludotheek.games.{g.name}.selftest"
    if importlib.util.find_spec(name) is None:
        raise UnknownGame(text("cli.selftest.none", lang, game=g.name))
    module = importlib.import_module(name)
    # the report is in the command's language where the self-test has its words, else English
    report_lang = lang if lang in getattr(module, "LANGUAGES", (lang,)) else "en"
    with progress_bar(module.GAMES, text("cli.selftest.progress", lang, game=g.name)) as bar:
        report = module.run(report_lang, progress=bar.update)
    path = out or module.DEFAULT_REPORT
    write_atomic(path, report.text)
    click.echo(report.text.rstrip().splitlines()[-1] + f"  ({path})")
    raise click.exceptions.Exit(report.failures)
