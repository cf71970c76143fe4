"""``ludotheek selftest GAME``: a game's own self-test, with its report file.

A game declares one in its plug-in (``GamePlugin.selftest``: ``run(lang,
progress)`` returning a report with ``text`` and ``failures``, the ``steps`` for the
progress bar, the ``report_file`` and its ``languages``). The exit status is the number of
failed checks.
"""

from __future__ import annotations

import click

from ludotheek.cli.common import game_argument, load_game, progress_bar, write_atomic
from ludotheek.cli.lang import lang_option
from ludotheek.core.errors import UnknownGame
from ludotheek.core.texts import text
from ludotheek.games import plugin


@click.command("selftest")
@game_argument
@click.option("--out", "out", default=None, type=click.Path(dir_okay=False),
              help="The report file (default: the one the game names, in the current folder).")
@lang_option
def command(game: str, out: str | None, lang: str) -> None:
    """Run GAME's self-test, write its report and exit with the number of failed checks."""
    g = load_game(game)
    test = plugin(g.name).selftest
    if test is None:
        raise UnknownGame(text("cli.selftest.none", lang, game=g.name))
    # the report is in the command's language where the self-test has its words, else English
    report_lang = lang if lang in test.languages else "en"
    with progress_bar(test.steps, text("cli.selftest.progress", lang, game=g.name)) as bar:
        report = test.run(report_lang, bar.update)
    path = out or test.report_file
    write_atomic(path, report.text)
    click.echo(report.text.rstrip().splitlines()[-1] + f"  ({path})")
    raise click.exceptions.Exit(report.failures)
