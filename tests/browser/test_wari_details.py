"""What a new user hit on the Wari page: a language switch re-translates it, keys 1-6 work
after ticking "Animate sowing", a double click sends one move, Undo against the computer, the
store counts clear of the seeds, move numbers from 10 inside the list, moves in words."""

from __future__ import annotations

from typing import Any

import httpx
import pytest

from tests.serverproc import ServerProcess

pytestmark = pytest.mark.browser

DRAWN = "Number(document.querySelector('#board svg[data-fit]').dataset.version)"


def _start(page: Any, server: ServerProcess) -> str:
    page.goto(server.url + "/")
    card = page.locator("#game-wari")
    card.locator("select[name=seat-1]").select_option("computer:easy")
    card.locator("button[type=submit]").click()
    page.wait_for_url("**/play/*")
    page.wait_for_selector("#board g.legal")
    return str(page.url.rsplit("/", 1)[1])


def _my_turn_after(page: Any, version: int) -> None:
    page.wait_for_function(f"{DRAWN} > {version} && document.querySelector('#board g.legal')",
                           timeout=20_000)


def test_the_language_switch_translates_the_page_at_once(server: ServerProcess,
                                                         context_factory: Any) -> None:
    page = context_factory(lang="en").new_page()
    _start(page, server)
    assert page.locator("#resign").inner_text() == "Resign"
    page.locator(".lang-switch button[data-lang=nl]").click()
    page.wait_for_function("document.querySelector('#resign').textContent === 'Geef op'")
    assert "Instellingen" in page.locator("#new-game").inner_text()
    assert page.locator("#settings h2").inner_text() == "Instellingen"
    assert "Zuid" in page.locator("#status").inner_text()
    page.locator(".lang-switch button[data-lang=no]").click()
    page.wait_for_function("document.querySelector('#resign').textContent === 'Gi opp'")


def test_keys_after_ticking_animate_a_double_click_and_undo(server: ServerProcess,
                                                           context_factory: Any) -> None:
    page = context_factory().new_page()
    gid = _start(page, server)
    posted: list[str] = []
    page.on("request", lambda r: posted.append(r.post_data_json["move"])
            if r.method == "POST" and r.url.endswith("/moves") else None)
    page.locator("#animate").click()   # the focus is on the box now
    page.locator("#animate").click()   # and animations off again
    page.keyboard.press("3")
    _my_turn_after(page, 0)
    assert posted == ["3"]
    # a double click on a cup sends one move, and no error is shown
    drawn = page.evaluate(DRAWN)
    page.locator("#board g.legal").first.dblclick()
    _my_turn_after(page, drawn)
    assert len(posted) == 2
    assert page.locator(".toast.error").count() == 0
    # Undo takes back my last move and the computer's answer
    before = httpx.get(f"{server.url}/api/games/{gid}").json()
    assert page.locator("#wari-undo").is_visible()
    page.locator("#wari-undo").click()
    page.wait_for_function(f"{DRAWN} > {before['version']}")
    after = httpx.get(f"{server.url}/api/games/{gid}").json()
    assert after["state"]["board"] == httpx.get(
        f"{server.url}/api/games/{gid}/replay?at=2").json()["state"]["board"]
    assert after["moves"][-1].startswith("undo ")
    # the log says every move in words (the undo's line comes from the game's history,
    # asked for once the view is shown)
    page.wait_for_function(
        "document.querySelector('#wari-log').innerText.includes('takes back a move')")
    log = page.locator("#wari-log").inner_text()
    assert "South sows cup 3" in log and "takes back a move" in log


def test_store_counts_clear_of_the_seeds_and_move_numbers_in_the_list(
        server: ServerProcess, context_factory: Any) -> None:
    # a finished game between two computer players: full stores, many moves
    r = httpx.post(f"{server.url}/api/games", json={"game": "wari", "seed": 3, "seats": [
        {"type": "computer", "level": "easy"}, {"type": "computer", "level": "easy"}]}).json()
    page = context_factory().new_page()
    page.goto(f"{server.url}/play/{r['id']}")
    page.wait_for_selector("#result", timeout=60_000)
    for side in ("north", "south"):
        count = page.locator(f"#store-{side}-count").bounding_box()
        seeds = page.evaluate(f"""() => {{
          const store = document.querySelector('#store-{side}').getBoundingClientRect();
          return [...document.querySelectorAll('#board circle.stored')]
            .map((c) => c.getBoundingClientRect())
            .filter((b) => b.left >= store.left && b.right <= store.right)
            .map((b) => [b.left, b.top, b.right, b.bottom]); }}""")
        assert seeds
        for left, top, right, bottom in seeds:
            apart = right <= count["x"] or left >= count["x"] + count["width"] \
                or bottom <= count["y"] or top >= count["y"] + count["height"]
            assert apart, f"a seed in {side}'s store lies under its count"
    items = page.locator("#moves li")
    assert items.count() >= 10
    # the markers up to "99." fit in the list's left padding (they stood out from 10 on)
    room, needed = page.evaluate("""() => {
      const ol = document.querySelector('#moves');
      const style = getComputedStyle(ol);
      const ctx = document.createElement('canvas').getContext('2d');
      ctx.font = style.font;
      return [parseFloat(style.paddingLeft), ctx.measureText('99. ').width]; }""")
    assert needed <= room
