"""Haaienzee's page for the generic page tests (tests/gamepages.py): where it waits for a
move, says its moves and must stay in view, and how a move is made with the keys and by
touch (a dense board: two taps)."""

from __future__ import annotations

from typing import Any

from tests.browser.drive import tab_to, two_taps, version, wait_after
from tests.gamepages import GamePage


def _keyboard(page: Any) -> None:
    before = version(page)
    tab_to(page, "#hz-board g.cell.free, #hz-board g.cell.target")
    page.keyboard.press("Enter")
    wait_after(page, before)


def _tap(page: Any) -> None:
    cells = page.locator("#hz-board g.cell.free, #hz-board g.cell.target")
    if cells.count():
        two_taps(page, cells.nth(cells.count() // 2))
        return
    # a shark with nowhere to swim: it turns or stays (buttons of 44 px, one tap)
    before = version(page)
    page.locator("#hz-controls button[data-facing]:enabled, #hz-pass:enabled").first.tap()
    wait_after(page, before)


PAGE = GamePage(mine="#hz-board[data-mine='1']", log="#hz-log",
                keep=("#hz-board", "#hz-controls"), keyboard=_keyboard, tap=_tap,
                dense="#hz-board", built=("haaienzee.quick_start",),
                init="localStorage.setItem('ludotheek.haaienzee.delay', '20');",
                diagram=".hz-board")
