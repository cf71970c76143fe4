"""How fast the game pages are on a phone, a tablet and a desktop, in Chromium.

    nice -n 15 .venv/bin/python -m benchmarks.page_speed [--loads 5] [--moves 5] [--slow 4]
    nice -n 15 .venv/bin/python -m benchmarks.page_speed --paint [--loads 5]

For each game and size: *page ready* is the time from the start of the navigation to the
board first drawn (its ``data-version`` set), the median of ``--loads`` loads of a game page;
*click to board* is the time from the click (or the confirming tap) on a move to the board
showing it (the server's answer drawn), the median of ``--moves`` moves. ``--slow N`` adds a
phone whose processor is N times slower (Chromium's CPU throttling), as a cheap phone is.
Prints a Markdown table (docs/web.md has the figures).

``--paint`` measures every kind of page instead, on a phone (390 × 844, touch): the lobby, each
game's page, its replay and its guided game (*Learn to play*). For each, the median of
``--loads`` loads in a fresh browser context (nothing cached): *first paint* (the browser's
first contentful paint, from the start of the navigation), *bytes* (everything the page fetched
until the network was quiet: the page, its scripts, styles, catalogs and API answers, as sent,
headers included) and *height* (the page's height in CSS px: how far a phone scrolls).
docs/performance.md keeps the figures."""

from __future__ import annotations

import argparse
import json
import os
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx

from tests.browser.csp import poll_instead_of_eval
from tests.browserfixtures import ARGS, CHROMIUM
from tests.serverproc import ServerProcess

SIZES = {"phone": (390, 844, True), "tablet": (820, 1180, True), "desktop": (1366, 768, False)}

# the time the board was first drawn and the time of each click and of each new version drawn
PROBE = """
window.__speed = { board: null, clicks: [], drawn: [] };
document.addEventListener('click', () => window.__speed.clicks.push(performance.now()), true);
new MutationObserver(() => {
  const b = document.querySelector('#board [data-version]');
  if (!b) return;
  if (window.__speed.board === null) window.__speed.board = performance.now();
  const v = b.dataset.version;
  if (v !== window.__speed.last) {
    window.__speed.last = v;
    window.__speed.drawn.push(performance.now());
  }
}).observe(document, { subtree: true, childList: true, attributes: true,
                        attributeFilter: ['data-version'] });
localStorage.setItem('ludotheek.animate', '0');
localStorage.setItem('ludotheek.warnings', '0');
localStorage.setItem('ludotheek.aqua_romana.delay', '0');
localStorage.setItem('ludotheek.akwaier.delay', '0');
localStorage.setItem('ludotheek.haaienzee.delay', '0');
"""

#: per game: seats, and how the page makes one move (the last click or tap is the one timed)
SEATS = {
    "wari": [{"type": "person"}, {"type": "person"}],
    "haaienzee": [{"type": "person"}, {"type": "person"}],
    "aqua_romana": [{"type": "person"}, {"type": "person"}],
    "akwaier": [{"type": "person"}] * 6,
}


def _move(page: Any, game: str, touch: bool) -> None:
    act = (lambda loc: loc.tap()) if touch else (lambda loc: loc.click())
    if game == "wari":
        act(page.locator("#board g.legal").first)
    elif game == "haaienzee":
        target = page.locator("#hz-board g.cell.free").first
        act(target)
        if touch:
            act(page.locator("#hz-board g.cell.armed"))
    elif game == "aqua_romana":
        act(page.locator("#aq-step button.aq-kind").first)
        target = page.locator("#aq-board g.space.target").first
        act(target)
        if touch:
            act(page.locator("#aq-board g.space.armed"))
    else:
        act(page.locator("#akw-board g.own.lit").first)
        act(page.locator("#act-place"))


def _game(url: str, game: str) -> tuple[str, list[str]]:
    # games between people get the server's seed (issue 34): a deal of its own each run
    r = httpx.post(f"{url}/api/games", json={"game": game, "seats": SEATS[game],
                                             **({"options": {"first": 1}}
                                                if game == "aqua_romana" else {})})
    r.raise_for_status()
    data = r.json()
    return data["id"], [s["token"] for s in data["seats"]]


