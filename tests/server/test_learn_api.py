"""Learning to play over HTTP: /api/learn/... ("How to play", the guided game)."""

from __future__ import annotations

from starlette.testclient import TestClient

from ludotheek.games import names
from ludotheek.learn import lessons


def test_which_games_have_what(client: TestClient) -> None:
    games = {g["game"]: g for g in client.get("/api/learn").json()["games"]}
    assert games["wari"] == {"game": "wari", "howto": True, "lesson": True, "advice": False}
    assert games["haaienzee"]["advice"] and games["akwaier"]["advice"]
    assert set(games) == set(names())  # every game, with or without lessons


def test_howto_gives_every_diagram_with_views_of_real_positions(client: TestClient) -> None:
    data = client.get("/api/learn/wari/howto?lang=nl").json()
    assert data["summary"] == "learn_wari.howto.summary"
    assert data["sections"][0]["id"] == "board"
    big = next(d for d in data["diagrams"] if d["id"] == "big")
    before, after = big["frames"]
    assert before["view"]["state"]["board"][5] == 12 and after["view"]["state"]["board"][5] == 0
    assert before["marks"] == ["6"]
    assert before["view"]["names"] == ["Zuid", "Noord"]
    for frame in big["frames"]:
        assert "seed" not in frame["view"]["state"] and frame["view"]["legal_moves"] == []


def test_the_lesson_and_its_positions(client: TestClient) -> None:
    lesson = client.get("/api/learn/wari/lesson").json()
    assert lesson["seat"] == 0 and lesson["total"] == 63
    capture = next(s for s in lesson["steps"] if s["id"] == "capture")
    assert capture["play"] and capture["move"] == "2" and capture["rules"] == ["capture"]
    assert lesson["finish"]["level"] == "easy"
    assert lesson["finish"]["seats"][1] == {"type": "computer", "level": "easy", "name": None}
    view = client.get(f"/api/learn/wari/view?at={capture['at']}").json()
    assert view["to_move"] == 0 and "2" in view["legal_moves"] and view["version"] == 4
    assert view["moves"] == list(lessons.lesson("wari").record.moves[:4])  # type: ignore[union-attr]
    north = client.get("/api/learn/wari/view?at=5").json()
    assert north["to_move"] == 1 and north["legal_moves"] == [] and not north["thinking"]
    assert client.get("/api/learn/wari/view?at=64").status_code == 400
    assert client.get("/api/learn/wari/view?at=x").status_code == 400
    history = client.get("/api/learn/wari/history?from=1&to=3").json()
    assert [m["move"] for m in history["moves"]] == ["3", "7", "5"]


def test_another_move_is_explained_not_played(client: TestClient) -> None:
    other = client.post("/api/learn/wari/try", json={"at": 4, "move": "1"}).json()
    assert other["legal"] and not other["same"] and other["expected"] == "2"
    assert other["facts"]["expected"]["captures"] == 2 and other["facts"]["move"]["captures"] == 0
    same = client.post("/api/learn/wari/try", json={"at": 4, "move": "2"}).json()
    assert same["legal"] and same["same"]
    refused = client.post("/api/learn/wari/try", json={"at": 26, "move": "1"}).json()
    assert not refused["legal"] and "feed" in refused["reason"]
    assert refused["refusal"]["code"] == "feed"
    assert refused["problem"]["code"].startswith("wari.")
    assert client.post("/api/learn/wari/try", json={"at": 5, "move": "8"}).status_code == 400
    assert client.post("/api/learn/wari/try", json={"at": 4}).status_code == 400
    assert client.post("/api/learn/wari/try", json={"at": True, "move": "2"}).status_code == 400


def test_unknown_games_and_pages(client: TestClient) -> None:
    assert client.get("/api/learn/chess/lesson").status_code == 404
    assert client.get("/learn/chess").status_code == 404
    page = client.get("/learn/wari")
    assert page.status_code == 200 and "learn/page.js" in page.text
    assert client.get("/api/learn/wari/howto/history?diagram=big&from=1&to=2").json()["moves"]
    assert client.get("/api/learn/wari/howto/history?diagram=nope").status_code == 404
