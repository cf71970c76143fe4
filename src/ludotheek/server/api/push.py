"""Web Push over the API (docs/web.md, "Notifications on a closed page").

- ``GET /api/push/key``: the server's VAPID public key (made once, kept in the data folder).
- ``POST /api/games/{id}/push`` with the seat's token (``Authorization: Bearer TOKEN``, as a
  move): tell this device when it is the seat's turn; ``DELETE`` the same with
  ``{"endpoint"}``: no more.
- ``POST /api/profiles/me/push`` with the profile's code as the bearer: tell this device of
  the turns of every seat the profile took; ``DELETE`` likewise.

A subscription's endpoint is checked before it is kept (https, port 443, a host name or a
public address: :func:`~ludotheek.server.push.endpoints.check_endpoint`) and again, with the
addresses its host resolves to, whenever a push is posted. A seat, or a profile, keeps a few
devices (``Settings.max_push_devices``): a new one beyond them pushes the oldest out.
"""

from __future__ import annotations

from starlette.requests import Request
from starlette.routing import Route

from ludotheek.server.api.answers.push import PushDevices, PushKey, PushRemoved
from ludotheek.server.api.profiles import me
from ludotheek.server.edge.bodies import PushSubscribe, PushUnsubscribe
from ludotheek.server.edge.jsonio import JSON as JSONResponse
from ludotheek.server.edge.offload import blocking
from ludotheek.server.edge.requests import bearer_token, read_json
from ludotheek.server.edge.shapes import decode
from ludotheek.server.errors import Invalid
from ludotheek.server.play.seats import seated
from ludotheek.server.play.service import GameService
from ludotheek.server.push.endpoints import NotAllowed, check_endpoint
from ludotheek.server.push.sender import Pusher
from ludotheek.store.database import Database
from ludotheek.store.push import Subscription

#: the largest body of a subscription (an endpoint of 1024 characters and the keys fit)
MAX_BODY = 4 * 1024


def _pusher(request: Request) -> Pusher:
    pusher: Pusher = request.app.state.pusher
    return pusher


def _subscription(body: PushSubscribe, test_hosts: tuple[str, ...]) -> Subscription:
    try:
        endpoint = check_endpoint(body.endpoint, test_hosts)
    except NotAllowed as exc:
        raise Invalid("the server sends pushes only to https addresses on port 443 of "
                      f"public hosts ({exc.reason})", code="push.endpoint") from None
    return Subscription(endpoint, body.keys.p256dh, body.keys.auth, body.lang)


async def key(request: Request) -> JSONResponse:
    return JSONResponse(PushKey(key=(await blocking(lambda: _pusher(request).keys)).public))


async def _seat(request: Request) -> tuple[GameService, str, int]:
    service: GameService = request.app.state.service
    live = await service.load(request.path_params["id"])
    seat = seated(live, bearer_token(request), "being told of the seat's turns")
    return service, live.id, seat


async def subscribe_seat(request: Request) -> JSONResponse:
    service, gid, seat = await _seat(request)
    body = decode(PushSubscribe, await read_json(request, MAX_BODY))
    sub = _subscription(body, service.settings.push_test_hosts)
    live = await service.load(gid)
    token_hash = live.token_hashes[seat]
    devices = await blocking(service.db.push.for_seat_add, gid, seat, token_hash, sub,
                             service.settings.max_push_devices)
    return JSONResponse(PushDevices(devices=devices))


async def unsubscribe_seat(request: Request) -> JSONResponse:
    service, gid, seat = await _seat(request)
    body = decode(PushUnsubscribe, await read_json(request, MAX_BODY))
    removed = await blocking(service.db.push.remove_for_seat, gid, seat, body.endpoint)
    return JSONResponse(PushRemoved(removed=removed))


async def subscribe_profile(request: Request) -> JSONResponse:
    profile = await me(request)
    body = decode(PushSubscribe, await read_json(request, MAX_BODY))
    settings = request.app.state.settings
    sub = _subscription(body, settings.push_test_hosts)
    db: Database = request.app.state.db
    devices = await blocking(db.push.for_profile_add, profile.id, sub,
                             settings.max_push_devices)
    return JSONResponse(PushDevices(devices=devices))


async def unsubscribe_profile(request: Request) -> JSONResponse:
    profile = await me(request)
    body = decode(PushUnsubscribe, await read_json(request, MAX_BODY))
    db: Database = request.app.state.db
    removed = await blocking(db.push.remove_for_profile, profile.id, body.endpoint)
    return JSONResponse(PushRemoved(removed=removed))


routes = [
    Route("/api/push/key", key, methods=["GET"]),
    Route("/api/games/{id}/push", subscribe_seat, methods=["POST"]),
    Route("/api/games/{id}/push", unsubscribe_seat, methods=["DELETE"]),
    Route("/api/profiles/me/push", subscribe_profile, methods=["POST"]),
    Route("/api/profiles/me/push", unsubscribe_profile, methods=["DELETE"]),
]
