"""The start dialogs fit every screen: opened from the lobby's quick start (Akwaier's and
Haaienzee's own dialogs) and from a game page's New game (Wari's settings), at a phone's,
a tablet's and a desktop's size, in Dutch (the longest words), each dialog lies within the
viewport and nothing in it reaches past its edges. A menu of levels, with each level's time
and rating in its options, is as wide as its longest option unless told otherwise: on a
phone it once pushed the dialog past the screen's edge (Haaienzee) or its fields and buttons
past the dialog's (Akwaier)."""

from __future__ import annotations

from typing import Any

import pytest

from tests.browser import layout
from tests.browser.drive import open_card
from tests.serverproc import ServerProcess

pytestmark = pytest.mark.browser

#: what of the open dialog lies outside the viewport or reaches past the dialog's box
_OUTSIDE = """() => {
  const d = document.querySelector('dialog[open]');
  const r = d.getBoundingClientRect();
  const out = [];
  if (r.left < 0 || r.right > innerWidth) out.push(`the dialog ${r.left}-${r.right} px`);
  for (const e of d.querySelectorAll('*')) {
    const b = e.getBoundingClientRect();
    if (b.width && (b.left < r.left - 0.5 || b.right > r.right + 0.5)) {
      out.push(`${e.tagName.toLowerCase()}#${e.id} ${Math.round(b.left)}-${Math.round(b.right)}`
               + ` px in a dialog of ${Math.round(r.left)}-${Math.round(r.right)}`);
    }
  }
  if (d.scrollWidth > d.clientWidth + 1) out.push(`the dialog scrolls: ${d.scrollWidth} px`);
  return out;
}"""


def _outside(page: Any) -> list[str]:
    page.wait_for_selector("dialog[open]")
    # the level menus are filled from /api/meta: measured once the last option is there
    page.wait_for_function("[...document.querySelectorAll('dialog[open] select')].every("
                           "s => s.options.length > 0)")
    return list(page.evaluate(_OUTSIDE))


@pytest.mark.parametrize("size", sorted(layout.SIZES))
def test_the_start_dialogs_fit_the_screen(server: ServerProcess, browser: Any,
                                          size: str) -> None:
    ctx = layout.context(browser, layout.SIZES[size], lang="nl")
    page = ctx.new_page()
    page.goto(server.url + "/")
    page.locator("[id^=quick-]").first.wait_for(state="attached")
    quick = page.eval_on_selector_all("[id^=quick-]", "bs => bs.map(b => b.id)")
    assert {"quick-akwaier", "quick-haaienzee"} <= set(quick)
    problems = {}
    for button in quick:
        page.goto(server.url + "/")
        open_card(page, button.removeprefix("quick-"))
        page.locator(f"#{button}").tap()
        # the levels' options carry their ratings once the ladder has come
        page.wait_for_function("document.querySelector('dialog[open] select option[value*=strong]')"
                               "?.textContent.includes('rating')")
        problems[button] = _outside(page)
    # Wari's settings, from its page's New game
    page.goto(server.url + "/")
    open_card(page, "wari").locator("button[type=submit]").tap()
    page.wait_for_url("**/play/*")
    page.locator("#new-game").tap()
    problems["wari settings"] = _outside(page)
    ctx.close()
    assert not any(problems.values()), problems
