"""The command line's language: ``--lang`` on every command, remembered once chosen.

The first time, the language follows the system's, as the Akwaier manual says of its
first start: a Dutch system (a locale ``nl…``) starts in Dutch, any other in English.
A ``--lang`` given to any command is remembered (``cli.json`` in the data folder) and
becomes the default of every command after it. The words are the pages' catalogs'
(``web/i18n/<lang>/cli.json`` and the error texts), see :mod:`ludotheek.core.texts`.

>>> system_language({"LANG": "nl_BE.UTF-8"}), system_language({"LANG": "nb_NO.UTF-8"})
('nl', 'en')
>>> system_language({"LC_ALL": "C", "LANG": "nl_NL.UTF-8"})
'en'
"""

from __future__ import annotations

import json
import locale
import os
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any, TypeVar

import click
import platformdirs

from ludotheek.core.texts import LANGUAGES

F = TypeVar("F", bound=Callable[..., Any])
SETTINGS_FILE = "cli.json"
#: the environment variables that name the language of messages, the strongest first
LOCALE_VARIABLES = ("LC_ALL", "LC_MESSAGES", "LANG")


def system_language(environ: Mapping[str, str] | None = None) -> str:
    """``nl`` on a Dutch system, else ``en`` (the Akwaier manual's rule)."""
    env = os.environ if environ is None else environ
    value = next((env[v] for v in LOCALE_VARIABLES if env.get(v)), None)
    if value is None and environ is None:
        value = locale.getlocale()[0]
    return "nl" if (value or "").lower().startswith("nl") else "en"


def _settings_path() -> Path:
    """Where the choice is kept: the data folder (``LUDOTHEEK_DATA`` or the platform's)."""
    env = os.environ.get("LUDOTHEEK_DATA")
    folder = Path(env) if env else Path(platformdirs.user_data_dir("ludotheek", appauthor=False))
    return folder / SETTINGS_FILE


def saved_language() -> str | None:
    """The language chosen last with ``--lang``, if any (and still known)."""
    try:
        data = json.loads(_settings_path().read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    lang = data.get("lang") if isinstance(data, dict) else None
    return lang if lang in LANGUAGES else None


def remember(lang: str) -> None:
    """Keep ``lang`` for the next commands (nothing is lost if the folder is read-only)."""
    path = _settings_path()
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_name(f".{SETTINGS_FILE}.tmp")
        tmp.write_text(json.dumps({"lang": lang}) + "\n", encoding="utf-8")
        os.replace(tmp, path)
    except OSError:
        pass


def language(given: str | None = None) -> str:
    """The language of this command: ``given`` (then remembered), the remembered one, or
    the system's."""
    if given is not None:
        if given != saved_language():
            remember(given)
        return given
    return saved_language() or system_language()


def _resolve(ctx: click.Context, param: click.Parameter, value: str | None) -> str:
    return language(value)


def lang_option(f: F) -> F:
    """The ``--lang`` option every command has; the command gets the language to use."""
    return click.option(
        "--lang", type=click.Choice(list(LANGUAGES)), default=None, callback=_resolve,
        help="The language it speaks: en, nl or no. Remembered for every command; at first "
             "the system's (Dutch on a Dutch system, else English).")(f)


def language_in(argv: list[str]) -> str:
    """The language an error of a command line ``argv`` is told in (its ``--lang``, if
    valid, without remembering it)."""
    for i, arg in enumerate(argv):
        value = arg.partition("=")[2] if arg.startswith("--lang=") else \
            argv[i + 1] if arg == "--lang" and i + 1 < len(argv) else None
        if value in LANGUAGES:
            return value
    return saved_language() or system_language()
