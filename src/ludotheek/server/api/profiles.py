"""Profiles and ratings over HTTP: profiles, leaderboards, rated games.

A profile is a name and a secret; the browser keeps the secret and sends it as
``Authorization: Bearer SECRET`` to ``/api/profiles/me``. Rated games are made by
``POST /api/games`` with ``"rated": true`` and the creator's secret in its seat
(``{"type": "person", "profile": SECRET}``); every other person is invited
(``"invite": true``) and takes their seat with their own profile
(``POST /api/games/{id}/seats/{seat}/claim``, server/api/claims.py): people at one screen play
unrated. ``POST /api/games/{id}/profile`` seats a profile on the token's seat of a rated
game made before invitations (whose invite links were the seats' secrets). Errors carry a
``code`` (a key of the pages' catalog part ``ratings``) and its ``params``, so a page says
them in its language.
"""

from __future__ import annotations

import asyncio
import logging
import unicodedata
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from typing import Any, TypeVar

import anyio.to_thread
from msgspec import UNSET
from starlette.requests import Request
from starlette.routing import Route

from ludotheek.core.errors import quoted
from ludotheek.games import names
from ludotheek.rated.levels import level_rating, rated_levels
from ludotheek.rated.people import MAX_PLAYERS, PROVISIONAL_GAMES
from ludotheek.rated.rater import describe, sweep
from ludotheek.server.api import queries
from ludotheek.server.api.answers.profiles import (
    Deleted,
    Leaderboard,
    NewProfileMade,
    PlayingGames,
    ProfileGames,
    ProfileShown,
    RatedGameShown,
    RatingHistory,
)
from ludotheek.server.api.queries import decode_query
from ludotheek.server.edge.bodies import ClaimSeat, NewProfile, Rename
from ludotheek.server.edge.jsonio import JSON as JSONResponse
from ludotheek.server.edge.requests import bearer_token, read_json
from ludotheek.server.edge.shapes import built, decode
from ludotheek.server.errors import Conflict, Forbidden, Invalid, NotFound, ServiceError
from ludotheek.server.pages.catalogs import LANGUAGES
from ludotheek.server.play.livegame import LiveGame
from ludotheek.server.play.views import listing_entry
from ludotheek.store.database import Database
from ludotheek.store.profiles import NAME_LENGTH, Profile, code_of, normalize_secret
from ludotheek.store.ratings import CurrentRating, RatedGame

T = TypeVar("T")
log = logging.getLogger("ludotheek.rated")
SWEEP_SECONDS = 60.0
DEFAULT_LEVEL = "normal"  # a computer seat without a level plays this one (play/computer_turns.py)


def _err(kind: type[ServiceError], message: str, *, code: str, **params: Any) -> ServiceError:
    """A refusal with its catalog code (``errors.<code>``, web/i18n/<lang>/errors.json)
    and the parameters its words use."""
    return kind(message, code=code, **params)


async def _run(fn: Callable[..., T], *args: Any) -> T:
    return await anyio.to_thread.run_sync(partial(fn, *args))


def _db(request: Request) -> Database:
    db: Database = request.app.state.db
    return db


# --- checking what comes in -------------------------------------------------------------
def check_name(value: Any) -> str:
    """A profile's name: 1-32 characters, no control characters, spaces tidied."""
    if not isinstance(value, str):
        raise _err(Invalid, "'name' must be a text of 1 to 32 characters",
                   code="ratings.name", max=NAME_LENGTH)
    name = " ".join(value.split())
    if not 1 <= len(name) <= NAME_LENGTH or any(
            unicodedata.category(c).startswith("C") for c in name):
        raise _err(Invalid, "'name' must be a text of 1 to 32 characters",
                   code="ratings.name", max=NAME_LENGTH)
    return name


def secret_of(value: Any) -> str:
    """A profile secret as sent (a code with dashes will do); 400 if it cannot be one."""
    secret = normalize_secret(value) if isinstance(value, str) else None
    if secret is None:
        raise _err(Invalid, "that is not a profile code: it has 20 letters and digits, "
                   "like ABCD-EFGH-JKMN-PQRS-TVWX", code="ratings.secret_malformed")
    return secret


