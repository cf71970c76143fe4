"""An app on the home screen: the web app manifest and the service worker (issue 37).

- ``/manifest.webmanifest``: the site's name, its icons (192 and 512 px PNGs drawn by
  ``scripts/make_icons.py``, and the SVG), ``start_url`` ``/``, ``display`` standalone and
  the colours of ``css/ludotheek.css``. Every page links it.
- ``/sw.js``: the service worker (``web/js/sw.js``), served from the site's root so that
  its scope is the whole site. The server writes two lines of it when it starts: the
  **release** (:func:`release`: the package's version and a hash of every file the pages
  load, so a changed file, or a new version, is a new worker with a cache of its own; the
  old caches are deleted when it takes over) and the **shell** (:func:`shell`: the
  addresses the worker keeps for a page opened without a network: the lobby, the game
  page, the scripts, styles, images and text catalogs).

The worker fetches pages and files from the network first and falls back on its cache;
it never caches the API (``/api/…``) nor a request with a secret (docs/web.md).

>>> files = shell_files()
>>> "/static/js/lobby.js" in files and "/static/js/sw.js" not in files
True
>>> len(release(files)) > len("0.1.0-")
True
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from ludotheek import __version__
from ludotheek.games import names, plugin
from ludotheek.server.pages.catalogs import LANGUAGES, catalog
from ludotheek.server.pages.files import WEB

#: the worker's own file (served at /sw.js, not kept in its cache)
WORKER = WEB / "js" / "sw.js"
#: the kinds of files the pages load
KINDS = (".js", ".css", ".svg", ".png", ".html")
#: the site's colours (css/ludotheek.css: --accent, --bg)
THEME, BACKGROUND = "#2f6f8f", "#f6f4ef"
#: the game page's file, kept under the address of every game's page (/play/<id>)
GAME_SHELL = "/play/"


def shell_files() -> dict[str, Path]:
    """The files a page may load, by their address: the application's ``web/`` folder
    (its text catalogs' parts aside: a page loads them merged) and each game's page
    folder at the addresses :class:`~ludotheek.server.pages.files.WebFiles` serves."""
    out: dict[str, Path] = {}
    for path in sorted(WEB.rglob("*")):
        if path.is_file() and path.suffix in KINDS and path != WORKER:
            out["/static/" + path.relative_to(WEB).as_posix()] = path
    for name in names():
        folder = plugin(name).page
        if folder is None or not folder.is_dir():
            continue
        for path in sorted(folder.rglob("*")):
            if not path.is_file() or path.suffix not in KINDS:
                continue
            inside = path.relative_to(folder).as_posix()
            if inside == f"{name}.css":
                out[f"/static/css/{name}.css"] = path
            elif inside == f"learn/{name}.js":
                out[f"/static/js/learn/games/{name}.js"] = path
            elif inside == f"{name}.js" or inside.startswith(f"{name}/"):
                out[f"/static/js/games/{inside}"] = path
    return out


def release(files: dict[str, Path], note: str = "") -> str:
    """The release: the version and the first 12 hex digits of a SHA-256 over the files
    (their addresses and contents), the text catalogs and ``note`` (Settings.release_note)."""
    digest = hashlib.sha256(note.encode())
    for url, path in sorted(files.items()):
        digest.update(url.encode() + b"\0" + path.read_bytes() + b"\0")
    for lang in LANGUAGES:
        digest.update(json.dumps(catalog(lang), sort_keys=True).encode())
    return f"{__version__}-{digest.hexdigest()[:12]}"


def shell(files: dict[str, Path]) -> list[str]:
    """The addresses the worker keeps when it is installed (the shell)."""
    pages = ["/", "/static/i18n/languages.json",
             *(f"/static/i18n/{lang}.json" for lang in LANGUAGES)]
    return pages + [u for u in files if not u.endswith(".html")]


def worker_source(version: str, addresses: list[str]) -> bytes:
    """``web/js/sw.js`` with its release and its shell written in."""
    lines = WORKER.read_text().splitlines(keepends=True)
    out = []
    for line in lines:
        if line.startswith("const RELEASE = "):
            line = f"const RELEASE = {json.dumps(version)};\n"
        elif line.startswith("const SHELL = "):
            line = f"const SHELL = {json.dumps(addresses)};\n"
        out.append(line)
    return "".join(out).encode()


def manifest() -> dict[str, object]:
    return {
        "name": "ludotheek",
        "short_name": "ludotheek",
        "description": "Board games brought back to life, against the computer or with "
                       "friends",
        "id": "/",
        "start_url": "/",
        "scope": "/",
        "display": "standalone",
        "theme_color": THEME,
        "background_color": BACKGROUND,
        "icons": [
            {"src": "/static/img/icon-192.png", "sizes": "192x192", "type": "image/png",
             "purpose": "any"},
            {"src": "/static/img/icon-512.png", "sizes": "512x512", "type": "image/png",
             "purpose": "any"},
            {"src": "/static/img/icon.svg", "sizes": "any", "type": "image/svg+xml"},
        ],
    }


class AppShell:
    """What the server worked out when it started: the release and the worker's text."""

    def __init__(self, note: str = "") -> None:
        files = shell_files()
        self.release = release(files, note)
        self.worker = worker_source(self.release, shell(files))


def _shell(request: Request) -> AppShell:
    found = request.app.state.app_shell  # made when the app was (server/app.py)
    assert isinstance(found, AppShell)
    return found


async def manifest_endpoint(request: Request) -> Response:
    return JSONResponse(manifest(), media_type="application/manifest+json",
                        headers={"Cache-Control": "no-cache"})


async def worker_endpoint(request: Request) -> Response:
    """The worker: never from the HTTP cache (a browser compares it byte by byte to find
    a new release), its scope the whole site."""
    return Response(_shell(request).worker, media_type="text/javascript",
                    headers={"Cache-Control": "no-cache", "Service-Worker-Allowed": "/"})


routes = [Route("/manifest.webmanifest", manifest_endpoint, methods=["GET"]),
          Route("/sw.js", worker_endpoint, methods=["GET"])]

__all__ = ["AppShell", "manifest", "release", "routes", "shell", "shell_files",
           "worker_source"]
