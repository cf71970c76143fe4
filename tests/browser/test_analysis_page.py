"""The analysis in the replay viewer, in Chromium: the Analyse button, the progress, the
graph and the marks, the better move on the board, and the cheating rule."""

from __future__ import annotations

import time
from typing import Any

import httpx
import pytest

from tests.analysis.helpers import finished_record, played_out
from tests.serverproc import ServerProcess

pytestmark = pytest.mark.browser


def _import(server: ServerProcess) -> str:
    data = finished_record("haaienzee", 3).to_json()
    data["seats"] = [{"type": "person", "name": "Ann"}, {"type": "computer", "level": "normal"}]
    r = httpx.post(f"{server.url}/api/records", json=data)
    assert r.status_code == 201, r.text
    return str(r.json()["id"])


def _result(server: ServerProcess, gid: str) -> dict[str, Any]:
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        answer = httpx.get(f"{server.url}/api/games/{gid}/analysis").json()
        if answer["status"] == "done":
            return dict(answer["result"])
        time.sleep(0.1)
    raise AssertionError("the analysis did not finish")


def test_the_page_shows_the_graph_and_the_marks(server: ServerProcess,
                                                context_factory: Any) -> None:
    gid = _import(server)
    page = context_factory().new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(f"{server.url}/play/{gid}")
    page.locator("#analyse-link").click()  # the finished game's page offers it
    page.wait_for_url(f"**/replay/{gid}?analyse=1*")
    page.wait_for_selector("#analysis-graph svg.analysis-chart", timeout=60_000)
    # the chart comes while the review runs (issue 39); the marks are counted at its end
    page.wait_for_selector("#analysis-progress", state="hidden", timeout=60_000)
    result = _result(server, gid)
    bad = [d for d in result["decisions"] if d["mark"] in ("inaccuracy", "mistake", "blunder")]
    assert bad, "greedy players make mistakes"
    assert page.locator("#analysis-graph polyline.seat-line").count() == 2
    assert page.locator("#analysis-graph circle.mark").count() == len(bad)
    assert page.locator("#replay-moves li[data-mark]").count() == len(bad)
    assert page.locator("#analysis-summary tbody tr").count() == 2
    # a blunder in the move list: its mark and the better move in words
    blunder = next(d for d in bad if d["mark"] == "blunder")
    page.locator(f"#replay-moves li[data-at='{blunder['number']}']").click()
    page.wait_for_function(f"document.querySelector('#analysis-move')?.dataset.mark === "
                           f"'blunder' && location.search.includes('move={blunder['number']}')")
    assert blunder["better"] in page.locator("#analysis-better").inner_text()
    # the better move and the move played, drawn on the board of the position before it
    page.locator("#show-better").click()
    page.wait_for_function(f"new URLSearchParams(location.search).get('move') === "
                           f"'{blunder['before']}'")
    page.wait_for_selector("#board .ludo-better, #board .ludo-played")
    assert page.locator("#analysis-shown").is_visible()
    # a click on the graph shows that position
    chart = page.locator("#analysis-graph svg.analysis-chart").bounding_box()
    assert chart is not None
    page.mouse.click(chart["x"] + chart["width"] - 14, chart["y"] + chart["height"] / 2)
    page.wait_for_function(f"new URLSearchParams(location.search).get('move') === "
                           f"'{result['moves']}'")
    # try again from the position before the blunder: a new game against the computer
    page.goto(f"{server.url}/replay/{gid}?move={blunder['before']}")
    page.locator("#try-again").click()
    page.wait_for_url("**/play/*")
    new_id = page.url.rsplit("/", 1)[1].split("#")[0]
    assert new_id != gid
    view = httpx.get(f"{server.url}/api/games/{new_id}").json()
    assert view["moves"][:blunder["before"]] == result_positions_moves(server, gid,
                                                                       blunder["before"])
    assert [s["type"] for s in view["seats"]].count("person") == 1
    page.wait_for_selector("#board svg")
    assert not errors


