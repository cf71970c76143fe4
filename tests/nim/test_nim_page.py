"""The test game in the browser: the lobby draws its card from what it declares, Start opens
its page (its own renderer, web/nim.js, served like a built-in game's), and a person plays a
whole game against the computer by clicking, with nothing of Nim outside tests/nim/."""

from __future__ import annotations

from typing import Any

import httpx
import pytest

from tests.browser.drive import VERSION
from tests.serverproc import ServerProcess

pytestmark = pytest.mark.browser

TAKE = "#nim-heaps button.nim-take:not([disabled])"
#: the game as the server has it now, fetched by the page
SERVER = "fetch(location.pathname.replace('/play/', '/api/games/')).then((r) => r.json())"


def test_the_lobby_starts_nim_and_a_person_plays_it_to_the_end(
        server: ServerProcess, context_factory: Any) -> None:
    page = context_factory().new_page()
    errors: list[str] = []
    page.on("pageerror", lambda err: errors.append(str(err)))
    page.goto(server.url + "/")
    card = page.locator("#game-nim")
    card.locator("fieldset select").first.wait_for()
    assert card.locator("h2").inner_text() == "Nim"
    assert "take counters from a heap" in card.locator(".blurb").inner_text()
    assert card.locator("input[name=misere][type=checkbox]").count() == 1  # its bool option
    card.locator("button[type=submit]").click()  # you against the computer (its default)
    page.wait_for_url("**/play/*")
    gid = page.url.rsplit("/", 1)[1]
    page.wait_for_selector("#nim-heaps .nim-heap")  # its renderer drew the heaps
    assert page.evaluate("document.body.dataset.game") == "nim"
    assert page.locator("#nim-heaps .nim-heap").count() == 3  # the default heaps: 3, 4 and 5
    clicks = 0
    for _ in range(20):  # at most 12 counters: the game ends long before
        # the page shows what the server has (under load it may still show an older view,
        # whose buttons a click would find gone), and the game is over or it is our turn
        page.wait_for_function(
            f"(take) => {SERVER}.then((g) => {VERSION} === g.version"
            " && (g.over || document.querySelector(take)))", arg=TAKE)
        before = httpx.get(f"{server.url}/api/games/{gid}").json()
        if before["over"]:
            break
        page.locator(TAKE).first.click()
        clicks += 1
        page.wait_for_function(  # the move went, and the computer answered or the game ended
            f"(v) => {SERVER}.then((g) => g.version > v + 1 || g.over)", arg=before["version"])
    view = httpx.get(f"{server.url}/api/games/{gid}").json()
    assert view["over"] and view["winners"], view
    assert clicks >= 1 and len(view["moves"]) >= 2 * clicks - 1
    page.wait_for_selector("#result")
    assert not errors, errors
