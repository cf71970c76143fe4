"""What a new user hit on the Aqua Romana page: the closing step offers first what is worth
weighing and asks before a close that scores under 2; a 3-player reservoir's label stays
clear of the workers' length badges."""

from __future__ import annotations

from typing import Any

import httpx
import pytest

from ludotheek.games.aqua_romana import AquaState
from tests.browser.aqua_romana_setup import find, import_game
from tests.serverproc import ServerProcess

pytestmark = pytest.mark.browser

BOARD = "#aq-board"


def _low_and_high_close(s: AquaState) -> bool:
    """Seat 0 may close, and one close scores under 2 while another scores 2 or more."""
    if s.phase != "close":
        return False
    podiums = [r["podium"] for r in s.view(0)["step"].get("retire", [])]
    return any(p < 2 for p in podiums) and any(p >= 2 for p in podiums)


def test_closing_offers_the_weighty_choices_first_and_confirms_a_poor_close(
        server: ServerProcess, context_factory: Any) -> None:
    found = find(_low_and_high_close, seeds=range(400))
    gid, token = import_game(server.url, found)
    ctx = context_factory()
    ctx.add_init_script("localStorage.setItem('ludotheek.aqua_romana.delay', '0');")
    page = ctx.new_page()
    page.goto(f"{server.url}/play/{gid}#token={token}")
    page.wait_for_selector(f"{BOARD}[data-mine='1'][data-phase='close']")
    retire = {r["worker"]: r["podium"] for r in found[3].view(0)["step"]["retire"]}
    shown = page.locator("#aq-step .aq-close button[id^=close-]:not(#close-none)"
                         ":not(#close-more)").evaluate_all("bs => bs.map(b => b.id.slice(6))")
    # first: keeping them open, and the closes worth 2 points or more, best first
    assert page.locator("#close-none").is_visible()
    assert shown == sorted((w for w in retire if retire[w] >= 2), key=lambda w: -retire[w])
    low = [w for w in retire if retire[w] < 2]
    assert page.locator("#close-more").is_visible()
    page.click("#close-more")
    page.wait_for_selector(f"#close-{low[0]}")
    # a close under 2 points asks first; "No" goes back, nothing is played
    page.click(f"#close-{low[0]}")
    page.wait_for_selector("#aq-confirm-close")
    assert str(retire[low[0]]) in page.locator("#aq-confirm-close").inner_text()
    page.click("#close-cancel")
    page.wait_for_selector("#close-none")
    version = httpx.get(f"{server.url}/api/games/{gid}").json()["version"]
    # the same from the worker on the board
    page.locator(f"{BOARD} #worker-{low[0]} .pawn").click()
    page.wait_for_selector("#aq-confirm-close")
    assert httpx.get(f"{server.url}/api/games/{gid}").json()["version"] == version
    page.click("#close-confirm")
    page.wait_for_function(f"Number(document.querySelector('{BOARD}').dataset.version)"
                           f" > {version}")
    assert httpx.get(f"{server.url}/api/games/{gid}").json()["moves"][version] \
        == f"close {low[0]}"


def test_a_three_player_reservoir_label_is_clear_of_the_badges(
        server: ServerProcess, context_factory: Any) -> None:
    found = find(lambda s: s.ply >= 30 and s.phase == "build", players=3)
    gid, token = import_game(server.url, found)
    page = context_factory().new_page()
    page.goto(f"{server.url}/play/{gid}#token={token}")
    page.wait_for_selector(f"{BOARD}[data-version]")
    overlaps = page.evaluate("""() => {
      const boxes = (s) => [...document.querySelectorAll(s)]
        .map((n) => [n, n.getBoundingClientRect()]);
      const words = boxes('#aq-board .reservoir-word');
      const badges = boxes('#aq-board .worker .length, #aq-board .worker .pawn');
      const out = [];
      for (const [w, a] of words) for (const [b, c] of badges) {
        if (a.left < c.right && c.left < a.right && a.top < c.bottom && c.top < a.bottom)
          out.push(w.textContent);
      }
      return out; }""")
    assert page.locator(f"{BOARD} .reservoir-word").count() >= 3
    assert not overlaps, overlaps
