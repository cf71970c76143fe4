"""Wari's page for the generic page tests (tests/gamepages.py): where it waits for a move,
says its moves and must stay in view, and how a move is made with the keys and by touch."""

from __future__ import annotations

from typing import Any

from tests.browser.drive import two_taps, version, wait_after
from tests.gamepages import GamePage


def _keyboard(page: Any) -> None:
    before = version(page)
    cups = page.evaluate("[...document.querySelectorAll('#board g.legal')]"
                         ".map((g) => Number(g.dataset.cup))")
    page.keyboard.press(str(cups[0] if cups[0] <= 6 else cups[0] - 6))
    wait_after(page, before)


def _tap(page: Any) -> None:
    # a first tap shows what sowing the cup does, a second one sows (docs/web.md, "Taps")
    two_taps(page, page.locator("#board g.legal").first)


PAGE = GamePage(mine="#board g.legal", log="#wari-log",
                keep=("#board svg[data-fit]", "#status"), keyboard=_keyboard, tap=_tap,
                diagram="svg[data-fit]")
