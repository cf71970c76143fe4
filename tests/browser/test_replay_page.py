"""The replay viewer in Chromium: stepping through a finished game."""

from __future__ import annotations

import time
from typing import Any

import httpx
import pytest

from ludotheek.core.record import Record
from ludotheek.games.wari import WariState
from tests.narrow import narrow
from tests.serverproc import ServerProcess

pytestmark = pytest.mark.browser


def _finished_wari(server: ServerProcess) -> tuple[str, list[str]]:
    r = httpx.post(f"{server.url}/api/games", json={"game": "wari", "seed": 3, "seats": [
        {"type": "computer", "level": "easy"}, {"type": "computer", "level": "normal"}]})
    gid = r.json()["id"]
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        view = httpx.get(f"{server.url}/api/games/{gid}").json()
        if view["over"]:
            return gid, view["moves"]
        time.sleep(0.1)
    raise AssertionError("the computers did not finish")


def _board(page: Any) -> list[int]:
    return [int(page.locator(f"#cup-{c}").get_attribute("data-seeds")) for c in range(1, 13)]


def test_stepping_through_a_wari_replay(server: ServerProcess, context_factory: Any) -> None:
    gid, moves = _finished_wari(server)
    states = [narrow(WariState, s) for s in Record("wari", {}, 3, tuple(moves)).states()]
    page = context_factory().new_page()
    page.goto(f"{server.url}/replay/{gid}?move=5")
    page.wait_for_function("document.querySelector('#board svg')?.dataset.version === '5'")
    assert _board(page) == list(states[5].board)
    assert page.locator("#position").inner_text() == f"move 5 of {len(moves)}"
    page.keyboard.press("ArrowRight")
    page.wait_for_function("document.querySelector('#board svg').dataset.version === '6'")
    assert _board(page) == list(states[6].board)
    page.keyboard.press("ArrowLeft")
    page.keyboard.press("ArrowLeft")
    page.wait_for_function("document.querySelector('#board svg').dataset.version === '4'")
    assert _board(page) == list(states[4].board)
    page.locator("#replay-moves li[data-at='10']").click()
    page.wait_for_function("document.querySelector('#board svg').dataset.version === '10'")
    assert _board(page) == list(states[10].board)
    assert "move=10" in page.url  # the address is a link to this move
    page.keyboard.press("End")
    page.wait_for_selector("#result")
    assert page.locator("#board g.legal").count() == 0
    page.locator("#first").click()
    page.wait_for_function("document.querySelector('#board svg').dataset.version === '0'")
    assert _board(page) == [4] * 12


def _finished_akwaier(server: ServerProcess) -> tuple[str, list[str], int]:
    r = httpx.post(f"{server.url}/api/games", json={
        "game": "akwaier", "seed": 5, "seats": [{"type": "computer", "level": "classic"}] * 6})
    gid = r.json()["id"]
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        view = httpx.get(f"{server.url}/api/games/{gid}").json()
        if view["over"]:
            return gid, view["moves"], 5
        time.sleep(0.2)
    raise AssertionError("the computers did not finish")


def _akwaier_board(page: Any) -> list[str]:
    """Each cell as the page draws it: '.' empty, '#' loose, or its chain's letter."""
    cells: list[str] = page.evaluate("""() => [...document.querySelectorAll('[data-cell]')]
        .filter((g) => g.id.startsWith('cell-'))
        .map((g) => g.dataset.chain || (g.classList.contains('loose') ? '#' : '.'))""")
    return cells


def test_stepping_through_an_akwaier_replay(server: ServerProcess,
                                            context_factory: Any) -> None:
    gid, moves, seed = _finished_akwaier(server)
    rec = Record("akwaier", {}, seed, tuple(moves))
    states = list(rec.states())

    def expected(n: int) -> list[str]:
        board = states[n].view(None)["board"]
        return [ch for row in board for ch in row]

    at = len(moves) // 2
    page = context_factory().new_page()
    page.goto(f"{server.url}/replay/{gid}?move={at}")
    page.wait_for_function(f"document.querySelector('[data-version]')?.dataset.version === '{at}'")
    assert _akwaier_board(page) == expected(at)
    page.keyboard.press("ArrowRight")
    page.wait_for_function(
        f"document.querySelector('[data-version]').dataset.version === '{at + 1}'")
    assert _akwaier_board(page) == expected(at + 1)
    page.locator("#replay-moves li[data-at='40']").click()
    page.wait_for_function("document.querySelector('[data-version]').dataset.version === '40'")
    assert _akwaier_board(page) == expected(40)
    page.keyboard.press("End")
    page.wait_for_selector("#result")
    assert _akwaier_board(page) == expected(len(moves))
    # a spectator's replay shows no hand
    assert page.locator("[data-slot]").count() == 0


def test_importing_a_record_from_the_lobby(server: ServerProcess, context_factory: Any,
                                           tmp_path: Any) -> None:
    gid, moves = _finished_wari(server)
    record = httpx.get(f"{server.url}/api/games/{gid}/record.txt").text
    good = tmp_path / "game.txt"
    good.write_text(record)
    bad = tmp_path / "bad.txt"
    bad.write_text(record.replace(f"1. South: {moves[0]}", "1. South: 13", 1)
                   if f"1. South: {moves[0]}" in record else record + "\n99. South: 13\n")
    page = context_factory().new_page()
    page.goto(server.url + "/")
    page.wait_for_selector("#import-form")
    page.set_input_files("#import-file", str(bad))
    page.locator("#import-form button").click()
    page.wait_for_selector(".toast.error")
    assert "is not allowed" in page.locator(".toast").inner_text()  # worded by the catalog
    page.set_input_files("#import-file", str(good))
    page.locator("#import-form button").click()
    page.wait_for_url("**/replay/*")
    page.wait_for_selector("#result")


def test_the_replay_of_a_game_nobody_has_moved_in_says_so_and_offers_nothing(
        server: ServerProcess, context_factory: Any) -> None:
    # a new user opens "Replay" of a game they just started: no play button that plays
    # nothing, no "move 0 of 0" to step through, but a sentence saying why
    r = httpx.post(f"{server.url}/api/games", json={"game": "wari", "seats": [
        {"type": "person"}, {"type": "person"}]})
    page = context_factory().new_page()
    page.goto(f"{server.url}/replay/{r.json()['id']}")
    page.wait_for_selector("#board svg[data-version='0']")
    for control in ["#first", "#back", "#playpause", "#forward", "#last", "#slider"]:
        assert page.locator(control).is_disabled(), control
    assert page.locator("#status").inner_text() == \
        "No move has been played yet: there is nothing to replay. The game's page shows the " \
        "position as it is."
