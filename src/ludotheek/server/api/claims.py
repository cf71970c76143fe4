"""Seats belong to the person who took them (issue 34).

- **Inviting**: a person's seat created with ``"invite": true`` (``POST /api/games``, a
  rematch of a seat nobody took, ``POST /api/records?invite=…``) has no secret yet, only
  an invite code (stored hashed, ``seat_invites``), which goes to the creator as a link.
  The code acts for nothing but taking the seat.
- **Taking the seat** (``POST /api/games/{id}/seats/{seat}/claim`` with ``{"invite":
  CODE}``, and in a rated game the taker's ``"profile"``): once, in one transaction, the
  invitation is spent and the seat gets a new secret made for the taker alone (answered
  to them, stored hashed). Nobody held a secret of that seat before, so nothing anyone
  held (the creator's link, a copy of it) acts for it afterwards. A second try, or
  another person with the same link, is refused (409 ``seat.taken``) and nothing
  changes. In a rated game the profile is seated in the rating in the same transaction
  (refused if it plays another seat: 409 ``ratings.seat_taken``).
- **The taker's name** (issue 36): the claim may carry ``"name"``, the taker's own (a
  person without a profile is asked for it once; the page keeps it on the device); a
  profile's name comes before it; without either the seat keeps the name it was made
  with. It is checked as a profile's name is (``server/edge/names.py``), before anything
  changes: a refused name leaves the invitation as it was. It is the seat's name from
  then on, for everyone (views, lists, records), and the other seats hear
  ``{"type": "joined", "seat": n, "name": NAME}`` (``server/play/presence.py``).
- **Taking it up again on another device** (``POST /api/games/{id}/seats/{seat}/resume``
  with ``{"profile": CODE}``): a seat taken with a profile (or the creator's seat of a
  rated game, which has the creator's profile) gets a new secret for the holder of that
  profile. DECISION: the old secret is **replaced**, not kept beside it: a seat has one
  secret at a time, so a device that was lost or lent can be shut out by taking the seat
  up again; the old device's connections watch as spectators from then on
  (:meth:`~ludotheek.server.play.hub.Hub.close_seats`) and its page can take the seat back
  the same way.

Whenever a seat's secret is replaced or forgotten (here, or when the seat is left to a
computer player: :mod:`~ludotheek.server.play.ending`), the live connections that came with the
old one stop seeing that seat's views.
"""

from __future__ import annotations

import hmac
from typing import Any

from starlette.requests import Request
from starlette.routing import Route

from ludotheek.server.api.answers.games import SeatClaimed
from ludotheek.server.api.profiles import profile_for
from ludotheek.server.edge.bodies import ClaimInvite, ResumeSeat
from ludotheek.server.edge.jsonio import JSON as JSONResponse
from ludotheek.server.edge.names import MOST, tidy
from ludotheek.server.edge.offload import blocking
from ludotheek.server.edge.requests import read_json
from ludotheek.server.edge.shapes import decode
from ludotheek.server.errors import Conflict, Forbidden, Invalid, NotFound
from ludotheek.server.play.livegame import LiveGame
from ludotheek.server.play.service import GameService
from ludotheek.server.timing import timeouts
from ludotheek.store.games import hash_token, new_token
from ludotheek.store.profiles import Profile


def seat_number(live: LiveGame, raw: Any) -> int:
    """The seat ``raw`` (the path's text, or a number) names; 404 if the game has none such."""
    text = str(raw)
    if not (text.isascii() and text.isdigit() and len(text) <= 3
            and int(text) < len(live.seats)):
        raise NotFound(f"the game has no seat {text[:8]}: its seats are 0 to "
                       f"{len(live.seats) - 1}", code="seat.unknown", seat=text[:8],
                       last=len(live.seats) - 1)
    return int(text)


def taken(live: LiveGame, seat: int) -> Conflict:
    """The refusal of taking ``seat`` when it has no open invitation."""
    if live.seats[seat]["type"] != "person":
        return Conflict("a computer player plays this seat: nobody is invited to it",
                        code="seat.not_invited", number=seat + 1)
    return Conflict("this seat has been taken already: its invitation is spent (ask whoever "
                    "invited you for a new one)", code="seat.taken", number=seat + 1)


def check_open_invite(live: LiveGame, seat: int, code: str) -> str:
    """Refuse unless ``seat`` of the game in play ``live`` has an open invitation whose code
    is ``code`` (taking the seat, drawing its QR code); the invitation's stored hash."""
    if live.over:
        raise Conflict("the game has ended: its seats are not taken any more",
                       code="seat.claim_over")
    stored = live.invites.get(seat)
    if stored is None:
        raise taken(live, seat)
    if not hmac.compare_digest(stored, hash_token(code)):
        raise Forbidden("that is not this seat's invite code: open the link you were sent",
                        code="seat.invite_wrong")
    return stored


