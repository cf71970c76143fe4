"""Options shared by several commands."""

from __future__ import annotations

import os
import sys
import tempfile
from collections.abc import Callable
from typing import Any, TypeVar

import click
from click._termui_impl import ProgressBar

from ludotheek.core.errors import BadOption
from ludotheek.core.game import Game
from ludotheek.games import get, names

F = TypeVar("F", bound=Callable[..., Any])


def game_argument(f: F) -> F:
    return click.argument("game", metavar="GAME")(f)


def option_option(f: F) -> F:
    return click.option(
        "-o", "--option", "options", multiple=True, metavar="NAME=VALUE",
        help="A game option, e.g. -o seeds_per_cup=5 (repeatable).",
    )(f)


def load_game(name: str) -> Game:
    """The game, or :class:`UnknownGame` (exit status 2) listing the games."""
    return get(name)


def parse_options(game: Game, pairs: tuple[str, ...]) -> dict[str, Any]:
    """``("seeds_per_cup=5",)`` -> checked options; :class:`BadOption` otherwise."""
    given: dict[str, Any] = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep or not key.strip():
            raise BadOption(f"an option is NAME=VALUE, not {pair!r}")
        given[key.strip()] = value.strip()
    return game.check_options(given)


def progress_bar(length: int, label: str) -> ProgressBar[int]:
    """A progress bar on standard error (so that --json output stays clean)."""
    bar: ProgressBar[int] = click.progressbar(length=length, label=label, file=sys.stderr)
    return bar


def games_help() -> str:
    return ", ".join(names())


def write_atomic(path: str | os.PathLike[str], text: str) -> None:
    """Write ``text`` to ``path`` so that the file is either the old one or the new one,
    never half written: a temporary file in the same folder, then a rename."""
    folder = os.path.dirname(os.path.abspath(path))
    fd, tmp = tempfile.mkstemp(prefix=".tmp-", dir=folder)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(text)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, path)
    except BaseException:
        if os.path.exists(tmp):
            os.unlink(tmp)
        raise


#: the optional packages of a scaled-out site (``pip install 'ludotheek[scale]'``)
SCALE_PACKAGES = {"redis": "redis", "dramatiq": "dramatiq", "psycopg": "psycopg"}


def need_scale_packages(why: str, modules: tuple[str, ...] = tuple(SCALE_PACKAGES)) -> None:
    """:class:`click.ClickException` naming the install command unless ``modules`` import."""
    import importlib.util

    missing = [SCALE_PACKAGES[m] for m in modules if importlib.util.find_spec(m) is None]
    if missing:
        raise click.ClickException(
            f"{why} needs the optional packages {', '.join(missing)}: "
            "run `scripts/ensure-env scale` (or pip install 'ludotheek[scale]')")