async def profile_for(db: Database, value: Any) -> Profile:
    """The profile whose secret is ``value``; 400 malformed, 403 unknown."""
    profile = await _run(db.profiles.by_secret, secret_of(value))
    if profile is None:
        raise _err(Forbidden, "no profile has this code: it may have been mistyped, or the "
                   "profile was deleted", code="ratings.secret_unknown")
    return profile


async def me(request: Request) -> Profile:
    token = bearer_token(request)
    if token is None:
        raise _err(Forbidden, "send the profile's code as 'Authorization: Bearer CODE'",
                   code="ratings.secret_missing")
    return await profile_for(_db(request), token)


def _plausible_id(value: str) -> bool:
    return 0 < len(value) <= 32 and value.isascii() and value.replace("-", "").replace(
        "_", "").isalnum()


async def _profile(request: Request) -> Profile:
    pid = request.path_params["id"]
    profile = await _run(_db(request).profiles.get, pid) if _plausible_id(pid) else None
    if profile is None:
        raise _err(NotFound, f"there is no profile {pid!r}", code="ratings.profile_unknown")
    return profile


def _known(game: Any, kind: type[ServiceError]) -> str:
    """``game`` if it is one of the games; a refusal of ``kind`` (a path's: not found; a
    query's: invalid) otherwise."""
    if game not in names():
        game = None if game is UNSET else game
        raise _err(kind, f"there is no game {game!r}; the games are: {', '.join(names())}",
                   code="ratings.game_unknown", game=str(game))
    return str(game)


def _game_query(raw: Any, _: dict[str, Any]) -> str:
    return _known(raw, Invalid)



def shown(r: CurrentRating, place: int | None = None) -> dict[str, Any]:
    out = {"game": r.game, "rating": round(r.mu), "sigma": round(r.sigma), "games": r.games,
           "provisional": r.games < PROVISIONAL_GAMES, "updated": r.updated}
    if place is not None:
        out["place"] = place
    return out


def _public(profile: Profile) -> dict[str, Any]:
    return {"id": profile.id, "name": profile.name, "created": profile.created}


# --- profiles -------------------------------------------------------------------------
async def create_profile(request: Request) -> JSONResponse:
    body = decode(NewProfile, await read_json(request, request.app.state.settings.max_body))
    name = check_name(body.name)
    profile, secret = await _run(_db(request).profiles.create, name)
    return JSONResponse(NewProfileMade(
        id=profile.id, name=profile.name, created=profile.created, secret=secret,
        code=code_of(secret), link=f"/profile#key={code_of(secret)}"), status_code=201)


async def _with_ratings(db: Database, profile: Profile) -> ProfileShown:
    mine = await _run(db.ratings.of_profile, profile.id)
    out = []
    for r in mine:
        out.append(shown(r, await _run(db.ratings.place_of, r.game, r.mu)))
    return built(ProfileShown, {**_public(profile), "ratings": out})


async def get_me(request: Request) -> JSONResponse:
    profile = await me(request)
    return JSONResponse(await _with_ratings(_db(request), profile))


async def post_me(request: Request) -> JSONResponse:
    """Rename the profile of the secret."""
    profile = await me(request)
    body = decode(Rename, await read_json(request, request.app.state.settings.max_body))
    name = check_name(body.name)
    await _run(_db(request).profiles.rename, profile.id, name)
    return JSONResponse(await _with_ratings(_db(request), Profile(profile.id, name,
                                                                     profile.created)))


async def delete_me(request: Request) -> JSONResponse:
    profile = await me(request)
    await _run(_db(request).profiles.delete, profile.id)
    return JSONResponse(Deleted(deleted=profile.id))


async def get_profile(request: Request) -> JSONResponse:
    profile = await _profile(request)
    return JSONResponse(await _with_ratings(_db(request), profile))


