"""Words before a move: GET /api/games/{id}/advice (warnings and notes of each game)."""

from __future__ import annotations

from typing import Any

from starlette.testclient import TestClient

from ludotheek.learn import lessons
from tests.narrow import narrow
from tests.server.conftest import auth


def _import(client: TestClient, game: str, at: int) -> tuple[str, str]:
    """The guided game of ``game`` up to move ``at``, as a stored game with the learner a
    person and the others computers; its id and the learner's token."""
    lesson = lessons.lesson(game)
    assert lesson is not None
    rec = lesson.record
    n = len(lessons.positions(game, rec)[0].scores())
    seats: list[dict[str, Any]] = [{"type": "person"} if i == lesson.seat
                                   else {"type": "computer", "level": "easy"} for i in range(n)]
    r = client.post("/api/records", json={"game": game, "options": dict(rec.options),
                                          "seed": rec.seed, "moves": list(rec.moves[:at]),
                                          "seats": seats})
    assert r.status_code == 201, r.text
    data = r.json()
    return data["id"], data["seats"][lesson.seat]["token"]


def _notes(client: TestClient, gid: str, token: str, move: str) -> list[str]:
    r = client.get(f"/api/games/{gid}/advice", params={"move": move}, headers=auth(token))
    assert r.status_code == 200, r.text
    return [n["code"] for n in r.json()["notes"]]


def test_haaienzee_setup_reach_and_a_placement_with_nothing_in_reach(client: TestClient) -> None:
    gid, token = _import(client, "haaienzee", 0)
    r = client.get(f"/api/games/{gid}/advice", headers=auth(token)).json()
    assert max(r["position"]["reach"]["K2"]["grey"]) == 5 and r["version"] == 0
    assert _notes(client, gid, token, "K2 W grey") == []
    empty = next(h for h, by in r["position"]["reach"].items() if not any(by["white"]))
    assert _notes(client, gid, token, f"{empty} E white") == ["haaienzee.nothing_in_reach"]
    # only the seat to move asks, with its token
    assert client.get(f"/api/games/{gid}/advice").status_code == 403
    assert client.get(f"/api/games/{gid}/advice", headers=auth("nope")).status_code == 403
    assert client.get(f"/api/games/{gid}/advice", params={"move": "x" * 300},
                      headers=auth(token)).status_code == 400


def test_akwaier_a_merger_that_pays_another_player_more(client: TestClient) -> None:
    lesson = lessons.lesson("akwaier")
    assert lesson is not None
    gid, token = _import(client, "akwaier", lesson.step("keep").at)
    assert _notes(client, gid, token, "keep H") == ["akwaier.pays_others"]


def test_aqua_romana_a_closing_for_nothing(client: TestClient) -> None:
    lesson = lessons.lesson("aqua_romana")
    assert lesson is not None
    at = lesson.step("zero").at
    gid, token = _import(client, "aqua_romana", at)
    assert "aqua_romana.closes_for_zero" in _notes(client, gid, token,
                                                   narrow(str, lesson.record.moves[at]))
    assert _notes(client, gid, token, "not a move") == []


def test_wari_has_no_words_before_a_move(client: TestClient) -> None:
    gid, token = _import(client, "wari", 0)
    assert _notes(client, gid, token, "3") == []
