"""The pages' text catalogs: one folder per language, one file per part.

``web/i18n/<lang>/*.json`` are merged into the one catalog a page loads,
``/static/i18n/<lang>.json``. Each part (the shared texts, a game's texts, a
feature's texts) is a file of its own, so adding texts to one part never
touches another; a key may appear in one part only.

>>> sorted(LANGUAGES)
['en', 'nl', 'no']
>>> catalog("en")["lobby.start"] != ""
True
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path

from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from ludotheek.games import plugins

I18N = Path(__file__).resolve().parent.parent / "web" / "i18n"
#: the languages that have a catalog folder
LANGUAGES = tuple(sorted(p.name for p in I18N.iterdir() if p.is_dir()))


def parts(lang: str) -> dict[str, dict[str, str]]:
    """Each part of a language's catalog, by file name (without ``.json``); a game whose
    plug-in brings its own texts (``GamePlugin.texts``) adds its ``<lang>.json`` as the
    part named after the game."""
    folder = I18N / lang
    found = {p.stem: json.loads(p.read_text(encoding="utf-8"))
             for p in sorted(folder.glob("*.json"))}
    for game in plugins():
        own = game.texts / f"{lang}.json" if game.texts is not None else None
        if own is not None and own.is_file():
            found[game.name] = json.loads(own.read_text(encoding="utf-8"))
    return found


@cache
def catalog(lang: str) -> dict[str, str]:
    """The whole catalog of ``lang`` (its parts merged); ``KeyError`` for an unknown language."""
    if lang not in LANGUAGES:
        raise KeyError(lang)
    merged: dict[str, str] = {}
    for part in parts(lang).values():
        merged.update(part)
    return merged


async def endpoint(request: Request) -> Response:
    lang = request.path_params["lang"]
    if lang not in LANGUAGES:
        return JSONResponse({"error": f"there is no catalog for {lang!r}"}, status_code=404)
    return JSONResponse(catalog(lang), headers={"Cache-Control": "no-cache"})


async def languages(request: Request) -> Response:
    """The languages of the pages: ``{"languages": ["en", "nl", "no"]}``."""
    return JSONResponse({"languages": list(LANGUAGES)}, headers={"Cache-Control": "no-cache"})


routes = [Route("/static/i18n/languages.json", languages),
          Route("/static/i18n/{lang}.json", endpoint)]
