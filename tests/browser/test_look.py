"""What is expected of a game site (issue 38): sound, dark mode, less motion, and every page
clean under axe-core (item 14), in Chromium with the pages' security policy in force.

- **Accessibility**: the lobby, each game's page, its guided game and its replay with the
  analysis panel, on a phone, in light and in dark: no violation of any impact (before, the
  game, learn and replay pages had no level-one heading and the lobby skipped one).
- **Boards readable**: every text on each board at least 4.5:1 against what lies under it and
  every piece (a seed, a fish, a shark, a tile, a worker, a builder) 3:1 by its fill or its
  edge (tests/browser/contrast.js), in light and in dark: before, Aqua Romana's square names
  were 1.5-2.3:1, Haaienzee's hex names 2:1, Wari's stored seeds 2.5:1, Akwaier's light chain
  tiles 1.8:1 on the board.
- **Dark mode** follows the system, and the header's switch overrides it, remembered.
- **Sound** (js/sound.js): never before the person has touched the page; a move sounds once
  they have; the switch turns it off, remembered.
- **Less motion** (prefers-reduced-motion): the pages' own animations are off (sowing,
  swimming) and nothing animates or slides by CSS for longer than a moment.
"""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

import httpx
import pytest

from tests.analysis.helpers import imported_finished
from tests.browser import layout
from tests.gamepages import pages
from tests.serverproc import ServerProcess

pytestmark = pytest.mark.browser

GAMES = sorted(pages())
_CONTRAST = (Path(__file__).with_name("contrast.js")).read_text()
#: what a player must tell apart on each board: its pieces
PIECES = {
    "wari": "#board .seed",
    "haaienzee": "#hz-board .fish, #hz-board .shark",
    "aqua_romana": "#aq-board .pawn, #aq-board .builder, #aq-board .tile",
    "akwaier": "#akw-board g.akw-cell:not(.empty)",
}


def _context(browser: Any, size: str, scheme: str = "light", motion: str = "no-preference",
             lang: str = "en") -> Any:
    width, height = layout.SIZES[size]
    touch = size != "desktop"
    ctx = browser.new_context(locale=lang, viewport={"width": width, "height": height},
                              has_touch=touch, is_mobile=touch, color_scheme=scheme,
                              reduced_motion=motion)
    # the words before a risky move wait for a click (tests/browserfixtures.py)
    ctx.add_init_script("localStorage.setItem('ludotheek.warnings', '0');")
    return ctx


def _held(ctx: Any, gid: str, game: str, token: str) -> None:
    """The browser of ``ctx`` holds seat 0 of ``gid``."""
    held = {gid: {"game": game, "saved": 1, "invites": {}, "seats": {"0": token}}}
    ctx.add_init_script(f"localStorage.setItem('ludotheek.games', "
                        f"{json.dumps(json.dumps(held))});")


def _against_computer(server: ServerProcess, game: str, **options: Any) -> tuple[str, str]:
    others = 5 if game == "akwaier" else 1
    r = httpx.post(f"{server.url}/api/games", json={
        "game": game, "options": options,
        "seats": [{"type": "person"}] + [{"type": "computer", "level": "beginner"}] * others})
    assert r.status_code == 201, r.text
    return r.json()["id"], r.json()["seats"][0]["token"]


# --- accessibility, light and dark ---------------------------------------------------------

@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("game", GAMES)
def test_every_page_of_a_game_is_axe_clean(server: ServerProcess, browser: Any, game: str,
                                           scheme: str) -> None:
    gid, token = _against_computer(server, game)
    finished = imported_finished(server.url, game)
    problems = {}
    for name, path in [("game", f"/play/{gid}"), ("learn", f"/learn/{game}"),
                       ("replay", f"/replay/{finished}?analyse=1"), ("lobby", "/")]:
        if name == "lobby" and game != GAMES[0]:
            continue
        ctx = _context(browser, "phone", scheme)
        ctx.add_init_script("localStorage.setItem('ludotheek.animate', '0');")
        _held(ctx, gid, game, token)
        try:
            page = ctx.new_page()
            page.goto(server.url + path)
            page.wait_for_selector("#board [data-version], #games .card")
            page.wait_for_load_state("networkidle")
            found = layout.accessibility(page, every=True)
            if found:
                problems[name] = found
        finally:
            ctx.close()
    assert not problems, problems


# --- the boards' contrast -------------------------------------------------------------------

