"""Words before a risky move in Chromium: Haaienzee's first catch from every spot, and the
warning before a placement or a turn that leaves the shark nothing in reach, or after which
the opponent can end the game before the round is over."""

from __future__ import annotations

import time
from collections.abc import Sequence
from typing import Any

import httpx
import pytest

from ludotheek.core.record import Entry
from ludotheek.games.haaienzee.learn import advice
from ludotheek.learn import lessons
from tests.browser.records import import_record
from tests.serverproc import ServerProcess

pytestmark = pytest.mark.browser

#: a "look here" ring centred on the hex ``h``
RINGED = """(h) => {
  const ring = document.querySelector('body > .learn-ring.look:not([hidden])');
  if (!ring) return false;
  const a = ring.getBoundingClientRect();
  const b = document.querySelector(`#hex-${h}`).getBoundingClientRect();
  return Math.abs(a.x + a.width / 2 - b.x - b.width / 2) < 3
    && Math.abs(a.y + a.height / 2 - b.y - b.height / 2) < 3;
}"""


def test_haaienzee_placement_shows_what_a_shark_could_eat_and_warns(
        server: ServerProcess, context_factory: Any) -> None:
    ctx = context_factory("en", warnings=True)
    ctx.add_init_script("localStorage.setItem('ludotheek.haaienzee.delay', '0');")
    page = ctx.new_page()
    r = httpx.post(f"{server.url}/api/games", json={
        "game": "haaienzee", "seed": 6, "options": {},
        "seats": [{"type": "person"}, {"type": "computer", "level": "easy"}]}).json()
    page.goto(f"{server.url}/play/{r['id']}#token={r['seats'][0]['token']}")
    # grey, facing west: K2 could eat five on its first turn
    page.locator("#hz-colour-grey").click()
    page.locator("#hz-dir-W").click()
    page.locator("#hz-board .eats.reach[data-hex='K2']").wait_for()
    assert page.locator("#hz-board .eats.reach[data-hex='K2'] text").text_content() == "5"
    # and a line says what the numbers are (a phone has no pointer to hover with)
    assert "could eat on its first turn" in page.locator("#learn-legend").inner_text()
    # a spot with nothing in reach: the warning, and "Choose again" places nothing
    empty = page.evaluate("""[...document.querySelectorAll('#hz-board g.cell.free')]
        .map((g) => g.dataset.hex)
        .find((h) => !document.querySelector(`#hz-board .eats.reach[data-hex='${h}']`))""")
    page.locator(f"#hex-{empty}").click()
    warning = page.locator("#learn-warning")
    warning.wait_for()
    assert "no fish of its colour in reach" in warning.inner_text()
    # the spot the warning is about is ringed on the board, until the choice is made
    page.wait_for_function(RINGED, arg=empty)
    page.locator("#warning-back").click()
    warning.wait_for(state="detached")
    page.wait_for_function("!document.querySelector('body > .learn-ring.look:not([hidden])')")
    assert httpx.get(f"{server.url}/api/games/{r['id']}").json()["version"] == 0
    # "Do it anyway" places it
    page.locator(f"#hex-{empty}").click()
    page.locator("#warning-go").click()
    page.wait_for_function("Number(document.querySelector('#hz-board').dataset.version) >= 1")
    assert httpx.get(f"{server.url}/api/games/{r['id']}").json()["moves"][0].startswith(empty)
    # the warnings can be switched off
    assert page.locator("#learn-warnings").is_checked()


@pytest.mark.parametrize("order", ["advice_before_clicks", "guide_after_clicks"])
def test_haaienzee_reach_legend_whatever_arrives_first(
        server: ServerProcess, context_factory: Any, order: str) -> None:
    """The line under the sea follows the board, not the order in which the position's advice,
    the learning module and the player's colour and facing clicks happen to arrive."""
    ctx = context_factory("en", warnings=True)
    ctx.add_init_script("localStorage.setItem('ludotheek.haaienzee.delay', '0');")
    page = ctx.new_page()
    held: list[Any] = []
    if order == "guide_after_clicks":
        page.route("**/js/learn/games/haaienzee.js", lambda route: held.append(route))
    r = httpx.post(f"{server.url}/api/games", json={
        "game": "haaienzee", "seed": 6, "options": {},
        "seats": [{"type": "person"}, {"type": "computer", "level": "easy"}]}).json()
    with page.expect_response(lambda resp: "/advice" in resp.url):
        page.goto(f"{server.url}/play/{r['id']}#token={r['seats'][0]['token']}")
    page.locator("#hz-colour-grey").click()
    page.locator("#hz-dir-W").click()
    page.locator("#hz-board .eats.reach[data-hex='K2']").wait_for()
    if order == "guide_after_clicks":
        # the held request reaches the handler while Playwright waits (on a busy machine
        # one look was not enough: CI, a load of 10, twice in a row)
        deadline = time.monotonic() + 30
        while not held and time.monotonic() < deadline:
            page.wait_for_timeout(100)
        assert held, "the learning module was not asked for"
        assert page.locator("#learn-legend").count() == 0
        held[0].continue_()
    page.locator("#learn-legend").wait_for()
    assert "could eat on its first turn" in page.locator("#learn-legend").inner_text()


