"""Issue 34 in the pages: a rated game in progress offers no engine help (no Analyse, and the
replay page says why in the page's language); once it is over it does."""

from __future__ import annotations

from typing import Any

import httpx
import pytest

from tests.serverproc import ServerProcess

pytestmark = pytest.mark.browser


@pytest.mark.parametrize(("lang", "words"), [
    ("nl", "zolang het loopt"), ("en", "while it runs"), ("no", "mens det pågår")])
def test_a_rated_game_in_progress_offers_no_analysis(server: ServerProcess,
                                                     context_factory: Any, lang: str,
                                                     words: str) -> None:
    anna = httpx.post(f"{server.url}/api/profiles", json={"name": "Anna"}).json()
    made = httpx.post(f"{server.url}/api/games", json={
        "game": "wari", "rated": True, "seats": [
            {"type": "person", "profile": anna["secret"]},
            {"type": "computer", "level": "normal"}]}).json()
    gid, token = made["id"], made["seats"][0]["token"]
    page = context_factory(lang=lang).new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(f"{server.url}/play/{gid}#token={token}")
    page.wait_for_selector("#board g.legal")
    page.wait_for_selector("#record[data-analysis]")  # the shell has decided
    assert page.locator("#record").get_attribute("data-analysis") == "not-now"
    assert page.locator("#analyse-link").count() == 0
    assert page.locator("#hint-box").is_hidden()
    # the replay page: the button is there, disabled, and says why
    page.goto(f"{server.url}/replay/{gid}")
    page.wait_for_selector("#analysis-note")
    assert page.locator("#analyse").is_disabled()
    assert words in page.locator("#analysis-note").inner_text()
    # once it is over (resigned) the game page offers the analysis
    r = httpx.post(f"{server.url}/api/games/{gid}/moves", json={"move": "resign",
                                                               "version": 0},
                   headers={"Authorization": f"Bearer {token}"})
    assert r.status_code == 200, r.text
    page.goto(f"{server.url}/play/{gid}#token={token}")
    page.wait_for_selector("#analyse-link")
    page.goto(f"{server.url}/replay/{gid}")
    page.wait_for_selector("#analyse:not([disabled])")
    assert not errors
