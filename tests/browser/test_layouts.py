"""Every page on a phone, a tablet and a desktop, with touch: each game started from the lobby's
defaults and played for a few moves by tapping, its replay, and the lobby, measured by their
element boxes: nothing scrolls sideways and nothing of the header is covered, the whole board
and the controls of the current step are in view together, every tap target is at least 44 CSS
px (the dense boards take a two-step touch instead, and a first tap never plays); and axe-core
finds no violation of impact serious or critical on any of them at any size."""

from __future__ import annotations

import os
from collections.abc import Callable
from typing import Any

import pytest

from tests.browser import layout
from tests.serverproc import ServerProcess

pytestmark = pytest.mark.browser

#: what must be in view together: the board and the controls of the current step
KEEP = {
    "wari": ["#board svg[data-fit]", "#status"],
    "akwaier": ["#akw-board", "#akw-hand", "#akw-buttons", "#akw-line"],
    "aqua_romana": ["#aq-board", "#aq-status", "#aq-step"],
    "haaienzee": ["#hz-board", "#hz-controls"],
}
REPLAY_KEEP = ["#board [data-fit]", ".replay-bar"]
#: the dense boards (a two-step touch instead of 44 px targets)
DENSE = "#akw-board, #hz-board, #aq-board"
MINE = {
    "wari": "#board g.legal",
    "akwaier": "#akw-board[data-mine='1']",
    "aqua_romana": "#aq-board[data-mine='1']",
    "haaienzee": "#hz-board[data-mine='1']",
}
VERSION = "Number(document.querySelector('#board [data-version]').dataset.version)"


def check(page: Any, keep: list[str], what: str) -> None:
    problems = layout.sideways(page) + layout.watched(page) + layout.out_of_view(page, keep) \
        + layout.small_targets(page, DENSE) + layout.squashed(page) + layout.accessibility(page)
    # LUDOTHEEK_LAYOUT_SHOTS=folder: a screenshot of each failure (of every check with
    # LUDOTHEEK_LAYOUT_SHOTS_ALL=1), to look at
    folder = os.environ.get("LUDOTHEEK_LAYOUT_SHOTS")
    if folder and (problems or os.environ.get("LUDOTHEEK_LAYOUT_SHOTS_ALL")):
        name = "".join(c if c.isalnum() else "-" for c in what)
        page.screenshot(path=f"{folder}/{name}.png")
    assert not problems, f"{what}: {problems}"


def _version(page: Any) -> int:
    return int(page.evaluate(VERSION))


def _wait_after(page: Any, version: int) -> None:
    page.wait_for_function(f"{VERSION} > {version}", timeout=20_000)


def _two_taps(page: Any, target: Any) -> None:
    """Tap a dense board's target: the first tap plays nothing, the second plays."""
    before = _version(page)
    target.tap()
    page.wait_for_timeout(150)  # a move, had one been sent, would be shown by now
    assert _version(page) == before, "a first tap played a move"
    target = page.locator(".armed").first
    target.wait_for()
    target.tap()
    _wait_after(page, before)


def _tap_wari(page: Any) -> None:
    before = _version(page)
    page.locator("#board g.legal").first.tap()
    _wait_after(page, before)


