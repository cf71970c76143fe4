"""The pages' text catalogs outside a page: errors worded in a language (the terminal).

An error with a code (``ludotheek.core.errors``) is worded by its catalog text
``errors.<code>``, each ``{name}`` replaced by its parameter:

- a parameter that is itself a problem (``{"code", "params"}``) is worded the same way;
- ``seat`` and ``…_seat`` are seat numbers (from 0), shown as the seat's name;
- a text with a catalog word ``errors.word.<text>`` (a fish colour, a kind of tile) is
  shown as that word; a list is shown as its items, separated by commas;
- anything else as it is.

The pages do the same (``js/problems.js``, in English too). Without a code, or without a
text for it, the English message is all there is; in English the terminal shows the
message itself.

>>> from ludotheek.core.errors import IllegalMove
>>> word(IllegalMove("cup 3 is empty", code="wari.cup_empty", cup=3), "nl")
'Kopje 3 is leeg.'
>>> word(IllegalMove("no code"), "nl")
'no code'
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping, Sequence
from functools import cache
from pathlib import Path
from typing import Any

from ludotheek.core.errors import LudotheekError
from ludotheek.core.registry import plugins

I18N = Path(__file__).resolve().parents[1] / "web" / "i18n"
#: the languages with a catalog folder (and so of the pages and the command line)
LANGUAGES = tuple(sorted(p.name for p in I18N.iterdir() if p.is_dir()))


def parts(lang: str) -> dict[str, dict[str, str]]:
    """Each part of a language's catalog, by file name (without ``.json``); a game whose
    plug-in brings its own texts (``GamePlugin.texts``) adds its ``<lang>.json`` as the
    part named after the game."""
    found = {p.stem: json.loads(p.read_text(encoding="utf-8"))
             for p in sorted((I18N / lang).glob("*.json"))}
    for game in plugins():
        own = game.texts / f"{lang}.json" if game.texts is not None else None
        if own is not None and own.is_file():
            found[game.name] = json.loads(own.read_text(encoding="utf-8"))
    return found


@cache
def catalog(lang: str) -> dict[str, str]:
    """The merged catalog of ``lang`` (its parts; empty for a language without one)."""
    merged: dict[str, str] = {}
    for part in parts(lang).values():
        merged.update(part)
    return merged


_COUNT = re.compile(r"\{(\w+)\|([^|{}]*)\|([^|{}]*)\}")


def counted(out: str, params: Mapping[str, Any]) -> str:
    """A count's word, as the pages have it (js/i18n.js): ``{n|tile|tiles}`` is the first word
    when ``params["n"]`` is 1, else the second.

    >>> counted("{n} {n|tile|tiles}", {"n": 1}), counted("{n} {n|tile|tiles}", {"n": 3})
    ('{n} tile', '{n} tiles')
    """
    def pick(m: re.Match[str]) -> str:
        if m.group(1) not in params:
            return m.group(0)
        try:
            one = float(params[m.group(1)]) == 1
        except (TypeError, ValueError):
            one = False
        return m.group(2) if one else m.group(3)
    return _COUNT.sub(pick, out)


def text(key: str, lang: str = "en", **params: Any) -> str:
    """The catalog text ``key`` in ``lang`` (English if it lacks it), ``{name}`` filled in."""
    out = counted(catalog(lang).get(key) or catalog("en").get(key) or key, params)
    for name, value in params.items():
        out = out.replace("{" + name + "}", str(value))
    return out


def word_problem(problem: Mapping[str, Any], lang: str = "en",
                 names: Sequence[str] = ()) -> str | None:
    """``{"code", "params"}`` in ``lang``; None if no catalog has a text for the code."""
    key = f"errors.{problem.get('code')}"
    out = catalog(lang).get(key) or catalog("en").get(key)
    if out is None:
        return None
    out = counted(out, problem.get("params") or {})
    for name, value in (problem.get("params") or {}).items():
        out = out.replace("{" + name + "}", _param(name, value, lang, names))
    return out


def _param(name: str, value: Any, lang: str, names: Sequence[str]) -> str:
    if isinstance(value, Mapping) and "code" in value:
        return word_problem(value, lang, names) or str(value.get("code"))
    if isinstance(value, list | tuple):
        return ", ".join(_param(name, v, lang, names) for v in value)
    if (name == "seat" or name.endswith("_seat")) and isinstance(value, int) \
            and not isinstance(value, bool):
        return names[value] if 0 <= value < len(names) else str(value + 1)
    if isinstance(value, str):
        return catalog(lang).get(f"errors.word.{value}") or value
    return str(value)


def word(error: LudotheekError, lang: str = "en", names: Sequence[str] = ()) -> str:
    """``error`` in ``lang``: in English its own message, in another language the
    catalog's words (the English message when it has no code or text)."""
    problem = error.problem() if lang != "en" else None
    worded = word_problem(problem, lang, names) if problem else None
    return worded or str(error)
