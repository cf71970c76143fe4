"""The lobby on a phone (issue 38, item 9): the four games seen at once, one opened to set it up.

It was 4,900 px tall at 390 × 844 (5,000-7,000 with a few games listed), Wari's Start four
screens down below Akwaier's six seat menus. Now each card is closed on a phone: its name, its
players, its blurb and *Play or learn*, which opens it (How to play and Learn to play, each
saying what it is, the game's own start and the form). Wider screens show the cards open."""

from __future__ import annotations

from typing import Any

import pytest

from ludotheek.core.texts import catalog
from ludotheek.games import names
from tests.browser import layout
from tests.browser.drive import open_card
from tests.gamepages import built_in
from tests.serverproc import ServerProcess

pytestmark = pytest.mark.browser


@pytest.mark.parametrize("lang", ["nl", "en", "no"])
def test_a_phone_sees_the_four_games_at_once(server: ServerProcess, browser: Any,
                                             lang: str) -> None:
    ctx = layout.context(browser, layout.SIZES["phone"], lang)
    try:
        page = ctx.new_page()
        page.goto(server.url + "/")
        games = [game for game in names() if built_in(game)]
        for game in games:
            page.locator(f"#game-{game} .blurb").wait_for()
        # the application's cards (a test game's may lie between them), each with what opens
        # it, take no more than the first screen below the first card's top
        boxes = page.evaluate("""(games) => games.map((g) => {
            const r = document.querySelector(`#game-${g}`).getBoundingClientRect();
            const s = document.querySelector(`#setup-${g} > summary`);
            const opener = Boolean(s && s.getClientRects().length);
            return { top: r.top, height: r.height, opener };
          })""", games)
        assert all(box["opener"] for box in boxes), boxes
        gap = 10  # the cards' gap on a phone (.6rem)
        tall = sum(box["height"] for box in boxes) + gap * (len(boxes) - 1)
        room = 844 - min(box["top"] for box in boxes)
        assert tall <= room, f"the {len(games)} cards take {tall:.0f} px of {room:.0f}"
        assert not layout.sideways(page) + layout.small_targets(page)
        # one opened: what How to play and Learn to play are, under their names
        texts = catalog(lang)
        card = open_card(page, "wari")
        for control, key in [("#howto-wari", "lobby.howto_what"),
                             ("#learn-wari", "lobby.learn_what")]:
            said = card.locator(control).get_attribute("aria-describedby")
            assert said, control
            what = page.locator(f"#{said}")
            assert what.is_visible() and what.inner_text() == texts[key], (control, lang)
        start = card.locator("button[type=submit]")
        start.scroll_into_view_if_needed()
        assert start.is_visible()
        assert not layout.sideways(page) + layout.small_targets(page)
        # the others stay closed
        assert page.evaluate("[...document.querySelectorAll('details.setup[open]')]"
                             ".map((d) => d.id)") == ["setup-wari"]
    finally:
        ctx.close()


def test_wider_screens_show_the_cards_open(server: ServerProcess, browser: Any) -> None:
    for size in ("tablet", "desktop"):
        ctx = layout.context(browser, layout.SIZES[size], touch=size != "desktop")
        try:
            page = ctx.new_page()
            page.goto(server.url + "/")
            for game in names():
                page.locator(f"#game-{game} button[type=submit]").wait_for()
                assert not page.locator(f"#setup-{game} > summary").is_visible()
        finally:
            ctx.close()


def test_a_link_to_a_card_opens_it_on_a_phone(server: ServerProcess, browser: Any) -> None:
    # the game page's New game of a game without a start dialog of its own goes to /#game-<game>
    ctx = layout.context(browser, layout.SIZES["phone"])
    try:
        page = ctx.new_page()
        page.goto(server.url + "/#game-aqua_romana")
        page.locator("#game-aqua_romana button[type=submit]").wait_for()
        assert page.evaluate("document.querySelector('#setup-aqua_romana').open")
        assert page.evaluate("document.querySelectorAll('details.setup[open]').length") == 1
    finally:
        ctx.close()
