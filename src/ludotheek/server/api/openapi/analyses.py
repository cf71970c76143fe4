"""The OpenAPI description of analyses and "try again from here" (server/analyses/service.py)."""

from __future__ import annotations

from typing import Any

from ludotheek.server.api.answers.analyses import AnalysisStatus, TriedAgain
from ludotheek.server.api.openapi.parts import GAME_ID, SEAT_OR_NONE, answer, body, errors, json
from ludotheek.server.edge.bodies import TryAgain

RULE = ("Refused with the hint's 403 for a game in progress in which two or more seats are "
        "people (hint.people) or that is rated (ratings.no_hints): it would be help from "
        "outside, for anyone; a finished game, or an unrated one against computers, may be "
        "analysed at any time.")


def paths() -> dict[str, Any]:
    return {
        "/api/games/{id}/analysis": {
            "post": {
                "summary": "Start the analysis of a game by its strong engine",
                "description": (
                    "Every position is studied in the computer pool (jobs for the worker "
                    "pool on a scaled-out site) and stored as it comes, per game and engine "
                    "version: asking again starts nothing new, and a restart loses nothing. "
                    "Follow the progress with GET (or the WebSocket's 'analyse' message). "
                    "The positions of all analyses are studied in turn, client by client "
                    "and game by game; a game of more positions than the server's "
                    "max_analysis_positions is refused (400, analysis.too_long), and so is "
                    "a client's analysis past max_analyses_per_client running at once "
                    "(429, analysis.too_many). " + RULE),
                "parameters": [GAME_ID], **SEAT_OR_NONE,
                "responses": {"200": json("done: the result", AnalysisStatus),
                              "202": json("running", AnalysisStatus),
                              **errors(400, 403, 404, 429)}},
            "get": {
                "summary": "The progress of a game's analysis, and its result once done",
                "description": RULE,
                "parameters": [GAME_ID], **SEAT_OR_NONE,
                "responses": answer("the status", AnalysisStatus, 400, 403, 404)},
        },
        "/api/games/{id}/try": {"post": {
            "summary": "Try again from here: a new game against the computer from a position",
            "description": (
                "The new game has the same options and seed and the line of play up to "
                "position 'at' as its first moves (it replays exactly); 'seat' (default: "
                "the seat to move there) is yours, the others are computers. " + RULE),
            "parameters": [GAME_ID],
            "requestBody": body(TryAgain),
            "responses": answer("the new game", TriedAgain, 400, 403, 404, 429, status=201)}},
    }
