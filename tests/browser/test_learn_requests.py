"""Every guided game and every "How to play" of the four games, walked to the end in Chromium:
no request fails (no answer of 400 or more, none the browser gave up on), no page error, no
error box (issue 38, item 1: the Wari guided game's log asked the game API's history of a
game named "learn-wari" at step 6, ten times, and showed the error box over the page)."""

from __future__ import annotations

from typing import Any

import pytest

from tests.browser.learn import follow
from tests.gamepages import pages
from tests.serverproc import ServerProcess

pytestmark = pytest.mark.browser

#: the games with a How to play and a guided game (their test folders name their diagrams)
GAMES = sorted(n for n, p in pages().items() if p.diagram)


class Watch:
    """What went wrong in a page: failed requests, error answers, page errors."""

    def __init__(self, page: Any) -> None:
        self.problems: list[str] = []
        page.on("requestfailed", lambda r: self.problems.append(
            f"failed: {r.method} {r.url} ({r.failure})"))
        page.on("response", self.answered)
        page.on("pageerror", lambda err: self.problems.append(f"page error: {err}"))
        page.on("console", self.console)

    def answered(self, response: Any) -> None:
        if response.status >= 400:
            self.problems.append(f"{response.status}: {response.request.method} {response.url}")

    def console(self, message: Any) -> None:
        if message.type == "error":
            self.problems.append(f"console: {message.text}")

    def check(self, page: Any, what: str) -> None:
        if page.locator("#page-error").count():
            self.problems.append(f"error box: {page.locator('#page-error').inner_text()}")
        assert not self.problems, f"{what}:\n" + "\n".join(self.problems)


@pytest.mark.parametrize("game", GAMES)
def test_the_guided_game_asks_nothing_that_fails(server: ServerProcess,
                                                 context_factory: Any, game: str) -> None:
    page = context_factory("en").new_page()
    watch = Watch(page)
    page.goto(f"{server.url}/learn/{game}")
    steps = follow(page)
    # the log has caught up with the last position (the lesson's own history, asked once)
    page.wait_for_load_state("networkidle")
    assert len(steps) > 3
    watch.check(page, f"the guided game of {game}, steps {steps}")


@pytest.mark.parametrize("game", GAMES)
def test_how_to_play_asks_nothing_that_fails(server: ServerProcess,
                                             context_factory: Any, game: str) -> None:
    page = context_factory("en").new_page()
    watch = Watch(page)
    page.goto(server.url + "/")
    page.locator(f"#howto-{game}").click()
    dialog = page.locator("#howto")
    figures = dialog.locator("figure.learn-figure")
    figures.first.wait_for()
    for i in range(figures.count()):
        figure = figures.nth(i)
        figure.scroll_into_view_if_needed()
        figure.locator(".learn-board [data-version]").first.wait_for()
        following = figure.locator(".learn-frame-next")
        while following.count() and following.is_enabled():
            following.click()
    page.wait_for_load_state("networkidle")
    watch.check(page, f"How to play {game}")
