"""The OpenAPI description of the profile and rating endpoints (server/profiles.py)."""

from __future__ import annotations

from typing import Any

from ludotheek.server.bodies import ClaimSeat, NewProfile, Rename
from ludotheek.server.shapes import Shape, ref

ERROR = {"type": "object", "required": ["error"], "properties": {
    "error": {"type": "string"},
    "code": {"type": "string", "description": "the catalogs word it as errors.<code>"},
    "params": {"type": "object"}}}
SECRET: dict[str, Any] = {"security": [{"profile": []}]}
PROFILE_ID = {"name": "id", "in": "path", "required": True, "schema": {"type": "string"}}
GAME_ID = {"name": "id", "in": "path", "required": True, "schema": {"type": "string"}}
RATING = {"type": "object", "properties": {
    "game": {"type": "string"}, "rating": {"type": "integer"},
    "sigma": {"type": "integer", "description": "the uncertainty (one standard deviation)"},
    "games": {"type": "integer", "description": "rated games played"},
    "provisional": {"type": "boolean"}, "place": {"type": "integer"}}}
PROFILE = {"type": "object", "required": ["id", "name", "ratings"], "properties": {
    "id": {"type": "string"}, "name": {"type": "string"}, "created": {"type": "number"},
    "ratings": {"type": "array", "items": RATING}}}
def _body(shape: type[Shape]) -> dict[str, Any]:
    return {"required": True, "content": {"application/json": {"schema": ref(shape)}}}

RATED_GAME = {"type": "object", "required": ["rated"], "properties": {
    "rated": {"type": "boolean"},
    "status": {"type": "string", "enum": ["pending", "rated", "unrated"]},
    "reason": {"type": ["string", "null"],
               "description": "result, left, abandoned; or why it is unrated: no_start, undo"},
    "seats": {"type": "array", "items": {"type": "object"}}}}


def _json(schema: dict[str, Any], description: str = "ok") -> dict[str, Any]:
    return {"description": description, "content": {"application/json": {"schema": schema}}}


def _errors(*codes: int) -> dict[str, Any]:
    text = {400: "malformed", 403: "no profile code, an unknown one, or a wrong seat token",
            404: "unknown profile or game", 409: "not possible now",
            413: "body over the size limit"}
    return {str(c): _json(ERROR, text[c]) for c in codes}


def paths() -> dict[str, Any]:
    limit = {"name": "limit", "in": "query", "schema": {"type": "integer", "minimum": 1,
                                                         "maximum": 100}}
    return {
        "/api/profiles": {"post": {
            "summary": "Make a profile: a name; the answer holds its secret code (kept by "
                       "the browser, stored by the server only as a hash)",
            "requestBody": _body(NewProfile),
            "responses": {"201": _json({"type": "object", "required": ["id", "secret"],
                                        "properties": {"id": {"type": "string"},
                                                       "secret": {"type": "string"},
                                                       "code": {"type": "string"},
                                                       "link": {"type": "string"}}}),
                          **_errors(400, 413)}}},
        "/api/profiles/me": {
            "get": {"summary": "The profile of the code sent as 'Authorization: Bearer CODE'",
                    **SECRET, "responses": {"200": _json(PROFILE), **_errors(400, 403)}},
            "post": {"summary": "Rename the profile of the code", **SECRET,
                     "requestBody": _body(Rename),
                     "responses": {"200": _json(PROFILE), **_errors(400, 403, 413)}},
            "delete": {"summary": "Delete the profile of the code and its ratings", **SECRET,
                       "responses": {"200": _json({"type": "object"}),
                                     **_errors(400, 403)}}},
        "/api/profiles/{id}": {"get": {
            "summary": "A profile: its name and its rating in each game it has played rated",
            "parameters": [PROFILE_ID],
            "responses": {"200": _json(PROFILE), **_errors(404)}}},
        "/api/profiles/{id}/history": {"get": {
            "summary": "A profile's rating after each of its rated games of one game",
            "parameters": [PROFILE_ID, {"name": "game", "in": "query", "required": True,
                                        "schema": {"type": "string"}},
                           {"name": "limit", "in": "query",
                            "schema": {"type": "integer", "minimum": 1, "maximum": 2000}}],
            "responses": {"200": _json({"type": "object"}), **_errors(400, 404)}}},
        "/api/profiles/{id}/games": {"get": {
            "summary": "A profile's recent rated games, newest first",
            "parameters": [PROFILE_ID, limit],
            "responses": {"200": _json({"type": "object"}), **_errors(400, 404)}}},
        "/api/ratings/{game}": {"get": {
            "summary": "A game's leaderboard: the profiles' ratings, highest first, and the "
                       "computer levels' fixed ratings",
            "parameters": [{"name": "game", "in": "path", "required": True,
                            "schema": {"type": "string"}}, limit,
                           {"name": "offset", "in": "query",
                            "schema": {"type": "integer", "minimum": 0, "maximum": 10**6}}],
            "responses": {"200": _json({"type": "object"}), **_errors(400, 404)}}},
        "/api/games/{id}/rating": {"get": {
            "summary": "Whether a game is rated, who sits where, and once it is over each "
                       "seat's place and rating before and after",
            "parameters": [GAME_ID],
            "responses": {"200": _json(RATED_GAME), **_errors(404)}}},
        "/api/games/{id}/profile": {"post": {
            "summary": "Seat your profile on your seat of a rated game (the seat's token as "
                       "'Authorization: Bearer TOKEN')",
            "parameters": [GAME_ID],
            "security": [{"seat": []}],
            "requestBody": _body(ClaimSeat),
            "responses": {"200": _json(RATED_GAME), **_errors(400, 403, 404, 409, 413)}}},
    }
