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
from ludotheek.core.errors import UnknownGame


@click.command("selftest")
@game_argument
@click.option("--out", "out", default=None, type=click.Path(dir_okay=False),
              help="The report file (default: the game's, e.g. akwaier-zelftest.txt, in the "
                   "current folder).")
@click.option("--language", type=click.Choice(["nl", "en"]), default="nl", show_default=True,
              help="The language of the report.")
def command(game: str, out: str | None, language: str) -> None:
    """Run GAME's self-test, write its report and exit with the number of failed checks."""
    g = load_game(game)
    name = f"ludotheek.games.{g.name}.selftest"
    if importlib.util.find_spec(name) is None:
        raise UnknownGame(f"{g.name} has no self-test")
    module = importlib.import_module(name)
    with progress_bar(module.GAMES, f"{g.name}: self-test") as bar:
        report = module.run(language, progress=bar.update)
    path = out or module.DEFAULT_REPORT
    write_atomic(path, report.text)
    click.echo(report.text.rstrip().splitlines()[-1] + f"  ({path})")
    raise click.exceptions.Exit(report.failures)
