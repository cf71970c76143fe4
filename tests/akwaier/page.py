"""Akwaier's page for the generic page tests (tests/gamepages.py): where it waits for a
move, says its moves and must stay in view, the texts it makes from parts, and how a move is
made with the keys and by touch (a dense board: a tile is chosen, then placed)."""

from __future__ import annotations

from typing import Any

from tests.browser.drive import tab_to, version, wait_after
from tests.gamepages import GamePage


def _keyboard(page: Any) -> None:
    before = version(page)
    phase = page.locator("#akw-board").get_attribute("data-phase")
    if phase == "place":
        slots = page.evaluate("[...document.querySelectorAll('#akw-board g.own.lit')]"
                              ".map((g) => g.dataset.slot)")
        if slots:
            page.keyboard.press(slots[0])
            page.locator("#act-place").wait_for()
            page.keyboard.press("Enter")
            wait_after(page, before)
            return
    tab_to(page, "#buy-none, #act-pass, [id^=keep-]")
    page.keyboard.press("Enter")
    wait_after(page, before)


def _tap(page: Any) -> None:
    phase = page.locator("#akw-board").get_attribute("data-phase")
    if phase == "place":
        lit = page.locator("#akw-board g.own.lit")
        if lit.count():
            cell = lit.first
            cell.tap()  # chooses the tile: its preview shows, nothing is played
            page.locator("#act-place").wait_for()
            before = version(page)
            page.wait_for_timeout(150)
            assert version(page) == before, "a first tap played a move"
            page.locator("#akw-board g.own.selected").tap()
            wait_after(page, before)
            return
    before = version(page)
    page.locator("#buy-none, #act-pass, [id^=keep-], #akw-buttons button.primary").first.tap()
    wait_after(page, before)


PAGE = GamePage(
    mine="#akw-board[data-mine='1']", log="#akw-log",
    keep=("#akw-board", "#akw-hand", "#akw-buttons", "#akw-line"),
    keyboard=_keyboard, tap=_tap, dense="#akw-board",
    built=(*(f"akwaier.end.{r}" for r in ("chain_over_100", "turn_limit", "all_passed",
                                          "stopped")),
           *(f"akwaier.log.{r}" for r in ("no_chain", "no_cash")),
           "akwaier.largest_holder", "akwaier.second_holder", "akwaier.quick_start"),
    init="localStorage.setItem('ludotheek.akwaier.delay', '5');",
    diagram=".akw-board")
