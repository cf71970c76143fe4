"""The OpenAPI description of the HTTP API, served at /openapi.json."""

from __future__ import annotations

from typing import Any

from ludotheek import __version__
from ludotheek.games import names
from ludotheek.server.api import queries
from ludotheek.server.api.answers import analyses as answers_analysis
from ludotheek.server.api.answers import chat as answers_chat
from ludotheek.server.api.answers import games as answers
from ludotheek.server.api.answers import learn as answers_learn
from ludotheek.server.api.answers import profiles as answers_rated
from ludotheek.server.api.answers import push as answers_push
from ludotheek.server.api.answers import site as answers_site
from ludotheek.server.api.answers.games import (
    Created,
    Hint,
    History,
    Imported,
    Listing,
    Replay,
    Scores,
    SeatClaimed,
    View,
    ViewAt,
)
from ludotheek.server.api.answers.learn import (
    Advice,
    HowToPlay,
    LearnGames,
    Lesson,
    LessonAdvice,
    Tried,
)
from ludotheek.server.api.answers.site import (
    DataBuilds,
    Health,
    Logged,
    Meta,
    RecordDoc,
    Rematched,
)
from ludotheek.server.api.openapi import chat as chat_spec
from ludotheek.server.api.openapi import profiles as profiles_spec
from ludotheek.server.api.openapi import push as push_spec
from ludotheek.server.api.openapi.analyses import paths as analysis_paths
from ludotheek.server.api.openapi.parts import (
    GAME,
    GAME_ID,
    SEAT,
    SEAT_OR_NONE,
    TEXT,
    answer,
    body,
    errors,
    query,
)
from ludotheek.server.edge.bodies import (
    ChatBody,
    ClaimInvite,
    ClaimSeat,
    CreateGame,
    CspReport,
    ErrorReport,
    LiveMove,
    MoveBody,
    NewProfile,
    PushSubscribe,
    PushUnsubscribe,
    QrBody,
    RematchBody,
    Rename,
    ResumeSeat,
    TakebackAnswer,
    TryAgain,
    TryBody,
    VersionBody,
)
from ludotheek.server.edge.shapes import Answer, Shape, ref, schemas


def _declared(*modules: Any) -> tuple[type[Answer], ...]:
    """The answers the modules declare (their Structs but the abstract bases)."""
    return tuple(v for m in modules for v in vars(m).values()
                 if isinstance(v, type) and issubclass(v, Answer) and v.__module__ == m.__name__
                 and not v.__name__.startswith("_"))


#: the shapes the document describes (its components' schemas): the request bodies as the
#: API checks them, the answers as it sends them
SHAPES: tuple[type[Shape] | type[Answer] | type[CspReport], ...] = (
    CreateGame, MoveBody, LiveMove, VersionBody, RematchBody, TryBody, NewProfile, Rename,
    ClaimSeat, ClaimInvite, ResumeSeat, ErrorReport, TryAgain, CspReport, ChatBody,
    TakebackAnswer, QrBody, PushSubscribe, PushUnsubscribe,
    *_declared(answers, answers_site, answers_learn, answers_analysis, answers_rated,
               answers_chat, answers_push))


def _schemas() -> dict[str, Any]:
    """The shapes' schemas; a new game's ``game`` one of the games registered now."""
    out = schemas(*SHAPES)
    out["CreateGame"]["properties"]["game"]["enum"] = names()
    return out


