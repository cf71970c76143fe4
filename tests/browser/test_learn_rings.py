"""The guided games' rings on a phone (issue 38, item 13): a ring the coach draws around what
to click or look at never lies over words outside what it rings (the coach's text, a button's
label, a line of the game), at any step of the first steps of each game."""

from __future__ import annotations

from typing import Any

import pytest

from tests.browser import layout
from tests.browser.learn import SEQ, coach_step
from tests.gamepages import pages
from tests.serverproc import ServerProcess

pytestmark = pytest.mark.browser

GAMES = sorted(pages())
STEPS = 16

#: the words (a text of an HTML element, outside SVG boards) a ring's border lies over
OVER = """() => {
  const rings = [...document.querySelectorAll('.learn-ring')]
    .filter((r) => r.getClientRects().length);
  const ringed = [...document.querySelectorAll('[data-learn-target], [data-learn-look]')];
  const out = [];
  for (const ring of rings) {
    const o = ring.getBoundingClientRect();
    const b = parseFloat(getComputedStyle(ring).borderTopWidth) || 0;
    // the border's four bands: what lies inside the ring is what it rings
    const bands = [
      [o.left, o.top, o.right, o.top + b], [o.left, o.bottom - b, o.right, o.bottom],
      [o.left, o.top, o.left + b, o.bottom], [o.right - b, o.top, o.right, o.bottom]];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const e = n.parentElement;
      if (!n.textContent.trim() || !e
          || e.closest('svg, .learn-ring, [hidden], dialog:not([open])')) continue;
      if (ringed.some((t) => t.contains(e) || e.contains(t))) continue;
      if (getComputedStyle(e).visibility === 'hidden') continue;
      // what of it is shown: a scrolled list (a message log) clips its lines
      let clip = { left: 0, top: 0, right: innerWidth, bottom: innerHeight };
      for (let a = e.parentElement; a; a = a.parentElement) {
        if (getComputedStyle(a).overflow === 'visible') continue;
        const c = a.getBoundingClientRect();
        clip = { left: Math.max(clip.left, c.left), top: Math.max(clip.top, c.top),
                 right: Math.min(clip.right, c.right), bottom: Math.min(clip.bottom, c.bottom) };
      }
      const range = document.createRange();
      range.selectNodeContents(n);
      for (const full of range.getClientRects()) {
        const r = { left: Math.max(full.left, clip.left), top: Math.max(full.top, clip.top),
                    right: Math.min(full.right, clip.right),
                    bottom: Math.min(full.bottom, clip.bottom) };
        if (r.right - r.left < 1 || r.bottom - r.top < 1) continue;
        // and not covered (the coach's box stuck over the page on a phone)
        const on = document.elementFromPoint((r.left + r.right) / 2, (r.top + r.bottom) / 2);
        if (!on || !(on === e || e.contains(on) || on.contains(e))) continue;
        for (const [l, t, rr, bb] of bands) {
          if (r.left < rr - 0.5 && l < r.right - 0.5 && r.top < bb - 0.5 && t < r.bottom - 0.5) {
            const what = `${e.tagName.toLowerCase()}${e.id ? '#' + e.id : ''}`;
            out.push(`"${n.textContent.trim().slice(0, 30)}" (${what}) under the ring`
                     + ` at ${Math.round(o.left)},${Math.round(o.top)}`);
            break;
          }
        }
      }
    }
  }
  return [...new Set(out)];
}"""


@pytest.mark.parametrize("game", GAMES)
def test_no_ring_lies_over_words_on_a_phone(server: ServerProcess, browser: Any,
                                            game: str) -> None:
    ctx = layout.context(browser, layout.SIZES["phone"], "nl")
    try:
        page = ctx.new_page()
        page.goto(f"{server.url}/learn/{game}")
        seen: list[str] = []
        problems = []
        while len(seen) < STEPS:
            target = page.locator("[data-learn-target]")
            target.wait_for(timeout=20_000)
            if target.get_attribute("id") == "learn-play":  # the lesson's end
                break
            step = coach_step(page)
            if step not in seen:
                seen.append(step)
                page.wait_for_timeout(150)  # the rings follow the page at the next frame
                problems += [f"step {step}: {p}" for p in page.evaluate(OVER)]
            seq = page.evaluate(SEQ)
            target.tap()
            page.wait_for_function(f"(s) => {SEQ} !== s", arg=seq, timeout=20_000)
        assert not problems, f"{game}: {problems}"
    finally:
        ctx.close()
