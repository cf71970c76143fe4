"""The Wari page in Chromium: whole games by clicking, reloads, invites, languages."""

from __future__ import annotations

from typing import Any

import httpx
import pytest

from tests.serverproc import ServerProcess

pytestmark = pytest.mark.browser


def _start_from_lobby(page: Any, server: ServerProcess, opponent: str = "computer:easy",
                      seeds: str = "3") -> str:
    page.goto(server.url + "/")
    card = page.locator("#game-wari")
    card.locator("select[name=seeds_per_cup]").select_option(seeds)
    card.locator("select[name=seat-1]").select_option(opponent)
    card.locator("button[type=submit]").click()
    page.wait_for_url("**/play/*")
    page.wait_for_selector("#cup-1")
    return str(page.url.rsplit("/", 1)[1])


DRAWN = "Number(document.querySelector('#board svg').dataset.version)"


def _click_legal(page: Any) -> None:
    """Click the first legal cup and wait until the board shows the move."""
    drawn = page.evaluate(DRAWN)
    page.locator("#board g.legal").first.click()
    page.wait_for_function(f"(v) => {DRAWN} > v", arg=drawn, timeout=20_000)


def _play_until_over(page: Any, max_moves: int = 400) -> int:
    clicks = 0
    while clicks < max_moves:
        page.wait_for_function(
            "document.querySelector('#result') || document.querySelector('#board g.legal')",
            timeout=20_000)
        if page.locator("#result").count():
            return clicks
        _click_legal(page)
        clicks += 1
    raise AssertionError("the game did not end")


def test_a_whole_game_against_the_computer_by_clicking(server: ServerProcess,
                                                       context_factory: Any) -> None:
    page = context_factory().new_page()
    gid = _start_from_lobby(page, server)
    clicks = _play_until_over(page)
    assert clicks > 5
    view = httpx.get(f"{server.url}/api/games/{gid}").json()
    assert view["over"]
    banner = page.locator("#result").inner_text()
    assert "wins" in banner or "draw" in banner
    # the board shows the final stores
    south, north = view["state"]["stores"]
    assert page.locator("#store-south-count").text_content() == str(south)
    assert page.locator("#store-north-count").text_content() == str(north)


def test_keys_and_a_reload_mid_game_resume(server: ServerProcess, context_factory: Any) -> None:
    page = context_factory().new_page()
    gid = _start_from_lobby(page, server, seeds="4")
    page.keyboard.press("3")
    page.wait_for_function(f"{DRAWN} >= 2 && document.querySelector('#board g.legal')")
    _click_legal(page)
    page.wait_for_function(f"{DRAWN} >= 4 && document.querySelector('#board g.legal')")
    before = httpx.get(f"{server.url}/api/games/{gid}").json()
    page.reload()
    page.wait_for_selector("#board g.legal")
    for cup, seeds in enumerate(before["state"]["board"], 1):
        assert page.locator(f"#cup-{cup}").get_attribute("data-seeds") == str(seeds)
    shown = [li.split() for li in page.locator("#moves li").all_inner_texts()]
    assert [m for pair in shown for m in pair] == before["moves"]
    # still our turn, still playable after the reload
    _click_legal(page)


def test_two_browsers_play_through_invite_links_while_a_third_watches(
        server: ServerProcess, context_factory: Any) -> None:
    alice = context_factory().new_page()
    gid = _start_from_lobby(alice, server, opponent="person:invite")
    invite = alice.locator(".invite input").input_value()
    assert f"/play/{gid}#seat=1&invite=" in invite  # an invite code, not a seat's token
    bob = context_factory(lang="nl").new_page()
    bob.goto(invite)
    bob.wait_for_selector("#cup-7")
    bob.wait_for_function("!location.hash")  # he took the seat: the code leaves the address
    carol = context_factory().new_page()
    carol.goto(f"{server.url}/play/{gid}")
    carol.wait_for_selector("#cup-1")
    for turn in range(6):
        page = alice if turn % 2 == 0 else bob
        other = bob if turn % 2 == 0 else alice
        page.wait_for_selector("#board g.legal")
        assert other.locator("#board g.legal").count() == 0
        _click_legal(page)
        carol.wait_for_function(
            f"document.querySelectorAll('#moves li').length === {turn // 2 + 1} && "
            f"document.querySelector('#moves li:last-child').textContent.trim().split(/\\s+/)"
            f".length === {turn % 2 + 1}")
    view = httpx.get(f"{server.url}/api/games/{gid}").json()
    assert len(view["moves"]) == 6
    assert carol.locator("#board g.legal").count() == 0  # a spectator cannot move


