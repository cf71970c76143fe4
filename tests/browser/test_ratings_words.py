"""Ratings in words (issue 38, item 10): one loss to *beginner* took a new profile from 1500
to about 1310, shown as "1310?" and "± 486". Now a new player's rating says so in words, the
margin is "give or take", and a sentence under the leaderboard and the profile's ratings
explains them, in Dutch, English and Norwegian."""

from __future__ import annotations

import time
from typing import Any

import httpx
import pytest

from ludotheek.core.texts import catalog
from tests.browser import layout
from tests.serverproc import ServerProcess

pytestmark = pytest.mark.browser


def _lost_once(url: str) -> dict[str, Any]:
    """A new profile that lost one rated Wari game to the computer's *beginner*."""
    me = httpx.post(f"{url}/api/profiles", json={"name": "Nieuw"}).json()
    game = httpx.post(f"{url}/api/games", json={
        "game": "wari", "rated": True, "seats": [
            {"type": "person", "profile": me["secret"]},
            {"type": "computer", "level": "beginner"}]}).json()
    gid, auth = game["id"], {"Authorization": f"Bearer {game['seats'][0]['token']}"}
    httpx.post(f"{url}/api/games/{gid}/moves", json={"move": "3", "version": 0},
               headers=auth).raise_for_status()
    deadline = time.monotonic() + 30
    while httpx.get(f"{url}/api/games/{gid}").json()["version"] < 2:
        assert time.monotonic() < deadline
        time.sleep(0.05)
    httpx.post(f"{url}/api/games/{gid}/moves", json={"move": "resign", "version": 2},
               headers=auth).raise_for_status()
    while httpx.get(f"{url}/api/games/{gid}/rating").json().get("status") != "rated":
        assert time.monotonic() < deadline
        time.sleep(0.05)
    return dict(me)


@pytest.mark.parametrize("lang", ["nl", "en", "no"])
def test_a_new_players_rating_is_said_in_words(server: ServerProcess, browser: Any,
                                               lang: str) -> None:
    me = _lost_once(server.url)
    texts = catalog(lang)
    ctx = layout.context(browser, layout.SIZES["phone"], lang)
    ctx.add_init_script("localStorage.setItem('ludotheek.leaderboard', 'wari');")
    try:
        page = ctx.new_page()
        page.goto(server.url + "/")
        row = page.locator(f"#leaderboard-wari tr[data-profile='{me['id']}']")
        row.wait_for()
        cells = row.locator("td").all_inner_texts()
        assert texts["ratings.provisional"] in cells[2], cells
        board = page.locator("#leaderboards").inner_text()
        assert "?" not in board and "±" not in board, board
        assert page.locator("#ratings-explain").inner_text() == texts["ratings.explain"]
        page.goto(f"{server.url}/profile/{me['id']}")
        card = page.locator("#profile-ratings .rating-card")
        card.wait_for()
        said = card.inner_text()
        assert "?" not in said and "±" not in said, said
        assert texts["ratings.provisional_hint"] in said
        assert page.locator("#ratings-explain").inner_text() == texts["ratings.explain"]
        assert not layout.sideways(page) + layout.accessibility(page)
    finally:
        ctx.close()
