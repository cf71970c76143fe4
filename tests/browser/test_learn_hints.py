"""A Haaienzee hint in Chromium: a sentence in the page's language, and the move drawn on the
board (the hex, and the colour and direction still to choose)."""

from __future__ import annotations

import re
from typing import Any

import httpx
import pytest

from tests.serverproc import ServerProcess

pytestmark = pytest.mark.browser

#: the visible "look here" rings' boxes
RINGS = """() => [...document.querySelectorAll('body > .learn-ring.look')]
  .filter((r) => !r.hidden).map((r) => { const b = r.getBoundingClientRect();
    return [b.x + b.width / 2, b.y + b.height / 2]; })"""


def _centre(page: Any, selector: str) -> tuple[float, float]:
    b = page.locator(selector).bounding_box()
    return b["x"] + b["width"] / 2, b["y"] + b["height"] / 2


def test_a_haaienzee_hint_in_dutch_rings_the_spot_colour_and_direction(
        server: ServerProcess, context_factory: Any) -> None:
    page = context_factory("nl").new_page()
    r = httpx.post(f"{server.url}/api/games", json={
        "game": "haaienzee", "seed": 6, "options": {},
        "seats": [{"type": "person"}, {"type": "computer", "level": "easy"}]}).json()
    page.goto(f"{server.url}/play/{r['id']}#token={r['seats'][0]['token']}")
    with page.expect_response(lambda res: res.url.endswith("/hint")) as answer:
        page.locator("#hint").click()
    _, facing, colour = answer.value.json()["move"].split()
    page.wait_for_function("document.querySelector('#hint-text').textContent"
                           ".startsWith('Zet haai')", timeout=60_000)
    text = page.locator("#hint-text").inner_text()
    found = re.match(r"Zet haai 1 op ([A-M]\d+), richting (\S+), jagend op (\S+):", text)
    assert found, text
    hex_name = found.group(1)
    assert httpx.get(f"{server.url}/api/games/{r['id']}").json()["version"] == 0
    # rings on the hex, the colour and the direction (none chosen yet)
    page.wait_for_function(f"({RINGS})().length === 3")
    rings = page.evaluate(RINGS)
    for selector in (f"#hex-{hex_name}", f"#hz-colour-{colour}", f"#hz-dir-{facing}"):
        x, y = _centre(page, selector)
        assert any(abs(x - a) < 3 and abs(y - b) < 3 for a, b in rings), selector
    # choosing the colour takes its ring away
    page.locator(f"#hz-colour-{colour}").click()
    page.wait_for_function(f"({RINGS})().length === 2")