def test_the_language_switch_changes_every_text_and_is_remembered(
        server: ServerProcess, context_factory: Any) -> None:
    page = context_factory(lang="en").new_page()
    page.goto(server.url + "/")
    page.wait_for_selector("#game-wari")
    assert page.locator("h1").inner_text() == "Pick a game and play"
    page.locator(".lang-switch button[data-lang=nl]").click()
    page.wait_for_function("document.querySelector('h1').textContent === 'Kies een spel en speel'")
    # the cards' option labels come with the lobby's data in the new language, a moment later
    page.wait_for_function(
        "document.querySelector('#game-wari').innerText.includes('Bonen per kopje')")
    page.reload()
    page.wait_for_selector("#game-wari")
    assert page.locator("h1").inner_text() == "Kies een spel en speel"
    _start_from_lobby(page, server)
    page.wait_for_function("document.querySelector('#status').textContent.includes('jouw zet')")
    assert page.locator("#seats").inner_text().startswith("Zuid")
    # a first visit follows the browser's language
    dutch = context_factory(lang="nl-NL").new_page()
    dutch.goto(server.url + "/")
    dutch.wait_for_function("document.querySelector('h1').textContent === 'Kies een spel en speel'")


def test_the_hint_button_says_what_the_strong_player_would_play(
        server: ServerProcess, context_factory: Any) -> None:
    page = context_factory().new_page()
    gid = _start_from_lobby(page, server, seeds="4")
    page.wait_for_selector("#board g.legal")
    # the button is where the eye is: under the status line, above the board
    assert page.locator("#hint").bounding_box()["y"] < page.locator("#board").bounding_box()["y"]
    page.locator("#hint").click()
    page.wait_for_function("document.querySelector('#hint-text').textContent"
                           ".includes('Sow cup')", timeout=30_000)
    text = page.locator("#hint-text").inner_text()
    view = httpx.get(f"{server.url}/api/games/{gid}").json()
    assert view["version"] == 0 and not view["over"]  # the hint played nothing
    hinted = text.split("Sow cup ", 1)[1].split(" ", 1)[0]
    assert hinted in [str(c) for c in range(1, 7)], text
    # a sentence a player understands: the cup, its seeds and what to expect (the outlook
    # depends on how far the search got, so any of its sentences)
    assert "(4 seeds)" in text, text
    # (North is the computer, named by its level: js/names.js)
    assert "Computer (" in text or "both sides should gain about as much" in text, text
    # the move is drawn on the board: a ring on the hinted cup
    page.wait_for_function("document.querySelectorAll('.learn-ring.look').length === 1")
    ring = page.locator(".learn-ring.look").bounding_box()
    cup = page.locator(f"#cup-{hinted}").bounding_box()
    assert abs(ring["x"] + ring["width"] / 2 - cup["x"] - cup["width"] / 2) < 3
    # after a move the hint no longer applies and is cleared
    _click_legal(page)
    page.wait_for_function("document.querySelector('#hint-text').textContent === ''")
    page.wait_for_function("!document.querySelector('.learn-ring.look:not([hidden])')")
    # the settings' levels say how long the computer may think
    page.locator("#new-game").click()
    strong = "#set-opponent option[value=\"computer:strong\"]"
    page.wait_for_function(f"document.querySelector('{strong}').textContent.includes('1 s')")


def _ws_game(server: ServerProcess, seed: int) -> tuple[str, str]:
    r = httpx.post(f"{server.url}/api/games", json={"game": "wari", "seed": seed, "seats": [
        {"type": "person"}, {"type": "computer", "level": "novice"}]})
    assert r.status_code == 201, r.text
    return r.json()["id"], r.json()["seats"][0]["token"]


def _play_over_ws(server: ServerProcess, gid: str, token: str, most: int) -> tuple[int, int]:
    """South's moves over a WebSocket that takes ``views`` until the game ends or ``most``
    replies came with their moves: (the version reached, how many came together)."""
    import json
    import time

    from websockets.sync.client import connect

    url = server.url.replace("http", "ws") + f"/api/games/{gid}/live?token={token}&views=1"
    together = 0
    with connect(url) as ws:
        view = json.loads(ws.recv())["view"]
        while together < most and not view["over"]:
            time.sleep(0.06)  # under the 20 messages a second a connection may send
            ws.send(json.dumps({"type": "move", "move": view["legal_moves"][0],
                                "version": view["version"]}))
            while True:
                msg = json.loads(ws.recv(timeout=20))
                assert msg["type"] in ("view", "views"), msg
                if msg["type"] == "views":
                    together += 1
                view = (msg["views"] if msg["type"] == "views" else [msg["view"]])[-1]
                if view["over"] or (view["legal_moves"] and not view["thinking"]):
                    break
    return int(view["version"]), together


def test_a_watching_page_shows_the_moves_told_together(server: ServerProcess,
                                                        context_factory: Any) -> None:
    """A move sent on a WebSocket that takes views=1 and the computer's instant reply come
    to the page (which asks for views too) as one 'views' message: it draws both."""
    # the server asks novice on its event loop after 20 quick moves, and for good in a thread
    # after one slow move there: the page watches each game until replies come together
    page = context_factory().new_page()
    together = 0
    for seed in range(8):
        gid, token = _ws_game(server, seed)
        page.goto(f"{server.url}/play/{gid}")  # a spectator
        page.wait_for_selector("#cup-1")
        version, together = _play_over_ws(server, gid, token, 3)
        if together:
            break
    assert together, "no reply was told with its move"
    page.wait_for_function(f"{DRAWN} === {version}", timeout=20_000)
