"""Akwaier's note before a merger that pays another player more than the one who makes it, in
Chromium: the note names who gains what, "Choose again" plays nothing, "Do it anyway" plays."""

from __future__ import annotations

from typing import Any

import httpx
import pytest

from ludotheek.games.akwaier.learn import merger_note
from tests.browser.akwaier_setup import find, import_game
from tests.serverproc import ServerProcess

pytestmark = pytest.mark.browser


def _paying_other(s: Any) -> bool:
    """Seat 0 places, and one of its tiles merges chains paying another seat more."""
    if s.phase != "place" or s.to_move != 0:
        return False
    return any(merger_note(s, m) is not None for m in s.legal_moves())


def test_a_merger_that_pays_another_more_is_noted_first(server: ServerProcess,
                                                        context_factory: Any) -> None:
    found = find(_paying_other)
    state = found[3]
    move = next(m for m in state.legal_moves() if merger_note(state, m) is not None)
    note = merger_note(state, move)
    assert note is not None
    gid, token = import_game(server.url, found)
    ctx = context_factory("en", warnings=True)
    ctx.add_init_script("localStorage.setItem('ludotheek.akwaier.delay', '0');")
    page = ctx.new_page()
    page.goto(f"{server.url}/play/{gid}#token={token}")
    page.wait_for_selector("#akw-board[data-mine='1']")
    version = httpx.get(f"{server.url}/api/games/{gid}").json()["version"]
    cell = move.split("+")[0]
    page.locator(f"#akw-board #cell-{cell}").click()  # the tile chosen, its preview shown
    page.locator("#act-place").click()
    warning = page.locator("#learn-warning")
    warning.wait_for()
    assert "This merger pays" in warning.inner_text()
    assert note["name"] in warning.inner_text()
    page.locator("#warning-back").click()
    warning.wait_for(state="detached")
    assert httpx.get(f"{server.url}/api/games/{gid}").json()["version"] == version
    # Back leaves the tile chosen: a second tap on it places it (docs/web.md, "Taps"), and the
    # note is asked again before the move goes
    page.locator(f"#akw-board #cell-{cell}").click()
    warning.wait_for()
    page.locator("#warning-go").click()
    page.wait_for_function(
        f"Number(document.querySelector('#akw-board').dataset.version) > {version}")
    moves = httpx.get(f"{server.url}/api/games/{gid}").json()["moves"]
    assert moves[version].startswith(cell)
