"""Every answer of the API is declared once, as a Struct (server/answers*.py): the OpenAPI
document's answers and bodies refer to those declarations only (no schema written by hand),
and a real answer of every endpoint is what the declaration its document names says."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import msgspec
import pytest
from starlette.testclient import TestClient

from ludotheek.server import Settings, create_app
from ludotheek.server.api.openapi.document import SHAPES, spec
from tests.analysis.helpers import finished_record
from tests.server.conftest import auth, new_wari, wait_version

BY_NAME = {s.__name__: s for s in SHAPES}
#: the media types whose schemas are JSON (the text records' are text)
JSON_TYPES = ("application/json", "application/csp-report")


def _operations() -> Iterator[tuple[str, str, dict[str, Any]]]:
    for path, item in spec()["paths"].items():
        for method, operation in item.items():
            yield path, method, operation


def _schemas(operation: dict[str, Any]) -> Iterator[tuple[str, dict[str, Any]]]:
    """Every (where, schema) of an operation's body and answers."""
    bodies = [("request", operation.get("requestBody", {}))]
    bodies += [(status, r) for status, r in operation["responses"].items()]
    for where, part in bodies:
        for media, content in part.get("content", {}).items():
            if media in JSON_TYPES:
                yield f"{where} {media}", content["schema"]


def test_every_json_schema_of_the_paths_is_a_declared_shape() -> None:
    components = spec()["components"]["schemas"]
    seen = 0
    for path, method, operation in _operations():
        for where, schema in _schemas(operation):
            assert set(schema) == {"$ref"}, (path, method, where, schema)
            name = schema["$ref"].removeprefix("#/components/schemas/")
            assert name in BY_NAME and name in components, (path, method, where)
            seen += 1
    assert seen > 60


def answer_of(path: str, method: str, status: int) -> type[msgspec.Struct]:
    ref = spec()["paths"][path][method]["responses"][str(status)]["content"][
        "application/json"]["schema"]["$ref"]
    return BY_NAME[ref.removeprefix("#/components/schemas/")]


def declared(data: Any, shape: type[msgspec.Struct]) -> None:
    """``data`` is what ``shape`` declares: nothing more (its Struct forbids other fields),
    nothing less (no default filled in), every field of its type, all the way down."""
    assert msgspec.to_builtins(msgspec.convert(data, shape)) == data, shape.__name__


class Tour:
    """Calls of the API, each answer checked against the shape the document names."""

    def __init__(self, client: TestClient) -> None:
        self.client = client
        self.seen: set[tuple[str, str]] = set()

    def call(self, method: str, path: str, url: str, status: int = 200,
             **kwargs: Any) -> Any:
        r = self.client.request(method.upper(), url, **kwargs)
        assert r.status_code == status, (url, r.text)
        declared(r.json(), answer_of(path, method, status))
        self.seen.add((path, method))
        return r.json()


@pytest.fixture
def tour(tmp_path: Path) -> Iterator[Tour]:
    settings = Settings(computer_workers=0, requests_per_second=0, error_dir=tmp_path / "logs")
    with TestClient(create_app(tmp_path / "db.sqlite3", settings)) as client:
        yield Tour(client)