def spec() -> dict[str, Any]:
    return {
        "openapi": "3.1.0",
        "info": {
            "title": "ludotheek",
            "version": __version__,
            "description": (
                "Board games over HTTP. A game is created with its seats; each person seat "
                "played at the creator's screen gets a secret token (send it as "
                "'Authorization: Bearer TOKEN'); an invited person's seat gets an invite "
                "code instead, which whoever takes the seat exchanges once for a token of "
                "their own (POST /api/games/{id}/seats/{seat}/claim). Views are "
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
            **analysis_paths(),
            **profiles_spec.paths(),
            **push_spec.paths(),
            **_site_paths(),
            **_game_paths(),
            **_seat_paths(),
            **_ending_paths(),
            **chat_spec.paths(),
        },
    }


def _site_paths() -> dict[str, Any]:
    """The site's own endpoints: the games' description, score lists, reports."""
    return {
        "/api/csp-reports": {"post": {
            "summary": "A browser's report of something the security policy refused "
                       "(logged as ludotheek.csp)",
            "requestBody": {"content": {
                "application/csp-report": {"schema": ref(CspReport)},
                "application/json": {"schema": ref(CspReport)}}},
            "responses": {"204": {"description": "logged"}, **errors(400, 413)}}},
        "/api/meta": {"get": {
            "summary": "The games, their options, levels, pages and analyses",
            "responses": answer("games", Meta)}},
        "/api/data/{game}": {"get": {
            "summary": "The game's data sets still being built (at idle priority) and how "
                       "far each is: its computer players' tables",
            "parameters": [GAME],
            "responses": answer("the builds", DataBuilds, 404),
        }},
        "/api/scores/{game}": {"get": {
            "summary": "A game's score list: the best results ever (games that keep one)",
            "parameters": [GAME, *query(queries.ScoreList)],
            "responses": answer("the list, best first", Scores, 400, 404),
        }},
        "/api/client-errors": {"post": {
            "summary": "Report an error in a page; appended to the game's error log",
            "description": (
                "The full report goes to a text file in the server's data folder "
                "(the file the game declares). At most 16 KiB, and a "
                "few reports per minute per address."),
            "requestBody": body(ErrorReport),
            "responses": answer("logged", Logged, 400, 413, 429, status=201),
        }},
    }


def _game_paths() -> dict[str, Any]:
    """Creating, listing, watching and playing games."""
    return {
        "/api/games": {
            "post": {
                "summary": "Create a game",
                "requestBody": body(CreateGame),
                "responses": answer("created", Created, 400, 413, 429, status=201),
            },
            "get": {
                "summary": "Games in progress and finished ones",
                "parameters": query(queries.Listing, game=names()),
                "responses": answer("games", Listing, 400),
            },
        },
        "/api/games/{id}": {"get": {
            "summary": "The view of a seat (with its token) or of a spectator",
            "parameters": [GAME_ID], **SEAT_OR_NONE,
            "responses": answer("the view", View, 400, 403, 404),
        }},
        "/api/games/{id}/history": {"get": {
            "summary": "What each move did, as a spectator sees it (for logs and charts)",
            "parameters": [GAME_ID, *query(queries.GameHistory)],
            "responses": answer("the moves", History, 400, 404),
        }},
        "/api/games/{id}/moves": {"post": {
            "summary": "Play a move (or 'resign') for the seat of the token",
            "parameters": [GAME_ID], **SEAT,
            "requestBody": body(MoveBody),
            "responses": answer("the new view", View, 400, 403, 404, 409, 413),
        }},
        "/api/games/{id}/hint": {"get": {
            "summary": "What the strong level would play for the seat to move, and why",
            "description": (
                "Only for the seat of the token, when it is to move, and only in games "
                "where every other seat is a computer (403 otherwise: no help from "
                "outside in games between people). The game's strong player analyses "
                "the position in the computer pool, within its time per move; asking "
                "again for the same version gives the same answer."),
            "parameters": [GAME_ID], **SEAT,
            "responses": answer("the hint", Hint, 400, 403, 404, 409),
        }},
    }


SEAT_NUMBER = {"name": "seat", "in": "path", "required": True,
               "schema": {"type": "integer", "minimum": 0}, "description": "the seat, from 0"}
#: what a refusal of taking a seat means
SEAT_REFUSALS = {400: "malformed body, or a rated game's seat without a profile",
                 403: "not this seat's invite code, or an unknown profile",
                 404: "unknown game or seat",
                 409: "the seat is taken already (its invitation spent), or the game ended",
                 413: "body over the size limit"}


def _seat_paths() -> dict[str, Any]:
    """Taking an invited person's seat, and taking a seat up again on another device."""
    return {
        "/api/games/{id}/seats/{seat}/claim": {"post": {
            "summary": "Take an invited person's seat with its invite code: a token of "
                       "your own",
            "description": (
                "Once: the invitation is spent and the seat gets a new token, answered "
                "only here; nothing held before (the invite link, a copy of it) acts for "
                "the seat afterwards, and a second try is refused (409 seat.taken). A "
                "rated game's seat is taken with the taker's profile ('profile'), which is "
                "seated in the rating; with a profile a seat can be taken up again on "
                "another device (.../resume)."),
            "parameters": [GAME_ID, SEAT_NUMBER], "requestBody": body(ClaimInvite),
            "responses": answer("the seat's token", SeatClaimed, 400, 403, 404, 409, 413,
                                texts=SEAT_REFUSALS)}},
        "/api/games/{id}/seats/{seat}/resume": {"post": {
            "summary": "Take a seat up again on another device with the profile that took it",
            "description": (
                "For a seat taken with a profile (or the creator's seat of a rated game): "
                "a new token for it. The old one is replaced: it acts for nothing any "
                "more, and live connections made with it watch as spectators from then on "
                "(told {\"type\": \"seat_closed\", \"seat\": n})."),
            "parameters": [GAME_ID, SEAT_NUMBER], "requestBody": body(ResumeSeat),
            "responses": answer("the seat's new token", SeatClaimed, 400, 403, 404, 413,
                                texts=SEAT_REFUSALS)}},
    }


def _ending(summary: str, what: str = "the view", description: str | None = None
            ) -> dict[str, Any]:
    """An end of a seat's play: the seat's token and the version it saw; a view."""
    return {"post": {"summary": summary, **({"description": description} if description else {}),
                     "parameters": [GAME_ID], **SEAT, "requestBody": body(VersionBody),
                     "responses": answer(what, View, 400, 403, 404, 409)}}


def _ending_paths() -> dict[str, Any]:
    """Taking a decision back, and ending a game before it is played out."""
    return {
        "/api/games/{id}/undo": _ending(
            "Take back your last decision (one person against computers only)",
            "the new view", description=(
                "Appends the action {\"action\": \"undo\", \"to\": N} to the record: the "
                "position becomes the one after move N, before the seat's last decision "
                "still in play. Nothing is deleted: every move stays in the record and the "
                "version grows. Refused when another person plays, when the game is over, "
                "or when the seat has made no decision yet.")),
        "/api/games/{id}/abort": _ending("End a game nobody has moved in yet: no result"),
        "/api/games/{id}/leave": _ending(
            "Leave a game: resign (two seats) or a computer takes the seat",
            "the view (a spectator's after a hand-over)"),
    }


def _record_paths() -> dict[str, Any]:
    """Records (export, import, replays, rematches) and the health check."""
    return {
        "/healthz": {"get": {"summary": "Whether the server runs",
                             "responses": answer("it runs", Health)}},
        "/api/games/{id}/record": {"get": {
            "summary": "The game record as JSON (the seed left out while it would tell "
                       "secrets)",
            "parameters": [GAME_ID, *query(queries.RecordJson)],
            "responses": answer("the record", RecordDoc, 404)}},
        "/api/games/{id}/record.txt": {"get": {
            "summary": "The game record in its text form",
            "parameters": [GAME_ID, *query(queries.RecordText)],
            "responses": {"200": {"description": "the record", "content": {
                "text/plain": {"schema": TEXT}}}, **errors(404)}}},
        "/api/games/{id}/replay": {"get": {
            "summary": "The view of a seat (with its token) or spectator after 'at' moves",
            "parameters": [GAME_ID, *query(queries.Replay)],
            **SEAT_OR_NONE,
            "responses": answer("the view", Replay, 400, 403, 404)}},
        "/api/games/{id}/rematch": {"post": {
            "summary": "A new game with the same seats (moved one on with swap) for a "
                       "finished game; the answer holds the caller's new token",
            "description": (
                "Each person gets only their own seat of the rematch (made from the token "
                "that holds their seat now: an invited person's seat is theirs); a seat "
                "whose invited person never came is invited again, its code answered for "
                "the old codes sent in 'invites'."),
            "parameters": [GAME_ID], **SEAT,
            "requestBody": body(RematchBody),
            "responses": answer("created", Rematched, 400, 403, 404, 413, status=201)}},
        "/api/records": {"post": {
            "summary": "Import a game record (JSON or its text form), checked move by move",
            "parameters": query(queries.ImportRecord),
            "requestBody": {"required": True, "content": {
                "application/json": {"schema": ref(RecordDoc)},
                "text/plain": {"schema": TEXT}}},
            "responses": answer("imported", Imported, 400, 413, 429, status=201)}},
    }


def _learn_paths() -> dict[str, Any]:
    """Learning to play (server/api/learn.py): "How to play" and the guided first game."""
    moves = query(queries.MoveRange)
    return {
        "/api/learn": {"get": {
            "summary": "Which games have a \"How to play\" and a guided first game",
            "responses": answer("the games", LearnGames)}},
        "/api/learn/{game}/howto": {"get": {
            "summary": "\"How to play\": its sections (catalog keys) and every diagram's "
                       "frames with the view of their position",
            "parameters": [GAME, *query(queries.HowTo)],
            "responses": answer("the rules", HowToPlay, 404)}},
        "/api/learn/{game}/howto/history": {"get": {
            "summary": "The moves of a diagram's game, with their events (its message log)",
            "parameters": [GAME, *query(queries.Diagram), *moves],
            "responses": answer("the moves", History, 400, 404)}},
        "/api/learn/{game}/lesson": {"get": {
            "summary": "The guided first game: its steps, the learner's seat and the real "
                       "game that follows",
            "parameters": [GAME], "responses": answer("the lesson", Lesson, 404)}},
        "/api/learn/{game}/view": {"get": {
            "summary": "The learner's view after 'at' moves of the lesson",
            "parameters": [GAME, *query(queries.LessonView)],
            "responses": answer("the view", ViewAt, 400, 404)}},
        "/api/learn/{game}/history": {"get": {
            "summary": "The lesson's moves with their events (as a game's history)",
            "parameters": [GAME, *moves], "responses": answer("the moves", History, 400, 404)}},
        "/api/learn/{game}/advice": {"get": {
            "summary": "What the game's page shows while the learner chooses at 'at'",
            "parameters": [GAME, *query(queries.LessonAt)],
            "responses": answer("the advice", LessonAdvice, 400, 404)}},
        "/api/games/{id}/advice": {"get": {
            "summary": "Warnings and notes before a move of the seat to move (with 'move'), "
                       "or what its page shows while choosing (without)",
            "parameters": [GAME_ID, *query(queries.GameAdvice)], **SEAT,
            "responses": answer("the notes ({code, params} each) or the position's advice",
                                Advice, 400, 403, 404)}},
        "/api/learn/{game}/try": {"post": {
            "summary": "Another move than the coach's at a position of the lesson: refused "
                       "(the engine's reason and the game's code) or what it would do",
            "parameters": [GAME],
            "requestBody": body(TryBody),
            "responses": answer("what the move does", Tried, 400, 404, 413)}},
    }
