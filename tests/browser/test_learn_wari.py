"""Wari's "How to play" and guided first game in Chromium, by following the coach alone."""

from __future__ import annotations

from typing import Any

import httpx
import pytest

from ludotheek.learn import lessons
from tests.browser.learn import follow
from tests.serverproc import ServerProcess

pytestmark = pytest.mark.browser


def test_the_guided_game_by_following_the_coach(server: ServerProcess,
                                               context_factory: Any) -> None:
    page = context_factory("en").new_page()
    page.goto(server.url + "/")
    page.locator("#learn-wari").click()
    page.wait_for_url("**/learn/wari")
    replies: dict[str, str] = {}

    def try_others(page: Any, step: str) -> None:
        # a legal cup that is not the coach's: explained, not played; then the coach's
        if step == "capture":
            version = page.locator("#board svg").get_attribute("data-version")
            page.locator("#cup-1").click()
            page.locator("#coach-reply").wait_for()
            replies[step] = page.locator("#coach-reply").inner_text()
            assert page.locator("#board svg").get_attribute("data-version") == version
        # a cup the rules refuse: the engine's reason, in words
        if step == "feed":
            page.locator("#cup-1").click()
            page.wait_for_function(
                "document.getElementById('coach-reply').textContent.includes('Cup 1')")
            replies[step] = page.locator("#coach-reply").inner_text()

    steps = follow(page, on_step=try_others)
    lesson = lessons.lesson("wari")
    assert lesson is not None
    assert steps == [s.id for s in lesson.steps]
    assert "captures nothing" in replies["capture"] and "captures 2" in replies["capture"]
    assert "must get seeds" in replies["feed"]
    # the end of the lesson is the end of its game
    assert page.locator("#store-south-count").text_content() == "25"
    # "Other options…": the lobby's form filled in as the real game
    options = page.locator("#learn-options").get_attribute("href")
    lobby = page.context.new_page()
    lobby.goto(server.url + options)
    lobby.wait_for_function(
        "document.querySelector('#game-wari select[name=seat-1]').value === 'computer:easy'")
    assert lobby.locator("#game-wari select[name=seeds_per_cup]").input_value() == "4"
    lobby.close()
    page.locator("#learn-play").click()
    page.wait_for_url("**/play/*")
    gid = page.url.rsplit("/", 1)[1]
    view = httpx.get(f"{server.url}/api/games/{gid}").json()
    assert {k: view["seats"][1][k] for k in ("type", "level", "name")} == {
        "type": "computer", "level": "easy", "name": None}
    assert view["options"] == {"seeds_per_cup": 4, "first": "south", "repetition": True,
                               "rules": "applet"}
    page.wait_for_selector("#board g.legal")


def test_how_to_play_from_the_lobby_and_during_a_game(server: ServerProcess,
                                                     context_factory: Any) -> None:
    page = context_factory("nl").new_page()
    page.goto(server.url + "/")
    page.locator("#howto-wari").click()
    dialog = page.locator("#howto")
    dialog.wait_for()
    assert "Zo speel je Wari" in dialog.locator("#howto-title").inner_text()
    # a diagram is the game's own board, drawn from a real position, its places ringed
    big = dialog.locator("#diagram-big")
    big.scroll_into_view_if_needed()
    big.locator("#cup-6").wait_for()
    assert big.locator("#cup-6").get_attribute("data-seeds") == "12"
    page.wait_for_function(
        "document.querySelectorAll('#diagram-big .learn-ring.look').length === 1")
    big.locator(".learn-frame-next").click()
    page.wait_for_function("document.querySelector('#diagram-big #cup-6').dataset.seeds === '0'")
    page.locator("#howto-close").click()
    page.locator("#howto").wait_for(state="detached")
    # a game in play: the dialog opens over it and the game is still there after
    card = page.locator("#game-wari")
    card.locator("select[name=seat-1]").select_option("computer:easy")
    card.locator("button[type=submit]").click()
    page.wait_for_url("**/play/*")
    page.locator("#board g.legal").first.click()
    page.wait_for_function("Number(document.querySelector('#board svg').dataset.version) >= 2")
    page.locator("#howto-button").click()
    page.locator("#howto #diagram-start").wait_for()
    page.keyboard.press("Escape")
    page.locator("#howto").wait_for(state="detached")
    assert page.locator("#board g.legal").count() > 0
