"""Aqua Romana's guided first game on a phone (390 x 844, touch), in English, by tapping what
the coach rings and nothing else (and once a tile in its other rotation, which the coach
explains and does not lay)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from ludotheek.learn import lessons
from tests.browser.drive import open_card
from tests.browser.learn import check_real_game, follow
from tests.serverproc import ServerProcess

pytestmark = pytest.mark.browser


BOARD = "#aq-board"
#: at the step "rotation" the coach's curve on k6 faces NW; this one is the other rotation
OTHER_ROTATION = "yellow1 T10 curve k6 SW"


def _lay(page: Any, move: str) -> None:
    """Tap the build ``move``: its worker, its builder, its kind, its rotation, Lay."""
    worker, space, kind, _square, _rotation = move.split()
    page.locator(f"{BOARD} #worker-{worker} .pawn").tap()
    if page.locator(BOARD).get_attribute("data-select") == "builder":
        page.locator(f"{BOARD} #space-{space[1:]}").tap()
    if page.locator(BOARD).get_attribute("data-select") == "kind":
        page.locator(f"#kind-{kind}").tap()
    ghost = page.locator(f"{BOARD} g.ghost.hot")
    for _ in range(4):
        if ghost.get_attribute("data-move") == move:
            break
        page.locator("#aq-rotate").tap()
    assert ghost.get_attribute("data-move") == move
    page.locator("#aq-place").tap()


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
    open_card(page, "aqua_romana")
    page.locator("#learn-aqua_romana").tap()
    page.wait_for_url("**/learn/aqua_romana")
    boxes: list[dict[str, float]] = []
    replies: dict[str, str] = {}

    def coach_in_sight(page: Any, step: str) -> None:
        # the coach's words and the ringed target are on screen together
        box = page.locator("#coach").bounding_box()
        boxes.append(box)
        assert box is not None and box["y"] + 40 < 844, (step, box)
        if step == "rotation":   # the tile laid in its other rotation: explained, not laid
            before = page.locator(BOARD).get_attribute("data-version")
            _lay(page, OTHER_ROTATION)
            page.locator("#coach-reply").wait_for()
            replies[step] = page.locator("#coach-reply").inner_text()
            assert page.locator(BOARD).get_attribute("data-version") == before

    steps = follow(page, tap=True, on_step=coach_in_sight)
    lesson = lessons.lesson("aqua_romana")
    assert lesson is not None
    assert steps == [s.id for s in lesson.steps]
    assert len(boxes) == len(steps)
    # the other rotation: the squares and points it and the coach's add, and try again
    assert "squares" in replies["rotation"] and "Try again" in replies["rotation"], replies
    page.locator("#learn-play").tap()
    page.wait_for_url("**/play/*")
    page.locator("#aq-board").wait_for()
    check_real_game(server.url, page, "aqua_romana")
