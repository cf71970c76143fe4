"""Akwaier on a phone and a laptop (issue 38, items 11 and 13): while buying, the line saying
what to do is in view with the board and the buy buttons (it stood under them, off the
screen), the buy buttons say what they are ("1 · 1,040" said nothing), there is one Players
table (the shell's list of seats showed the board panel's players a second time), and on a
laptop the board keeps its size when the buy buttons appear (it shrank from 402 to 308 px) and
the panel's headings are whole (Norwegian "Kan grunnlegges" was cut off)."""

from __future__ import annotations

import json
from typing import Any

import pytest

from ludotheek.core.texts import catalog
from tests.browser import layout
from tests.browser.akwaier_setup import find, import_game
from tests.serverproc import ServerProcess

pytestmark = pytest.mark.browser

BOARD = "Math.round(document.querySelector('#akw-board').getBoundingClientRect().height)"


def _chains_to_buy(state: Any) -> int:
    return len({m.split()[1] for m in state.legal_moves()
                if m.startswith("buy ") and len(m.split()) == 3})


def _buying(server: ServerProcess, least: int = 5, most: int = 6) -> tuple[str, str]:
    """Seat 0 buys, ``least`` to ``most`` chains to choose from."""
    return import_game(server.url, find(lambda s: s.phase == "buy" and s.turn > 20
                                        and least <= _chains_to_buy(s) <= most))


def _open(browser: Any, server: ServerProcess, size: str, lang: str,
          chains: tuple[int, int] = (5, 6)) -> tuple[Any, Any]:
    gid, token = _buying(server, *chains)
    ctx = layout.context(browser, layout.SIZES[size], lang, touch=size != "desktop")
    held = {gid: {"game": "akwaier", "saved": 1, "invites": {}, "seats": {"0": token}}}
    ctx.add_init_script(f"localStorage.setItem('ludotheek.games', "
                        f"{json.dumps(json.dumps(held))});")
    page = ctx.new_page()
    page.goto(f"{server.url}/play/{gid}")
    page.wait_for_selector("#akw-buttons .buy-group button")
    return ctx, page


#: every buy button's box that is not wholly in the viewport at the top of the page
OFF_SCREEN = """(() => { window.scrollTo(0, 0);
  return [...document.querySelectorAll('#akw-buttons .buy-group button, #buy-none')]
    .map((b) => [b.id, b.getBoundingClientRect()])
    .filter(([, r]) => r.top < 0 || r.bottom > innerHeight + 0.5 || r.right > innerWidth + 0.5)
    .map(([id, r]) => `${id}: ${Math.round(r.top)}-${Math.round(r.bottom)}`); })()"""


@pytest.mark.parametrize("lang", ["nl", "en", "no"])
def test_buying_on_a_phone(server: ServerProcess, browser: Any, lang: str) -> None:
    ctx, page = _open(browser, server, "phone", lang)
    try:
        problems = layout.out_of_view(page, ["#akw-board", "#akw-line", "#buy-what",
                                             "#akw-buttons .buy-group", "#buy-none"])
        assert not problems, problems
        assert page.evaluate(OFF_SCREEN) == []  # the last chain's buttons too
        assert page.locator("#buy-what").inner_text() == catalog(lang)["akwaier.act.buy_what"]
        # one table of players: the board's panel's
        assert not page.locator("#seats").is_visible()
        assert page.locator("#akw-panel, .akw-panel").first.is_visible()
        assert not layout.sideways(page)
    finally:
        ctx.close()


def test_all_eight_chains_to_buy_are_in_view_on_a_phone(server: ServerProcess,
                                                         browser: Any) -> None:
    """Before, the board kept 30 % of the screen while buying, and from five chains on the
    last row of buy buttons was under the screen's edge (a layout test failed whenever the game
    came to five chains early). Buying, the board may shrink to 170 px: the buttons of seven
    or eight chains are in view with it; placing a tile, it is as large as before."""
    ctx, page = _open(browser, server, "phone", "en", chains=(7, 8))
    try:
        assert page.locator("#akw-buttons .buy-group").count() >= 7
        assert page.evaluate(OFF_SCREEN) == []
        assert not layout.out_of_view(page, ["#akw-board", "#akw-line", "#akw-hand"])
        assert page.evaluate(BOARD) >= 170
        page.locator("#buy-none").tap()
        page.wait_for_selector("#akw-board[data-mine='1'][data-phase='place']", timeout=30_000)
        page.wait_for_function("!document.querySelector('#akw-buttons .buy-group')")
        assert page.evaluate(BOARD) >= round(0.3 * 844) - 1  # the usual floor again
    finally:
        ctx.close()


#: the panel's tables wider than their boxes (Norwegian "Kan grunnlegges" was cut off)
CUT = """[...document.querySelectorAll('.akw-table')].filter((t) =>
  t.getBoundingClientRect().width > t.parentElement.getBoundingClientRect().width + 0.5)
  .map((t) => t.id || t.className)"""


def test_the_board_keeps_its_size_on_a_laptop_when_the_buy_buttons_appear(
        server: ServerProcess, browser: Any) -> None:
    ctx, page = _open(browser, server, "desktop", "no")
    try:
        assert page.evaluate(CUT) == []
        buying = page.evaluate(BOARD)
        page.locator("#buy-none").click()
        page.wait_for_selector("#akw-board[data-mine='1']", timeout=30_000)
        page.wait_for_function("!document.querySelector('#akw-buttons .buy-group')")
        placing = page.evaluate(BOARD)
        assert buying >= placing - 1, f"{buying} px while buying, {placing} px while placing"
        left = page.evaluate("innerHeight - document.querySelector('#akw-board')"
                             ".getBoundingClientRect().top")
        assert buying >= 0.8 * left, f"{buying} px of {left:.0f}"
    finally:
        ctx.close()
