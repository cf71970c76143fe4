"""Haaienzee's guided first game in Chromium, in Dutch, by following the coach alone."""

from __future__ import annotations

from typing import Any

import pytest

from ludotheek.learn import lessons
from tests.browser.learn import check_real_game, follow
from tests.serverproc import ServerProcess

pytestmark = pytest.mark.browser


def test_the_guided_game_in_dutch(server: ServerProcess, context_factory: Any) -> None:
    ctx = context_factory("nl")
    ctx.add_init_script("localStorage.setItem('ludotheek.haaienzee.delay', '0');")
    page = ctx.new_page()
    page.goto(server.url + "/")
    page.locator("#learn-haaienzee").click()
    page.wait_for_url("**/learn/haaienzee")
    replies: dict[str, str] = {}

    def try_others(page: Any, step: str) -> None:
        if step == "place1":   # another legal spot: what each could eat first
            page.locator("#hz-colour-white").click()
            page.locator("#board g.cell.free:not(#hex-K2)").first.click()
            page.locator("#coach-reply").wait_for()
            replies[step] = page.locator("#coach-reply").inner_text()
        if step == "eat":      # a hex it cannot reach: the reason, in Dutch
            page.locator("#hex-A1").click()
            page.wait_for_function(
                "document.getElementById('coach-reply').textContent.includes('A1')")
            replies[step] = page.locator("#coach-reply").inner_text()

    steps = follow(page, on_step=try_others)
    lesson = lessons.lesson("haaienzee")
    assert lesson is not None
    assert steps == [s.id for s in lesson.steps]
    assert "K2" in replies["place1"] and "5" in replies["place1"]
    assert "ligt niet recht voor deze haai" in replies["eat"]
    assert page.locator("#hz-health-0").inner_text().strip().startswith("19")
    page.locator("#learn-play").click()
    page.wait_for_url("**/play/*")
    page.wait_for_selector("#hz-colour-white")
    check_real_game(server.url, page, "haaienzee")
