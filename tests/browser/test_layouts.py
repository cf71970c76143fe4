"""Every page on a phone, a tablet and a desktop, with touch: each game started from the lobby's
defaults and played for a few moves by tapping, its replay, and the lobby, measured by their
element boxes: nothing scrolls sideways and nothing of the header is covered, the whole board
and the controls of the current step are in view together, every tap target is at least 44 CSS
px (the dense boards take a two-step touch instead, and a first tap never plays); and axe-core
finds no violation of impact serious or critical on any of them at any size."""

from __future__ import annotations

import os
from typing import Any

import pytest

from ludotheek.games import names
from tests.browser import layout
from tests.browser.drive import open_card
from tests.gamepages import pages
from tests.serverproc import ServerProcess

pytestmark = pytest.mark.browser

#: each game's page as its test folder declares it (tests/<game>/page.py): what must be in
#: view together (the board and the controls of the current step), how it is played by touch
PAGES = pages()
REPLAY_KEEP = ["#board [data-fit]", ".replay-bar"]
#: the dense boards (a two-step touch instead of 44 px targets)
DENSE = ", ".join(p.dense for p in PAGES.values() if p.dense)


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


def _start(page: Any, server: ServerProcess, game: str) -> str:
    page.goto(server.url + "/")
    open_card(page, game)
    page.locator(f"#game-{game} fieldset select").first.wait_for()
    page.locator(f"#game-{game} button[type=submit]").tap()
    page.wait_for_url("**/play/*")
    page.wait_for_selector(PAGES[game].mine, timeout=30_000)
    # the header is whole once "How to play" has come (it is placed after the board)
    page.locator("#howto-button").wait_for()
    return str(page.url.rsplit("/", 1)[1])


@pytest.mark.parametrize("size", sorted(layout.SIZES))
@pytest.mark.parametrize("game", sorted(PAGES))
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
        layout.watch(page, list(PAGES[game].keep), PAGES[game].mine)
        for move in range(4):
            page.wait_for_selector(PAGES[game].mine, timeout=30_000)
            check(page, list(PAGES[game].keep), f"{game} at {size}, before my move {move + 1}")
            PAGES[game].tap(page)
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
        for name in names():  # every game's card, opened
            open_card(page, name)
            page.locator(f"#game-{name} fieldset select").first.wait_for()
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
@pytest.mark.parametrize("game", sorted(PAGES))
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