@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("game", GAMES)
def test_every_board_is_readable(server: ServerProcess, browser: Any, game: str,
                                 scheme: str) -> None:
    gid = imported_finished(server.url, game)
    total = httpx.get(f"{server.url}/api/games/{gid}").json()["version"]
    ctx = _context(browser, "desktop", scheme)
    try:
        page = ctx.new_page()
        # the middle of the game (pieces everywhere) and its end
        for at in (total // 2, total):
            page.goto(f"{server.url}/replay/{gid}?move={at}")
            page.wait_for_function(f"document.querySelector('#board [data-version]')"
                                   f"?.dataset.version === '{at}'")
            page.wait_for_load_state("networkidle")
            result = page.evaluate(f"(arg) => ({_CONTRAST})(arg)", {
                "board": "#board svg[data-version]", "pieces": PIECES[game],
                "text": 4.5, "piece": 3})
            assert result["measured"] > 20, result
            assert not result["failures"], (at, result["failures"][:8])
    finally:
        ctx.close()


# --- dark mode ------------------------------------------------------------------------------

def _background(page: Any) -> str:
    return str(page.evaluate("getComputedStyle(document.documentElement).backgroundColor"))


def test_dark_mode_follows_the_system_and_the_switch_is_remembered(
        server: ServerProcess, browser: Any) -> None:
    ctx = _context(browser, "phone", "dark")
    try:
        page = ctx.new_page()
        page.goto(server.url + "/")
        switch = page.locator("#theme-switch")
        switch.wait_for()
        assert _background(page) == "rgb(21, 23, 27)"
        assert switch.get_attribute("aria-pressed") == "true"
        switch.click()
        assert _background(page) == "rgb(246, 244, 239)"
        page.reload()
        page.locator("#theme-switch").wait_for()
        # chosen before the page is drawn (js/theme-early.js), and said by the switch
        assert page.evaluate("document.documentElement.dataset.theme") == "light"
        assert _background(page) == "rgb(246, 244, 239)"
        assert page.locator("#theme-switch").get_attribute("aria-pressed") == "false"
    finally:
        ctx.close()


# --- sound ----------------------------------------------------------------------------------

#: what the page played (js/sound.js's events) and how many AudioContexts it made
LISTEN = """
window.__sounds = [];
document.addEventListener('ludotheek:sound', (e) => window.__sounds.push(e.detail));
window.__audio = 0;
const Made = window.AudioContext;
window.AudioContext = class extends Made {
  constructor(...a) { super(...a); window.__audio += 1; }
};
localStorage.setItem('ludotheek.animate', '0');
"""


def test_no_sound_before_a_touch_then_moves_sound_and_the_switch_silences(
        server: ServerProcess, browser: Any) -> None:
    # the computer (North) moves first: the page has not been touched yet
    gid, token = _against_computer(server, "wari", first="north")
    ctx = _context(browser, "phone")
    ctx.add_init_script(LISTEN)
    _held(ctx, gid, "wari", token)
    try:
        page = ctx.new_page()
        page.goto(f"{server.url}/play/{gid}")
        page.wait_for_selector("#board g.legal")
        page.wait_for_function("window.__sounds.length > 0")
        assert all(not s["played"] for s in page.evaluate("window.__sounds"))
        assert page.evaluate("window.__audio") == 0  # not even asked for
        # a move of one's own: a touch, then the move's sound and the computer's reply's (a
        # first tap chooses the cup, a second plays it: docs/web.md, "Taps")
        page.locator("#board g.legal").first.tap()
        page.locator("#board g.legal").first.tap()
        page.wait_for_function("window.__sounds.filter((s) => s.played).length >= 2",
                               timeout=20_000)
        played = [s["name"] for s in page.evaluate("window.__sounds") if s["played"]]
        assert set(played) <= {"move", "capture"}, played
        assert page.evaluate("window.__audio") == 1
        # switched off, remembered after a reload: the next moves are silent
        page.locator("#sound-switch").tap()
        assert page.locator("#sound-switch").get_attribute("aria-pressed") == "false"
        page.reload()
        page.wait_for_selector("#board g.legal")
        assert page.locator("#sound-switch").get_attribute("aria-pressed") == "false"
        page.locator("#board g.legal").first.tap()
        page.locator("#board g.legal").first.tap()
        page.wait_for_function("window.__sounds.length >= 2", timeout=20_000)
        assert not any(s["played"] for s in page.evaluate("window.__sounds"))
    finally:
        ctx.close()


def test_the_sounds_are_made_and_named() -> None:
    # the module's API, as docs/web.md gives it (another page's notices use it too)
    source = (Path(__file__).parents[2] / "src/ludotheek/web/js/sound.js").read_text()
    for name in ("move", "capture", "merger", "end", "turn", "join"):
        assert f"  {name}: [[" in source, name
    for export in ("export function play(", "export function muted(",
                   "export function setMuted(", "export function soundOf("):
        assert export in source, export
    assert "fetch(" not in source and ".mp3" not in source and ".wav" not in source


# --- less motion ----------------------------------------------------------------------------

#: every CSS animation or transition longer than 50 ms the page starts
LONG_MOTION = """
window.__motion = [];
const look = () => {
  for (const a of document.getAnimations()) {
    const d = a.effect && a.effect.getComputedTiming();
    if (d && (d.endTime > 50 || d.iterations === Infinity)) {
      const what = a.animationName || a.transitionProperty || '';
      window.__motion.push(`${a.constructor.name} ${what} ${d.endTime}`);
    }
  }
};
for (const type of ['animationstart', 'transitionrun']) document.addEventListener(type, look, true);
"""


@pytest.mark.parametrize("game", ["wari", "haaienzee"])
def test_less_motion_for_those_who_ask_for_it(server: ServerProcess, browser: Any,
                                              game: str) -> None:
    gid, token = _against_computer(server, game)
    ctx = _context(browser, "phone", motion="reduce")
    ctx.add_init_script(LONG_MOTION)
    ctx.add_init_script("localStorage.setItem('ludotheek.haaienzee.delay', '20');")
    _held(ctx, gid, game, token)
    try:
        page = ctx.new_page()
        page.goto(f"{server.url}/play/{gid}")
        mine = pages()[game].mine
        for _ in range(3):
            page.wait_for_selector(mine, timeout=30_000)
            # the page's own animation (sowing, swimming) is off: no saved choice, less motion
            box = "#animate" if game == "wari" else "#hz-animate"
            assert not page.locator(box).is_checked()
            version = page.evaluate("Number(document.querySelector('#board [data-version]')"
                                    ".dataset.version)")
            pages()[game].tap(page)  # a move by touch, as its layout test plays it
            page.wait_for_function(
                f"Number(document.querySelector('#board [data-version]').dataset.version) "
                f"> {version}", timeout=30_000)
        time.sleep(0.3)
        assert page.evaluate("window.__motion") == []
    finally:
        ctx.close()