def result_positions_moves(server: ServerProcess, gid: str, at: int) -> list[str]:
    return list(httpx.get(f"{server.url}/api/games/{gid}").json()["moves"][:at])


#: every state of the page's progress bar while it is shown: [value, max]
WATCH_PROGRESS = """
window.__progress = [];
new MutationObserver(() => {
  const bar = document.getElementById("analysis-progress");
  if (bar && !bar.hidden) window.__progress.push([Number(bar.value), Number(bar.max)]);
}).observe(document, { subtree: true, childList: true, attributes: true,
  attributeFilter: ["hidden", "value", "max"] });
"""


def test_a_game_against_the_computer_is_analysed_while_it_runs(server: ServerProcess,
                                                                context_factory: Any) -> None:
    """A game of a person against the computer offers Analyse on its page before it is
    over; the replay viewer shows the progress bar, then the graph; the game goes on."""
    r = httpx.post(f"{server.url}/api/games", json={"game": "wari", "seed": 3, "seats": [
        {"type": "person", "name": "Ann"}, {"type": "computer", "level": "beginner"}]})
    assert r.status_code == 201, r.text
    gid, token = r.json()["id"], r.json()["seats"][0]["token"]
    headers = {"Authorization": f"Bearer {token}"}
    for _ in range(10):  # ten moves of Ann's, the computer answering each
        deadline = time.monotonic() + 30
        while (view := httpx.get(f"{server.url}/api/games/{gid}",
                                 headers=headers).json())["to_move"] != 0:
            assert time.monotonic() < deadline, "the computer did not answer"
            time.sleep(0.1)
        r = httpx.post(f"{server.url}/api/games/{gid}/moves", headers=headers,
                       json={"move": view["legal_moves"][0], "version": view["version"]})
        assert r.status_code == 200, r.text
    page = context_factory().new_page()
    page.add_init_script(WATCH_PROGRESS)
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(f"{server.url}/play/{gid}#token={token}")
    page.locator("#analyse-link").click()
    page.wait_for_url(f"**/replay/{gid}?analyse=1*")
    page.wait_for_selector("#analysis-graph svg.analysis-chart", timeout=60_000)
    page.wait_for_selector("#analysis-progress", state="hidden", timeout=60_000)
    seen = page.evaluate("window.__progress")
    assert seen and any(value < most for value, most in seen), seen
    assert page.locator("#analysis-progress").is_hidden()
    answer = httpx.get(f"{server.url}/api/games/{gid}/analysis", headers=headers).json()
    assert answer["status"] == "done" and seen[-1][1] == answer["total"] > 0
    assert page.locator("#analysis-graph polyline.seat-line").count() == 2
    view = httpx.get(f"{server.url}/api/games/{gid}").json()
    assert view["status"] == "active" and answer["moves"] == view["version"] >= 20
    assert not errors


def test_no_analysis_of_a_game_between_people_in_progress(server: ServerProcess,
                                                          context_factory: Any) -> None:
    r = httpx.post(f"{server.url}/api/games", json={"game": "wari", "seats": [
        {"type": "person"}, {"type": "person"}]})
    gid = r.json()["id"]
    page = context_factory(lang="nl").new_page()
    page.goto(f"{server.url}/replay/{gid}")
    page.wait_for_selector("#analysis-note")
    assert page.locator("#analyse").is_disabled()
    assert "hulp van buitenaf" in page.locator("#analysis-note").inner_text()
    page.goto(f"{server.url}/play/{gid}")
    page.wait_for_selector("#record a")
    assert page.locator("#analyse-link").count() == 0


