"""The pages' text catalogs: one folder per language, one file per part.

``web/i18n/<lang>/*.json`` (and the texts a game's plug-in brings) are merged
(:mod:`ludotheek.core.texts`) into the one catalog a page loads,
``/static/i18n/<lang>.json``. Each part (the shared texts, a game's texts, a
feature's texts) is a file of its own, so adding texts to one part never
touches another; a key may appear in one part only.

>>> sorted(LANGUAGES)
['en', 'nl', 'no']
>>> catalog("en")["lobby.start"] != ""
True
"""

from __future__ import annotations

from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from ludotheek.core import texts
from ludotheek.core.texts import LANGUAGES, parts

__all__ = ["LANGUAGES", "catalog", "parts", "routes"]


def catalog(lang: str) -> dict[str, str]:
    """The whole catalog of ``lang`` (its parts merged); ``KeyError`` for an unknown language."""
    if lang not in LANGUAGES:
        raise KeyError(lang)
    return texts.catalog(lang)


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
