"""Taps on the four pages (issue 38, items 7 and 8; docs/web.md, "Taps"): a tap on a place
that cannot be played says why, in words, beside the finger; a first tap on a move shows what
it would do beside the finger and a second tap on the same place does it; a tap elsewhere,
Back or Escape cancels; a choice that is no move stays chosen when tapped again."""

from __future__ import annotations

from typing import Any

import httpx
import pytest

from ludotheek.games.haaienzee.players import HaaienzeeGreedy
from tests.browser import layout
from tests.browser.akwaier_setup import find as find_akwaier
from tests.browser.akwaier_setup import import_game as import_akwaier
from tests.browser.aqua_romana_setup import find as find_aqua
from tests.browser.aqua_romana_setup import import_game as import_aqua
from tests.browser.drive import version
from tests.browser.haaienzee_setup import greedy_moves
from tests.browser.haaienzee_setup import import_game as import_haaienzee
from tests.browser.records import play_until
from tests.serverproc import ServerProcess

pytestmark = pytest.mark.browser

PHONE = layout.SIZES["phone"]

#: the note beside the finger is next to the place: just above or below it, overlapping it
#: sideways (on a phone's screen the note may be wider than the place, never apart from it)
BESIDE = """([note, place]) => {
  const n = document.querySelector(note);
  const p = document.querySelector(place);
  if (!n || !p) return false;
  const a = n.getBoundingClientRect(), b = p.getBoundingClientRect();
  const gap = Math.max(b.top - a.bottom, a.top - b.bottom);
  return gap >= 0 && gap <= 24 && a.left < b.right && a.right > b.left;
}"""


def beside(page: Any, note: str, place: str) -> None:
    page.wait_for_function(BESIDE, arg=[note, place], timeout=10_000)


def phone(browser: Any, lang: str = "en", **storage: str) -> Any:
    ctx = layout.context(browser, PHONE, lang)
    for key, value in storage.items():
        ctx.add_init_script(f"localStorage.setItem('{key}', '{value}');")
    return ctx


def unchanged(page: Any, before: int) -> None:
    page.wait_for_timeout(300)  # a move, had one been sent, would be shown by now
    assert version(page) == before, "a tap played a move"


def test_wari_says_why_shows_a_sowing_and_sows_on_a_second_tap(server: ServerProcess,
                                                                browser: Any) -> None:
    ctx = phone(browser)
    page = ctx.new_page()
    r = httpx.post(f"{server.url}/api/games", json={"game": "wari", "seats": [
        {"type": "person"}, {"type": "computer", "level": "easy"}]}).json()
    page.goto(f"{server.url}/play/{r['id']}#token={r['seats'][0]['token']}")
    page.locator("#board g.legal").first.wait_for()
    # a phone is told to tap, not to press keys it has not got
    assert "press" not in page.locator("#status").inner_text()
    # North's cup: why not, beside it
    page.locator("#cup-9").tap()
    beside(page, "#tap-note.why", "#cup-9")
    # (North is the computer, named by its level: js/names.js)
    assert "Cup 9 is Computer (easy)'s" in page.locator("#tap-note").inner_text()
    unchanged(page, 0)
    # a first tap on cup 3: where its last seed falls, beside it; nothing sown
    page.locator("#cup-3").tap()
    beside(page, "#tap-note.show", "#cup-3")
    page.wait_for_function("document.getElementById('tap-note').textContent.includes('cup 7')")
    assert "Tap again" in page.locator("#tap-note").inner_text()
    assert page.locator("#cup-3.armed").count() == 1 and page.locator("#cup-7.lands").count() == 1
    unchanged(page, 0)
    # a tap beside the cups cancels it, and so does Escape
    page.locator("#store-south").tap()
    page.locator("#cup-3.armed").wait_for(state="detached")
    assert page.locator("#tap-note").count() == 0
    page.locator("#cup-3").tap()
    page.locator("#cup-3.armed").wait_for()
    page.keyboard.press("Escape")
    page.locator("#cup-3.armed").wait_for(state="detached")
    # another cup's first tap moves the choice there; the second tap on it sows
    page.locator("#cup-3").tap()
    page.locator("#cup-4").tap()
    page.locator("#cup-4.armed").wait_for()
    assert page.locator("#cup-3.armed").count() == 0
    unchanged(page, 0)
    page.locator("#cup-4").tap()
    page.wait_for_function("Number(document.querySelector('#board svg').dataset.version) >= 1")
    assert httpx.get(f"{server.url}/api/games/{r['id']}").json()["moves"][0] == "4"
    ctx.close()


