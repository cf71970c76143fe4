"""The replay and analysis pages on a phone (issue 38, item 2): a finished game of each page's
game, replayed and analysed at 390 × 844 with touch, in Dutch, English and Norwegian, never
wider than the screen (it was 446 px in Dutch and 418 px in English: the replay bar's slider
and speed menu and Haaienzee's sea held the page's one column open), with the move shown at
the top in at most two lines (item 13: it was five, above the board)."""

from __future__ import annotations

import time
from typing import Any

import httpx
import pytest

from tests.analysis.helpers import imported_finished
from tests.browser import layout
from tests.gamepages import pages
from tests.serverproc import ServerProcess

pytestmark = pytest.mark.browser


def _analysed(server: ServerProcess, gid: str) -> None:
    httpx.post(f"{server.url}/api/games/{gid}/analysis", json={})
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        if httpx.get(f"{server.url}/api/games/{gid}/analysis").json()["status"] == "done":
            return
        time.sleep(0.2)
    raise AssertionError("the analysis did not finish")


@pytest.mark.parametrize("game", ["haaienzee", "wari"])
def test_the_analysis_page_fits_a_phone(server: ServerProcess, browser: Any, game: str) -> None:
    gid = imported_finished(server.url, game)
    _analysed(server, gid)
    for lang in ("nl", "en", "no"):
        ctx = layout.context(browser, layout.SIZES["phone"], lang)
        try:
            page = ctx.new_page()
            page.goto(f"{server.url}/replay/{gid}?analyse=1")
            page.wait_for_selector("#analysis-graph svg.analysis-chart")
            page.wait_for_selector("#replay-moves li")
            problems = layout.sideways(page) + layout.accessibility(page)
            assert not problems, f"{game} in {lang}: {problems}"
            lines = page.evaluate("""() => { const s = document.querySelector('#status');
                const style = getComputedStyle(s);
                const line = parseFloat(style.lineHeight) || 1.2 * parseFloat(style.fontSize);
                return Math.round(s.getBoundingClientRect().height / line); }""")
            assert lines <= 2, f"{game} in {lang}: the status takes {lines} lines"
        finally:
            ctx.close()


@pytest.mark.parametrize("game", sorted(pages()))
def test_every_replay_fits_a_phone(server: ServerProcess, browser: Any, game: str) -> None:
    gid = imported_finished(server.url, game)
    for lang in ("nl", "en", "no"):
        ctx = layout.context(browser, layout.SIZES["phone"], lang)
        try:
            page = ctx.new_page()
            page.goto(f"{server.url}/replay/{gid}?analyse=1")
            page.wait_for_selector("#board [data-version]")
            # the review it asked for may be done already: its button is then hidden
            page.wait_for_selector("#analyse", state="attached")
            problems = layout.sideways(page)
            assert not problems, f"{game} in {lang}: {problems}"
        finally:
            ctx.close()
