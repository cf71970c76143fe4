"""The quick review through the server (issue 39): the analysis as it stands is shown
while the review runs, its progress streams, and what it ends with is the quick review
made in one process."""

from __future__ import annotations

import time
from typing import Any

import pytest
from starlette.testclient import TestClient

from ludotheek.analysis.local import analyse_record
from ludotheek.analysis.result import BAD
from ludotheek.analysis.review import review_for
from ludotheek.core.record import Record
from tests.analysis.helpers import finished_record, opening
from tests.server.test_analysis_api import import_record

#: a game against the computer may be analysed while it runs (the records here are the
#: first moves of a game)
SEATS = [{"type": "person", "name": "Ann"}, {"type": "computer", "level": "normal"}]


def _review(client: TestClient, gid: str,
            pause: float) -> tuple[list[dict[str, Any]], dict[str, Any]]:
    """Ask for the review of ``gid`` and poll it every ``pause`` s to its end: every answer
    while it ran, and the last (done)."""
    seen: list[dict[str, Any]] = []
    answer = client.post(f"/api/games/{gid}/analysis").json()
    deadline = time.monotonic() + 600  # a loaded machine
    while answer["status"] == "running" and time.monotonic() < deadline:
        seen.append(answer)
        time.sleep(pause)
        answer = client.get(f"/api/games/{gid}/analysis").json()
    assert answer["status"] == "done", answer
    return seen, answer


def test_marks_stream_while_the_review_runs_and_the_end_is_the_quick_review(
        client: TestClient) -> None:
    whole = finished_record("aqua_romana", 3)
    record = Record(whole.game, whole.options, whole.seed, whole.moves[:40])
    gid, _ = import_record(client, record, SEATS)
    seen, answer = _review(client, gid, 0.05)
    provisional = [a for a in seen if "result" in a]
    assert provisional, "no analysis was shown before the review ended"
    first = provisional[0]["result"]
    assert first["provisional"] is True
    assert any(p["standing"] for p in first["positions"])  # standings before the end
    dones = [a["done"] for a in seen]
    assert dones == sorted(dones) and all(0 <= a["done"] <= a["total"] for a in seen)
    result = answer["result"]
    assert "provisional" not in result
    assert result == analyse_record(record)  # the same quick review, the same seeds
    # every mark shown while it ran that the end keeps is the same mark
    final = {d["number"]: d["mark"] for d in result["decisions"]}
    for a in provisional:
        for d in a["result"]["decisions"]:
            if d["mark"] in BAD and final[d["number"]] in BAD:
                assert d["mark"] == final[d["number"]]


def test_progress_over_the_websocket_counts_screens_and_deepenings(
        client: TestClient) -> None:
    whole = finished_record("aqua_romana", 3)
    record = Record(whole.game, whole.options, whole.seed, whole.moves[:24])
    gid, _ = import_record(client, record, SEATS)
    with client.websocket_connect(f"/api/games/{gid}/live") as ws:
        assert ws.receive_json()["type"] == "view"
        ws.send_json({"type": "analyse"})
        seen = []
        while True:
            msg = ws.receive_json()
            if msg["type"] != "analysis":  # the computer seat's moves
                continue
            seen.append(msg)
            if msg["status"] == "done":
                break
    running = [m for m in seen if m["status"] == "running"]
    assert len(running) >= 10  # a message a position: screens, then deepenings
    assert [m["done"] for m in running] == sorted(m["done"] for m in running)
    assert any(m.get("provisional") for m in running)
    assert seen[-1]["done"] == seen[-1]["total"] > 0


@pytest.mark.parametrize("game", ["akwaier", "wari", "aqua_romana"])
def test_a_first_look_is_shown_before_any_position_is_studied(
        client: TestClient, game: str) -> None:
    """Issue 39: the games whose review proper is slow at the first positions (Wari at depth
    9, Akwaier's 360 simulations, Aqua Romana's screen of 100 iterations) show the
    analysis after a first look at a position
    (``analysis/stream.py``), before any position has its review's measure; the first
    looks are only shown: the end is the quick review made in one process."""
    assert review_for(game).preview is not None
    record = opening(game, 10)
    state = record.replay()
    # the person's turn: the computers do not move on while the review runs
    seats = [SEATS[0] if seat == state.to_move else SEATS[1]
             for seat in range(state.num_players)]
    gid, _ = import_record(client, record, seats)
    seen, answer = _review(client, gid, 0.02)
    shown = [a for a in seen if "result" in a]
    assert shown, "no analysis was shown before the review ended"
    # the first shown before the first position's measure: from a first look
    assert shown[0]["done"] == 0 and shown[0]["result"]["provisional"] is True
    assert any(p["standing"] for p in shown[0]["result"]["positions"])
    # the whole first look shown, still before the review's measures were all there
    assert any(a["done"] < a["total"] and all(
        p["standing"] for p in a["result"]["positions"]) for a in shown)
    want = analyse_record(record)
    if answer["result"].get("hidden"):  # Akwaier's tiles: no seat's better moves shown
        want = {**want, "hidden": True,
                "decisions": [{**d, "best": None, "better": None, "best_value": None}
                              for d in want["decisions"]],
                "positions": [{**p, "best": None} for p in want["positions"]]}
    assert answer["result"] == want
