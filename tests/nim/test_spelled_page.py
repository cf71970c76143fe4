"""The shared page modules tell an undo by the kind the API marks it with, not by its text
(issue 22): Spelled Nim's move ``undo 1`` is logged and paced as a move. The views are
real answers of the API (Spelled Nim lives in this test's process only), given to the
real ``ui.js`` and ``movelog.js`` in the browser."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from ludotheek.core import registry
from ludotheek.server import Settings, create_app
from tests.nim.spelled import PLUGIN
from tests.server.conftest import auth, wait_version
from tests.serverproc import ServerProcess

pytestmark = pytest.mark.browser

#: what the page modules make of a view ``now`` after ``before``: whether a computer
#: decided it (ui.js, the human pace) and the log's entry for its last move (movelog.js)
JUDGE = """async ([now, before]) => {
  const ui = await import("/static/js/ui.js");
  const { MoveLog } = await import("/static/js/movelog.js");
  const log = new MoveLog({ gameId: now.id, sentences: () => [],
                            history: () => new Promise(() => {}) });
  log.update(now, before);
  const entry = log.entry(now.version);
  return { decided: ui.computerDecided(now, before), logged: entry ? entry.move : null };
}"""


@pytest.fixture
def views(tmp_path: Path) -> Iterator[list[dict[str, Any]]]:
    """A person (seat 0) against the computer: the views at the start, after the move
    ``undo 1``, after the computer's answer, and after an undo to 0."""
    registry.register(PLUGIN)
    try:
        app = create_app(tmp_path / "spelled.sqlite3", Settings(computer_workers=0,
                                                                requests_per_second=0))
        with TestClient(app) as client:
            r = client.post("/api/games", json={"game": "spelled_nim", "seed": 1, "seats": [
                {"type": "person"}, {"type": "computer", "level": "easy"}]})
            gid, token = r.json()["id"], r.json()["seats"][0]["token"]
            start = client.get(f"/api/games/{gid}", headers=auth(token)).json()
            moved = client.post(f"/api/games/{gid}/moves", json={"move": "undo 1", "version": 0},
                                headers=auth(token)).json()
            answered = wait_version(client, gid, 2, token)
            undone = client.post(f"/api/games/{gid}/undo", json={"version": 2},
                                 headers=auth(token)).json()
            yield [start, moved, answered, undone]
    finally:
        registry.unregister(PLUGIN.name)


def test_the_page_modules_take_a_move_spelled_undo_for_a_move(
        server: ServerProcess, context_factory: Any, views: list[dict[str, Any]]) -> None:
    start, moved, answered, undone = views
    assert moved["moves"] == ["undo 1"] and undone["kinds"][-1] == "undo"
    page = context_factory().new_page()
    errors: list[str] = []
    page.on("pageerror", lambda err: errors.append(str(err)))
    page.goto(server.url + "/")
    # the person's move spelled "undo 1" is logged as a move
    assert page.evaluate(JUDGE, [moved, start]) == {"decided": False, "logged": "undo 1"}
    # the computer's answer is logged and shown at a human pace
    assert page.evaluate(JUDGE, [answered, moved]) == {"decided": True,
                                                       "logged": answered["moves"][1]}
    # the undo is no move: the log asks the history for it
    assert page.evaluate(JUDGE, [undone, answered]) == {"decided": False, "logged": None}
    # a computer's move spelled "undo 1" (seat 0 standing for a computer here) is paced
    # as a move; the text alone would have read it as an undo
    as_computer = [{**s, "type": "computer"} if i == 0 else s
                   for i, s in enumerate(moved["seats"])]
    assert page.evaluate(JUDGE, [{**moved, "seats": as_computer},
                                 {**start, "seats": as_computer}])["decided"] is True
    assert not errors, errors
