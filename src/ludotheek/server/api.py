"""The HTTP API (described at /openapi.json)."""

from __future__ import annotations

from starlette.requests import Request
from starlette.routing import Route

from ludotheek import __version__, players
from ludotheek.core.errors import quoted
from ludotheek.games import get, names, plugin
from ludotheek.server import ending, profiles
from ludotheek.server.answers import Created, ScoreEntry, Scores, seat_tokens
from ludotheek.server.bodies import MoveBody, VersionBody
from ludotheek.server.errors import Invalid, NotFound
from ludotheek.server.http import bearer_token, client_address, int_param, read_json
from ludotheek.server.jsonio import JSON as JSONResponse
from ludotheek.server.offload import blocking
from ludotheek.server.pages import has_page
from ludotheek.server.service import GameService
from ludotheek.server.shapes import decode
from ludotheek.server.views import PAGE_LANGUAGES

#: a game's statuses: in play, over by its rules, ended without being played out
STATUSES = ("active", "over", "aborted", "abandoned")
#: the most games one listing by ``ids`` names
MAX_IDS = 50


def _service(request: Request) -> GameService:
    service: GameService = request.app.state.service
    return service


def _lang(request: Request) -> str:
    lang = request.query_params.get("lang", "en")
    return lang if lang in PAGE_LANGUAGES else "en"


async def meta(request: Request) -> JSONResponse:
    games = []
    for name in names():
        info = get(name).describe()
        info["levels"] = [lv.describe() for lv in players.levels(name).values()]
        info["page"] = has_page(name)  # the lobby says so for the others
        info["analysis"] = plugin(name).review is not None  # its games can be analysed
        games.append(info)
    return JSONResponse({"version": __version__, "games": games})


async def create_game(request: Request) -> JSONResponse:
    service = _service(request)
    body = await read_json(request, service.settings.max_body)
    rated = await profiles.before_create(request, body)  # "rated" and the seats' profiles
    live, tokens = await service.create(body, client_address(request))
    await profiles.after_create(request, live, rated)
    return JSONResponse(Created(id=live.id, seats=seat_tokens(live.id, tokens),
                                rated=rated is not None), status_code=201)



async def list_games(request: Request) -> JSONResponse:
    status = request.query_params.get("status")
    if status not in (None, *STATUSES):
        raise Invalid(f"'status' must be one of {', '.join(STATUSES)}", code="request.status",
                      statuses=", ".join(STATUSES))
    started = request.query_params.get("started") in ("1", "true")
    game = request.query_params.get("game")
    if game is not None and game not in names():
        raise Invalid(f"unknown game {game!r}; the games are: {', '.join(names())}",
                      code="game.unknown", game=quoted(game), games=", ".join(names()))
    limit = int_param(request, "limit", 50, 1, 500)
    offset = int_param(request, "offset", 0, 0, 10**9)
    ids = _ids_param(request)
    games = await _service(request).listing(status, game, limit, offset, started, ids,
                                            _lang(request))
    return JSONResponse({"games": games})


def _ids_param(request: Request) -> list[str] | None:
    """``ids``: the games to list, comma-separated (the lobby's "Your games")."""
    raw = request.query_params.get("ids")
    if raw is None:
        return None
    ids = [i for i in raw.split(",") if i]
    if len(ids) > MAX_IDS or any(len(i) > 64 for i in ids):
        raise Invalid(f"'ids' names at most {MAX_IDS} games, by their ids", code="request.ids",
                      most=MAX_IDS)
    return ids


async def game_view(request: Request) -> JSONResponse:
    service = _service(request)
    live = await service.load(request.path_params["id"])
    seat = await service.seat_of(live, bearer_token(request))
    await ending.note_joined(service, live, seat)
    return JSONResponse(service.view(live, seat, _lang(request)))


async def post_move(request: Request) -> JSONResponse:
    service = _service(request)
    body = decode(MoveBody, await read_json(request, service.settings.max_body))
    live, seat = await service.move(request.path_params["id"], bearer_token(request),
                                    body.move, body.version)
    return JSONResponse(service.view(live, seat, _lang(request)))


async def post_undo(request: Request) -> JSONResponse:
    service = _service(request)
    body = decode(VersionBody, await read_json(request, service.settings.max_body))
    live, seat = await service.undo(request.path_params["id"], bearer_token(request),
                                    body.version)
    return JSONResponse(service.view(live, seat, _lang(request)))


async def scores(request: Request) -> JSONResponse:
    """A game's score list, best first (``limit`` entries, default 30)."""
    game = request.path_params["game"]
    if game not in names():
        raise NotFound(f"there is no game {game!r}; the games are: {', '.join(names())}",
                       code="game.unknown", game=quoted(game), games=", ".join(names()))
    limit = int_param(request, "limit", 30, 1, 100)
    db = request.app.state.db
    entries = await blocking(db.scores.top, game, limit)
    return JSONResponse(Scores(game=game, scores=[
        ScoreEntry(place=i, name=e.name,
                   value=int(e.value) if e.value.is_integer() else e.value, date=e.date,
                   game_id=e.game_id, seat=e.seat)
        for i, e in enumerate(entries, 1)]))

async def hint(request: Request) -> JSONResponse:
    return JSONResponse(await _service(request).hint(request.path_params["id"],
                                                     bearer_token(request)))


async def health(request: Request) -> JSONResponse:
    return JSONResponse({"ok": True})


routes = [
    Route("/api/meta", meta, methods=["GET"]),
    Route("/api/games", create_game, methods=["POST"]),
    Route("/api/games", list_games, methods=["GET"]),
    Route("/api/games/{id}", game_view, methods=["GET"]),
    Route("/api/games/{id}/moves", post_move, methods=["POST"]),
    Route("/api/games/{id}/undo", post_undo, methods=["POST"]),
    Route("/api/scores/{game}", scores, methods=["GET"]),

    Route("/api/games/{id}/hint", hint, methods=["GET"]),
    Route("/healthz", health, methods=["GET"]),
]
