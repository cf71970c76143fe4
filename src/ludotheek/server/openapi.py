"""The OpenAPI description of the HTTP API, served at /openapi.json."""

from __future__ import annotations

from typing import Any

from ludotheek import __version__
from ludotheek.games import names

ERROR = {"type": "object", "required": ["error"],
         "properties": {"error": {"type": "string"}, "version": {"type": "integer"}}}
SEAT_IN = {
    "type": "object",
    "required": ["type"],
    "additionalProperties": False,
    "properties": {
        "type": {"type": "string", "enum": ["person", "computer"]},
        "level": {"type": "string", "description": "for a computer: easy, normal, strong, …"},
        "name": {"type": "string", "maxLength": 32},
    },
}
VIEW = {
    "type": "object",
    "required": ["id", "game", "version", "to_move", "over", "scores", "legal_moves", "state"],
    "properties": {
        "id": {"type": "string"},
        "game": {"type": "string"},
        "version": {"type": "integer", "description": "moves played; send it with a move"},
        "to_move": {"type": ["integer", "null"]},
        "over": {"type": "boolean"},
        "scores": {"type": "array", "items": {"type": "number"}},
        "winners": {"type": "array", "items": {"type": "integer"}},
        "legal_moves": {"type": "array", "items": {"type": "string"},
                        "description": "only for the seat to move"},
        "state": {"type": "object", "description": "what this seat may see"},
        "seat": {"type": ["integer", "null"]},
        "thinking": {"type": "boolean"},
        "moves": {"type": "array", "items": {"type": "string"}},
    },
}


def _errors(*codes: int) -> dict[str, Any]:
    text = {400: "malformed or illegal", 403: "wrong token or not your turn",
            404: "unknown game", 409: "stale version or game over",
            413: "body over the size limit", 429: "too many requests or games"}
    return {str(c): {"description": text[c],
                     "content": {"application/json": {"schema": ERROR}}} for c in codes}


GAME_ID = {"name": "id", "in": "path", "required": True, "schema": {"type": "string"}}


def spec() -> dict[str, Any]:
    return {
        "openapi": "3.0.3",
        "info": {
            "title": "ludotheek",
            "version": __version__,
            "description": (
                "Board games over HTTP. A game is created with its seats; each person seat "
                "gets a secret token (send it as 'Authorization: Bearer TOKEN'). Views are "
                "also pushed over the WebSocket /api/games/{id}/live?token=TOKEN after every "
                "change; it accepts {\"type\": \"move\", \"move\", \"version\"} and "
                "{\"type\": \"ping\"}."),
        },
        "components": {"securitySchemes": {"seat": {"type": "http", "scheme": "bearer"}}},
        "paths": {
            **_record_paths(),
            "/api/meta": {"get": {
                "summary": "The games, their options and levels",
                "responses": {"200": {"description": "games",
                                      "content": {"application/json": {"schema": {
                                          "type": "object"}}}}}}},
            "/api/games": {
                "post": {
                    "summary": "Create a game",
                    "requestBody": {"required": True, "content": {"application/json": {
                        "schema": {
                            "type": "object", "required": ["game", "seats"],
                            "additionalProperties": False,
                            "properties": {
                                "game": {"type": "string", "enum": names()},
                                "options": {"type": "object"},
                                "seats": {"type": "array", "items": SEAT_IN},
                                "seed": {"type": "integer", "minimum": 0,
                                         "maximum": 2**63 - 1},
                            }}}}},
                    "responses": {
                        "201": {"description": "created", "content": {"application/json": {
                            "schema": {"type": "object", "required": ["id", "seats"],
                                       "properties": {"id": {"type": "string"},
                                                      "seats": {"type": "array"}}}}}},
                        **_errors(400, 413, 429)},
                },
                "get": {
                    "summary": "Games in progress and finished ones",
                    "parameters": [
                        {"name": "status", "in": "query",
                         "schema": {"type": "string", "enum": ["active", "over"]}},
                        {"name": "game", "in": "query",
                         "schema": {"type": "string", "enum": names()}},
                        {"name": "limit", "in": "query",
                         "schema": {"type": "integer", "minimum": 1, "maximum": 500}},
                        {"name": "offset", "in": "query",
                         "schema": {"type": "integer", "minimum": 0, "maximum": 10**9}},
                    ],
                    "responses": {"200": {"description": "games", "content": {
                        "application/json": {"schema": {"type": "object"}}}},
                        **_errors(400)},
                },
            },
            "/api/games/{id}": {"get": {
                "summary": "The view of a seat (with its token) or of a spectator",
                "parameters": [GAME_ID],
                "security": [{}, {"seat": []}],
                "responses": {"200": {"description": "the view", "content": {
                    "application/json": {"schema": VIEW}}}, **_errors(400, 403, 404)},
            }},
            "/api/games/{id}/moves": {"post": {
                "summary": "Play a move (or 'resign') for the seat of the token",
                "parameters": [GAME_ID],
                "security": [{"seat": []}],
                "requestBody": {"required": True, "content": {"application/json": {"schema": {
                    "type": "object", "required": ["move", "version"],
                    "additionalProperties": False,
                    "properties": {"move": {"type": "string"},
                                   "version": {"type": "integer"}}}}}},
                "responses": {"200": {"description": "the new view", "content": {
                    "application/json": {"schema": VIEW}}},
                    **_errors(400, 403, 404, 409, 413)},
            }},
        },
    }