def _haaienzee_page(server: ServerProcess, context_factory: Any, options: dict[str, Any],
                    seed: int, moves: Sequence[Entry]) -> tuple[str, Any]:
    """The game of ``moves`` imported with seat 1 at the easy level, its page opened in
    English with the warnings on for seat 0: the game's id and the page."""
    data = import_record(server.url, "haaienzee", options, seed, moves,
                         [{"type": "person"}, {"type": "computer", "level": "easy"}])
    gid, token = data["id"], data["seats"][0]["token"]
    ctx = context_factory("en", warnings=True)
    ctx.add_init_script("localStorage.setItem('ludotheek.haaienzee.delay', '0');")
    page = ctx.new_page()
    page.goto(f"{server.url}/play/{gid}#token={token}")
    return gid, page


def test_haaienzee_a_turn_that_leaves_the_shark_nothing_in_reach_is_warned(
        server: ServerProcess, context_factory: Any) -> None:
    """In round 1 of the guided game's sea, Yellow's shark 2 turning right into the empty hex
    H9 (instead of eating along its row) would have no white fish left in reach."""
    lesson = lessons.lesson("haaienzee")
    assert lesson is not None
    rec = lesson.record
    at, move = 8, "R H9"
    state = lessons.positions("haaienzee", rec)[at]
    assert [n["code"] for n in advice(state, move)] == ["haaienzee.nothing_in_reach"]
    gid, page = _haaienzee_page(server, context_factory, dict(rec.options), rec.seed,
                                rec.moves[:at])
    page.locator("#hz-board[data-mine='1'] #hex-H9.target").wait_for()
    page.locator("#hex-H9").click()
    warning = page.locator("#learn-warning")
    warning.wait_for()
    assert "shark 2 has no fish of its colour in reach" in warning.inner_text()
    page.wait_for_function(RINGED, arg="H9")
    page.locator("#warning-back").click()
    warning.wait_for(state="detached")
    assert httpx.get(f"{server.url}/api/games/{gid}").json()["version"] == at
    # the coach's own move there eats: no warning, it is played at once
    page.locator(f"#hex-{rec.moves[at]}").click()
    page.wait_for_function(
        f"Number(document.querySelector('#hz-board').dataset.version) > {at}")
    assert page.locator("#learn-warning").count() == 0
    assert httpx.get(f"{server.url}/api/games/{gid}").json()["moves"][at] == rec.moves[at]


def test_haaienzee_a_turn_after_which_the_opponent_can_end_the_game_is_warned(
        server: ServerProcess, context_factory: Any) -> None:
    """Round 7 of a seeded game, Red ahead 10 to 4: if Yellow's shark 1 does nothing, Red can
    win before the round is over whatever Yellow does; turning left to J10 prevents it
    (tests/haaienzee/test_learn.py checks both against the search)."""
    from tests.haaienzee.test_learn import ROUND_GAME, _round_state

    state = _round_state(42)
    assert "haaienzee.opponent_can_end" in [n["code"] for n in advice(state, "-")]
    gid, page = _haaienzee_page(server, context_factory, {}, 0, ROUND_GAME[:42])
    page.locator("#hz-board[data-mine='1'] #hex-J10.target").wait_for()
    page.locator("#hz-pass").click()
    warning = page.locator("#learn-warning")
    warning.wait_for()
    assert "can win before this round is over" in warning.inner_text()
    page.locator("#warning-back").click()
    warning.wait_for(state="detached")
    assert httpx.get(f"{server.url}/api/games/{gid}").json()["version"] == 42


def test_on_a_phone_the_warning_and_the_place_it_is_about_are_both_in_sight(
        server: ServerProcess, browser: Any) -> None:
    """360 x 740, by touch: the warning pushes the sea down, so the ringed hex of the turn
    (H9, low on the sea) would be under the screen's edge; the page scrolls it into sight and
    the warning stays at the top."""
    lesson = lessons.lesson("haaienzee")
    assert lesson is not None
    rec = lesson.record
    at = 8
    data = import_record(server.url, "haaienzee", dict(rec.options), rec.seed,
                         list(rec.moves[:at]),
                         [{"type": "person"}, {"type": "computer", "level": "easy"}])
    ctx = browser.new_context(locale="no", viewport={"width": 360, "height": 740},
                              has_touch=True)
    ctx.add_init_script("localStorage.setItem('ludotheek.animate', '0');"
                        "localStorage.setItem('ludotheek.warnings', '1');"
                        "localStorage.setItem('ludotheek.haaienzee.delay', '0');")
    page = ctx.new_page()
    page.goto(f"{server.url}/play/{data['id']}#token={data['seats'][0]['token']}")
    page.locator("#hz-board[data-mine='1'] #hex-H9.target").wait_for()
    hex_ = page.locator("#hex-H9")
    hex_.tap()    # a finger's first tap shows the move, the second makes it
    page.locator("#hex-H9.armed").wait_for()
    hex_.tap()
    warning = page.locator("#learn-warning")
    warning.wait_for()
    page.wait_for_function(RINGED, arg="H9")
    page.wait_for_function("""() => {
      const w = document.getElementById('learn-warning').getBoundingClientRect();
      const h = document.getElementById('hex-H9').getBoundingClientRect();
      return w.top >= 0 && w.bottom <= innerHeight && h.top >= w.bottom && h.bottom <= innerHeight;
    }""", timeout=5_000)
    page.locator("#warning-back").tap()
    warning.wait_for(state="detached")
    assert httpx.get(f"{server.url}/api/games/{data['id']}").json()["version"] == at
    ctx.close()