async def profile_history(request: Request) -> JSONResponse:
    profile = await _profile(request)
    q = decode_query(queries.RatingHistory, request.query_params, hooks={"game": _game_query})
    game = q.game
    points = await _run(_db(request).ratings.history, profile.id, game, q.limit)
    return JSONResponse(built(RatingHistory, {"game": game, "points": [{
        "game_id": p.game_id, "at": p.at, "rating": round(p.mu), "sigma": round(p.sigma),
        "before": round(p.mu_before), "before_sigma": round(p.sigma_before),
        "change": round(p.mu) - round(p.mu_before),
        "place": p.place, "players": p.players} for p in points]}))


async def profile_games(request: Request) -> JSONResponse:
    profile = await _profile(request)
    limit = decode_query(queries.RatedGames, request.query_params).limit
    db = _db(request)
    rated = await _run(db.ratings.games_of, profile.id, limit)
    rows = {}
    for r in rated:
        rows[r.game_id] = await _run(db.games.get, r.game_id)
    out = []
    for r in rated:
        row = rows[r.game_id]
        if row is None:
            continue
        mine = next(s for s in r.seats if s.profile_id == profile.id)
        out.append({
            "id": r.game_id, "game": r.game, "seat": mine.seat, "over": row.status == "over",
            "created": row.created, "updated": row.updated, "version": row.version,
            "names": [s.get("name") for s in row.seats], **describe(r)})
    return JSONResponse(built(ProfileGames, {"games": out}))


async def my_games(request: Request) -> JSONResponse:
    """The games in which the profile of the secret (``Authorization: Bearer``) holds a
    seat, on whichever device it took it: whose turn it is in each, those in play first
    (issue 36, "My games"). Only what a spectator sees besides: no seat's secret, no seed."""
    profile = await me(request)
    q = decode_query(queries.PlayingGames, request.query_params)
    lang = q.lang if q.lang in LANGUAGES else "en"
    found = await _run(_db(request).games.of_profile, profile.id, q.limit)
    clocks = await _run(_db(request).clocks.of_games, [row.id for row, _ in found])
    now = request.app.state.service.settings.clock()
    out = []
    for row, seat in found:
        entry = listing_entry(row, lang, clocks.get(row.id), now)
        out.append({key: entry[key] for key in (
            "id", "game", "status", "version", "to_move", "created", "updated", "seats",
            "names", "time_left")} | {"seat": seat,
                         "your_turn": row.status == "active" and row.to_move == seat})
    return JSONResponse(built(PlayingGames, {"games": out}))


async def leaderboard(request: Request) -> JSONResponse:
    game = _known(request.path_params["game"], NotFound)
    q = decode_query(queries.Leaderboard, request.query_params)
    limit, offset = q.limit, q.offset
    db = _db(request)
    rows = await _run(db.ratings.leaderboard, game, limit, offset)
    total = await _run(db.ratings.count, game)
    return JSONResponse(built(Leaderboard, {
        "game": game, "total": total,
        "players": [{"place": offset + i, "profile": {"id": r.profile_id, "name": name},
                     **shown(r)} for i, (r, name) in enumerate(rows, 1)],
        "levels": [{"level": lv, "rating": round(r.mu), "sigma": round(r.sigma)}
                   for lv, r in sorted(rated_levels(game).items(), key=lambda x: -x[1].mu)],
    }))


# --- rated games ----------------------------------------------------------------------
@dataclass(frozen=True)
class RatedSeats:
    """What a rated create request asked for: (profile, level) by seat."""

    seats: list[tuple[Profile | None, str | None]]


def _pop_rated(body: dict[str, Any]) -> tuple[bool, list[Any]]:
    """Take ``rated`` and each seat's ``profile`` out of a create request's body."""
    rated = body.pop("rated", False)
    seats = body.get("seats")
    secrets = []
    if isinstance(seats, list):
        for seat in seats:
            secrets.append(seat.pop("profile", None) if isinstance(seat, dict) else None)
    if not isinstance(rated, bool):
        raise Invalid("'rated' must be true or false", code="ratings.rated_bool")
    if not rated and any(s is not None for s in secrets):
        raise _err(Invalid, "a seat's 'profile' is for rated games: add \"rated\": true",
                   code="ratings.profile_unrated")
    return rated, secrets


