"""The shared page modules name no game (issue 22): the pages' own JavaScript (web/js/*.js and
web/js/learn/), the shared style sheets and the HTML read what a game declares (/api/meta, its
renderer js/games/<game>.js from its page folder, its texts). Their code - strings and names,
not comments - is searched for the names of the registered games; a comment may name a game
as an example. And web/ holds no game's file or text: those are in the game's own folder."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

import ludotheek
from ludotheek.games import names

WEB = Path(ludotheek.__file__).resolve().parent / "web"


def _code(source: str) -> str:
    """``source`` (JavaScript or CSS) without its comments: each comment becomes a space;
    strings, template literals and everything else stay (a ``//`` in a string is no comment).

    >>> _code('a = "x // y"; // wari\\nb = `/* c */`; /* aqua */ c')
    'a = "x // y";  \\nb = `/* c */`;   c'
    """
    out: list[str] = []
    i, n = 0, len(source)
    while i < n:
        c = source[i]
        if c in "\"'`":
            end = i + 1
            while end < n and source[end] != c:
                end += 2 if source[end] == "\\" else 1
            out.append(source[i:end + 1])
            i = end + 1
        elif source.startswith("//", i):
            end = source.find("\n", i)
            out.append(" ")
            i = n if end < 0 else end
        elif source.startswith("/*", i):
            end = source.find("*/", i + 2)
            out.append(" ")
            i = n if end < 0 else end + 2
        else:
            out.append(c)
            i += 1
    return "".join(out)


def _pattern(games: list[str]) -> re.Pattern[str]:
    """A game's name as a word of code: ``wari``, ``Wari``, ``wariBoard``, ``aqua_romana``,
    ``aquaRomana`` - not inside another word (``hardware`` is no ``ware``)."""
    words = "|".join(re.escape(g).replace("_", "[_ -]?") for g in games)
    return re.compile(rf"(?<![A-Za-z])(?i:{words})(?![a-z])")


def _shared_files() -> list[Path]:
    return [*sorted((WEB / "js").glob("*.js")), *sorted((WEB / "js" / "learn").glob("*.js")),
            *sorted((WEB / "css").glob("*.css")), *sorted(WEB.glob("*.html"))]


def _mentions(path: Path, pattern: re.Pattern[str]) -> list[str]:
    source = path.read_text(encoding="utf-8")
    code = source if path.suffix == ".html" else _code(source)
    return [f"{m.group(0)!r} in {code[max(0, m.start() - 30):m.end() + 30]!r}"
            for m in pattern.finditer(code)]


def test_the_search_finds_a_game_in_code_but_not_in_a_comment() -> None:
    pattern = _pattern(["wari", "aqua_romana"])
    source = ('// Wari, as an example\nconst x = "wari.board"; /* Aqua Romana */\n'
              'const aquaRomana = wariBoard + hardware; // "wari"\n')
    found = [m.group(0) for m in pattern.finditer(_code(source))]
    assert found == ["wari", "aquaRomana", "wari"]


def test_every_shared_page_file_is_searched() -> None:
    files = {str(p.relative_to(WEB)) for p in _shared_files()}
    assert {"js/lobby.js", "js/game.js", "js/learn/page.js",
            "css/shell.css", "index.html", "game.html"} <= files
    every = {str(p.relative_to(WEB)) for p in WEB.rglob("*")
             if p.is_file() and p.suffix in (".js", ".css", ".html")}
    assert every == files, every - files


def test_the_shared_web_folder_holds_no_games_file_or_text() -> None:
    """A game's page, style sheet, learn module and texts are in its own folder (its
    plug-in's ``page`` and ``texts``): adding or removing a game changes nothing in web/."""
    games = list(names())
    pattern = _pattern(games)
    files = [str(p.relative_to(WEB)) for p in WEB.rglob("*") if p.is_file()]
    assert "js/lobby.js" in files
    assert not [f for f in files if pattern.search(f)]
    keys = [k for p in sorted(WEB.glob("i18n/*/*.json"))
            for k in json.loads(p.read_text(encoding="utf-8"))]
    assert len(keys) > 500
    assert not [k for k in keys if pattern.search(k)]


@pytest.mark.parametrize("path", _shared_files(), ids=lambda p: str(p.relative_to(WEB)))
def test_shared_page_file_names_no_game(path: Path) -> None:
    assert not _mentions(path, _pattern(list(names()))), _mentions(path, _pattern(list(names())))


def test_every_built_in_game_declares_its_page_for_the_page_tests() -> None:
    """The keyboard, layout and catalog tests take a game's page from its test folder
    (``tests/<game>/page.py``, tests/gamepages.py): every game of the application with a
    page declares it there, so none is left out of them."""
    from ludotheek.games import plugin
    from ludotheek.server.pages.files import has_page
    from tests.gamepages import built_in, pages

    games = {n for n in names() if built_in(n) and has_page(n)}
    assert len(games) >= 4 and not built_in("nim")
    assert games <= set(pages())
    # the learn pages' layout test takes the games whose How-to-play diagram is declared:
    # every game with a module for the learn pages declares it
    learnable = {n for n in games if (page := plugin(n).page) is not None
                 and (page / "learn" / f"{n}.js").is_file()}
    assert len(learnable) >= 4
    assert all(pages()[n].diagram for n in learnable)
