"""The API's shapes declared once (server/edge/shapes.py, edge/bodies.py, api/answers/): the
OpenAPI document's schemas are the Structs' own, the requests are checked by them in one order
whatever the order of the JSON, and what the server answers is what they declare."""

from __future__ import annotations

from typing import Any

import msgspec
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from starlette.testclient import TestClient

from ludotheek.games import get, names
from ludotheek.server.api.answers import games as answers
from ludotheek.server.api.openapi.document import SHAPES, spec
from ludotheek.server.edge import bodies
from ludotheek.server.edge.shapes import GIVEN, Answer, Refusal, Refusals, Shape, decode
from ludotheek.server.errors import Invalid, ServiceError
from tests.server.conftest import auth, fits, new_wari


def _component(shape: type[msgspec.Struct]) -> dict[str, Any]:
    _, found = msgspec.json.schema_components(
        [shape], ref_template="#/components/schemas/{name}")
    component: dict[str, Any] = found[shape.__name__]
    return component


def test_the_documents_schemas_are_the_structs() -> None:
    schemas = spec()["components"]["schemas"]
    for shape in SHAPES:
        expected = _component(shape)
        if shape is bodies.CreateGame:  # the games registered now
            expected["properties"]["game"]["enum"] = names()
        assert schemas[shape.__name__] == expected, shape.__name__
    assert schemas["SeatIn"] == _component(bodies.SeatIn)
    # every shape of the modules is in the document
    declared = {v for m in (bodies, answers) for v in vars(m).values()
                if isinstance(v, type) and issubclass(v, Shape | Answer)
                and v not in (Shape, Answer)}
    assert {s.__name__ for s in declared} <= set(schemas)


def test_the_request_bodies_refer_to_their_shapes() -> None:
    paths = spec()["paths"]

    def body(path: str) -> Any:
        return paths[path]["post"]["requestBody"]["content"]["application/json"]["schema"]

    expected = {"/api/games": "CreateGame", "/api/games/{id}/moves": "MoveBody",
                "/api/games/{id}/undo": "VersionBody", "/api/games/{id}/abort": "VersionBody",
                "/api/games/{id}/leave": "VersionBody",
                "/api/games/{id}/rematch": "RematchBody", "/api/learn/{game}/try": "TryBody"}
    for path, name in expected.items():
        assert body(path) == {"$ref": f"#/components/schemas/{name}"}, path
    ok = paths["/api/games/{id}"]["get"]["responses"]["200"]["content"]["application/json"]
    assert ok["schema"] == {"$ref": "#/components/schemas/View"}
    assert spec()["components"]["schemas"]["MoveBody"]["properties"]["move"]["maxLength"] \
        == bodies.MAX_MOVE


@pytest.mark.parametrize("game", names())
def test_views_and_histories_are_what_their_shapes_declare(client: TestClient,
                                                          game: str) -> None:
    n = get(game).num_players({})
    r = client.post("/api/games", json={"game": game, "seats": [{"type": "person"}] * n})
    fits(r.json(), answers.Created)
    gid, tokens = r.json()["id"], [s["token"] for s in r.json()["seats"]]
    for _ in range(3):
        view = client.get(f"/api/games/{gid}").json()
        fits(view, answers.View)
        if view["over"]:
            break
        mine = client.get(f"/api/games/{gid}", headers=auth(tokens[view["to_move"]])).json()
        fits(mine, answers.View)
        r = client.post(f"/api/games/{gid}/moves", headers=auth(tokens[view["to_move"]]),
                        json={"move": mine["legal_moves"][0], "version": view["version"]})
        fits(r.json(), answers.View)
    fits(client.get(f"/api/games/{gid}/history").json(), answers.History)
    r = client.post(f"/api/games/{gid}/moves", headers=auth(tokens[0]),
                    json={"move": "resign", "version": 3})
    if r.status_code == 200:  # a game with resignations
        fits(r.json(), answers.View)
    fits(client.get(f"/api/scores/{game}").json(), answers.Scores)
    listing = client.get("/api/games").json()
    fits(listing, answers.Listing)
    for entry in listing["games"]:
        fits(entry, answers.ListedGame)
    refused = client.post(f"/api/games/{gid}/moves", json={"move": "x", "version": 0})
    assert set(refused.json()) <= {f.name for f in msgspec.structs.fields(answers.Problem)}
    msgspec.convert(refused.json(), answers.Problem)


