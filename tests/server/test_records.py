"""Records over the API: export, import (checked move by move), replays and rematches."""

from __future__ import annotations

import json

import pytest
from starlette.testclient import TestClient

from ludotheek.ai.arena import play_game
from ludotheek.core.record import Record, from_text, to_text
from ludotheek.games import get, names
from ludotheek.games.wari import WariState
from tests.narrow import narrow
from tests.server.conftest import auth, new_wari


def _random_record(game: str, seed: int) -> Record:
    result = play_game(get(game), {}, seed, ["random"] * get(game).new(seed).num_players,
                       player_seed=seed)
    return result.record


@pytest.mark.parametrize("game", names())
def test_export_import_round_trip_gives_the_identical_final_state(client: TestClient,
                                                                   game: str) -> None:
    for seed in (1, 2):
        rec = _random_record(game, seed)
        r = client.post("/api/records", json=rec.to_json())
        assert r.status_code == 201, r.text
        gid = r.json()["id"]
        exported = client.get(f"/api/games/{gid}/record").json()
        again = Record.from_json(exported)
        assert again.moves == rec.moves and again.seed == rec.seed
        assert again.replay().to_json() == rec.replay().to_json()
        # the text form round trips too
        text = client.get(f"/api/games/{gid}/record.txt").text
        assert from_text(text).replay().to_json() == rec.replay().to_json()
        r = client.post("/api/records", content=text.encode(),
                        headers={"Content-Type": "text/plain"})
        assert r.status_code == 201


def test_the_text_record_names_the_seats_in_the_asked_language(client: TestClient) -> None:
    """``record.txt?lang=`` in each of the page's languages (Norwegian was taken as English);
    another language is English."""
    gid, (south, _) = new_wari(client)
    client.post(f"/api/games/{gid}/moves", json={"move": "3", "version": 0},
                headers=auth(south))
    said = {lang: client.get(f"/api/games/{gid}/record.txt?lang={lang}").text
            for lang in ("en", "nl", "no", "xx")}
    assert "1. South: 3" in said["en"] and "1. Zuid: 3" in said["nl"]
    assert "1. Sør: 3" in said["no"] and said["xx"] == said["en"]


def test_a_corrupted_record_is_refused_and_nothing_is_stored(client: TestClient) -> None:
    rec = _random_record("wari", 3)
    data = rec.to_json()
    changed = dict(data, moves=[*data["moves"][:5], "13", *data["moves"][6:]])
    r = client.post("/api/records", json=changed)
    assert r.status_code == 400
    assert r.json()["error"].startswith("move 6 ('13') is illegal: there is no cup 13")
    wrong_game = dict(data, game="akwaier")
    r = client.post("/api/records", json=wrong_game)
    assert r.status_code == 400 and "unknown option 'first' for akwaier" in r.json()["error"]
    unknown = dict(data, game="chess")
    assert "unknown game" in client.post("/api/records", json=unknown).json()["error"]
    text = to_text(rec)
    truncated = text[: len(text) // 2].rsplit("\n", 1)[0] + "\n7. South"
    r = client.post("/api/records", content=truncated.encode(),
                    headers={"Content-Type": "text/plain"})
    assert r.status_code == 400 and "is not 'N. SEAT: moves'" in r.json()["error"]
    r = client.post("/api/records", content=b'{"game": "wari", "moves": [',
                    headers={"Content-Type": "application/json"})
    assert r.status_code == 400
    assert client.get("/api/games").json()["games"] == []


def test_an_unfinished_imported_game_can_be_played_on(client: TestClient) -> None:
    rec = Record("wari", {}, 0, ("3", "9"), ({"type": "person"},
                                             {"type": "computer", "level": "easy"}))
    r = client.post("/api/records", json=rec.to_json())
    gid, (south, _north) = r.json()["id"], [s["token"] for s in r.json()["seats"]]
    view = client.get(f"/api/games/{gid}", headers=auth(south)).json()
    assert view["version"] == 2 and view["legal_moves"]
    r = client.post(f"/api/games/{gid}/moves", json={"move": view["legal_moves"][0],
                                                     "version": 2}, headers=auth(south))
    assert r.status_code == 200


def test_replay_views_at_every_move(client: TestClient) -> None:
    gid, (south, north) = new_wari(client)
    for v, (move, tok) in enumerate([("3", south), ("9", north), ("1", south)]):
        client.post(f"/api/games/{gid}/moves", json={"move": move, "version": v},
                    headers=auth(tok))
    start = client.get(f"/api/games/{gid}/replay?at=0").json()
    assert start["state"]["board"] == [4] * 12 and start["at"] == 0 and start["total"] == 3
    after2 = client.get(f"/api/games/{gid}/replay?at=2").json()
    assert after2["moves"] == ["3", "9"] and after2["legal_moves"] == []
    expected = narrow(WariState, get("wari").new(seed=1).play("3").play("9"))
    assert after2["state"]["board"] == list(expected.board)
    assert client.get(f"/api/games/{gid}/replay?at=4").status_code == 400
    assert client.get(f"/api/games/{gid}/replay?at=x").status_code == 400


def test_records_of_secret_games_in_progress_leave_out_the_seed(client: TestClient) -> None:
    if "akwaier" not in names():
        pytest.skip("no akwaier")
    r = client.post("/api/games", json={"game": "akwaier", "seed": 123456789, "seats": [
        {"type": "person"}] + [{"type": "computer", "level": "classic"}] * 5})
    gid = r.json()["id"]
    exported = client.get(f"/api/games/{gid}/record").json()
    assert "seed" not in exported and "123456789" not in json.dumps(exported)
    assert "[Seed" not in client.get(f"/api/games/{gid}/record.txt").text


def test_rematch_same_seats_and_swapped(client: TestClient) -> None:
    gid, (south, north) = new_wari(client)
    url = f"/api/games/{gid}/rematch"
    assert client.post(url, json={"swap": False}, headers=auth(south)).status_code == 400
    client.post(f"/api/games/{gid}/moves", json={"move": "resign", "version": 0},
                headers=auth(north))
    assert client.post(url, json={"swap": True}).status_code == 403
    assert client.post(url, json={"swap": "yes"}, headers=auth(south)).status_code == 400
    with client.websocket_connect(f"/api/games/{gid}/live?token={north}") as ws:
        ws.receive_json()
        r = client.post(url, json={"swap": True}, headers=auth(south))
        assert r.status_code == 201
        mine = r.json()
        assert mine["seat"] == 1  # swapped: South of the old game is North now
        notice = ws.receive_json()
        assert notice["type"] == "rematch" and notice["id"] == mine["id"]
        assert notice["seat"] == 0 and notice["token"] != mine["token"]
    new = mine["id"]
    view = client.get(f"/api/games/{new}", headers=auth(notice["token"])).json()
    assert view["seat"] == 0 and view["parent"] == gid and view["legal_moves"]
    # asking again gives the same rematch
    again = client.post(url, json={"swap": False}, headers=auth(north)).json()
    assert again["id"] == new and again["token"] == notice["token"]
    assert client.get(f"/api/games/{gid}").json()["rematch"] == new
