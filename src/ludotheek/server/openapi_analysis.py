"""The OpenAPI description of analyses and "try again from here" (server/analysis.py)."""

from __future__ import annotations

from typing import Any

from ludotheek.server.bodies import TryAgain
from ludotheek.server.shapes import ref

NUMBERS = {"type": "array", "items": {"type": "number"}}
POSITION = {"type": "object", "properties": {
    "at": {"type": "integer", "description": "the position's number in the replay (moves)"},
    "standing": {**NUMBERS, "description": "each seat's standing on the game's scale"},
    "exact": {"type": "boolean", "description": "exact (an endgame database), not estimated"},
    "to_move": {"type": ["integer", "null"]},
    "best": {"type": ["string", "null"], "description": "the best move found here"}}}
DECISION = {"type": "object", "properties": {
    "number": {"type": "integer", "description": "the move's number in the record"},
    "before": {"type": "integer", "description": "the position it was made in"},
    "seat": {"type": "integer"}, "move": {"type": "string"},
    "mark": {"type": ["string", "null"],
             "enum": ["best", "good", "inaccuracy", "mistake", "blunder", None],
             "description": "null for a resignation"},
    "loss": {"type": "number", "description": "what it lost against the best move found"},
    "best": {"type": ["string", "null"]},
    "better": {"type": ["string", "null"], "description": "the best move, when another "
                                                          "move was played and lost"},
    "best_value": {"type": ["number", "null"]}, "played_value": {"type": ["number", "null"]},
    "after": {"type": ["number", "null"], "description": "the seat's standing after it"},
    "forced": {"type": "boolean"}, "resigned": {"type": "boolean"}}}
RESULT = {"type": "object", "properties": {
    "game": {"type": "string"}, "engine": {"type": "string"},
    "unit": {"type": "string", "enum": ["seeds", "money", "points", "chance"],
             "description": "the game's scale (docs/strength.md, 'Analysis')"},
    "decimals": {"type": "integer"}, "signed": {"type": "boolean"},
    "thresholds": {"type": "object", "description": "losses from which a move is an "
                                                    "inaccuracy, a mistake, a blunder"},
    "moves": {"type": "integer"}, "complete": {"type": "boolean"},
    "hidden": {"type": "boolean", "description": "other seats' better moves are left out "
                                                 "while a game with hidden tiles runs"},
    "positions": {"type": "array", "items": POSITION},
    "decisions": {"type": "array", "items": DECISION},
    "seats": {"type": "array", "items": {"type": "object", "properties": {
        "seat": {"type": "integer"}, "decisions": {"type": "integer"},
        "inaccuracy": {"type": "integer"}, "mistake": {"type": "integer"},
        "blunder": {"type": "integer"}, "average_loss": {"type": "number"}}}}}}
STATUS = {"type": "object", "required": ["status", "done", "total"], "properties": {
    "id": {"type": "string"},
    "status": {"type": "string", "enum": ["none", "running", "done", "failed"]},
    "engine": {"type": "string", "description": "the engine version it is kept under"},
    "moves": {"type": "integer", "description": "the moves of the record it covers"},
    "version": {"type": "integer", "description": "the game's version now"},
    "done": {"type": "integer"}, "total": {"type": "integer",
                                           "description": "positions to study"},
    "result": {**RESULT, "description": "once done"},
    "error": {"type": "string"}}}
RULE = ("Refused with 403 for a game in progress in which two or more seats are people "
        "(it would be help from outside), for anyone; a finished game, or one against "
        "computers only, may be analysed at any time.")


def paths(game_id: dict[str, Any], errors: Any) -> dict[str, Any]:
    answer = {"content": {"application/json": {"schema": STATUS}}}
    optional: dict[str, Any] = {"security": [{}, {"seat": []}]}
    return {
        "/api/games/{id}/analysis": {
            "post": {
                "summary": "Start the analysis of a game by its strong engine",
                "description": (
                    "Every position is studied in the computer pool (jobs for the worker "
                    "pool on a scaled-out site) and stored as it comes, per game and engine "
                    "version: asking again starts nothing new, and a restart loses nothing. "
                    "Follow the progress with GET (or the WebSocket's 'analyse' message). "
                    + RULE),
                "parameters": [game_id], **optional,
                "responses": {"200": {"description": "done: the result", **answer},
                              "202": {"description": "running", **answer},
                              **errors(400, 403, 404)}},
            "get": {
                "summary": "The progress of a game's analysis, and its result once done",
                "description": RULE,
                "parameters": [game_id], **optional,
                "responses": {"200": {"description": "the status", **answer},
                              **errors(400, 403, 404)}},
        },
        "/api/games/{id}/try": {"post": {
            "summary": "Try again from here: a new game against the computer from a position",
            "description": (
                "The new game has the same options and seed and the line of play up to "
                "position 'at' as its first moves (it replays exactly); 'seat' (default: "
                "the seat to move there) is yours, the others are computers. " + RULE),
            "parameters": [game_id],
            "requestBody": {"required": True, "content": {"application/json": {
                "schema": ref(TryAgain)}}},
            "responses": {"201": {"description": "the new game", "content": {
                "application/json": {"schema": {"type": "object", "properties": {
                    "id": {"type": "string"}, "seat": {"type": "integer"},
                    "token": {"type": "string"}, "url": {"type": "string"},
                    "at": {"type": "integer"}}}}}},
                **errors(400, 403, 404, 429)}}},
    }
