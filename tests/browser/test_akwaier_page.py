"""The Akwaier page in Chromium: whole games by clicks and keys, watching, the retro view,
ties, buying, reloads, undo and the error log."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from ludotheek.ai import players
from tests.browser.akwaier_setup import find, import_game, partly_affordable, tie_tile
from tests.serverproc import ServerProcess

pytestmark = pytest.mark.browser

BOARD = "#akw-board"
SHOWN = f"Number(document.querySelector('{BOARD}').dataset.version)"
MINE = f"document.querySelector('{BOARD}[data-mine=\"1\"]')"
END = "document.querySelector('#akw-end[data-ready]')"


@pytest.fixture(scope="module")
def data_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return Path(tmp_path_factory.mktemp("akwaier-data"))


@pytest.fixture(scope="module")
def server(data_dir: Path) -> Iterator[ServerProcess]:
    """The server, with its data folder (the error log) where the test can read it."""
    with ServerProcess(data_dir / "browser.sqlite3", workers=1,
                       extra_env={"LUDOTHEEK_DATA": str(data_dir)}) as s:
        yield s


def _page(context_factory: Any, lang: str = "en", delay: int = 40) -> Any:
    ctx = context_factory(lang=lang)
    # tests keep the pause short: with "play fast" it is the floor of 15 ms
    ctx.add_init_script(f"localStorage.setItem('ludotheek.akwaier.delay', '{delay}');")
    return ctx.new_page()


def _start(page: Any, server: ServerProcess, button: str, name: str = "jan",
           seat: str = "2") -> str:
    """Open the lobby, answer ARE YOU PLAYING, HUMAN? and land on the new game."""
    page.goto(server.url + "/")
    page.locator("#quick-akwaier").click()
    page.wait_for_selector("#akw-start[open]")
    page.select_option("#start-lang", "en")
    page.fill("#start-name", name)
    page.select_option("#start-seat", seat)
    # the levels, each with its time per move (the strong one searches up to a second)
    page.wait_for_function("document.querySelector('#start-level option[value=strong]')"
                           "?.textContent.includes('1 s')")  # (the menu comes from /api/meta)
    levels = page.eval_on_selector_all("#start-level option", "os => os.map(o => o.value)")
    assert levels == list(players.levels("akwaier"))  # the whole ladder, weakest first
    page.click(button)
    page.wait_for_url("**/play/*")
    page.wait_for_selector(f"{BOARD}[data-version]")
    return str(page.url.rsplit("/", 1)[1])


def _act(page: Any, selector: str) -> None:
    """Click and wait until the board shows the answer."""
    shown = page.evaluate(SHOWN)
    page.locator(selector).first.click()
    page.wait_for_function(f"{SHOWN} > {shown}", timeout=20_000)


def _my_turn(page: Any) -> str:
    """Wait until this page decides (or the game ends); the phase, or 'over'."""
    page.wait_for_function(f"{MINE} || {END}", timeout=60_000)
    if page.evaluate(END):
        return "over"
    return str(page.locator(BOARD).get_attribute("data-phase"))


def _play_turn_part(page: Any, phase: str, turn: int) -> None:
    if phase == "place":
        if page.locator("#act-pass").count():
            _act(page, "#act-pass")
            return
        lit = page.locator("#akw-hand .akw-tile.lit").first
        slot = lit.get_attribute("id").split("-")[1]
        page.keyboard.press(slot)  # keys 1-8 choose a tile
        page.wait_for_selector("#act-place")
        if turn % 3 == 0 and page.locator("#act-found").count():
            page.click("#act-found")
            page.wait_for_selector("[id^=found-]")
            _act(page, "[id^=found-]")
        else:
            _act(page, "#act-place")
    elif phase == "keep":
        _act(page, "[id^=keep-]")
    elif phase == "buy":
        groups = page.locator(".buy-group button")
        _act(page, ".buy-group button" if groups.count() and turn % 2 == 0 else "#buy-none")


def test_a_whole_game_by_clicks_and_keys_to_the_score_list(
        server: ServerProcess, context_factory: Any) -> None:
    page = _page(context_factory)
    gid = _start(page, server, "#start-play", name="jan", seat="2")
    page.click("#akw-fast")  # play fast
    assert "JAN" in page.locator("#akw-players tbody tr").nth(1).inner_text()
    view = httpx.get(f"{server.url}/api/games/{gid}").json()
    assert view["names"][1] == "JAN" and {k: view["seats"][1][k] for k in (
        "type", "level", "name")} == {"type": "person", "level": None, "name": "JAN"}
    assert view["state"]["names"][1] == "JAN"
    decisions = 0
    while (phase := _my_turn(page)) != "over":
        _play_turn_part(page, phase, decisions)
        decisions += 1
    assert decisions > 25  # a whole game (of chance: mostly over 40 decisions, 39 seen)
    final = httpx.get(f"{server.url}/api/games/{gid}").json()
    assert final["over"]
    standings = page.locator("#akw-standings tbody tr")
    assert standings.count() == 6
    first = final["state"]["standings"][0]
    assert first["name"] in standings.first.inner_text()
    assert "JAN (you)" in page.locator("#akw-standings").inner_text()
    # the score list marks this game's six entries; the chart has a line per player
    assert page.locator("#akw-scorelist tr.new").count() == 6
    assert page.locator("#akw-chart path.line").count() == 6
    scores = httpx.get(f"{server.url}/api/scores/akwaier").json()["scores"]
    assert sum(s["game_id"] == gid for s in scores) == 6
    # the log wrote every decision: the number of moves shown is the game's
    shown_moves = page.evaluate(
        "new Set([...document.querySelectorAll('#akw-log li')].map(li => li.dataset.move)).size")
    assert shown_moves == final["version"]


def test_watching_a_whole_game(server: ServerProcess, context_factory: Any) -> None:
    page = _page(context_factory, delay=0)
    page.add_init_script("localStorage.setItem('ludotheek.akwaier.fast', '1');")
    gid = _start(page, server, "#start-watch")
    assert page.locator("#akw-hand").inner_text().startswith("You are watching")
    page.wait_for_function(END, timeout=80_000)
    view = httpx.get(f"{server.url}/api/games/{gid}").json()
    assert view["over"] and all(s["type"] == "computer" for s in view["seats"])
    assert page.evaluate(SHOWN) == view["version"]  # every view was shown, in order
    assert page.locator("#akw-log li.end").count() == 1
    # the pause before a computer's decision: 0.3 s, playing fast an eighth, at least 15 ms
    pause = "import('/static/js/games/akwaier.js').then(m => m.delay())"
    assert page.evaluate(pause) == 15
    page.evaluate("localStorage.setItem('ludotheek.akwaier.delay', '300')")
    assert page.evaluate(pause) == 37.5
    page.evaluate("localStorage.setItem('ludotheek.akwaier.fast', '0')")
    assert page.evaluate(pause) == 300


def test_the_retro_view_applies_its_colours_and_is_remembered(
        server: ServerProcess, context_factory: Any) -> None:
    found = find(lambda s: tie_tile(s) is not None)
    gid, token = import_game(server.url, found)
    page = _page(context_factory)
    page.goto(f"{server.url}/play/{gid}#token={token}")
    page.wait_for_selector(f"{BOARD}[data-version]")
    columns = "[...document.querySelectorAll('#akw-board .akw-coord')].slice(0, 15)" \
              ".map(n => n.textContent).join('')"
    assert page.evaluate(columns) == "123456789101112131415"
    page.click("#view-retro")
    assert page.get_attribute("#view-retro", "aria-pressed") == "true"
    assert page.evaluate(columns) == "123456789012345"

    def style(js: str) -> str:
        return str(page.evaluate(js)).strip().lower()

    assert style("getComputedStyle(document.body).backgroundColor") == "rgb(0, 0, 0)"
    var = "getComputedStyle(document.querySelector('#akw')).getPropertyValue('{}')"
    fills = {ch: style(var.format(f"--c-{ch}")) for ch in "ABCDEFGH"}
    assert fills == {"A": "#3c3c3c", "B": "#00ff00", "C": "#ffff00", "D": "#0000ff",
                     "E": "#ff00ff", "F": "#00ffff", "G": "#ffffff", "H": "#ff0000"}
    assert style(var.format("--t-F")) == "#000"  # F got a black letter
    chain_cell = page.locator("#akw-board g.chain").first
    chain = chain_cell.get_attribute("data-chain")
    fill = f"#akw-board g.chain-{chain} .fill"
    drawn = style(f"getComputedStyle(document.querySelector('{fill}')).fill")
    expected = {"A": "rgb(60, 60, 60)", "B": "rgb(0, 255, 0)", "C": "rgb(255, 255, 0)",
                "D": "rgb(0, 0, 255)", "E": "rgb(255, 0, 255)", "F": "rgb(0, 255, 255)",
                "G": "rgb(255, 255, 255)", "H": "rgb(255, 0, 0)"}[chain]
    assert drawn == expected
    assert page.evaluate(  # no colour is the only cue: every chain cell has its letter
        "[...document.querySelectorAll('#akw-board g.chain')]"
        ".every(g => g.querySelector('text.letter').textContent === g.dataset.chain)")
    page.reload()
    page.wait_for_selector(f"{BOARD}[data-version]")
    assert page.evaluate("document.body.classList.contains('akw-retro')")
    page.click("#view-modern")
    assert style("getComputedStyle(document.body).backgroundColor") != "rgb(0, 0, 0)"


def test_a_tie_offers_only_the_tied_chains_and_a_reload_resumes_the_phase(
        server: ServerProcess, context_factory: Any) -> None:
    found = find(lambda s: tie_tile(s) is not None)
    tile = tie_tile(found[3])
    assert tile is not None
    gid, token = import_game(server.url, found)
    page = _page(context_factory)
    page.goto(f"{server.url}/play/{gid}#token={token}")
    page.wait_for_function(MINE)
    page.keyboard.press(str(tile["slot"]))
    preview = page.locator("#akw-preview").inner_text()
    assert all(f"If {ch} survives" in preview for ch in tile["tied"])
    _act(page, "#act-place")
    assert page.locator(BOARD).get_attribute("data-phase") == "keep"
    offered = sorted(b.get_attribute("id")[5:] for b in page.locator("[id^=keep-]").all())
    assert offered == tile["tied"]
    assert len(tile["chains"]) > len(tile["tied"]) or offered == sorted(tile["chains"])
    # a reload in the middle of the turn comes back to the same question
    page.reload()
    page.wait_for_function(MINE)
    assert page.locator(BOARD).get_attribute("data-phase") == "keep"
    assert sorted(b.get_attribute("id")[5:] for b in page.locator("[id^=keep-]").all()) == offered
    _act(page, f"#keep-{offered[-1]}")
    view = httpx.get(f"{server.url}/api/games/{gid}", headers={
        "Authorization": f"Bearer {token}"}).json()
    assert view["moves"][-1] == f"keep {offered[-1]}"
    # the log says the merger (after the reload the lines before it come from the game's
    # history, which may come after the answer to the keep: the keep's lines wait for them)
    page.wait_for_function(
        "(words) => words.every((w) => document.querySelector('#akw-log').innerText"
        ".includes(w))", arg=[f"is absorbed by {offered[-1]}", "Bonus for"])


def test_buying_offers_only_what_the_cash_allows_and_survives_a_reload(
        server: ServerProcess, context_factory: Any) -> None:
    found = find(partly_affordable, start_cash=3000)
    gid, token = import_game(server.url, found)
    v = found[3].view(0)
    cash = v["players"][0]["cash"]
    expected = sorted(f"buy-{c['chain']}-{n}" for c in v["chains"] if c["exists"]
                      for n in range(1, 4) if n * c["price"] <= cash)
    assert any(c["exists"] and c["price"] > cash for c in v["chains"])
    page = _page(context_factory)
    page.goto(f"{server.url}/play/{gid}#token={token}")
    page.wait_for_function(MINE)
    assert page.locator(BOARD).get_attribute("data-phase") == "buy"
    offered = sorted(b.get_attribute("id") for b in page.locator(".buy-group button").all())
    assert offered == expected
    first = page.locator(".buy-group button").first
    chain, n = first.get_attribute("id").split("-")[1:]
    price = next(c["price"] for c in v["chains"] if c["chain"] == chain)
    assert f"{int(n) * price:,}" in first.inner_text()  # the price is on the button
    page.reload()
    page.wait_for_function(MINE)
    assert sorted(b.get_attribute("id") for b in page.locator(".buy-group button").all()) \
        == expected
    _act(page, "#buy-none")


def test_undo_takes_back_the_last_decision_and_the_log_says_so(
        server: ServerProcess, context_factory: Any) -> None:
    page = _page(context_factory)
    page.add_init_script("localStorage.setItem('ludotheek.akwaier.fast', '1');")
    gid = _start(page, server, "#start-play", name="", seat="1")
    assert _my_turn(page) == "place"
    assert page.locator("#akw-undo").is_hidden()  # nothing to take back yet
    page.keyboard.press("1")
    cell = page.locator("#tile-1").get_attribute("data-cell")
    _act(page, "#act-place")
    # (the view shown next may already be a computer's: wait until this seat decides)
    if _my_turn(page) == "buy":
        _act(page, "#buy-none")
    assert _my_turn(page) == "place"  # the computers played round
    before = httpx.get(f"{server.url}/api/games/{gid}").json()
    assert before["state"]["players"][0]["name"] == "HUMAN"  # no name: HUMAN
    page.click("#akw-undo")
    page.wait_for_function(f"{SHOWN} === {before['version'] + 1} && {MINE}")
    assert page.locator(BOARD).get_attribute("data-phase") == "place"
    assert page.locator("#tile-1").get_attribute("data-cell") == cell  # the tile is back
    assert page.locator(f"#cell-{cell}.own").count() == 1
    after = httpx.get(f"{server.url}/api/games/{gid}").json()
    assert after["moves"][:-1] == before["moves"] and after["moves"][-1] == "undo 0"
    assert "HUMAN takes back" in page.locator("#akw-log li.undo").inner_text()


def test_an_unexpected_error_is_shown_logged_and_the_game_goes_on(
        server: ServerProcess, context_factory: Any, data_dir: Path) -> None:
    page = _page(context_factory)
    gid = _start(page, server, "#start-play", seat="1")
    page.evaluate("setTimeout(() => { throw new Error('a test of the error log'); }, 0)")
    page.wait_for_selector("#page-error")
    page.wait_for_function(
        "document.querySelector('#page-error').textContent.includes('akwaier-fout.txt')")
    log = (data_dir / "akwaier-fout.txt").read_text()
    assert "a test of the error log" in log and f"game {gid}" in log
    assert _my_turn(page) == "place"  # the game goes on
    page.keyboard.press("1")
    _act(page, "#act-place")
