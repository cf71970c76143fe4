"""Hints in Chromium: a sentence in the page's language, and the move drawn on the board (a
Haaienzee placement: the hex, and the colour and direction still to choose; a Haaienzee turn,
an Akwaier tile and an Aqua Romana build, each in another language)."""

from __future__ import annotations

import re
from typing import Any

import httpx
import pytest

from ludotheek.learn import lessons
from tests.browser.drive import RINGS, wait_ringed
from tests.browser.records import import_record
from tests.serverproc import ServerProcess

pytestmark = pytest.mark.browser

def test_a_haaienzee_hint_in_dutch_rings_the_spot_colour_and_direction(
        server: ServerProcess, context_factory: Any) -> None:
    page = context_factory("nl").new_page()
    r = httpx.post(f"{server.url}/api/games", json={
        "game": "haaienzee", "seed": 6, "options": {},
        "seats": [{"type": "person"}, {"type": "computer", "level": "easy"}]}).json()
    page.goto(f"{server.url}/play/{r['id']}#token={r['seats'][0]['token']}")
    with page.expect_response(lambda res: res.url.endswith("/hint")) as answer:
        page.locator("#hint").click()
    _, facing, colour = answer.value.json()["move"].split()
    page.wait_for_function("document.querySelector('#hint-text').textContent"
                           ".startsWith('Zet haai')", timeout=60_000)
    text = page.locator("#hint-text").inner_text()
    found = re.match(r"Zet haai 1 op ([A-M]\d+), richting (\S+), jagend op (\S+):", text)
    assert found, text
    hex_name = found.group(1)
    assert httpx.get(f"{server.url}/api/games/{r['id']}").json()["version"] == 0
    # rings on the hex, the colour and the direction (none chosen yet)
    page.wait_for_function(f"({RINGS})().length === 3")
    wait_ringed(page, [f"#hex-{hex_name}", f"#hz-colour-{colour}", f"#hz-dir-{facing}"])
    # choosing the colour takes its ring away
    page.locator(f"#hz-colour-{colour}").click()
    page.wait_for_function(f"({RINGS})().length === 2")


def _lesson_game(server: ServerProcess, game: str, step: str) -> tuple[str, str, int]:
    """The guided game of ``game`` up to ``step``, imported with the learner a person and
    the others computers: its id, the learner's token and the number of moves."""
    lesson = lessons.lesson(game)
    assert lesson is not None
    rec = lesson.record
    at = lesson.step(step).at
    n = len(lessons.positions(game, rec)[0].scores())
    seats = [{"type": "person"} if i == lesson.seat else {"type": "computer", "level": "easy"}
             for i in range(n)]
    data = import_record(server.url, game, dict(rec.options), rec.seed, list(rec.moves[:at]),
                         seats)
    return data["id"], data["seats"][lesson.seat]["token"], at


#: a hint's facts -> the sentence's start and the board's places it rings, per game (the
#: first words in the language of the test; the places by the page's element ids)
HINTS: dict[str, tuple[str, str, str, Any]] = {
    # Akwaier in Dutch: what to do with which tile, then the expected wealth
    "akwaier": ("nl", "found", "Verwacht vermogen aan het eind",
                lambda f: (f"Leg {f['cell']} neer", [f"#cell-{f['cell']}"])),
    # Aqua Romana in Norwegian: the worker, the builder's space, the square
    "aqua_romana": ("no", "sight", "Bygg med",
                    lambda f: (f["where"], [f"#worker-{f['worker']}",
                                            f"#space-{f['space'][1:]}", f"#sq-{f['where']}"])),
    # Haaienzee's swim turn in English: the shark and the hex it swims to
    "haaienzee": ("en", "eat", "Shark 1:",
                  lambda f: (f["hex"] or "", [f"#shark-{f['shark']}"]
                             + ([f"#hex-{f['hex']}"] if f["hex"] else []))),
}


