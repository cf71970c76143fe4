"""The hint: what the strong level would play for the seat to move, and why."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from ludotheek.server import Settings, create_app
from ludotheek.server.api.answers.games import Hint
from tests.server.conftest import auth, fits, new_wari, wait_version


@pytest.fixture
def quick(db_path: Path) -> Iterator[TestClient]:
    """A server whose computer players (and hints) think at most 0.2 s."""
    app = create_app(db_path, Settings(computer_workers=0, max_computer_seconds=0.2))
    with TestClient(app) as c:
        yield c


def test_hint_for_the_seat_to_move_against_the_computer(quick: TestClient) -> None:
    gid, (south, _) = new_wari(quick, {"type": "computer", "level": "easy"})
    r = quick.get(f"/api/games/{gid}/hint", headers=auth(south))
    assert r.status_code == 200, r.text
    hint = r.json()
    fits(hint, Hint)  # as the API declares it (server/api/answers/games.py)
    view = quick.get(f"/api/games/{gid}", headers=auth(south)).json()
    assert hint["move"] in view["legal_moves"]
    assert hint["version"] == view["version"] == 0 and hint["seat"] == 0
    assert hint["level"] == "strong" and hint["reason"]
    assert hint["ranking"] and hint["ranking"][0][0] == hint["move"]
    # what the hint is made of, for the page to word in its language
    assert hint["facts"]["cup"] == hint["move"] and hint["facts"]["seeds"] == 4
    assert 0 < hint["seconds"] <= 0.2
    # the same position gets the same answer
    assert quick.get(f"/api/games/{gid}/hint", headers=auth(south)).json() == hint
    # and the hint is only advice: the game has not moved
    assert quick.get(f"/api/games/{gid}").json()["version"] == 0


def test_no_hint_between_people(quick: TestClient) -> None:
    gid, (south, _) = new_wari(quick)
    r = quick.get(f"/api/games/{gid}/hint", headers=auth(south))
    assert r.status_code == 403 and "against the computer" in r.json()["error"]


def test_no_hint_out_of_turn_without_a_token_or_for_a_finished_game(
        quick: TestClient) -> None:
    gid, (south, _) = new_wari(quick, {"type": "computer", "level": "easy"})
    r = quick.get(f"/api/games/{gid}/hint")
    assert r.status_code == 403 and "token" in r.json()["error"]
    assert quick.get(f"/api/games/{gid}/hint", headers=auth("wrong")).status_code == 403
    assert quick.get("/api/games/nosuchgame/hint", headers=auth(south)).status_code == 404
    assert quick.post(f"/api/games/{gid}/moves", json={"move": "3", "version": 0},
                      headers=auth(south)).status_code == 200
    r = quick.get(f"/api/games/{gid}/hint", headers=auth(south))
    assert r.status_code in (200, 403)  # the computer may already have answered
    if r.status_code == 403:
        assert "seat to move" in r.json()["error"]
    view = wait_version(quick, gid, 2, south)
    hint = quick.get(f"/api/games/{gid}/hint", headers=auth(south)).json()
    assert hint["version"] == view["version"] and hint["move"] in view["legal_moves"]


def test_no_hint_when_the_game_is_over(quick: TestClient) -> None:
    gid, (south, _) = new_wari(quick, {"type": "computer", "level": "easy"})
    r = quick.post(f"/api/games/{gid}/moves", json={"move": "resign", "version": 0},
                   headers=auth(south))
    assert r.status_code == 200  # wari allows resigning
    r = quick.get(f"/api/games/{gid}/hint", headers=auth(south))
    assert r.status_code == 409 and "over" in r.json()["error"]


def test_akwaier_hint_says_the_expected_final_wealth(quick: TestClient) -> None:
    seats = [{"type": "person"}] + [{"type": "computer", "level": "classic"}] * 5
    r = quick.post("/api/games", json={"game": "akwaier", "seats": seats, "seed": 4})
    assert r.status_code == 201, r.text
    data = r.json()
    gid, token = data["id"], data["seats"][0]["token"]
    hint = quick.get(f"/api/games/{gid}/hint", headers=auth(token)).json()
    view = quick.get(f"/api/games/{gid}", headers=auth(token)).json()
    assert hint["move"] in view["legal_moves"]
    assert "expected final wealth" in hint["reason"]
    assert isinstance(hint["value"], float) and hint["value"] > 0
    assert hint["ranking"][0][0] == hint["move"]


def test_openapi_describes_the_hint(client: TestClient) -> None:
    spec = client.get("/openapi.json").json()
    hint = spec["paths"]["/api/games/{id}/hint"]["get"]
    assert set(hint["responses"]) >= {"200", "403", "404", "409"}
