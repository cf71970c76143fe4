"""Every game played with the keyboard alone, from the lobby's Start to a few moves (Tab to a
thing, Enter or Space to act, the games' own keys), and each move announced in words in a live
region for screen readers."""

from __future__ import annotations

from typing import Any

import pytest

from tests.browser.drive import tab_to
from tests.gamepages import pages
from tests.serverproc import ServerProcess

pytestmark = pytest.mark.browser

#: each game's page as its test folder declares it (tests/<game>/page.py)
PAGES = pages()


@pytest.mark.parametrize("game", sorted(PAGES))
def test_a_game_played_with_the_keyboard_alone_says_each_move(
        server: ServerProcess, context_factory: Any, game: str) -> None:
    ctx = context_factory()
    ctx.add_init_script("".join(p.init for p in PAGES.values()))
    page = ctx.new_page()
    page.goto(server.url + "/")
    page.locator(f"#game-{game} fieldset select").first.wait_for()
    tab_to(page, f"#game-{game} button[type=submit]")
    page.keyboard.press("Enter")
    page.wait_for_url("**/play/*")
    declared = PAGES[game]
    log = page.locator(declared.log)
    assert log.get_attribute("aria-live") == "polite"
    for _ in range(3):
        page.wait_for_selector(declared.mine, timeout=30_000)
        declared.keyboard(page)
    page.wait_for_function(f"document.querySelectorAll('{declared.log} li').length >= 3")
    seats = page.evaluate("[...document.querySelectorAll('#seats .who')]"
                          ".map((n) => n.firstChild.textContent)")
    lines = log.locator("li").all_inner_texts()
    # every line is a sentence in words that names who did it (or what happened)
    assert any(name in line for line in lines for name in seats), lines
    assert all(len(line.split()) >= 3 for line in lines), lines
