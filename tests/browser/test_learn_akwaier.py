"""Akwaier's guided first game in Chromium, in Norwegian, by following the coach alone."""

from __future__ import annotations

from typing import Any

import pytest

from ludotheek.learn import lessons
from tests.browser.learn import check_real_game, follow
from tests.serverproc import ServerProcess

pytestmark = pytest.mark.browser


def test_the_guided_game_in_norwegian(server: ServerProcess, context_factory: Any) -> None:
    ctx = context_factory("no")
    ctx.add_init_script("localStorage.setItem('ludotheek.akwaier.delay', '0');")
    page = ctx.new_page()
    page.goto(server.url + "/")
    page.locator("#learn-akwaier").click()
    page.wait_for_url("**/learn/akwaier")
    seen: dict[str, str] = {}

    def try_others(page: Any, step: str) -> None:
        if step == "found":    # another tile, placed loose: explained, not made
            page.locator("#tile-2").click()
            page.locator("#act-place").click()
            page.locator("#coach-reply").wait_for()
            seen[step] = page.locator("#coach-reply").inner_text()
        if step == "illegal":  # the tile that cannot be placed: the page says why
            page.locator("#tile-2").click()
            page.wait_for_function("document.getElementById('akw-line').textContent.includes('G10')")
            seen[step] = page.locator("#akw-line").inner_text()

    steps = follow(page, on_step=try_others)
    lesson = lessons.lesson("akwaier")
    assert lesson is not None
    assert steps == [s.id for s in lesson.steps]
    assert "F4" in seen["found"] and "L8" in seen["found"]
    assert "G10" in seen["illegal"]
    assert page.locator("#akw-board").get_attribute("data-phase") == "over"
    page.locator("#learn-play").click()
    page.wait_for_url("**/play/*")
    page.locator("#akw-hand").wait_for()
    check_real_game(server.url, page, "akwaier")