SEAT_TOKEN: dict[str, Any] = {"security": [{}, {"seat": []}]}
CREATED = {"description": "created", "content": {"application/json": {"schema": {
    "type": "object", "required": ["id"], "properties": {"id": {"type": "string"}}}}}}


def _record_paths() -> dict[str, Any]:
    """Records (export, import, replays, rematches) and the health check."""
    download = {"name": "download", "in": "query", "schema": {"type": "string"},
                "description": "any value: answer as a file to save"}
    lang = {"name": "lang", "in": "query", "schema": {"type": "string"},
            "description": "en or nl; anything else is taken as en"}
    record = {"type": "object", "required": ["game", "moves"], "properties": {
        "format": {"type": "string"}, "game": {"type": "string"},
        "options": {"type": "object"}, "seed": {"type": "integer"},
        "moves": {"type": "array", "items": {"type": "string"}},
        "seats": {"type": "array", "items": {"type": "object"}},
        "result": {"type": "object"}}}
    return {
        "/healthz": {"get": {"summary": "Whether the server runs", "responses": {
            "200": {"description": "it runs", "content": {"application/json": {
                "schema": {"type": "object"}}}}}}},
        "/api/games/{id}/record": {"get": {
            "summary": "The game record as JSON (the seed left out while it would tell "
                       "secrets)",
            "parameters": [GAME_ID, download],
            "responses": {"200": {"description": "the record", "content": {
                "application/json": {"schema": record}}}, **_errors(404)}}},
        "/api/games/{id}/record.txt": {"get": {
            "summary": "The game record in its text form",
            "parameters": [GAME_ID, lang, download],
            "responses": {"200": {"description": "the record", "content": {
                "text/plain": {"schema": {"type": "string", "minLength": 1}}}}, **_errors(404)}}},
        "/api/games/{id}/replay": {"get": {
            "summary": "The view of a seat (with its token) or spectator after 'at' moves",
            "parameters": [GAME_ID, {"name": "at", "in": "query",
                                     "schema": {"type": "integer", "minimum": 0}}],
            **SEAT_TOKEN,
            "responses": {"200": {"description": "the view", "content": {
                "application/json": {"schema": VIEW}}}, **_errors(400, 403, 404)}}},
        "/api/games/{id}/rematch": {"post": {
            "summary": "A new game with the same seats (moved one on with swap) for a "
                       "finished game; the answer holds the caller's new token",
            "parameters": [GAME_ID],
            "security": [{"seat": []}],
            "requestBody": {"required": True, "content": {"application/json": {"schema": {
                "type": "object", "additionalProperties": False,
                "properties": {"swap": {"type": "boolean"}}}}}},
            "responses": {"201": CREATED, **_errors(400, 403, 404, 413)}}},
        "/api/records": {"post": {
            "summary": "Import a game record (JSON or its text form), checked move by move",
            "requestBody": {"required": True, "content": {
                "application/json": {"schema": record},
                "text/plain": {"schema": {"type": "string", "minLength": 1}}}},
            "responses": {"201": CREATED, **_errors(400, 413, 429)}}},
    }