def test_wari_tells_north_which_key_is_which_cup(server: ServerProcess,
                                                context_factory: Any) -> None:
    r = httpx.post(f"{server.url}/api/games", json={"game": "wari", "options": {
        "first": "north"}, "seats": [{"type": "computer", "level": "easy"},
                                     {"type": "person"}]}).json()
    page = context_factory("en").new_page()
    page.goto(f"{server.url}/play/{r['id']}#token={r['seats'][1]['token']}")
    page.locator("#board g.legal").first.wait_for()
    assert "1 for cup 7" in page.locator("#status").inner_text()


def test_haaienzee_says_why_a_hex_cannot_be_played_and_shows_a_move_beside_it(
        server: ServerProcess, browser: Any) -> None:
    moves, _ = greedy_moves()
    gid, tokens = import_haaienzee(server.url, moves, [
        {"type": "person"}, {"type": "computer", "level": "easy"}])
    ctx = phone(browser, **{"ludotheek.haaienzee.delay": "0"})
    page = ctx.new_page()
    page.goto(f"{server.url}/play/{gid}#token={tokens[0]}")
    page.locator("#hz-board[data-mine='1'] g.cell.target").first.wait_for()
    targets = page.evaluate("[...document.querySelectorAll('#hz-board g.cell.target')]"
                            ".map((g) => g.dataset.hex)")
    fish = page.evaluate("[...document.querySelectorAll('#hz-board g.cell[data-fish]')]"
                         ".map((g) => g.dataset.hex)")
    other = next(h for h in fish if h not in targets)
    # a fish the shark cannot end on: why, beside it, in the engine's terms
    page.locator(f"#hex-{other}").tap()
    beside(page, "#tap-note.why", f"#hex-{other}")
    assert other in page.locator("#tap-note").inner_text()
    before = version(page)
    unchanged(page, before)
    # a first tap on a lit hex: what the move does, beside it
    target = page.locator(f"#hex-{targets[0]}")
    target.tap()
    page.locator(f"#hex-{targets[0]}.armed").wait_for()
    beside(page, "#tap-note.show", f"#hex-{targets[0]}")
    assert "Tap again" in page.locator("#tap-note").inner_text()
    # Escape cancels it; a tap on a fish hex cancels it too (and says why)
    page.keyboard.press("Escape")
    page.locator("#hz-board g.armed").wait_for(state="detached")
    target.tap()
    page.locator(f"#hex-{targets[0]}.armed").wait_for()
    page.locator(f"#hex-{other}").tap()
    page.locator("#hz-board g.armed").wait_for(state="detached")
    page.locator("#tap-note.why").wait_for()
    unchanged(page, before)
    # the second tap on the same hex makes the move
    target.tap()
    page.locator(f"#hex-{targets[0]}.armed").wait_for()
    target.tap()
    page.wait_for_function(f"Number(document.querySelector('#hz-board').dataset.version)"
                           f" > {before}", timeout=20_000)
    ctx.close()