def test_an_imported_record_answers_its_shape(client: TestClient) -> None:
    gid, (south, _) = new_wari(client)
    client.post(f"/api/games/{gid}/moves", json={"move": "resign", "version": 0},
                headers={"Authorization": f"Bearer {south}"})
    record = client.get(f"/api/games/{gid}/record").json()  # (unfinished: not between people)
    fits(client.post("/api/records", json=record).json(), answers.Imported)


class _Pair(Shape):
    refusals = Refusals(
        body=Refusal("not an object", code="t.body"),
        unknown=Refusal("unknown {field}", code="t.unknown", field=GIVEN),
        missing={"a": Refusal("no a", code="t.no_a")},
        fields={"a": Refusal("bad a", code="t.a"), "b": Refusal("bad b", code="t.b"),
                "c": Refusal("bad c", code="t.c")})

    a: int
    b: str
    c: bool = False


def _refusal(raw: Any) -> str | None:
    try:
        decode(_Pair, raw)
    except Invalid as exc:
        return exc.code
    return None


FIELD = st.sampled_from(["a", "b", "c", "x", "y"])
VALUE = st.one_of(st.integers(), st.text(max_size=3), st.booleans(), st.none())


@settings(max_examples=200, deadline=None, database=None)
@given(st.dictionaries(FIELD, VALUE, max_size=5), st.randoms(use_true_random=False))
def test_the_same_refusal_whatever_the_order_of_the_fields(body: dict[str, Any],
                                                           rnd: Any) -> None:
    """The first fault by the shape's order, not by the JSON's: the same refusal for
    every order of the same fields; and it is the one the order of the checks names."""
    items = list(body.items())
    rnd.shuffle(items)
    assert _refusal(dict(items)) == _refusal(body)
    unknown = sorted(set(body) - {"a", "b", "c"})
    expected = ("t.unknown" if unknown else "t.no_a" if "a" not in body
                else "t.a" if not isinstance(body["a"], int) or isinstance(body["a"], bool)
                else "t.b" if not isinstance(body.get("b"), str)
                else "t.c" if not isinstance(body.get("c", False), bool) else None)
    assert _refusal(body) == expected


def test_a_hook_checks_its_field_in_its_turn() -> None:
    seen: list[Any] = []

    def hook(raw: Any, values: dict[str, Any]) -> str:
        seen.append((raw, dict(values)))
        return "made"

    assert decode(_Pair, {"b": 5, "a": 1}, hooks={"b": hook}).b == "made"
    assert seen == [(5, {"a": 1})]
    seen.clear()
    # the hook's value, whatever the field's type
    made: Any = decode(_Pair, {"a": 1, "b": "x"}, hooks={"c": hook}).c
    assert made == "made"
    assert seen == [(msgspec.UNSET, {"a": 1, "b": "x"})]  # absent: the hook decides


@settings(max_examples=300, deadline=None)
@given(raw=st.dictionaries(
    st.sampled_from(["type", "move", "version", "extra"]),
    st.one_of(st.text(max_size=8), st.integers(-3, 10**6), st.booleans(), st.none(),
              st.sampled_from(["move", "3", "resign"])), max_size=4))
def test_a_body_converted_at_once_is_what_the_field_by_field_way_makes(raw: Any) -> None:
    """``decode`` converts what fits with msgspec at once (no hooks): the same shape or the
    same refusal as the field-by-field way (which an empty set of hooks takes)."""
    for shape in (bodies.LiveMove, bodies.MoveBody, bodies.VersionBody):
        outcomes: list[tuple[Any, ...]] = []
        no_hooks: dict[str, Any] = {}
        for hooks in (None, no_hooks):
            try:
                outcomes.append(("ok", decode(shape, raw, hooks=hooks)))
            except ServiceError as exc:
                outcomes.append(("refused", type(exc), exc.message, exc.code, exc.extra))
        assert outcomes[0] == outcomes[1], (shape.__name__, raw)
