"""The ``ludotheek`` command: play, match, bench and the commands each part adds.

Every command module in :data:`COMMANDS` defines a click command called
``command``; errors of this package end the program with exit status 2 and a
plain message, in the command's language (``--lang``, :mod:`ludotheek.cli.lang`).
"""

from __future__ import annotations

import importlib
import sys

import click

from ludotheek import __version__
from ludotheek.cli.lang import language_in
from ludotheek.core.errors import LudotheekError
from ludotheek.core.texts import text, word
from ludotheek.games import names

COMMANDS = (
    "ludotheek.cli.play",
    "ludotheek.cli.match",
    "ludotheek.cli.rate",
    "ludotheek.cli.bench",
    "ludotheek.cli.serve",
    "ludotheek.cli.replay",
    "ludotheek.cli.analyse",
    "ludotheek.cli.worker",
    "ludotheek.cli.scores",
    "ludotheek.cli.selftest",
    "ludotheek.cli.backup",
    "ludotheek.cli.restore",
    "ludotheek.cli.build",
    "ludotheek.cli.games",
    "ludotheek.cli.docs",
)


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="ludotheek")
def cli() -> None:
    """ludotheek: board games with computer opponents (the games: GAMES)."""
    from ludotheek.data import folder as resources

    resources.setup()  # the players' data sets: the data folder's


cli.help = (cli.help or "").replace("GAMES", ", ".join(names()))
for _name in COMMANDS:
    cli.add_command(importlib.import_module(_name).command)


def main(argv: list[str] | None = None) -> None:
    """Run the command line; a :class:`LudotheekError` exits with status 2."""
    args = sys.argv[1:] if argv is None else argv
    try:
        status = cli.main(args=args, prog_name="ludotheek", standalone_mode=False)
    except click.exceptions.Abort:
        click.echo(text("cli.aborted", language_in(args)), err=True)
        sys.exit(1)
    except click.ClickException as exc:
        exc.show()
        sys.exit(exc.exit_code)
    except LudotheekError as exc:
        lang = language_in(args)
        click.echo(text("cli.error", lang, message=word(exc, lang)), err=True)
        sys.exit(2)
    except click.exceptions.Exit as exc:
        sys.exit(exc.exit_code)
    if isinstance(status, int) and not isinstance(status, bool) and status:
        sys.exit(status)  # a command's own exit status (ctx.exit(n), click.exceptions.Exit)