def test_aqua_romana_keeps_a_chosen_worker_and_a_tap_beside_cancels(
        server: ServerProcess, browser: Any) -> None:
    found = find_aqua(lambda s: s.phase == "build" and len(
        {m.split()[0] for m in s.legal_moves()}) >= 2)
    gid, token = import_aqua(server.url, found)
    ctx = phone(browser, **{"ludotheek.aqua_romana.delay": "0"})
    page = ctx.new_page()
    page.goto(f"{server.url}/play/{gid}#token={token}")
    board = page.locator("#aq-board[data-mine='1']")
    board.locator("g.worker.lit").first.wait_for()
    worker = board.locator("g.worker.lit").first.get_attribute("id")
    page.locator(f"#{worker}").tap()
    page.locator(f"#{worker}.selected").wait_for()
    # tapped again, the worker stays chosen (it used to be unchosen)
    page.locator(f"#{worker}").tap()
    page.wait_for_timeout(200)
    assert page.locator(f"#{worker}.selected").count() == 1
    # on to the tile: its first tap shows it beside the finger, a tap beside cancels it
    for _ in range(4):
        stage = page.locator("#aq-board").get_attribute("data-select")
        if stage == "tile":
            break
        if stage == "builder":
            board.locator("g.space.lit").first.tap()
        elif stage == "kind":
            page.locator("#aq-step button.aq-kind").first.tap()
        page.wait_for_function(f"document.querySelector('#aq-board').dataset.select"
                               f" !== '{stage}'")
    ghost = board.locator("g.ghost").first
    ghost.tap()
    page.locator("#aq-board g.ghost.armed").wait_for()
    beside(page, "#tap-note.show", "#aq-board g.ghost.armed")
    before = version(page)
    box = page.locator("#aq-board").bounding_box()
    page.touchscreen.tap(box["x"] + 4, box["y"] + 4)
    page.locator("#aq-board g.ghost.armed").wait_for(state="detached")
    unchanged(page, before)
    ctx.close()


def test_akwaier_a_second_click_on_the_chosen_tile_places_it(server: ServerProcess,
                                                             context_factory: Any) -> None:
    found = find_akwaier(lambda s: s.phase == "place" and sum(
        1 for h in s.view(0)["hand"] if h["cell"] and h["placeable"]) >= 2)
    gid, token = import_akwaier(server.url, found)
    ctx = context_factory("en")
    ctx.add_init_script("localStorage.setItem('ludotheek.akwaier.delay', '5');")
    page = ctx.new_page()
    page.goto(f"{server.url}/play/{gid}#token={token}")
    tile = page.locator("#akw-board g.own.lit.pick").first
    tile.wait_for()
    cell = tile.get_attribute("data-cell")
    before = version(page)
    tile.click()
    page.locator(f"#cell-{cell}.selected").wait_for()
    beside(page, "#tap-note.show", f"#cell-{cell}")
    unchanged(page, before)
    # a click beside the own tiles cancels the choice
    page.locator("#akw-board g.akw-cell.empty").first.click()
    page.locator("#akw-board g.own.selected").wait_for(state="detached")
    # the second click on the chosen tile places it
    page.locator(f"#cell-{cell}").click()
    page.locator(f"#cell-{cell}.selected").wait_for()
    page.locator(f"#cell-{cell}").click()
    page.wait_for_function(f"Number(document.querySelector('#akw-board').dataset.version)"
                           f" > {before}", timeout=20_000)
    assert httpx.get(f"{server.url}/api/games/{gid}").json()["moves"][before].startswith(cell)