def _computer_seat(game: str, i: int, seat: dict[str, Any], secret: Any) -> str | None:
    """The level of a rated game's computer seat ``i``, refused without a measured rating."""
    level = seat.get("level", DEFAULT_LEVEL)
    if isinstance(level, str) and level_rating(game, level) is None:
        raise _err(Invalid, f"seat {i}: the level {level!r} has no measured rating, so it "
                   "cannot play a rated game", code="ratings.level_unrated",
                   number=i, level=str(level))
    if secret is not None:
        raise Invalid(f"seat {i}: a computer seat has no profile",
                      code="ratings.computer_profile", number=i)
    return level if isinstance(level, str) else None


async def before_create(request: Request, body: Any) -> RatedSeats | None:
    """Take ``rated`` and the seats' ``profile`` out of a create request (the rest goes
    to the game service as before); check them; the seats of a rated game, or None."""
    if not isinstance(body, dict):
        return None
    rated, secrets = _pop_rated(body)
    if not rated:
        return None
    game = body.get("game")
    seats = body.get("seats")
    if not isinstance(seats, list) or game not in names():
        return RatedSeats([])  # the service says what is wrong
    if not 2 <= len(seats) <= MAX_PLAYERS:
        raise Invalid(f"a rated game has 2 to {MAX_PLAYERS} seats", code="ratings.seats",
                      most=MAX_PLAYERS)
    out: list[tuple[Profile | None, str | None]] = []
    seen: set[str] = set()
    db = _db(request)
    here = 0
    for i, (seat, secret) in enumerate(zip(seats, secrets, strict=True), 1):
        if isinstance(seat, dict) and seat.get("type") == "computer":
            out.append((None, _computer_seat(str(game), i, seat, secret)))
            continue
        if isinstance(seat, dict) and seat.get("invite") is True:
            if secret is not None:  # the invited person brings their own (server/api/claims.py)
                raise _err(Invalid, f"seat {i}: an invited person's seat gets the profile "
                           "of whoever takes it", code="ratings.invite_profile", number=i)
            out.append((None, None))
            continue
        here += 1
        if here > 1:  # DECISION (issue 34): people at one screen play unrated
            raise _err(Invalid, "a rated game between people needs the others invited, "
                       "each taking their seat with their own profile: people at one "
                       "screen play unrated", code="ratings.here_seats")
        profile = await profile_for(db, secret) if secret is not None else None
        if profile is not None:
            if profile.id in seen:
                raise _err(Invalid, f"seat {i}: a profile can play one seat of a game",
                           code="ratings.profile_twice", number=i)
            seen.add(profile.id)
            if isinstance(seat, dict) and not seat.get("name"):
                seat["name"] = profile.name
        out.append((profile, None))
    if not seen:
        raise _err(Invalid, "a rated game needs the profile of at least one player: send it as "
                   "the seat's 'profile'", code="ratings.no_profile")
    return RatedSeats(out)


async def after_create(request: Request, live: LiveGame, rated: RatedSeats | None) -> None:
    """Store a newly created game as a rated game (no undo, no hints from now on)."""
    if rated is None:
        return
    live.rated = True
    db = _db(request)
    await _run(db.ratings.register, live.id, live.game.name,
               [(p.id if p else None, level) for p, level in rated.seats])
    for seat, (profile, _level) in enumerate(rated.seats):
        if profile is not None:  # the creator's seat: it can be taken up on another device
            await _run(db.games.set_seat_profile, live.id, seat, profile.id)


async def game_rating(request: Request) -> JSONResponse:
    gid = request.path_params["id"]
    db = _db(request)
    if not _plausible_id(gid) or await _run(db.games.get, gid) is None:
        raise NotFound(f"there is no game {gid!r}", code="game.not_found", game=quoted(gid))
    rated = await _run(db.ratings.get, gid)
    if rated is None:
        return JSONResponse(RatedGameShown(rated=False))
    return JSONResponse(await _rated_answer(db, rated))


