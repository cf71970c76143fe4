"""The OpenAPI description of Web Push (server/api/push.py)."""

from __future__ import annotations

from typing import Any

from ludotheek.server.api.answers.push import PushDevices, PushKey, PushRemoved
from ludotheek.server.api.openapi.parts import GAME_ID, SEAT, answer, body
from ludotheek.server.edge.bodies import PushSubscribe, PushUnsubscribe

PROFILE: dict[str, Any] = {"security": [{"profile": []}]}


def paths() -> dict[str, Any]:
    subscribe = "Tell this device (its browser's push subscription) when it is the "
    return {
        "/api/push/key": {"get": {
            "summary": "The server's VAPID public key (the browsers' applicationServerKey)",
            "responses": answer("the key", PushKey)}},
        "/api/games/{id}/push": {
            "post": {"summary": subscribe + "turn of the seat of the token", **SEAT,
                     "parameters": [GAME_ID], "requestBody": body(PushSubscribe),
                     "responses": answer("subscribed", PushDevices, 400, 403, 404, 413)},
            "delete": {"summary": "Tell this device no more of the seat's turns", **SEAT,
                       "parameters": [GAME_ID], "requestBody": body(PushUnsubscribe),
                       "responses": answer("unsubscribed", PushRemoved, 400, 403, 404,
                                           413)}},
        "/api/profiles/me/push": {
            "post": {"summary": subscribe + "turn of a seat the profile of the code took",
                     **PROFILE, "requestBody": body(PushSubscribe),
                     "responses": answer("subscribed", PushDevices, 400, 403, 413)},
            "delete": {"summary": "Tell this device no more of the profile's turns",
                       **PROFILE, "requestBody": body(PushUnsubscribe),
                       "responses": answer("unsubscribed", PushRemoved, 400, 403, 413)}},
    }
