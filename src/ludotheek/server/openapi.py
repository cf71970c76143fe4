"""The OpenAPI description of the HTTP API, served at /openapi.json."""

from __future__ import annotations

from typing import Any

from ludotheek import __version__

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

HINT = {
    "type": "object",
    "required": ["move", "value", "reason", "ranking", "version", "seat", "level"],
    "properties": {
        "move": {"type": "string", "description": "the move the strong level would play"},
        "value": {"type": ["number", "null"],
                  "description": "the expected gain it saw for that move, on the player's "
                                 "own scale (Akwaier: expected final wealth)"},
        "reason": {"type": "string", "description": "why, in a sentence (English)"},
        "ranking": {"type": "array", "description": "up to 5 moves it weighed, best first: "
                                                    "[move, value]",
                    "items": {"type": "array", "items": {}}},
        "seconds": {"type": ["number", "null"], "description": "its time limit"},
        "version": {"type": "integer", "description": "the version the hint is for"},
        "seat": {"type": "integer"},
        "level": {"type": "string", "description": "the level that answered: strong"},
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
                                "game": {"type": "string",
                                         "enum": ["akwaier", "aqua_romana", "haaienzee",
                                                  "wari"]},
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
                        {"name": "game", "in": "query", "schema": {"type": "string"}},
                        {"name": "limit", "in": "query",
                         "schema": {"type": "integer", "minimum": 1, "maximum": 500}},
                        {"name": "offset", "in": "query",
                         "schema": {"type": "integer", "minimum": 0}},
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
            "/api/games/{id}/hint": {"get": {
                "summary": "What the strong level would play for the seat to move, and why",
                "description": (
                    "Only for the seat of the token, when it is to move, and only in games "
                    "where every other seat is a computer (403 otherwise: no help from "
                    "outside in games between people). The game's strong player analyses "
                    "the position in the computer pool, within its time per move; asking "
                    "again for the same version gives the same answer."),
                "parameters": [GAME_ID],
                "security": [{"seat": []}],
                "responses": {"200": {"description": "the hint", "content": {
                    "application/json": {"schema": HINT}}},
                    **_errors(400, 403, 404, 409)},
            }},
        },
    }
