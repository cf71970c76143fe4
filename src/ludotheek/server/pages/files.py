"""The games' pages: a game has one when its renderer exists.

A game's page lives in its own folder, the one its plug-in names (``GamePlugin.page``:
``<name>.js``, its modules in ``<name>/``, ``<name>.css``, ``learn/<name>.js``), and
:class:`WebFiles` serves it at the addresses of the application's ``web/`` folder
(``js/games/<name>.js``, ``js/games/<name>/…``, ``css/<name>.css``,
``js/learn/games/<name>.js``), so a renderer imports the shared modules as ``../ui.js``.
The application's ``web/`` holds only the shared pages: no game's file.
"""

from __future__ import annotations

import os
from pathlib import Path

from starlette.staticfiles import StaticFiles

import ludotheek
from ludotheek.core.errors import UnknownGame
from ludotheek.games import plugin

#: the application's pages and their shared files (``ludotheek/web/``), wherever this
#: module sits in the package
WEB = Path(ludotheek.__file__).resolve().parent / "web"


def renderer(name: str) -> Path | None:
    """The file of ``name``'s renderer, or None if the game has no page."""
    folder = plugin(name).page
    path = folder / f"{name}.js" if folder is not None else None
    return path if path is not None and path.is_file() else None


def has_page(name: str) -> bool:
    return renderer(name) is not None


def own_file(path: str) -> tuple[Path, str] | None:
    """For a path under ``/static/`` that belongs to a game with its own page folder: that
    folder and the file's path in it. The addresses and the files in the folder:

    - ``js/games/<name>.js``, the renderer: ``<name>.js``;
    - ``js/games/<name>/…``, the modules it imports: ``<name>/…``;
    - ``css/<name>.css``, its style sheet: ``<name>.css``;
    - ``js/learn/games/<name>.js``, its module for the learn pages (the coach's words,
      where a place is on the board): ``learn/<name>.js``.
    """
    parts = path.replace(os.sep, "/").split("/")
    if len(parts) == 4 and parts[:3] == ["js", "learn", "games"] and parts[3].endswith(".js"):
        name, inside = parts[3].removesuffix(".js"), "learn/" + parts[3]
    elif len(parts) >= 3 and parts[:2] == ["js", "games"]:
        name = parts[2].removesuffix(".js") if len(parts) == 3 else parts[2]
        inside = "/".join(parts[2:])
    elif len(parts) == 2 and parts[0] == "css" and parts[1].endswith(".css"):
        name, inside = parts[1].removesuffix(".css"), parts[1]
    else:
        return None
    try:
        folder = plugin(name).page
    except UnknownGame:
        return None
    return (folder, inside) if folder is not None else None


class WebFiles(StaticFiles):
    """``/static``: the application's web folder, and the page folders of the games
    that bring their own."""

    def lookup_path(self, path: str) -> tuple[str, os.stat_result | None]:
        found = own_file(path)
        if found is None:
            return super().lookup_path(path)
        folder, inside = found
        directory = os.path.realpath(folder)
        full = os.path.realpath(os.path.join(directory, inside))
        if os.path.commonpath([full, directory]) != directory:
            return "", None
        try:
            return full, os.stat(full)
        except (FileNotFoundError, NotADirectoryError):
            return "", None
