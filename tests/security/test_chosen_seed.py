"""Issue 34, hole 2: a chosen seed, also in rated games.

The attack: ``seed`` was accepted from the client in every game. Replaying the record with
that seed showed the computers' hidden Akwaier hands and the bag order, and since the
computer's replies depend only on (seed, move number), the same human line against the same
seed met the same replies twice: a winning line could be replayed for rating.

Now a seed from the client is for an unrated game with at most one person seat (practice,
replaying a deal); a rated game or a game with another person gets the server's, secret until
the game ends (records, replays and rematches say nothing of it), and an unfinished game with
more than one person cannot be imported with a seed of its own. In a rated game the
computer's choices between moves of equal worth come from that secret seed: the same line of
play meets different replies.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from ludotheek.ai import players
from ludotheek.core.record import Record
from ludotheek.games import get
from ludotheek.server.computer.turns import seed_for
from tests.security.fairplay import move, my_turn, new_profile, rated_game, serve
from tests.server.conftest import auth


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    yield from serve(tmp_path)


def test_a_rated_game_refuses_a_chosen_seed(client: TestClient) -> None:
    anna = new_profile(client, "Anna")
    r = client.post("/api/games", json={
        "game": "wari", "rated": True, "seed": 7,
        "seats": [{"type": "person", "profile": anna["secret"]},
                  {"type": "computer", "level": "strong"}]})
    assert r.status_code == 400, r.text
    assert r.json()["code"] == "create.seed_chosen"
    assert client.get("/api/games").json()["games"] == []  # nothing was made
    # without a seed of its own the same game is made, with the server's
    assert rated_game(client, "wari", anna, [{"type": "computer", "level": "strong"}])["rated"]


def test_a_game_with_another_person_refuses_a_chosen_seed(client: TestClient) -> None:
    people = [{"type": "person"}, {"type": "person"}] + [
        {"type": "computer", "level": "classic"}] * 4
    r = client.post("/api/games", json={"game": "akwaier", "seed": 7, "seats": people})
    assert r.status_code == 400 and r.json()["code"] == "create.seed_chosen", r.text
    assert client.get("/api/games").json()["games"] == []
    # practice: one person and the computers, or one person alone, may replay a deal
    alone = [{"type": "person"}] + [{"type": "computer", "level": "classic"}] * 5
    r = client.post("/api/games", json={"game": "akwaier", "seed": 7, "seats": alone})
    assert r.status_code == 201, r.text
    assert client.post("/api/games", json={"game": "akwaier", "seats": people}
                       ).status_code == 201


def _hidden(client: TestClient, gid: str, seed: int | None = None) -> None:
    """Nothing a client can read of game ``gid`` names its seed."""
    record = client.get(f"/api/games/{gid}/record").json()
    assert "seed" not in record, record
    assert "[Seed" not in client.get(f"/api/games/{gid}/record.txt").text
    for path in (f"/api/games/{gid}", f"/api/games/{gid}/replay?at=0"):
        assert "seed" not in client.get(path).json()["state"]
    if seed is not None:  # a number of ten digits or so (the server's seeds)
        for path in (f"/api/games/{gid}", f"/api/games/{gid}/record",
                     f"/api/games/{gid}/history", f"/api/games/{gid}/rating"):
            assert not re.search(rf"\b{seed}\b", client.get(path).text), path


def test_the_seed_of_a_rated_game_is_secret_until_it_ends(client: TestClient) -> None:
    """Wari has no chance, but its computers' choices come from the seed: while a rated
    game runs its record leaves the seed out, and so does its rematch's."""
    anna = new_profile(client, "Anna")
    game = rated_game(client, "wari", anna, [{"type": "computer", "level": "normal"}])
    gid, token = game["id"], game["seats"][0]["token"]
    move(client, gid, token, "3")
    my_turn(client, gid, token)
    _hidden(client, gid)
    move(client, gid, token, "resign")
    seed = client.get(f"/api/games/{gid}/record").json()["seed"]  # over: shared
    r = client.post(f"/api/games/{gid}/rematch", json={"swap": False}, headers=auth(token))
    assert r.status_code == 201, r.text
    new, mine = r.json()["id"], r.json()["token"]
    assert client.get(f"/api/games/{new}/rating").json()["rated"]
    _hidden(client, new, seed)
    move(client, new, mine, "resign")
    assert client.get(f"/api/games/{new}/record").json()["seed"] != seed  # drawn anew


def test_an_unfinished_game_between_people_cannot_be_imported_with_its_seed(
        client: TestClient) -> None:
    state = get("akwaier").new(7)
    moves = []
    for _ in range(6):
        moves.append(state.legal_moves()[0])
        state = state.play(moves[-1])
    people = [{"type": "person"}, {"type": "person"}] + [
        {"type": "computer", "level": "classic"}] * 4
    data = Record("akwaier", {}, 7, tuple(moves), tuple(people)).to_json()
    r = client.post("/api/records", json=data)
    assert r.status_code == 400 and r.json()["code"] == "record.people_unfinished", r.text
    assert client.get("/api/games").json()["games"] == []
    # with one person (practice from a deal) it is imported, its seed secret while it runs
    alone = [{"type": "person"}] + [{"type": "computer", "level": "classic"}] * 5
    r = client.post("/api/records", json={**data, "seats": alone})
    assert r.status_code == 201, r.text
    _hidden(client, r.json()["id"])