@pytest.mark.parametrize("game", sorted(HINTS))
def test_a_hint_in_words_with_its_move_ringed_on_the_board(
        server: ServerProcess, context_factory: Any, game: str) -> None:
    lang, step, words, places = HINTS[game]
    gid, token, at = _lesson_game(server, game, step)
    ctx = context_factory(lang)
    ctx.add_init_script(f"localStorage.setItem('ludotheek.{game}.delay', '0');")
    page = ctx.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(f"{server.url}/play/{gid}#token={token}")
    page.locator("#hint:not([disabled])").wait_for()
    # the button is where the eye is: under the status line, above the board
    hint_box, board = page.locator("#hint").bounding_box(), page.locator("#board").bounding_box()
    assert hint_box["y"] + hint_box["height"] <= board["y"] + 1, (hint_box, board)
    with page.expect_response(lambda res: res.url.endswith("/hint"), timeout=60_000) as answer:
        page.locator("#hint").click()
    hint = answer.value.json()
    facts = hint["facts"]
    assert facts and facts.get("kind"), hint
    page.wait_for_function("(w) => document.querySelector('#hint-text').textContent"
                           ".includes(w)", arg=words, timeout=30_000)
    text = page.locator("#hint-text").inner_text()
    named, selectors = places(facts)
    # a sentence in the page's language, not the engine's words
    assert named in text and "play-outs" not in text, text
    assert httpx.get(f"{server.url}/api/games/{gid}").json()["version"] == at   # nothing played
    # the move drawn on the board: a ring on each of its places
    page.wait_for_function(f"({RINGS})().length === {len(selectors)}")
    wait_ringed(page, selectors)
    assert not errors, errors


def test_an_aqua_romana_hint_says_which_aqueduct_it_closes(
        server: ServerProcess, context_factory: Any) -> None:
    """At the guided game's step "zero" the only build closes blue 2 at the site's edge (for
    0 points): the hint says so, in Dutch."""
    gid, token, _ = _lesson_game(server, "aqua_romana", "zero")
    ctx = context_factory("nl")
    ctx.add_init_script("localStorage.setItem('ludotheek.aqua_romana.delay', '0');")
    page = ctx.new_page()
    page.goto(f"{server.url}/play/{gid}#token={token}")
    page.locator("#hint:not([disabled])").wait_for()
    with page.expect_response(lambda res: res.url.endswith("/hint"), timeout=60_000) as answer:
        page.locator("#hint").click()
    assert answer.value.json()["facts"]["closes"] == ["blue2"]
    page.wait_for_function("document.querySelector('#hint-text').textContent.includes('Bouw')",
                           timeout=30_000)
    text = page.locator("#hint-text").inner_text()
    assert text.endswith("Het sluit Blauw 2 af."), text


def test_a_hint_that_comes_before_the_games_words_waits_for_them(
        server: ServerProcess, context_factory: Any) -> None:
    """The game's learning module (its words for a hint) held back until the hint's answer
    has come: the hint is still worded in the page's language and ringed, not shown in the
    strong player's English."""
    r = httpx.post(f"{server.url}/api/games", json={
        "game": "wari", "seed": 1, "options": {},
        "seats": [{"type": "person"}, {"type": "computer", "level": "easy"}]}).json()
    page = context_factory("nl").new_page()
    held: list[Any] = []
    page.route("**/js/learn/games/wari.js", lambda route: held.append(route))
    page.goto(f"{server.url}/play/{r['id']}#token={r['seats'][0]['token']}")
    page.locator("#hint:not([disabled])").wait_for()
    with page.expect_response(lambda res: res.url.endswith("/hint"), timeout=60_000) as answer:
        page.locator("#hint").click()
    move = answer.value.json()["move"]
    page.wait_for_function("() => true")   # lets the held request reach the handler
    assert held, "the learning module was not asked for"
    assert "Zaai" not in page.locator("#hint-text").inner_text()
    held[0].continue_()
    page.wait_for_function("document.querySelector('#hint-text').textContent"
                           ".startsWith('Zaai kopje')", timeout=30_000)
    assert f"Zaai kopje {move} " in page.locator("#hint-text").inner_text()
    page.wait_for_function(f"({RINGS})().length === 1")