async def _announce(service: GameService, live: LiveGame, seat: int,
                    joined: bool) -> None:
    """After ``seat``'s secret changed: the other processes read the game again, the
    connections of the old secret watch as spectators, everyone gets their view (with
    the seat's new name), and then the other seats hear that its person has come
    (``joined``: :func:`~ludotheek.server.play.presence.notice`, on every process)."""
    if service.scale_out is not None:
        await service.scale_out.changed(live)
    await service.hub.close_seats(live.id, live.token_hashes)
    await service.broadcast(live)
    if joined:
        await service.presence.tell(live, seat, "joined")


def taker_name(profile: Profile | None, given: str | None) -> str | None:
    """The name a seat is given when it is taken: its profile's, else the one sent (tidied:
    ``server/edge/names.py``; 400 ``seat.claim_name`` if it cannot be a name), else None
    (the seat keeps the name it has)."""
    if profile is not None:
        return profile.name
    if given is None:
        return None
    name = tidy(given)
    if name is None:
        raise Invalid(f"'name' must be a text of 1 to {MOST} characters, without control "
                      "characters", code="seat.claim_name", most=MOST)
    return name


async def claim(service: GameService, gid: str, raw_seat: Any, body: ClaimInvite
                ) -> tuple[LiveGame, int, str]:
    """Take the invited seat ``raw_seat`` of ``gid`` with ``body``'s invite code: the
    game, the seat and its new secret (see the module's description)."""
    live = await service.load(gid)
    seat = seat_number(live, raw_seat)
    profile = await profile_for(service.db, body.profile) if body.profile is not None else None
    name = taker_name(profile, body.name)
    async with live.lock:
        stored = check_open_invite(live, seat, body.invite)
        if live.rated and profile is None:
            raise Invalid("a rated game's seat is taken with a profile: send its code as "
                          "'profile'", code="seat.claim_profile")
        token = new_token()
        found = await blocking(service.db.games.claim, live.id, seat, stored,
                               hash_token(token), profile.id if profile else None, live.rated,
                               name)
        if found == "profile":
            raise Conflict("this seat already has a profile, or your profile plays another "
                           "seat", code="ratings.seat_taken")
        if found != "taken":  # another process took it meanwhile
            live.invites.pop(seat, None)
            service.cache.pop(live.id)
            raise taken(live, seat)
        live.invites.pop(seat, None)
        live.token_hashes[seat] = hash_token(token)
        live.joined.add(seat)
        await timeouts.seats_taken(service, live)  # the last invited seat: time runs
        if name is not None:
            live.seats = [dict(s, name=name) if i == seat else s
                          for i, s in enumerate(live.seats)]
        await _announce(service, live, seat, joined=True)
    return live, seat, token


async def resume(service: GameService, gid: str, raw_seat: Any, body: ResumeSeat
                 ) -> tuple[LiveGame, int, str]:
    """A new secret for ``raw_seat`` of ``gid`` for the profile that holds it (the old
    secret acts for nothing any more): the game, the seat and the secret."""
    live = await service.load(gid)
    seat = seat_number(live, raw_seat)
    profile = await profile_for(service.db, body.profile)
    refused = Forbidden("this seat was not taken with this profile", code="seat.not_yours")
    async with live.lock:
        if seat not in live.token_hashes:
            raise refused
        token = new_token()
        if not await blocking(service.db.games.replace_token, live.id, seat, profile.id,
                              hash_token(token)):
            raise refused
        live.token_hashes[seat] = hash_token(token)
        await _announce(service, live, seat, joined=False)
    return live, seat, token


def _answer(live: LiveGame, seat: int, token: str) -> JSONResponse:
    return JSONResponse(SeatClaimed(id=live.id, seat=seat, token=token,
                                    url=f"/play/{live.id}#token={token}"))


async def claim_seat(request: Request) -> JSONResponse:
    service: GameService = request.app.state.service
    live = await service.load(request.path_params["id"])  # a game that is not: 404 first
    body = decode(ClaimInvite, await read_json(request, service.settings.max_body))
    return _answer(*await claim(service, live.id, request.path_params["seat"], body))


async def resume_seat(request: Request) -> JSONResponse:
    service: GameService = request.app.state.service
    live = await service.load(request.path_params["id"])
    body = decode(ResumeSeat, await read_json(request, service.settings.max_body))
    return _answer(*await resume(service, live.id, request.path_params["seat"], body))


routes = [
    Route("/api/games/{id}/seats/{seat}/claim", claim_seat, methods=["POST"]),
    Route("/api/games/{id}/seats/{seat}/resume", resume_seat, methods=["POST"]),
]