def _rated(tour: Tour) -> None:
    anna = tour.call("post", "/api/profiles", "/api/profiles", 201, json={"name": "Anna"})
    bert = tour.call("post", "/api/profiles", "/api/profiles", 201, json={"name": "Bert"})
    me = auth(anna["secret"])
    tour.call("get", "/api/profiles/me", "/api/profiles/me", headers=me)
    tour.call("post", "/api/profiles/me", "/api/profiles/me", json={"name": "Anne"}, headers=me)
    made = tour.call("post", "/api/games", "/api/games", 201, json={
        "game": "wari", "rated": True,
        "seats": [{"type": "person", "profile": anna["secret"]},
                  {"type": "person", "invite": True}]})
    gid, mine, invite = made["id"], made["seats"][0]["token"], made["seats"][1]["invite"]
    tour.call("get", "/api/games/{id}/rating", f"/api/games/{gid}/rating")  # pending
    # Bert takes the invited seat with his profile; Anna's seat already has hers
    theirs = tour.call("post", "/api/games/{id}/seats/{seat}/claim",
                       f"/api/games/{gid}/seats/1/claim",
                       json={"invite": invite, "profile": bert["secret"]})["token"]
    theirs = tour.call("post", "/api/games/{id}/seats/{seat}/resume",
                       f"/api/games/{gid}/seats/1/resume", json={"profile": bert["secret"]})[
        "token"]  # on another device
    tour.call("post", "/api/games/{id}/profile", f"/api/games/{gid}/profile",
              json={"profile": anna["secret"]}, headers=auth(mine))
    for token, move in ((mine, "3"), (theirs, "9"), (theirs, "resign")):
        version = tour.client.get(f"/api/games/{gid}").json()["version"]
        tour.client.post(f"/api/games/{gid}/moves", json={"move": move, "version": version},
                         headers=auth(token))
    deadline = time.monotonic() + 10
    while tour.call("get", "/api/games/{id}/rating", f"/api/games/{gid}/rating").get(
            "status") != "rated":
        assert time.monotonic() < deadline
        time.sleep(0.02)
    tour.call("get", "/api/profiles/{id}", f"/api/profiles/{anna['id']}")
    tour.call("get", "/api/profiles/{id}/history", f"/api/profiles/{anna['id']}/history?game=wari")
    tour.call("get", "/api/profiles/{id}/games", f"/api/profiles/{bert['id']}/games")
    tour.call("get", "/api/profiles/me/games", "/api/profiles/me/games", headers=me)
    tour.call("get", "/api/ratings/{game}", "/api/ratings/wari")
    unrated, _ = new_wari(tour.client)
    tour.call("get", "/api/games/{id}/rating", f"/api/games/{unrated}/rating")
    tour.call("delete", "/api/profiles/me", "/api/profiles/me", headers=me)


def _learning(tour: Tour) -> None:
    tour.call("get", "/api/learn", "/api/learn")
    tour.call("get", "/api/learn/{game}/howto", "/api/learn/wari/howto?lang=nl")
    tour.call("get", "/api/learn/{game}/howto/history",
              "/api/learn/wari/howto/history?diagram=big&from=1&to=2")
    tour.call("get", "/api/learn/{game}/lesson", "/api/learn/wari/lesson")
    tour.call("get", "/api/learn/{game}/view", "/api/learn/wari/view?at=5")
    tour.call("get", "/api/learn/{game}/history", "/api/learn/wari/history?from=1&to=3")
    tour.call("get", "/api/learn/{game}/advice", "/api/learn/haaienzee/advice?at=0")
    for at, move in ((4, "1"), (4, "2"), (26, "1")):  # legal, the coach's, refused
        tour.call("post", "/api/learn/{game}/try", "/api/learn/wari/try",
                  json={"at": at, "move": move})


def _games(tour: Tour) -> None:
    tour.call("get", "/healthz", "/healthz")
    tour.call("get", "/api/meta", "/api/meta")
    tour.call("get", "/api/data/{game}", "/api/data/wari")
    tour.call("post", "/api/client-errors", "/api/client-errors", 201,
              json={"message": "in the lobby"})
    gid, (south, _) = new_wari(tour.client, {"type": "computer", "level": "easy"})
    tour.call("get", "/api/games", "/api/games?limit=5")
    tour.call("get", "/api/games/{id}", f"/api/games/{gid}", headers=auth(south))
    tour.call("get", "/api/games/{id}/advice", f"/api/games/{gid}/advice", headers=auth(south))
    tour.call("get", "/api/games/{id}/advice", f"/api/games/{gid}/advice?move=3",
              headers=auth(south))
    tour.call("get", "/api/games/{id}/hint", f"/api/games/{gid}/hint", headers=auth(south))
    tour.call("post", "/api/games/{id}/moves", f"/api/games/{gid}/moves",
              json={"move": "3", "version": 0}, headers=auth(south))
    wait_version(tour.client, gid, 2)  # the computer's move
    tour.call("post", "/api/games/{id}/undo", f"/api/games/{gid}/undo",
              json={"version": 2}, headers=auth(south))
    tour.call("get", "/api/games/{id}/history", f"/api/games/{gid}/history")
    tour.call("get", "/api/games/{id}/replay", f"/api/games/{gid}/replay?at=1")
    record = tour.call("get", "/api/games/{id}/record", f"/api/games/{gid}/record")
    assert record["moves"][-1] == {"action": "undo", "to": 0}
    # its seed steers the computer, secret while the game runs (issue 34); Wari, which has no
    # chance, replays the same from any seed
    tour.call("post", "/api/records", "/api/records", 201, json={**record, "seed": 0})
    tour.call("post", "/api/games/{id}/try", f"/api/games/{gid}/try", 201, json={"at": 0})
    tour.call("post", "/api/games/{id}/leave", f"/api/games/{gid}/leave",
              json={"version": 3}, headers=auth(south))  # resigns: over
    tour.call("post", "/api/games/{id}/rematch", f"/api/games/{gid}/rematch", 201,
              json={"swap": True}, headers=auth(south))
    made = tour.call("post", "/api/games", "/api/games", 201, json={
        "game": "wari", "seats": [{"type": "person"}, {"type": "person"}]})
    fresh, tokens = made["id"], [s["token"] for s in made["seats"]]
    tour.call("post", "/api/games/{id}/abort", f"/api/games/{fresh}/abort",
              json={"version": 0}, headers=auth(tokens[0]))
    tour.call("get", "/api/scores/{game}", "/api/scores/akwaier")