def _tap_haaienzee(page: Any) -> None:
    cells = page.locator("#hz-board g.cell.free, #hz-board g.cell.target")
    if cells.count():
        _two_taps(page, cells.nth(cells.count() // 2))
        return
    # a shark with nowhere to swim: it turns or stays (buttons of 44 px, one tap)
    before = _version(page)
    page.locator("#hz-controls button[data-facing]:enabled, #hz-pass:enabled").first.tap()
    _wait_after(page, before)


def _tap_aqua_romana(page: Any) -> None:
    board = page.locator("#aq-board")
    stage = board.get_attribute("data-select")
    if stage == "kind":
        page.locator("#aq-step button.aq-kind").first.tap()
        page.wait_for_function("document.querySelector('#aq-board').dataset.select !== 'kind'")
        stage = board.get_attribute("data-select")
    target = {"space": "g.space.target", "move": "g.space.movable", "tile": "g.ghost"}.get(stage)
    if target:
        _two_taps(page, board.locator(target).first)
    elif stage == "worker":
        board.locator("g.worker.lit").first.tap()
    elif stage == "builder":
        board.locator("g.space.lit").first.tap()
    else:
        before = _version(page)
        page.locator("#aq-step button.primary, #aq-step button[id^=pick-], #close-none").first.tap()
        _wait_after(page, before)


def _tap_akwaier(page: Any) -> None:
    phase = page.locator("#akw-board").get_attribute("data-phase")
    if phase == "place":
        lit = page.locator("#akw-board g.own.lit")
        if lit.count():
            cell = lit.first
            cell.tap()  # chooses the tile: its preview shows, nothing is played
            page.locator("#act-place").wait_for()
            before = _version(page)
            page.wait_for_timeout(150)
            assert _version(page) == before, "a first tap played a move"
            page.locator("#akw-board g.own.selected").tap()
            _wait_after(page, before)
            return
    before = _version(page)
    page.locator("#buy-none, #act-pass, [id^=keep-], #akw-buttons button.primary").first.tap()
    _wait_after(page, before)


TAPS: dict[str, Callable[[Any], None]] = {
    "wari": _tap_wari, "akwaier": _tap_akwaier, "aqua_romana": _tap_aqua_romana,
    "haaienzee": _tap_haaienzee,
}


def _start(page: Any, server: ServerProcess, game: str) -> str:
    page.goto(server.url + "/")
    page.locator(f"#game-{game} fieldset select").first.wait_for()
    page.locator(f"#game-{game} button[type=submit]").tap()
    page.wait_for_url("**/play/*")
    page.wait_for_selector(MINE[game], timeout=30_000)
    # the header is whole once "How to play" has come (it is placed after the board)
    page.locator("#howto-button").wait_for()
    return str(page.url.rsplit("/", 1)[1])


@pytest.mark.parametrize("size", sorted(layout.SIZES))
@pytest.mark.parametrize("game", sorted(KEEP))
def test_a_game_played_by_touch_fits_the_screen(server: ServerProcess, browser: Any,
                                               game: str, size: str) -> None:
    ctx = layout.context(browser, layout.SIZES[size])
    page = ctx.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda err: errors.append(str(err)))
    try:
        gid = _start(page, server, game)
        # every frame of the player's turn, not only the moments checked: a view drawn before
        # its board is fitted is out of view for a frame (once caught only under load)
        layout.watch(page, KEEP[game], MINE[game])
        for move in range(4):
            page.wait_for_selector(MINE[game], timeout=30_000)
            check(page, KEEP[game], f"{game} at {size}, before my move {move + 1}")
            TAPS[game](page)
        page.goto(f"{server.url}/replay/{gid}")
        page.wait_for_selector("#board [data-version]")
        check(page, REPLAY_KEEP, f"the replay of {game} at {size}")
        assert not errors, errors
    finally:
        ctx.close()


@pytest.mark.parametrize("size", sorted({**layout.SIZES, **layout.TURNED, **layout.NARROW}))
def test_the_lobby_fits_the_screen(server: ServerProcess, browser: Any, size: str) -> None:
    ctx = layout.context(browser, {**layout.SIZES, **layout.TURNED, **layout.NARROW}[size])
    page = ctx.new_page()
    try:
        page.goto(server.url + "/")
        page.locator("#game-wari fieldset select").first.wait_for()
        page.wait_for_selector("#finished table, #finished .empty")
        problems = layout.sideways(page) + layout.small_targets(page) + layout.squashed(page) \
            + layout.accessibility(page) + layout.cut_off(page, "form.create select")
        assert not problems, problems
    finally:
        ctx.close()


#: the sizes held sideways and the narrow phone, each in English and in Norwegian (whose long
#: compound words, "dobbelkurve", leave an icon beside them no room where English wraps)
SIDEWAYS = [(size, lang) for size in sorted({**layout.TURNED, **layout.NARROW})
            for lang in (["en", "no"] if size in layout.NARROW else ["en"])]


@pytest.mark.parametrize(("size", "lang"), SIDEWAYS)
@pytest.mark.parametrize("game", sorted(KEEP))
def test_no_page_scrolls_sideways_held_sideways_or_on_a_narrow_phone(
        server: ServerProcess, browser: Any, game: str, size: str, lang: str) -> None:
    ctx = layout.context(browser, {**layout.TURNED, **layout.NARROW}[size], lang)
    page = ctx.new_page()
    try:
        gid = _start(page, server, game)
        problems = layout.sideways(page) + layout.squashed(page) + layout.accessibility(page)
        assert not problems, problems
        page.goto(f"{server.url}/replay/{gid}")
        page.wait_for_selector("#board [data-version]")
        problems = layout.sideways(page) + layout.squashed(page) + layout.accessibility(page)
        assert not problems, problems
    finally:
        ctx.close()