def test_a_game_without_an_analysis_offers_none(server: ServerProcess,
                                                context_factory: Any) -> None:
    from ludotheek.core.record import Record
    from ludotheek.games import get

    state = get("nim").new(1)  # the test game declares no analysis
    moves = []
    while not state.is_over:
        moves.append(state.legal_moves()[0])
        state = state.play(moves[-1])
    data = Record("nim", dict(state.options), 1, tuple(moves)).to_json()
    data["seats"] = [{"type": "person", "name": "Ann"}, {"type": "computer", "level": "random"}]
    r = httpx.post(f"{server.url}/api/records", json=data)
    assert r.status_code == 201, r.text
    gid = r.json()["id"]
    meta = {g["name"]: g for g in httpx.get(f"{server.url}/api/meta").json()["games"]}
    assert not meta["nim"]["analysis"] and meta["wari"]["analysis"]
    page = context_factory().new_page()
    page.goto(f"{server.url}/replay/{gid}?analyse=1")
    page.wait_for_selector("#analysis #analyse", state="attached")
    page.wait_for_function("document.getElementById('analysis').hidden")
    page.goto(f"{server.url}/play/{gid}")
    page.wait_for_selector("#record[data-analysis='no'] #replay-link")
    assert page.locator("#analyse-link").count() == 0


#: what each game's board marks for the better move of its blundered record
#: (tests/analysis/records/<game>-blunder.json): the move, and the elements standing for it
BETTER_ON_THE_BOARD = {
    "wari": ("1", "#cup-1"),
    "akwaier": ("buy B 3", "g.akw-cell[data-chain='B']"),  # a buy: the chain's tiles
    "aqua_romana": ("yellow3 T26 curve e8 NW", "#worker-yellow3, #space-26, #sq-e8"),
    "haaienzee": ("H1", "#hex-H1"),
}


@pytest.mark.parametrize("game", sorted(BETTER_ON_THE_BOARD))
def test_every_games_board_shows_the_better_move(server: ServerProcess, context_factory: Any,
                                                 game: str) -> None:
    """The blundered record of each game, played out, analysed around its blunder (the
    engine's real measures, stored as the server stores them): the replay viewer names the
    better move and draws it, and the move played, on that game's board."""
    from ludotheek.analysis.local import measure_all
    from ludotheek.analysis.plan import Plan
    from ludotheek.analysis.result import assemble
    from ludotheek.analysis.review import review_for
    from ludotheek.store import open_database
    from tests.analysis.test_engine import around, blunder_record

    record, expect = blunder_record(game)
    better, where = BETTER_ON_THE_BOARD[game]
    assert expect["better"] == better, "the record's better move changed: update the table"
    whole = played_out(record)
    data = whole.to_json()
    data["seats"] = [{"type": "person", "name": "Ann"}] + [
        {"type": "computer", "level": "normal"}] * (whole.replay().num_players - 1)
    r = httpx.post(f"{server.url}/api/records", json=data)
    assert r.status_code == 201, r.text
    gid = str(r.json()["id"])
    plan = Plan.of(whole)
    review = review_for(game)
    measures = measure_all(plan, positions=around(plan, expect["number"]))
    result = assemble(plan, measures, review)
    decision = result["decisions"][expect["number"] - 1]
    assert (decision["mark"], decision["better"]) == ("blunder", better)
    db = open_database(server.db)
    try:
        db.analyses.start(gid, review.engine(), len(whole.moves), len(measures))
        for n, m in measures.items():
            db.analyses.put_position(gid, review.engine(), n, m)
        db.analyses.finish(gid, review.engine(), len(whole.moves), result)
    finally:
        db.close()
    page = context_factory().new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(f"{server.url}/replay/{gid}?move={decision['number']}")
    page.wait_for_function("document.querySelector('#analysis-move')?.dataset.mark === "
                           "'blunder'", timeout=30_000)
    assert better in page.locator("#analysis-better").inner_text()
    page.locator("#show-better").click()
    page.wait_for_function(f"new URLSearchParams(location.search).get('move') === "
                           f"'{decision['before']}'")
    page.wait_for_selector("#board .ludo-better")
    marked = page.locator("#board .ludo-better")
    wanted = page.locator(f"#board :is({where})")
    assert wanted.count() > 0 and marked.count() == wanted.count()
    for i in range(wanted.count()):
        assert "ludo-better" in (wanted.nth(i).get_attribute("class") or "")
    assert page.locator("#board .ludo-played").count() > 0  # the move played, too
    assert decision["move"] in page.locator("#analysis-shown").inner_text()
    assert not errors