async def _rated_answer(db: Database, rated: RatedGame) -> RatedGameShown:
    """A rated game as the API shows it; while it is pending, with each seat's rating now
    (a profile's current one, a level's fixed one; None for a profile's first game)."""
    out: dict[str, Any] = {"rated": True, **describe(rated)}
    if rated.status == "pending":
        for seat, s in zip(out["seats"], rated.seats, strict=True):
            now = None
            if s.level is not None:
                r = level_rating(rated.game, s.level)
                now = {"rating": round(r.mu), "sigma": round(r.sigma)} if r else None
            elif s.profile_id is not None:
                mine = [c for c in await _run(db.ratings.of_profile, s.profile_id)
                        if c.game == rated.game]
                now = {"rating": round(mine[0].mu), "sigma": round(mine[0].sigma),
                       "games": mine[0].games} if mine else None
            seat["now"] = now
    return built(RatedGameShown, out)


async def claim_seat(request: Request) -> JSONResponse:
    """Seat a profile on the seat of the token in a rated game (an invited player)."""
    gid = request.path_params["id"]
    db = _db(request)
    if not _plausible_id(gid) or await _run(db.games.get, gid) is None:
        raise NotFound(f"there is no game {gid!r}", code="game.not_found", game=quoted(gid))
    token = bearer_token(request)
    if token is None or len(token) > 200:
        raise Forbidden("send the seat's token as 'Authorization: Bearer TOKEN'",
                        code="seat.token_needed")
    seat = await _run(db.games.seat_for_token, gid, token)
    if seat is None:
        raise Forbidden("that token belongs to no seat of this game", code="seat.wrong_token")
    body = decode(ClaimSeat, await read_json(request, request.app.state.settings.max_body))
    profile = await profile_for(db, body.profile)
    rated = await _run(db.ratings.get, gid)
    if rated is None:
        raise _err(Conflict, "this game is not rated", code="ratings.not_rated")
    if rated.status != "pending":
        raise _err(Conflict, "this game is over: its seats are settled", code="ratings.over")
    if not await _run(db.ratings.claim, gid, seat, profile.id):
        mine = next((s for s in rated.seats if s.seat == seat), None)
        if mine is not None and mine.profile_id == profile.id:
            return JSONResponse(await _rated_answer(db, rated))
        raise _err(Conflict, "this seat already has a profile, or your profile plays another "
                   "seat", code="ratings.seat_taken")
    await _run(db.games.set_seat_profile, gid, seat, profile.id)
    after = await _run(db.ratings.get, gid)
    assert after is not None
    return JSONResponse(await _rated_answer(db, after))


routes = [
    Route("/api/profiles", create_profile, methods=["POST"]),
    Route("/api/profiles/me", get_me, methods=["GET"]),
    Route("/api/profiles/me", post_me, methods=["POST"]),
    Route("/api/profiles/me", delete_me, methods=["DELETE"]),
    Route("/api/profiles/me/games", my_games, methods=["GET"]),  # before {id}'s
    Route("/api/profiles/{id}", get_profile, methods=["GET"]),
    Route("/api/profiles/{id}/history", profile_history, methods=["GET"]),
    Route("/api/profiles/{id}/games", profile_games, methods=["GET"]),
    Route("/api/ratings/{game}", leaderboard, methods=["GET"]),
    Route("/api/games/{id}/rating", game_rating, methods=["GET"]),
    Route("/api/games/{id}/profile", claim_seat, methods=["POST"]),
]


async def sweeper(db: Database, seconds: float = SWEEP_SECONDS) -> None:
    """Rate the rated games whose rating failed or never happened (a crash between the
    last move and its rating): once at start, then every ``seconds``."""
    while True:
        try:
            settled = await _run(sweep, db)
            if settled:
                log.info("rated %d games whose rating had waited", settled)
        except Exception:
            log.exception("looking for rated games to rate failed")
        await asyncio.sleep(seconds)
