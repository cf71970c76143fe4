"""Boards large enough on a laptop (issue 38, item 12): at 1366 × 768 each game's board, as
drawn (its viewBox's picture, not the SVG's box), fills at least 80% of its panel's width or
of the height left to it (from its top to the bottom of the screen, the page at its top), on
one's own turn and while the computer moves; and nothing empty above it takes room meanwhile.

Before, Haaienzee's and Aqua Romana's boards were about 440 px in a 900 px panel, with a large
empty box above Haaienzee's sea while the other player moved."""

from __future__ import annotations

import json
from typing import Any

import httpx
import pytest

from tests.browser import layout
from tests.gamepages import pages
from tests.serverproc import ServerProcess

pytestmark = pytest.mark.browser

PAGES = pages()

#: the board as drawn: the picture of its viewBox inside the SVG's box (preserveAspectRatio
#: meet), against its panel (#board) and the height from its top to the bottom of the screen
MEASURE = """() => {
  window.scrollTo(0, 0);
  const svg = document.querySelector('#board svg[data-fit]')
    || document.querySelector('#board svg');
  const box = svg.getBoundingClientRect();
  const vb = svg.viewBox.baseVal;
  const scale = vb && vb.width ? Math.min(box.width / vb.width, box.height / vb.height) : 1;
  const w = vb && vb.width ? vb.width * scale : box.width;
  const h = vb && vb.height ? vb.height * scale : box.height;
  const top = box.top + (box.height - h) / 2;
  const panel = document.querySelector('#board').getBoundingClientRect();
  // the empty room between what is shown above the board (a word, a button) and its top
  let over = panel.top;
  for (const e of document.querySelectorAll('#board *')) {
    if (e === svg || svg.contains(e) || e.contains(svg)) continue;
    const r = e.getBoundingClientRect();
    const leaf = !e.firstElementChild
      && (e.textContent.trim() || e.matches('button, input, select'));
    if (leaf && r.height > 0 && r.bottom <= box.top + 1
        && getComputedStyle(e).visibility !== 'hidden') {
      over = Math.max(over, r.bottom);
    }
  }
  return { width: w, height: h, panel: panel.width, left: innerHeight - top, top,
           empty: top - over };
}"""


#: the most empty room above a board (its frame, a margin or two)
EMPTY = 48


def _fills(m: dict[str, float]) -> bool:
    return (m["width"] >= 0.8 * m["panel"] or m["height"] >= 0.8 * m["left"]) \
        and m["empty"] <= EMPTY


def _describe(m: dict[str, float]) -> str:
    return (f"{m['width']:.0f} x {m['height']:.0f} px: {m['width'] / m['panel']:.0%} of its "
            f"panel's {m['panel']:.0f} px, {m['height'] / m['left']:.0%} of the "
            f"{m['left']:.0f} px left under its top at {m['top']:.0f}, "
            f"{m['empty']:.0f} px empty above it")


@pytest.mark.parametrize("game", sorted(PAGES))
def test_the_board_is_large_on_a_laptop(server: ServerProcess, browser: Any, game: str) -> None:
    others = 5 if game == "akwaier" else 1
    r = httpx.post(f"{server.url}/api/games", json={
        "game": game, "seats": [{"type": "person"}] +
        [{"type": "computer", "level": "beginner"}] * others}).json()
    ctx = layout.context(browser, layout.SIZES["desktop"], touch=False)
    held = {r["id"]: {"game": game, "saved": 1, "invites": {},
                      "seats": {"0": r["seats"][0]["token"]}}}
    ctx.add_init_script(f"localStorage.setItem('ludotheek.games', "
                        f"{json.dumps(json.dumps(held))});")
    # the computer's moves shown slowly: the board is measured while the other player moves
    ctx.add_init_script("localStorage.setItem('ludotheek.haaienzee.delay', '1500');"
                        "localStorage.setItem('ludotheek.akwaier.delay', '600');"
                        "localStorage.setItem('ludotheek.aqua_romana.delay', '1500');")
    try:
        page = ctx.new_page()
        page.goto(f"{server.url}/play/{r['id']}")
        problems = []
        for move in range(3):
            page.wait_for_selector(PAGES[game].mine, timeout=30_000)
            page.wait_for_timeout(200)
            m = page.evaluate(MEASURE)
            if not _fills(m):
                problems.append(f"before my move {move + 1}: {_describe(m)}")
            PAGES[game].keyboard(page)
            page.wait_for_timeout(400)  # the computer's turn, shown slowly
            m = page.evaluate(MEASURE)
            if not _fills(m):
                problems.append(f"after my move {move + 1}: {_describe(m)}")
        assert not problems, f"{game} at 1366 x 768: {problems}"
    finally:
        ctx.close()