def measure(browser: Any, url: str, game: str, size: str, loads: int, moves: int,
            slow: int) -> tuple[float, float]:
    width, height, touch = SIZES["phone" if size.startswith("phone") else size]
    ready, clicks = [], []
    for _ in range(loads):
        gid, tokens = _game(url, game)
        ctx = browser.new_context(viewport={"width": width, "height": height}, has_touch=touch,
                                  is_mobile=touch)
        ctx.add_init_script(PROBE)
        # every seat is held here: each move is this page's
        held = {gid: {"game": game, "saved": 1, "invites": {},
                      "seats": {str(i): t for i, t in enumerate(tokens)}}}
        store = json.dumps(json.dumps(held))
        ctx.add_init_script(f"localStorage.setItem('ludotheek.games', {store});")
        page = ctx.new_page()
        if slow > 1:
            ctx.new_cdp_session(page).send("Emulation.setCPUThrottlingRate", {"rate": slow})
        page.goto(f"{url}/play/{gid}")
        page.wait_for_function("window.__speed && window.__speed.board !== null")
        ready.append(page.evaluate("window.__speed.board"))
        if len(clicks) < moves:
            for _ in range(moves - len(clicks)):
                page.wait_for_selector("#board [data-mine='1'], #board g.legal", timeout=20_000)
                drawn = page.evaluate("window.__speed.drawn.length")
                _move(page, game, touch)
                page.wait_for_function(f"window.__speed.drawn.length > {drawn}")
                s = page.evaluate("window.__speed")
                clicks.append(s["drawn"][-1] - s["clicks"][-1])
        ctx.close()
    return statistics.median(ready) / 1000, statistics.median(clicks)


#: the page's figures once the network is quiet: first contentful paint (ms), bytes sent, height
FIGURES = """() => {
  const paint = performance.getEntriesByName('first-contentful-paint')[0];
  const nav = performance.getEntriesByType('navigation')[0];
  const bytes = [nav, ...performance.getEntriesByType('resource')]
    .reduce((sum, e) => sum + (e.transferSize || 0), 0);
  return { paint: paint ? paint.startTime : null, bytes,
           height: document.documentElement.scrollHeight };
}"""


def paint(browser: Any, url: str, path: str, loads: int) -> tuple[float, float, float]:
    """First paint (ms), bytes and height (px) of ``path`` on a phone: medians of ``loads``."""
    width, height, touch = SIZES["phone"]
    figures = []
    for _ in range(loads):
        ctx = browser.new_context(viewport={"width": width, "height": height}, has_touch=touch,
                                  is_mobile=touch)
        ctx.add_init_script(PROBE)
        page = ctx.new_page()
        page.goto(f"{url}{path}", wait_until="networkidle")
        page.wait_for_timeout(300)  # what the last answers drew
        figures.append(page.evaluate(FIGURES))
        ctx.close()
    return (statistics.median(f["paint"] for f in figures),
            statistics.median(f["bytes"] for f in figures),
            statistics.median(f["height"] for f in figures))


def paints(browser: Any, url: str, loads: int) -> None:
    print("| page | first paint | bytes | height |")
    print("|---|---|---|---|")
    pages = [("lobby", "/")]
    for game in SEATS:
        gid, _ = _game(url, game)
        # a new game between people (its replay: the start position)
        pages += [(f"{game}", f"/play/{gid}"), (f"{game} replay", f"/replay/{gid}"),
                  (f"{game} learn", f"/learn/{game}")]
    for name, path in pages:
        ms, size, tall = paint(browser, url, path, loads)
        print(f"| {name} | {ms:.0f} ms | {size / 1024:.0f} KiB | {tall:.0f} px |", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--loads", type=int, default=5)
    parser.add_argument("--moves", type=int, default=5)
    parser.add_argument("--slow", type=int, default=4, help="a phone N times slower (0: none)")
    parser.add_argument("--paint", action="store_true",
                        help="first paint, bytes and height of every kind of page on a phone")
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    poll_instead_of_eval()  # the pages' security policy refuses Playwright's eval
    sizes = list(SIZES) + ([f"phone-{args.slow}x-slower"] if args.slow > 1 else [])
    print(f"{time.strftime('%Y-%m-%d %H:%M')}, load average {os.getloadavg()[0]:.1f} "
          f"on {os.cpu_count()} cores")
    if args.paint:
        with tempfile.TemporaryDirectory() as tmp, \
                ServerProcess(Path(tmp) / "speed.db") as server, sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
            paints(browser, server.url, args.loads)
            browser.close()
        return
    print("| game | " + " | ".join(sizes) + " |")
    print("|---|" + "---|" * len(sizes))
    with tempfile.TemporaryDirectory() as tmp, ServerProcess(Path(tmp) / "speed.db") as server, \
            sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        for game in SEATS:
            cells = []
            for size in sizes:
                slow = args.slow if "slower" in size else 1
                ready, click = measure(browser, server.url, game, size, args.loads, args.moves,
                                       slow)
                cells.append(f"{ready:.2f} s / {click:.0f} ms")
            print(f"| {game} | " + " | ".join(cells) + " |", flush=True)
        browser.close()


if __name__ == "__main__":
    main()
