"""Every game played with the keyboard alone, from the lobby's Start to a few moves (Tab to a
thing, Enter or Space to act, the games' own keys), and each move announced in words in a live
region for screen readers."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from tests.serverproc import ServerProcess

pytestmark = pytest.mark.browser

VERSION = "Number(document.querySelector('#board [data-version]').dataset.version)"
MINE = {
    "wari": "#board g.legal",
    "akwaier": "#akw-board[data-mine='1']",
    "aqua_romana": "#aq-board[data-mine='1']",
    "haaienzee": "#hz-board[data-mine='1']",
}
#: the live region each game says its moves in
LOG = {"wari": "#wari-log", "akwaier": "#akw-log", "aqua_romana": "#aq-log",
       "haaienzee": "#hz-log"}


# how many presses of Tab bring the focus from where it is to the first match of a selector
# (the focus order of these pages is the document order: no positive tabindex)
_TABS = """(s) => {
  const all = [...document.querySelectorAll(
    'a[href], button, input, select, textarea, [tabindex]:not([tabindex="-1"])')]
    .filter((e) => !e.disabled && e.getClientRects().length && !e.closest('[inert], [hidden]')
      && getComputedStyle(e).visibility !== 'hidden');
  const at = all.indexOf(document.activeElement);
  const to = all.findIndex((e, i) => i > at && e.matches(s));
  return to < 0 ? -1 : to - at;
}"""
_FOCUSED = "(s) => Boolean(document.activeElement && document.activeElement.matches(s))"


def tab_to(page: Any, selector: str, limit: int = 600) -> None:
    """Press Tab until the focus is on something that matches ``selector``."""
    presses = page.evaluate(_TABS, selector)
    for _ in range(max(presses, 0)):
        page.keyboard.press("Tab")
    for _ in range(limit):  # one by one where the count was not right
        if page.evaluate(_FOCUSED, selector):
            return
        page.keyboard.press("Tab")
    raise AssertionError(f"Tab never reached {selector}")


def _decided(page: Any, before: int) -> None:
    page.wait_for_function(f"{VERSION} > {before}", timeout=20_000)


def _wari(page: Any) -> None:
    before = page.evaluate(VERSION)
    cups = page.evaluate("[...document.querySelectorAll('#board g.legal')]"
                         ".map((g) => Number(g.dataset.cup))")
    page.keyboard.press(str(cups[0] if cups[0] <= 6 else cups[0] - 6))
    _decided(page, before)


def _akwaier(page: Any) -> None:
    before = page.evaluate(VERSION)
    phase = page.locator("#akw-board").get_attribute("data-phase")
    if phase == "place":
        slots = page.evaluate("[...document.querySelectorAll('#akw-board g.own.lit')]"
                              ".map((g) => g.dataset.slot)")
        if slots:
            page.keyboard.press(slots[0])
            page.locator("#act-place").wait_for()
            page.keyboard.press("Enter")
            _decided(page, before)
            return
    tab_to(page, "#buy-none, #act-pass, [id^=keep-]")
    page.keyboard.press("Enter")
    _decided(page, before)


def _aqua_romana(page: Any) -> None:
    before = page.evaluate(VERSION)
    while page.evaluate(VERSION) == before:
        stage = page.locator("#aq-board").get_attribute("data-select")
        if not stage:  # the move is on its way
            _decided(page, before)
            return
        target = {"kind": "#aq-step button.aq-kind", "space": "#aq-board g.space.target",
                  "worker": "#aq-board g.worker.lit", "builder": "#aq-board g.space.lit",
                  "tile": "#aq-board g.ghost", "move": "#aq-board g.space.movable",
                  "close": "#close-none", "pick": "#aq-step button[id^=pick-]"}[stage]
        tab_to(page, target)
        page.keyboard.press("Enter")
        page.wait_for_function(f"{VERSION} > {before} || document.querySelector('#aq-board')"
                               f".dataset.select !== '{stage}'", timeout=20_000)


def _haaienzee(page: Any) -> None:
    before = page.evaluate(VERSION)
    tab_to(page, "#hz-board g.cell.free, #hz-board g.cell.target")
    page.keyboard.press("Enter")
    _decided(page, before)


PLAY: dict[str, Callable[[Any], None]] = {
    "wari": _wari, "akwaier": _akwaier, "aqua_romana": _aqua_romana, "haaienzee": _haaienzee}


@pytest.mark.parametrize("game", sorted(PLAY))
def test_a_game_played_with_the_keyboard_alone_says_each_move(
        server: ServerProcess, context_factory: Any, game: str) -> None:
    ctx = context_factory()
    ctx.add_init_script("localStorage.setItem('ludotheek.aqua_romana.delay', '0');"
                        "localStorage.setItem('ludotheek.akwaier.delay', '5');"
                        "localStorage.setItem('ludotheek.haaienzee.delay', '20');")
    page = ctx.new_page()
    page.goto(server.url + "/")
    page.locator(f"#game-{game} fieldset select").first.wait_for()
    tab_to(page, f"#game-{game} button[type=submit]")
    page.keyboard.press("Enter")
    page.wait_for_url("**/play/*")
    log = page.locator(LOG[game])
    assert log.get_attribute("aria-live") == "polite"
    for _ in range(3):
        page.wait_for_selector(MINE[game], timeout=30_000)
        PLAY[game](page)
    page.wait_for_function(f"document.querySelectorAll('{LOG[game]} li').length >= 3")
    names = page.evaluate("[...document.querySelectorAll('#seats .who')]"
                          ".map((n) => n.firstChild.textContent)")
    lines = log.locator("li").all_inner_texts()
    # every line is a sentence in words that names who did it (or what happened)
    assert any(name in line for line in lines for name in names), lines
    assert all(len(line.split()) >= 3 for line in lines), lines
