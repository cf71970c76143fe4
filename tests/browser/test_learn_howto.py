"""Every game's "How to play" in Chromium: each diagram drawn by the game's own board, every
frame reachable, and each place its caption names ringed on the board."""

from __future__ import annotations

from typing import Any

import httpx
import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from ludotheek.games import names
from ludotheek.learn import lessons
from tests.serverproc import ServerProcess

pytestmark = pytest.mark.browser

RINGS = """(id) => [...document.querySelectorAll(`#diagram-${id} .learn-ring.look`)]
    .filter((r) => !r.hidden).length"""


@pytest.mark.parametrize("game", [g for g in names() if lessons.howto(g) is not None])
def test_every_diagram_and_its_rings(server: ServerProcess, context_factory: Any,
                                     game: str) -> None:
    data = httpx.get(f"{server.url}/api/learn/{game}/howto").json()
    page = context_factory("en").new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(server.url + "/")
    page.locator(f"#howto-{game}").click()
    page.locator("#howto").wait_for()
    for d in data["diagrams"]:
        figure = page.locator(f"#diagram-{d['id']}")
        figure.scroll_into_view_if_needed()
        for i, frame in enumerate(d["frames"]):
            if i:
                figure.locator(".learn-frame-next").click()
            version = str(frame["view"]["version"])
            page.wait_for_function(
                "([id, v]) => [...document.querySelectorAll(`#diagram-${id} [data-version]`)]"
                ".some((n) => n.dataset.version === v)", arg=[d["id"], version])
            try:
                page.wait_for_function(f"(id) => ({RINGS})(id) === {len(frame['marks'])}",
                                       arg=d["id"], timeout=5_000)
            except PlaywrightTimeout:
                rings = page.evaluate(f"(id) => ({RINGS})(id)", d["id"])
                raise AssertionError(f"{d['id']} frame {i}: {rings} rings for the marks "
                                     f"{frame['marks']}") from None
    assert not errors, errors
