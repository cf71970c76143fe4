"""The OpenAPI description of the HTTP API, served at /openapi.json."""

from __future__ import annotations

from typing import Any

from ludotheek import __version__
from ludotheek.games import names
from ludotheek.server import profiles_spec
from ludotheek.server.answers import (
    Created,
    Hint,
    History,
    Imported,
    Listing,
    Problem,
    Scores,
    View,
)
from ludotheek.server.bodies import (
    ClaimSeat,
    CreateGame,
    ErrorReport,
    LiveMove,
    MoveBody,
    NewProfile,
    RematchBody,
    Rename,
    TryAgain,
    TryBody,
    VersionBody,
)
from ludotheek.server.openapi_analysis import paths as analysis_paths
from ludotheek.server.shapes import Answer, Shape, ref, schemas

#: the shapes the document describes (its components' schemas): the request bodies as the
#: API checks them, the answers as it sends them
SHAPES = (CreateGame, MoveBody, LiveMove, VersionBody, RematchBody, TryBody, NewProfile,
          Rename, ClaimSeat, ErrorReport, TryAgain, Problem, Created,
          Imported, View, Hint, History, Scores, Listing)
ERROR = ref(Problem)
VIEW = ref(View)
HISTORY = ref(History)


def _schemas() -> dict[str, Any]:
    """The shapes' schemas; a new game's ``game`` one of the games registered now."""
    out = schemas(*SHAPES)
    out["CreateGame"]["properties"]["game"]["enum"] = names()
    return out


def _body(shape: type[Shape]) -> dict[str, Any]:
    """A request body of the shape ``shape``."""
    return {"required": True, "content": {"application/json": {"schema": ref(shape)}}}


def _json(what: str, shape: type[Answer]) -> dict[str, Any]:
    """An answer of the shape ``shape``."""
    return {"description": what, "content": {"application/json": {"schema": ref(shape)}}}


END_BODY = _body(VersionBody)
def _errors(*codes: int) -> dict[str, Any]:
    text = {400: "malformed or illegal", 403: "wrong token or not your turn",
            404: "unknown game", 409: "stale version or game over",
            413: "body over the size limit", 429: "too many requests or games"}
    return {str(c): {"description": text[c],
                     "content": {"application/json": {"schema": ERROR}}} for c in codes}


GAME_ID = {"name": "id", "in": "path", "required": True, "schema": {"type": "string"}}


def spec() -> dict[str, Any]:
    return {
        "openapi": "3.1.0",
        "info": {
            "title": "ludotheek",
            "version": __version__,
            "description": (
                "Board games over HTTP. A game is created with its seats; each person seat "
                "gets a secret token (send it as 'Authorization: Bearer TOKEN'). Views are "
                "also pushed over the WebSocket /api/games/{id}/live?token=TOKEN after every "
                "change; it accepts {\"type\": \"move\", \"move\", \"version\"} (the "
                "schema LiveMove) and {\"type\": \"ping\"}."),
        },
        "components": {"securitySchemes": {"seat": {"type": "http", "scheme": "bearer"},
                                           "profile": {"type": "http", "scheme": "bearer"}},
                       "schemas": _schemas()},
        "paths": {
            **_record_paths(),
            **_learn_paths(),
            **analysis_paths(GAME_ID, _errors),
            **profiles_spec.paths(),
            **_site_paths(),
            **_game_paths(),
            **_ending_paths(),
        },
    }



def _site_paths() -> dict[str, Any]:
    """The site's own endpoints: the games' description, score lists, reports."""
    return {
        "/api/csp-reports": {"post": {
            "summary": "A browser's report of something the security policy refused "
                       "(logged as ludotheek.csp)",
            "requestBody": {"content": {
                "application/csp-report": {"schema": {"type": "object"}},
                "application/json": {"schema": {"type": "object"}}}},
            "responses": {"204": {"description": "logged"}, **_errors(400, 413)}}},
        "/api/meta": {"get": {
            "summary": "The games, their options, levels, pages and analyses",
            "responses": {"200": {"description": "games",
                                  "content": {"application/json": {"schema": {
                                      "type": "object"}}}}}}},
        "/api/scores/{game}": {"get": {
            "summary": "A game's score list: the best results ever (games that keep one)",
            "parameters": [{"name": "game", "in": "path", "required": True,
                            "schema": {"type": "string"}},
                           {"name": "limit", "in": "query",
                            "schema": {"type": "integer", "minimum": 1, "maximum": 100}}],
            "responses": {"200": _json("the list, best first", Scores),
                          **_errors(400, 404)},
        }},
        "/api/client-errors": {"post": {
            "summary": "Report an error in a page; appended to the game's error log",
            "description": (
                "The full report goes to a text file in the server's data folder "
                "(the file the game declares). At most 16 KiB, and a "
                "few reports per minute per address."),
            "requestBody": _body(ErrorReport),
            "responses": {"201": {"description": "logged", "content": {
                "application/json": {"schema": {"type": "object"}}}},
                **_errors(400, 413, 429)},
        }},
    }


