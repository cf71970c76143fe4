"""The OpenAPI description of the profile and rating endpoints (server/api/profiles.py)."""

from __future__ import annotations

from typing import Any

import msgspec

from ludotheek.server.api import queries
from ludotheek.server.api.answers import profiles as shown
from ludotheek.server.api.openapi.parts import GAME, GAME_ID, SEAT, body, query
from ludotheek.server.api.openapi.parts import answer as _answer
from ludotheek.server.edge.bodies import ClaimSeat, NewProfile, Rename

SECRET: dict[str, Any] = {"security": [{"profile": []}]}
PROFILE_ID = {"name": "id", "in": "path", "required": True, "schema": {"type": "string"}}
REFUSALS = {400: "malformed", 403: "no profile code, an unknown one, or a wrong seat token",
            404: "unknown profile or game", 409: "not possible now",
            413: "body over the size limit"}


def answer(shape: type[msgspec.Struct], *codes: int, status: int = 200) -> dict[str, Any]:
    return _answer("ok", shape, *codes, status=status, texts=REFUSALS)


def paths() -> dict[str, Any]:
    return {
        "/api/profiles": {"post": {
            "summary": "Make a profile: a name; the answer holds its secret code (kept by "
                       "the browser, stored by the server only as a hash)",
            "requestBody": body(NewProfile),
            "responses": answer(shown.NewProfileMade, 400, 413, status=201)}},
        "/api/profiles/me": {
            "get": {"summary": "The profile of the code sent as 'Authorization: Bearer CODE'",
                    **SECRET, "responses": answer(shown.ProfileShown, 400, 403)},
            "post": {"summary": "Rename the profile of the code", **SECRET,
                     "requestBody": body(Rename),
                     "responses": answer(shown.ProfileShown, 400, 403, 413)},
            "delete": {"summary": "Delete the profile of the code and its ratings", **SECRET,
                       "responses": answer(shown.Deleted, 400, 403)}},
        "/api/profiles/me/games": {"get": {
            "summary": "The games in which the profile of the code holds a seat (on any "
                       "device), whose turn it is in each: those in play first, newest first",
            **SECRET, "parameters": query(queries.PlayingGames),
            "responses": answer(shown.PlayingGames, 400, 403)}},
        "/api/profiles/{id}": {"get": {
            "summary": "A profile: its name and its rating in each game it has played rated",
            "parameters": [PROFILE_ID],
            "responses": answer(shown.ProfileShown, 404)}},
        "/api/profiles/{id}/history": {"get": {
            "summary": "A profile's rating after each of its rated games of one game",
            "parameters": [PROFILE_ID, *query(queries.RatingHistory)],
            "responses": answer(shown.RatingHistory, 400, 404)}},
        "/api/profiles/{id}/games": {"get": {
            "summary": "A profile's recent rated games, newest first",
            "parameters": [PROFILE_ID, *query(queries.RatedGames)],
            "responses": answer(shown.ProfileGames, 400, 404)}},
        "/api/ratings/{game}": {"get": {
            "summary": "A game's leaderboard: the profiles' ratings, highest first, and the "
                       "computer levels' fixed ratings",
            "parameters": [GAME, *query(queries.Leaderboard)],
            "responses": answer(shown.Leaderboard, 400, 404)}},
        "/api/games/{id}/rating": {"get": {
            "summary": "Whether a game is rated, who sits where, and once it is over each "
                       "seat's place and rating before and after",
            "parameters": [GAME_ID],
            "responses": answer(shown.RatedGameShown, 404)}},
        "/api/games/{id}/profile": {"post": {
            "summary": "Seat your profile on your seat of a rated game (the seat's token as "
                       "'Authorization: Bearer TOKEN')",
            "parameters": [GAME_ID], **SEAT,
            "requestBody": body(ClaimSeat),
            "responses": answer(shown.RatedGameShown, 400, 403, 404, 409, 413)}},
    }
