"""``ludotheek docs``: the documentation as a site on this machine (``mkdocs serve``).

The site is made by mkdocs with the material theme from ``mkdocs.yml`` at the repository's
root (the guide, the rules, the developers' pages, the figures); ``./start docs`` serves it
at http://127.0.0.1:8001/ and shows every saved change at once. mkdocs is no dependency of
the game: it is the optional extra ``docs`` (also in ``test``), and without it the command
says how to get it. A copy of the package installed without its repository has no
``mkdocs.yml``: the command says so.
"""

from __future__ import annotations

import importlib.util
import subprocess
import sys
from pathlib import Path

import click

import ludotheek
from ludotheek.cli.lang import lang_option
from ludotheek.core.errors import LudotheekError
from ludotheek.core.texts import text

CONFIG = "mkdocs.yml"
#: the packages the site needs (their import names)
NEEDED = ("mkdocs", "material")


def config_file(here: Path | None = None) -> Path | None:
    """The site's ``mkdocs.yml``: the current folder's, else that of the repository this
    package was loaded from (``src/ludotheek`` two floors below it); None without one."""
    places = [here or Path.cwd(), Path(ludotheek.__file__).resolve().parents[2]]
    return next((p / CONFIG for p in places if (p / CONFIG).is_file()), None)


def missing_packages() -> list[str]:
    """The packages of :data:`NEEDED` that cannot be imported here."""
    return [name for name in NEEDED if importlib.util.find_spec(name) is None]


@click.command("docs")
@click.option("--port", default=8001, show_default=True, type=click.IntRange(1, 65535),
              help="The port to serve the site on (the game's server has 8000).")
@click.option("--host", default="127.0.0.1", show_default=True,
              help="Address to listen on (0.0.0.0: every network interface).")
@lang_option
def command(port: int, host: str, lang: str) -> None:
    """Serve the documentation as a site (mkdocs with the material theme) at
    http://HOST:PORT/, rebuilt whenever a page is saved. Needs the extra 'docs'."""
    if missing_packages():
        raise LudotheekError(text("cli.docs.no_mkdocs", lang))
    config = config_file()
    if config is None:
        raise LudotheekError(text("cli.docs.no_config", lang))
    click.echo(text("cli.docs.serving", lang, url=f"http://{host}:{port}/", config=config))
    done = subprocess.run([sys.executable, "-m", "mkdocs", "serve", "--config-file",
                           str(config), "--dev-addr", f"{host}:{port}"], check=False)
    if done.returncode:
        raise click.exceptions.Exit(done.returncode)
