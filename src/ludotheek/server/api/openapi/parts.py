"""The parts every section of the OpenAPI document (:mod:`ludotheek.server.api.openapi.document`) is
made of: bodies and answers referring to their declared shapes, the refusals."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import msgspec

from ludotheek.server.api.answers.games import Problem
from ludotheek.server.edge.shapes import ref

#: what each refusal's status means, unless a section says otherwise
REFUSALS = {400: "malformed or illegal", 403: "wrong token or not your turn",
            404: "unknown game", 409: "stale version or game over",
            413: "body over the size limit", 429: "too many requests or games"}
GAME_ID = {"name": "id", "in": "path", "required": True, "schema": {"type": "string"}}
GAME = {"name": "game", "in": "path", "required": True, "schema": {"type": "string"}}
SEAT: dict[str, Any] = {"security": [{"seat": []}]}
SEAT_OR_NONE: dict[str, Any] = {"security": [{}, {"seat": []}]}
TEXT = {"type": "string", "minLength": 1}


def body(shape: type[msgspec.Struct]) -> dict[str, Any]:
    """A request body of the shape ``shape``."""
    return {"required": True, "content": {"application/json": {"schema": ref(shape)}}}


def json(what: str, shape: type[msgspec.Struct]) -> dict[str, Any]:
    """An answer of the shape ``shape``."""
    return {"description": what, "content": {"application/json": {"schema": ref(shape)}}}


def errors(*codes: int, texts: Mapping[int, str] = REFUSALS) -> dict[str, Any]:
    """The refusals ``codes``, each a :class:`Problem`."""
    return {str(c): json(texts[c], Problem) for c in codes}


def answer(what: str, shape: type[msgspec.Struct], *codes: int, status: int = 200,
           texts: Mapping[int, str] = REFUSALS) -> dict[str, Any]:
    """The responses of an endpoint: ``shape`` with ``status``, or a refusal ``codes``."""
    return {str(status): json(what, shape), **errors(*codes, texts=texts)}


def query(shape: type[msgspec.Struct], **enums: list[Any]) -> list[dict[str, Any]]:
    """The query parameters of ``shape`` (server/api/queries.py), each with its schema from
    the declaration; ``enums`` the values a parameter takes that only the registry knows
    (the games). A parameter that may be absent (None) is described by its type alone:
    a URL has no null."""
    _, components = msgspec.json.schema_components([shape])
    found = components[shape.__name__]
    out = []
    for f in msgspec.structs.fields(shape):
        schema = dict(found["properties"][f.encode_name])
        kinds = [k for k in schema.pop("anyOf", []) if k != {"type": "null"}]
        if len(kinds) == 1:
            schema = {**kinds[0], **schema}
        if "default" in schema and schema["default"] is None:
            del schema["default"]
        if f.name in enums:
            schema["enum"] = enums[f.name]
        param: dict[str, Any] = {"name": f.encode_name, "in": "query"}
        if "description" in schema:
            param["description"] = schema.pop("description")
        if f.required:
            param["required"] = True
        out.append({**param, "schema": schema})
    return out
