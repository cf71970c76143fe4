"""Aqua Romana's note before a closing for 0 points, in Chromium and in Norwegian: one line
that says what the tile does, the square and the worker it is about ringed on the board,
"Choose again" builds nothing, "Do it anyway" builds."""

from __future__ import annotations

from typing import Any

import httpx
import pytest

from ludotheek.core.record import text_of
from ludotheek.learn import lessons
from tests.browser.drive import RINGS, wait_ringed
from tests.browser.records import import_record
from tests.serverproc import ServerProcess

pytestmark = pytest.mark.browser

BOARD = "#aq-board"
def _click_path(page: Any, move: str) -> None:
    """Reach the build ``move`` by clicks: its worker, its builder, its kind, its rotation."""
    worker, space, kind, _square, rotation = move.split()
    page.click(f"{BOARD} #worker-{worker} .pawn")
    if page.locator(BOARD).get_attribute("data-select") == "builder":
        page.click(f"{BOARD} #space-{space[1:]}")
    if page.locator(BOARD).get_attribute("data-select") == "kind":
        page.click(f"#kind-{kind}")
    ghost = page.locator(f"{BOARD} g.ghost.hot")
    for _ in range(4):
        if ghost.get_attribute("data-move") == move:
            break
        page.click("#aq-rotate")
    assert ghost.get_attribute("data-move") == move, rotation


def test_a_closing_for_nothing_is_noted_and_ringed_in_norwegian(
        server: ServerProcess, context_factory: Any) -> None:
    lesson = lessons.lesson("aqua_romana")
    assert lesson is not None
    rec = lesson.record
    at = lesson.step("zero").at    # blue2's bridge on d1 closes it at the edge: no podium left
    move = text_of(rec.moves[at])
    worker, square = move.split()[0], move.split()[3]
    seats = [{"type": "person"}, {"type": "computer", "level": "easy"}]
    data = import_record(server.url, "aqua_romana", dict(rec.options), rec.seed,
                         list(rec.moves[:at]), seats)
    gid, token = data["id"], data["seats"][lesson.seat]["token"]
    ctx = context_factory("no", warnings=True)
    ctx.add_init_script("localStorage.setItem('ludotheek.aqua_romana.delay', '0');")
    page = ctx.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(f"{server.url}/play/{gid}#token={token}")
    page.wait_for_selector(f"{BOARD}[data-mine='1'][data-select='worker']")
    _click_path(page, move)
    page.click("#aq-place")
    warning = page.locator("#learn-warning")
    warning.wait_for()
    text = warning.inner_text()
    assert "får 0" in text and "Velg på nytt" in text, text
    # the square the tile goes on and the worker it closes are ringed while the note is shown
    page.wait_for_function(f"({RINGS})().length === 2")
    wait_ringed(page, [f"{BOARD} #sq-{square}", f"{BOARD} #worker-{worker}"])
    page.locator("#warning-back").click()
    warning.wait_for(state="detached")
    page.wait_for_function(f"({RINGS})().length === 0")
    assert httpx.get(f"{server.url}/api/games/{gid}").json()["version"] == at
    # the same build again, and "Do it anyway" makes it
    page.wait_for_selector(f"{BOARD}[data-mine='1']")
    if page.locator(BOARD).get_attribute("data-select") != "tile":
        page.keyboard.press("Escape")
        _click_path(page, move)
    page.click("#aq-place")
    warning.wait_for()
    page.locator("#warning-go").click()
    warning.wait_for(state="detached")
    for _ in range(100):
        moves = httpx.get(f"{server.url}/api/games/{gid}").json()["moves"]
        if len(moves) > at:
            break
        page.wait_for_timeout(100)
    assert moves[at] == move
    assert not errors, errors
