"""The OpenAPI description of the words between players (server/api/chat.py) and of an
invited seat's QR code (server/api/qrcodes.py)."""

from __future__ import annotations

from typing import Any

from ludotheek.server.api.answers.chat import ChatLines, ChatLineShown
from ludotheek.server.api.answers.games import View
from ludotheek.server.api.openapi.parts import GAME_ID, SEAT, answer, body, errors
from ludotheek.server.edge.bodies import ChatBody, QrBody, TakebackAnswer, VersionBody

REFUSALS = {400: "malformed, or not possible in this game (rated, against the computer, "
                 "a move that revealed something)",
            403: "no token, a wrong one (a spectator's, a former seat's), or free texts "
                 "switched off",
            404: "unknown game or seat", 409: "stale version, someone moved since, the "
                 "game is over, a request pending or none, the seat taken",
            413: "body over the size limit", 429: "more lines a minute than allowed"}
SEAT_NUMBER = {"name": "seat", "in": "path", "required": True,
               "schema": {"type": "integer", "minimum": 0}, "description": "the seat, from 0"}


def paths() -> dict[str, Any]:
    return {
        "/api/games/{id}/chat": {
            "get": {"summary": "The game's chat: every line, oldest first (anyone who may "
                               "watch the game reads it)",
                    "parameters": [GAME_ID],
                    "responses": answer("the lines", ChatLines, 404, texts=REFUSALS)},
            "post": {
                "summary": "Say something to the people of the game: a preset phrase or a "
                           "text of your own",
                "description": (
                    "For a seat's person (the seat's token); spectators read only. A text "
                    "has at most 200 characters once control characters are taken out, "
                    "and is shown as plain text; a site may allow the phrases only "
                    "(403 chat.presets_only). At most 5 lines a minute per seat (the "
                    "server's --chat-per-minute; 429 chat.rate). Every live connection "
                    "of the game gets it as {\"type\": \"chat\", \"lines\": [line]}."),
                "parameters": [GAME_ID], **SEAT, "requestBody": body(ChatBody),
                "responses": answer("the line", ChatLineShown, 400, 403, 404, 409, 413,
                                    429, texts=REFUSALS)}},
        "/api/games/{id}/takeback": {"post": {
            "summary": "Ask the other people to take your last move back",
            "description": (
                "Only between people, not in a rated game, for your own move that is still "
                "the last one (409 takeback.moved_on once anyone has moved after it), and "
                "only where taking it back reveals nothing new (400 takeback.reveals: where a "
                "tile was drawn after it, say). The request is a chat line "
                "(kind takeback); every other person answers it."),
            "parameters": [GAME_ID], **SEAT, "requestBody": body(VersionBody),
            "responses": answer("the request's line", ChatLineShown, 400, 403, 404, 409,
                                413, 429, texts=REFUSALS)}},
        "/api/games/{id}/takeback/answer": {"post": {
            "summary": "Agree to the takeback asked at a version, or refuse it",
            "description": (
                "When every other person of the game has agreed, the move is taken back "
                "(an undo in the record: the version grows); one refusal ends the "
                "request, and its asker withdraws it with accept false."),
            "parameters": [GAME_ID], **SEAT, "requestBody": body(TakebackAnswer),
            "responses": answer("your view after it", View, 400, 403, 404, 409, 413,
                                texts=REFUSALS)}},
        "/api/games/{id}/seats/{seat}/qr": {"post": {
            "summary": "An invited seat's link as a QR code (SVG), for a phone to scan",
            "description": (
                "The body holds the seat's invite code; the picture holds the link "
                "<site>/play/{id}#seat=N&invite=CODE. Only for an open invitation: a "
                "spent one is refused (409 seat.taken), a wrong code too (403)."),
            "parameters": [GAME_ID, SEAT_NUMBER], "requestBody": body(QrBody),
            "responses": {"200": {"description": "the QR code",
                                  "content": {"image/svg+xml": {"schema": {
                                      "type": "string"}}}},
                          **errors(400, 403, 404, 409, 413, texts=REFUSALS)}}},
    }
