"""Small helpers for driving a game page in the browser (the games' ``tests/<game>/page.py``
and the generic page tests)."""

from __future__ import annotations

import json
from typing import Any

#: the version of the position on screen (every renderer puts it on the drawn board)
VERSION = "Number(document.querySelector('#board [data-version]').dataset.version)"

# how many presses of Tab bring the focus from where it is to the first match of a selector
# (the focus order of these pages is the document order: no positive tabindex)
_TABS = """(s) => {
  const all = [...document.querySelectorAll(
    'a[href], button, input, select, textarea, [tabindex]:not([tabindex="-1"])')]
    .filter((e) => !e.disabled && e.getClientRects().length && !e.closest('[inert], [hidden]')
      && getComputedStyle(e).visibility !== 'hidden');
  const at = all.indexOf(document.activeElement);
  const to = all.findIndex((e, i) => i > at && e.matches(s));
  return to < 0 ? -1 : to - at;
}"""
_FOCUSED = "(s) => Boolean(document.activeElement && document.activeElement.matches(s))"


def tab_to(page: Any, selector: str, limit: int = 600) -> None:
    """Press Tab until the focus is on something that matches ``selector``."""
    presses = page.evaluate(_TABS, selector)
    for _ in range(max(presses, 0)):
        page.keyboard.press("Tab")
    for _ in range(limit):  # one by one where the count was not right
        if page.evaluate(_FOCUSED, selector):
            return
        page.keyboard.press("Tab")
    raise AssertionError(f"Tab never reached {selector}")


def version(page: Any) -> int:
    return int(page.evaluate(VERSION))


def wait_after(page: Any, before: int) -> None:
    """Wait until the position on screen is a later one than ``before``."""
    page.wait_for_function(f"{VERSION} > {before}", timeout=20_000)


def two_taps(page: Any, target: Any) -> None:
    """Tap a dense board's target: the first tap plays nothing, the second plays."""
    before = version(page)
    target.tap()
    page.wait_for_timeout(150)  # a move, had one been sent, would be shown by now
    assert version(page) == before, "a first tap played a move"
    target = page.locator(".armed").first
    target.wait_for()
    target.tap()
    wait_after(page, before)


#: the centres of the page's visible "look here" rings (a hint's or a note's places)
RINGS = """() => [...document.querySelectorAll('body > .learn-ring.look')]
  .filter((r) => !r.hidden).map((r) => { const b = r.getBoundingClientRect();
    return [b.x + b.width / 2, b.y + b.height / 2]; })"""


def centre(page: Any, selector: str) -> tuple[float, float]:
    """The centre of ``selector``'s box on the page."""
    b = page.locator(selector).bounding_box()
    return b["x"] + b["width"] / 2, b["y"] + b["height"] / 2


#: whether every element of the selectors has a visible ring centred on it (within 3 px)
_RINGED_ALL = """(selectors) => {
  const rings = (""" + RINGS + """)();
  return selectors.every((s) => {
    const b = document.querySelector(s).getBoundingClientRect();
    const x = b.x + b.width / 2, y = b.y + b.height / 2;
    return rings.some(([a, c]) => Math.abs(x - a) < 3 && Math.abs(y - c) < 3);
  });
}"""


def wait_ringed(page: Any, selectors: list[str], timeout: float = 10_000) -> None:
    """Wait until each of ``selectors`` is ringed (a ring is placed a frame after what moved
    the board, a note above it say); on a timeout, say where the rings and the places are."""
    try:
        page.wait_for_function(_RINGED_ALL, arg=selectors, timeout=timeout)
    except Exception as exc:
        places = {s: centre(page, s) for s in selectors}
        raise AssertionError(f"not ringed: {places}, rings {page.evaluate(RINGS)}") from exc


def open_card(page: Any, game: str) -> Any:
    """The lobby's card of ``game``, opened (on a phone the cards are closed, the four games seen
    at once: a tap on *Play or learn* opens one); the card's locator."""
    setup = page.locator(f"#setup-{game}")
    setup.wait_for(state="attached")
    if not setup.evaluate("(d) => d.open"):
        setup.locator("summary").click()
    page.wait_for_function(f"document.querySelector('#setup-{game}').open")
    return page.locator(f"#game-{game}")


#: a playable place of a two-player board drawn by the shell's renderers (Wari's cups)
LEGAL = "#board g.legal"
#: the version of the board drawn (-1 before the first)
DRAWN = "Number(document.querySelector('#board svg')?.dataset.version ?? -1)"


def held(page: Any, gid: str) -> dict[str, Any]:
    """What this browser keeps of the game (js/tokens.js): its seats' tokens and invites."""
    games = json.loads(page.evaluate("localStorage.getItem('ludotheek.games') || '{}'"))
    entry: dict[str, Any] = games.get(gid, {})
    return entry


def click_legal(page: Any) -> None:
    """Click the first playable place and wait until the board after it is drawn."""
    page.wait_for_selector(LEGAL, timeout=20_000)
    drawn = page.evaluate(DRAWN)
    page.locator(LEGAL).first.click()
    page.wait_for_function(f"(v) => {DRAWN} > v", arg=drawn, timeout=20_000)
