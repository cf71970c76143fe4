"""The replay viewer in Chromium: stepping through a finished game."""

from __future__ import annotations

import time
from typing import Any

import httpx
import pytest

from ludotheek.core.record import Record
from tests.serverproc import ServerProcess

pytestmark = pytest.mark.browser


def _finished_wari(server: ServerProcess) -> tuple[str, list[str]]:
    r = httpx.post(f"{server.url}/api/games", json={"game": "wari", "seed": 3, "seats": [
        {"type": "computer", "level": "easy"}, {"type": "computer", "level": "normal"}]})
    gid = r.json()["id"]
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        view = httpx.get(f"{server.url}/api/games/{gid}").json()
        if view["over"]:
            return gid, view["moves"]
        time.sleep(0.1)
    raise AssertionError("the computers did not finish")


def _board(page: Any) -> list[int]:
    return [int(page.locator(f"#cup-{c}").get_attribute("data-seeds")) for c in range(1, 13)]


def test_stepping_through_a_wari_replay(server: ServerProcess, context_factory: Any) -> None:
    gid, moves = _finished_wari(server)
    states = list(Record("wari", {}, 3, tuple(moves)).states())
    page = context_factory().new_page()
    page.goto(f"{server.url}/replay/{gid}?move=5")
    page.wait_for_function("document.querySelector('#board svg')?.dataset.version === '5'")
    assert _board(page) == list(states[5].board)
    assert page.locator("#position").inner_text() == f"move 5 of {len(moves)}"
    page.keyboard.press("ArrowRight")
    page.wait_for_function("document.querySelector('#board svg').dataset.version === '6'")
    assert _board(page) == list(states[6].board)
    page.keyboard.press("ArrowLeft")
    page.keyboard.press("ArrowLeft")
    page.wait_for_function("document.querySelector('#board svg').dataset.version === '4'")
    assert _board(page) == list(states[4].board)
    page.locator("#replay-moves li[data-at='10']").click()
    page.wait_for_function("document.querySelector('#board svg').dataset.version === '10'")
    assert _board(page) == list(states[10].board)
    assert "move=10" in page.url  # the address is a link to this move
    page.keyboard.press("End")
    page.wait_for_selector("#result")
    assert page.locator("#board g.legal").count() == 0
    page.locator("#first").click()
    page.wait_for_function("document.querySelector('#board svg').dataset.version === '0'")
    assert _board(page) == [4] * 12