def _words(tour: Tour) -> None:
    """The chat and a takeback between people (issue 36)."""
    gid, (south, north) = new_wari(tour.client)
    tour.call("post", "/api/games/{id}/chat", f"/api/games/{gid}/chat",
              json={"phrase": "good_move"}, headers=auth(south))
    tour.client.post(f"/api/games/{gid}/moves", json={"move": "3", "version": 0},
                     headers=auth(south))
    tour.call("post", "/api/games/{id}/takeback", f"/api/games/{gid}/takeback",
              json={"version": 1}, headers=auth(south))
    tour.call("post", "/api/games/{id}/takeback/answer", f"/api/games/{gid}/takeback/answer",
              json={"version": 1, "accept": True}, headers=auth(north))
    tour.call("get", "/api/games/{id}/chat", f"/api/games/{gid}/chat")


def _analysis(tour: Tour) -> None:
    data = finished_record().to_json()
    data["seats"] = [{"type": "person"}, {"type": "person"}]
    made = tour.client.post("/api/records", json=data).json()
    gid = made["id"]
    tour.call("get", "/api/games/{id}/analysis", f"/api/games/{gid}/analysis")  # none yet
    first = tour.client.post(f"/api/games/{gid}/analysis")
    declared(first.json(), answer_of("/api/games/{id}/analysis", "post", first.status_code))
    deadline = time.monotonic() + 120
    while tour.call("get", "/api/games/{id}/analysis",
                    f"/api/games/{gid}/analysis")["status"] != "done":
        assert time.monotonic() < deadline
        time.sleep(0.05)
    tour.call("post", "/api/games/{id}/analysis", f"/api/games/{gid}/analysis")  # the result


def _push(tour: Tour) -> None:
    """Web Push: subscriptions stored, never sent (no move follows; tests/server/test_push.py
    sends them)."""
    tour.call("get", "/api/push/key", "/api/push/key")
    made = tour.client.post("/api/games", json={
        "game": "wari", "seats": [{"type": "person"}, {"type": "person"}]}).json()
    gid, token = made["id"], made["seats"][1]["token"]
    keys = {"p256dh": "B" + "A" * 86, "auth": "A" * 22}
    device = {"endpoint": "https://push.example.com/one", "keys": keys}
    tour.call("post", "/api/games/{id}/push", f"/api/games/{gid}/push", json=device,
              headers=auth(token))
    tour.call("delete", "/api/games/{id}/push", f"/api/games/{gid}/push",
              json={"endpoint": device["endpoint"]}, headers=auth(token))
    secret = tour.client.post("/api/profiles", json={"name": "Cato"}).json()["secret"]
    tour.call("post", "/api/profiles/me/push", "/api/profiles/me/push", json=device,
              headers=auth(secret))
    tour.call("delete", "/api/profiles/me/push", "/api/profiles/me/push",
              json={"endpoint": device["endpoint"]}, headers=auth(secret))


def test_every_endpoint_answers_what_its_document_declares(tour: Tour) -> None:
    _games(tour)
    _words(tour)
    _learning(tour)
    _rated(tour)
    _analysis(tour)
    _push(tour)
    answering = {(path, method) for path, method, op in _operations()
                 if any(where.startswith(("2",)) for where, _ in _schemas(op))}
    assert answering - tour.seen == set()
