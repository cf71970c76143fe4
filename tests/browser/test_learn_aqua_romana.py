"""Aqua Romana's guided first game on a phone (390 x 844, touch), in English, by tapping what
the coach rings and nothing else."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from ludotheek import lessons
from tests.browser.learn import follow
from tests.serverproc import ServerProcess

pytestmark = pytest.mark.browser


@pytest.fixture
def phone(browser: Any) -> Iterator[Any]:
    ctx = browser.new_context(locale="en", viewport={"width": 390, "height": 844},
                              has_touch=True)
    ctx.add_init_script("localStorage.setItem('ludotheek.animate', '0');"
                        "localStorage.setItem('ludotheek.aqua_romana.delay', '0');")
    yield ctx
    ctx.close()


def test_the_guided_game_on_a_phone(server: ServerProcess, phone: Any) -> None:
    page = phone.new_page()
    page.goto(server.url + "/")
    page.locator("#learn-aqua_romana").tap()
    page.wait_for_url("**/learn/aqua_romana")
    boxes: list[dict[str, float]] = []

    def coach_in_sight(page: Any, step: str) -> None:
        # the coach's words and the ringed target are on screen together
        box = page.locator("#coach").bounding_box()
        boxes.append(box)
        assert box is not None and box["y"] + 40 < 844, (step, box)

    steps = follow(page, tap=True, on_step=coach_in_sight)
    lesson = lessons.lesson("aqua_romana")
    assert lesson is not None
    assert steps == [s.id for s in lesson.steps]
    assert len(boxes) == len(steps)
    page.locator("#learn-play").tap()
    page.wait_for_url("**/play/*")
    page.locator("#aq-board").wait_for()