def _game_paths() -> dict[str, Any]:
    """Creating, listing, watching and playing games."""
    return {
        "/api/games": {
            "post": {
                "summary": "Create a game",
                "requestBody": _body(CreateGame),
                "responses": {"201": _json("created", Created), **_errors(400, 413, 429)},
            },
            "get": {
                "summary": "Games in progress and finished ones",
                "parameters": [
                    {"name": "status", "in": "query",
                     "schema": {"type": "string",
                                "enum": ["active", "over", "aborted", "abandoned"]}},
                    {"name": "started", "in": "query",
                     "description": "1: only games with at least one move",
                     "schema": {"type": "string", "enum": ["0", "1"]}},
                    {"name": "game", "in": "query",
                     "schema": {"type": "string", "enum": names()}},
                    {"name": "lang", "in": "query",
                     "description": "the language of the seat names (en, nl, no)",
                     "schema": {"type": "string"}},
                    {"name": "ids", "in": "query",
                     "description": "only these games: at most 50 ids, comma-separated",
                     "schema": {"type": "string"}},
                    {"name": "limit", "in": "query",
                     "schema": {"type": "integer", "minimum": 1, "maximum": 500}},
                    {"name": "offset", "in": "query",
                     "schema": {"type": "integer", "minimum": 0, "maximum": 10**9}},
                ],
                "responses": {"200": _json("games", Listing), **_errors(400)},
            },
        },
        "/api/games/{id}": {"get": {
            "summary": "The view of a seat (with its token) or of a spectator",
            "parameters": [GAME_ID],
            "security": [{}, {"seat": []}],
            "responses": {"200": {"description": "the view", "content": {
                "application/json": {"schema": VIEW}}}, **_errors(400, 403, 404)},
        }},
        "/api/games/{id}/history": {"get": {
            "summary": "What each move did, as a spectator sees it (for logs and charts)",
            "parameters": [GAME_ID,
                           {"name": "from", "in": "query",
                            "schema": {"type": "integer", "minimum": 1}},
                           {"name": "to", "in": "query",
                            "schema": {"type": "integer", "minimum": 1}}],
            "responses": {"200": _json("the moves", History), **_errors(400, 404)},
        }},
        "/api/games/{id}/moves": {"post": {
            "summary": "Play a move (or 'resign') for the seat of the token",
            "parameters": [GAME_ID],
            "security": [{"seat": []}],
            "requestBody": _body(MoveBody),
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
            "responses": {"200": _json("the hint", Hint), **_errors(400, 403, 404, 409)},
        }},
    }


def _ending_paths() -> dict[str, Any]:
    """Taking a decision back, and ending a game before it is played out."""
    return {
        "/api/games/{id}/undo": {"post": {
            "summary": "Take back your last decision (one person against computers only)",
            "description": (
                "Appends the move 'undo N' to the record: the position becomes the one "
                "after move N, before the seat's last decision still in play. Nothing is "
                "deleted: every move stays in the record and the version grows. Refused "
                "when another person plays, when the game is over, or when the seat has "
                "made no decision yet."),
            "parameters": [GAME_ID],
            "security": [{"seat": []}],
            "requestBody": END_BODY,
            "responses": {"200": {"description": "the new view", "content": {
                "application/json": {"schema": VIEW}}},
                **_errors(400, 403, 404, 409)},
        }},
        "/api/games/{id}/abort": {"post": {
            "summary": "End a game nobody has moved in yet: no result",
            "parameters": [GAME_ID],
            "security": [{"seat": []}],
            "requestBody": END_BODY,
            "responses": {"200": {"description": "the view", "content": {
                "application/json": {"schema": VIEW}}},
                **_errors(400, 403, 404, 409)},
        }},
        "/api/games/{id}/leave": {"post": {
            "summary": "Leave a game: resign (two seats) or a computer takes the seat",
            "parameters": [GAME_ID],
            "security": [{"seat": []}],
            "requestBody": END_BODY,
            "responses": {"200": {"description": "the view (a spectator's after a "
                                                 "hand-over)", "content": {
                "application/json": {"schema": VIEW}}},
                **_errors(400, 403, 404, 409)},
        }},
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
        "version": {"type": "integer", "description": "the record's format: 2 (1 is read too: "
                    "its resignations and undos were texts)"},
        "moves": {"type": "array", "items": {"anyOf": [
            {"type": "string", "description": "a move in the game's notation"},
            {"type": "object", "description": "an action: {\"action\": \"resign\"} (the seat "
             "to move), {\"action\": \"resign\", \"seat\": N}, {\"action\": \"undo\", "
             "\"to\": N}", "required": ["action"],
             "properties": {"action": {"enum": ["resign", "undo"]},
                            "seat": {"type": "integer", "minimum": 0},
                            "to": {"type": "integer", "minimum": 0}}}]}},
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
            "requestBody": _body(RematchBody),
            "responses": {"201": CREATED, **_errors(400, 403, 404, 413)}}},
        "/api/records": {"post": {
            "summary": "Import a game record (JSON or its text form), checked move by move",
            "requestBody": {"required": True, "content": {
                "application/json": {"schema": record},
                "text/plain": {"schema": {"type": "string", "minLength": 1}}}},
            "responses": {"201": _json("imported", Imported), **_errors(400, 413, 429)}}},
    }


