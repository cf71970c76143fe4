"""No page in Dutch or Norwegian shows an English or server-made text (issue 38, item 6): the
lobby, each game's page, the guided games and How to play, and the replay, walked in
Chromium; every visible text is compared with the English catalog's texts (those the page's
language words otherwise) and with the shapes of the server's own English messages and the
moves' notation ("move T29", "close none")."""

from __future__ import annotations

import re
from typing import Any

import httpx
import pytest

from ludotheek.core.texts import catalog
from tests.browser.aqua_romana_setup import find as find_aqua
from tests.browser.aqua_romana_setup import import_game as import_aqua
from tests.browser.learn import follow
from tests.gamepages import pages
from tests.serverproc import ServerProcess

pytestmark = pytest.mark.browser

GAMES = sorted(n for n, p in pages().items() if p.diagram)

#: the visible texts of the page: every text node shown, trimmed
VISIBLE = """() => {
  const out = [];
  const walk = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let n = walk.nextNode(); n; n = walk.nextNode()) {
    const text = n.textContent.trim();
    const parent = n.parentElement;
    if (!text || !parent || parent.closest('script, style, [hidden], [aria-hidden=true]')) continue;
    if (parent.checkVisibility && !parent.checkVisibility({ visibilityProperty: true })) continue;
    out.push(text);
  }
  return out;
}"""

#: what the server or the notation says in English (never a page's words)
SERVER = [re.compile(p) for p in (
    r"\bthere is no\b", r"\blegal: ", r"\bmust be\b", r"\bcannot be played\b",
    r"^(move|close|place|pick|build|bonus) (T\d+|none|[a-z]+\d)\b", r"\bT\d{1,2}\b",
    r"\bclose none\b", r"\bError:", r"\bNot Found\b")]


def english(lang: str) -> tuple[set[str], list[re.Pattern[str]]]:
    """The English texts the page's language words otherwise: as they are (no placeholder)
    and as patterns (placeholders as anything, at least 12 letters of their own)."""
    en, own = catalog("en"), catalog(lang)
    plain: set[str] = set()
    shapes: list[re.Pattern[str]] = []
    for key, text in en.items():
        if own.get(key, text) == text or key.startswith("cli."):
            continue
        literal = re.sub(r"\{[^{}]*\}", "", text)
        if "{" not in text:
            if len(text) >= 4 and text not in own.values():
                plain.add(text)
        elif len(re.sub(r"\W", "", literal)) >= 12:
            pattern = re.escape(text)
            pattern = re.sub(r"\\\{[^{}]*?\\\}", ".+?", pattern)
            shapes.append(re.compile(pattern))
    return plain, shapes


class Words:
    def __init__(self, lang: str) -> None:
        self.lang = lang
        self.plain, self.shapes = english(lang)
        self.found: list[str] = []

    def look(self, page: Any, where: str) -> None:
        for text in page.evaluate(VISIBLE):
            why = ("English" if text in self.plain or any(s.fullmatch(text) for s in self.shapes)
                   else "server" if any(s.search(text) for s in SERVER) else None)
            if why:
                self.found.append(f"{where}: {why}: {text!r}")


@pytest.mark.parametrize("lang", ["nl", "no"])
def test_no_page_shows_english_or_server_words(server: ServerProcess, context_factory: Any,
                                               lang: str) -> None:
    words = Words(lang)
    ctx = context_factory(lang)
    page = ctx.new_page()
    page.goto(server.url + "/")
    page.locator(f"#game-{GAMES[0]}").wait_for()
    page.wait_for_load_state("networkidle")
    words.look(page, "lobby")
    for game in GAMES:
        # How to play, from the lobby, every diagram drawn
        page.goto(server.url + "/")
        page.locator(f"#howto-{game}").click()
        figures = page.locator("#howto figure.learn-figure")
        figures.first.wait_for()
        for i in range(figures.count()):
            figures.nth(i).scroll_into_view_if_needed()
            figures.nth(i).locator(".learn-board [data-version]").first.wait_for()
        words.look(page, f"How to play {game}")
        # the guided game, from its start to the end of its moves
        page.goto(f"{server.url}/learn/{game}")
        follow(page, on_step=lambda p, step, g=game: words.look(p, f"learn {g}, {step}"))
        # a game of the person against the computer
        seats = pages()[game]
        r = httpx.post(f"{server.url}/api/games", json={
            "game": game, "seats": [{"type": "person"}] + [{"type": "computer", "level": "easy"}]
            * (5 if game == "akwaier" else 1)}).json()
        page.goto(f"{server.url}/play/{r['id']}#token={r['seats'][0]['token']}")
        page.locator(seats.mine).first.wait_for(timeout=30_000)
        page.wait_for_load_state("networkidle")
        words.look(page, f"the {game} page")
    # the replay of a game of Aqua Romana that has come some way (its list of moves)
    gid, _ = import_aqua(server.url, find_aqua(lambda s: s.ply >= 24 and s.phase == "build"))
    page.goto(f"{server.url}/replay/{gid}?move=24")
    page.locator("#replay-moves li").nth(20).wait_for()
    page.wait_for_load_state("networkidle")
    words.look(page, "the replay of Aqua Romana")
    assert not words.found, "\n".join(words.found[:40])