def test_a_seed_that_decides_nothing_more_lets_people_import_their_game(
        client: TestClient) -> None:
    """Wari has no hidden draws: an unfinished game of two people goes on as it would with
    any seed, so it is imported (and its seats can be invited); with a computer seat among
    three or more players, or in Wari against a person and a computer's choices to come, the
    importer's seed would tell the computer's replies: refused."""
    people = ({"type": "person"}, {"type": "person"})
    data = Record("wari", {}, 7, ("3", "9"), people).to_json()
    r = client.post("/api/records", json=data)
    assert r.status_code == 201, r.text
    aqua = Record("aqua_romana", {"players": 3}, 7, (),
                  ({"type": "person"}, {"type": "person"},
                   {"type": "computer", "level": "normal"})).to_json()
    r = client.post("/api/records", json=aqua)
    assert r.status_code == 400 and r.json()["code"] == "record.people_unfinished", r.text


#: how many decisions the person makes in each game compared
DECISIONS = 3


def _line(client: TestClient, game: str, anna: dict[str, Any], seats: int) -> list[str]:
    """A rated game against the default level (normal) in which Anna always plays the
    first legal move, DECISIONS times, the computers answering between: its moves (with
    the same moves of Anna's, another line is another reply)."""
    made = rated_game(client, game, anna, [{"type": "computer", "level": "normal"}] * (
        seats - 1))
    gid, token = made["id"], made["seats"][0]["token"]
    view = my_turn(client, gid, token)
    for _ in range(DECISIONS):
        if view["status"] != "active":
            break
        move(client, gid, token, view["legal_moves"][0])
        view = my_turn(client, gid, token)
    if view["status"] == "active" and view["resignable"]:
        move(client, gid, token, "resign")  # (an Akwaier game waits for its person)
    moves: list[str] = view["moves"]
    return moves


@pytest.mark.parametrize(("game", "seats"), [
    ("wari", 2), ("aqua_romana", 2), ("haaienzee", 2), ("akwaier", 6)])
def test_the_same_line_meets_other_replies_in_rated_games(client: TestClient, game: str,
                                                         seats: int) -> None:
    """The same human line in 20 rated games (server-drawn seeds) against the default
    level meets at least two different replies. (In Akwaier and Haaienzee the deal differs
    too; in Wari and Aqua Romana, which have no chance, only the computer's choices can.)"""
    anna = new_profile(client, "Anna")
    lines = {json.dumps(_line(client, game, anna, seats)) for _ in range(20)}
    assert len(lines) >= 2, lines


def _positions(game: str, count: int) -> list[tuple[int, Any]]:
    """``count`` positions with a choice from a game of random moves (seed 7), spread over
    it, each with its move number."""
    rand = players.get(game, "random", seed=5)
    state, seen, number = get(game).new(7), [], 0
    while not state.is_over:
        if len(state.legal_moves()) > 1:
            seen.append((number, state))
        state = state.play(rand.choose(state))
        number += 1
    step = max(1, len(seen) // count)
    return seen[::step][:count]


@pytest.mark.parametrize("game", ["akwaier", "aqua_romana", "haaienzee"])
def test_every_level_chooses_between_equal_moves_by_the_secret_seed(game: str) -> None:
    """Every level of these games, each searching one at most 0.2 s: in one of a few
    positions the seeds of 20 games (``seed_for(secret seed, move number)``, as the server
    asks) get at least two different moves. Haaienzee's searches chose the first of moves
    of equal value, whatever the seed; now the seed chooses among them (and only among
    them: the move chosen is always one of the best by the level's own values)."""
    positions = _positions(game, 6)
    for name, level in players.levels(game).items():
        varied = False
        for number, state in positions:
            seen = set()
            for secret in range(20):
                player, seconds = players.for_level(game, name,
                                                    seed=seed_for(secret, number))
                analysis = player.analyse(state, None if seconds is None else 0.2) \
                    if hasattr(player, "analyse") else None
                if analysis is None:
                    seen.add(player.choose(state, None if seconds is None else 0.2))
                    continue
                seen.add(analysis.move)
                if level.player in ("strong", "greedy") and game == "haaienzee":
                    values = dict(analysis.ranking)
                    best = max(values.values())
                    assert values[analysis.move] >= best - 1e-9 * max(1.0, abs(best)), analysis
                if len(seen) > 1:
                    break
            if len(seen) > 1:
                varied = True
                break
        assert varied, f"{game}'s {name} chose the same move for every seed"