def _learn_paths() -> dict[str, Any]:
    """Learning to play (server/learn.py): "How to play" and the guided first game."""
    game = {"name": "game", "in": "path", "required": True, "schema": {"type": "string"}}
    lang = {"name": "lang", "in": "query", "schema": {"type": "string"},
            "description": "en, nl or no (the seat names in the views)"}
    moves = [{"name": "from", "in": "query", "schema": {"type": "integer", "minimum": 1}},
             {"name": "to", "in": "query", "schema": {"type": "integer", "minimum": 1}}]
    obj = {"type": "object"}

    def answer(what: str, schema: dict[str, Any], *codes: int) -> dict[str, Any]:
        return {"200": {"description": what, "content": {"application/json": {
            "schema": schema}}}, **_errors(*codes)}

    return {
        "/api/learn": {"get": {
            "summary": "Which games have a \"How to play\" and a guided first game",
            "responses": answer("the games", obj)}},
        "/api/learn/{game}/howto": {"get": {
            "summary": "\"How to play\": its sections (catalog keys) and every diagram's "
                       "frames with the view of their position",
            "parameters": [game, lang], "responses": answer("the rules", obj, 404)}},
        "/api/learn/{game}/howto/history": {"get": {
            "summary": "The moves of a diagram's game, with their events (its message log)",
            "parameters": [game, {"name": "diagram", "in": "query", "required": True,
                                  "schema": {"type": "string"}}, *moves],
            "responses": answer("the moves", HISTORY, 400, 404)}},
        "/api/learn/{game}/lesson": {"get": {
            "summary": "The guided first game: its steps, the learner's seat and the real "
                       "game that follows",
            "parameters": [game], "responses": answer("the lesson", obj, 404)}},
        "/api/learn/{game}/view": {"get": {
            "summary": "The learner's view after 'at' moves of the lesson",
            "parameters": [game, lang, {"name": "at", "in": "query",
                                        "schema": {"type": "integer", "minimum": 0}}],
            "responses": answer("the view", VIEW, 400, 404)}},
        "/api/learn/{game}/history": {"get": {
            "summary": "The lesson's moves with their events (as a game's history)",
            "parameters": [game, *moves], "responses": answer("the moves", HISTORY, 400, 404)}},
        "/api/learn/{game}/advice": {"get": {
            "summary": "What the game's page shows while the learner chooses at 'at'",
            "parameters": [game, {"name": "at", "in": "query",
                                  "schema": {"type": "integer", "minimum": 0}}],
            "responses": answer("the advice", obj, 400, 404)}},
        "/api/games/{id}/advice": {"get": {
            "summary": "Warnings and notes before a move of the seat to move (with 'move'), "
                       "or what its page shows while choosing (without)",
            "parameters": [GAME_ID, {"name": "move", "in": "query",
                                     "schema": {"type": "string"}}],
            "security": [{"seat": []}],
            "responses": answer("the notes ({code, params} each) or the position's advice",
                                obj, 400, 403, 404)}},
        "/api/learn/{game}/try": {"post": {
            "summary": "Another move than the coach's at a position of the lesson: refused "
                       "(the engine's reason and the game's code) or what it would do",
            "parameters": [game],
            "requestBody": _body(TryBody),
            "responses": answer("what the move does", obj, 400, 404, 413)}},
    }