def test_haaienzee_asks_beside_the_hex_and_never_waits_for_the_one_to_act(
        server: ServerProcess, context_factory: Any) -> None:
    """Issue 38, item 3: a risky placement's question is beside the hex just clicked, and the
    title says whose turn it is truly while it is asked, while the move is sent and while the
    other colour moves."""
    ctx = context_factory("en", animate=True, warnings=True)
    ctx.add_init_script("localStorage.setItem('ludotheek.haaienzee.delay', '0');")
    page = ctx.new_page()
    r = httpx.post(f"{server.url}/api/games", json={
        "game": "haaienzee", "seed": 6, "options": {},
        "seats": [{"type": "person"}, {"type": "computer", "level": "easy"}]}).json()
    page.goto(f"{server.url}/play/{r['id']}#token={r['seats'][0]['token']}")
    page.locator("#hz-board[data-mine='1']").wait_for()
    page.evaluate("""() => { window.titles = [];
      const n = document.getElementById('hz-title');
      new MutationObserver(() => window.titles.push(n.textContent))
        .observe(n, { childList: true, characterData: true, subtree: true }); }""")
    # grey facing west: a spot with nothing in reach is risky (tests/browser/test_learn_warnings)
    page.locator("#hz-colour-grey").click()
    page.locator("#hz-dir-W").click()
    page.locator("#hz-board .eats.reach").first.wait_for()
    empty = page.evaluate("""[...document.querySelectorAll('#hz-board g.cell.free')]
        .map((g) => g.dataset.hex)
        .find((h) => !document.querySelector(`#hz-board .eats.reach[data-hex='${h}']`))""")
    page.locator(f"#hex-{empty}").click()
    page.locator("#learn-warning").wait_for()
    beside(page, "#learn-warning", f"#hex-{empty}")
    assert page.locator("#hz-title").inner_text() == "Place Yellow shark 1"
    page.locator("#warning-go").click()
    # the rest of the setup and a turn, with the moves animated
    for _ in range(40):
        page.locator("#hz-board[data-mine='1']").wait_for(timeout=20_000)
        if page.locator("#hz-board").get_attribute("data-phase") == "turn":
            break
        seen = version(page)
        page.locator("#hz-board g.cell.free").first.click()
        page.wait_for_function(f"document.getElementById('learn-warning') || Number(document"
                               f".querySelector('#hz-board').dataset.version) > {seen}")
        if page.locator("#learn-warning").count():
            page.locator("#warning-go").click()
    before = version(page)
    page.locator("#hz-board[data-mine='1'] g.cell.target, #hz-pass:enabled").first.click()
    page.wait_for_function(f"document.getElementById('learn-warning') || Number(document"
                           f".querySelector('#hz-board').dataset.version) > {before}")
    if page.locator("#learn-warning").count():
        page.locator("#warning-go").click()
    page.wait_for_function(f"Number(document.querySelector('#hz-board').dataset.version)"
                           f" >= {before + 2}", timeout=30_000)
    titles = page.evaluate("window.titles")
    assert titles and not [x for x in titles if "waiting for Yellow" in x], titles


def test_haaienzee_says_how_a_game_ends_and_warns_of_a_lead(server: ServerProcess,
                                                          context_factory: Any) -> None:
    """Issue 38, item 4: the start dialog says that 10 ahead at the end of a round wins (a
    default game can end after one round), and a lead that nears it is said."""
    page = context_factory("nl").new_page()
    page.goto(server.url + "/")
    page.locator("#quick-haaienzee").click()
    rule = page.locator("#hz-start-rule")
    rule.wait_for()
    assert "10 voorstaat" in rule.inner_text() and "eerste ronde" in rule.inner_text()
    page.keyboard.press("Escape")
    # greedy play until Yellow is to move, 6 to 9 ahead or behind, in round 2
    from ludotheek.games.haaienzee import GAME

    reached = play_until(GAME.new(seed=0), [HaaienzeeGreedy(seed=0), HaaienzeeGreedy(seed=1)],
                         lambda s: s.phase == "turn" and 6 <= abs(s.health[0] - s.health[1]) < 10)
    assert reached is not None
    moves, state = reached
    gid, tokens = import_haaienzee(server.url, moves, [
        {"type": "person"}, {"type": "computer", "level": "easy"}], seed=0)
    page.goto(f"{server.url}/play/{gid}#token={tokens[0]}")
    diff = page.locator("#hz-diff.near")
    diff.wait_for()
    lead = abs(state.health[0] - state.health[1])
    words = diff.inner_text()
    assert f"{lead} voor" in words and f"ronde {state.round}" in words and "10 voorstaat" in words
    assert "10 voorstaat" in page.locator(".toast.warning").inner_text()
