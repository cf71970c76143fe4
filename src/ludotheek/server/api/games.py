"""The HTTP API (described at /openapi.json)."""

from __future__ import annotations

import time
from typing import Any

from msgspec import UNSET
from starlette.requests import Request
from starlette.routing import Route

from ludotheek import __version__
from ludotheek.ai import players
from ludotheek.core.errors import quoted
from ludotheek.data import folder
from ludotheek.games import get, names, plugin
from ludotheek.server.api import profiles, queries
from ludotheek.server.api.answers.games import Created, ScoreEntry, Scores, seat_tokens
from ludotheek.server.api.answers.site import DataBuilds, DataShown, GameMeta, Health, Meta
from ludotheek.server.api.queries import decode_query
from ludotheek.server.edge.bodies import MoveBody, VersionBody
from ludotheek.server.edge.jsonio import JSON as JSONResponse
from ludotheek.server.edge.offload import blocking
from ludotheek.server.edge.requests import bearer_token, client_address, read_json
from ludotheek.server.edge.shapes import built, decode
from ludotheek.server.errors import NotFound
from ludotheek.server.pages.files import has_page
from ludotheek.server.play import ending
from ludotheek.server.play.checks import check_seed
from ludotheek.server.play.service import GameService
from ludotheek.server.play.views import PAGE_LANGUAGES


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
        games.append(built(GameMeta, info))
    return JSONResponse(Meta(version=__version__, games=games))


#: seconds an answer of /api/data/{game} is kept (each reads a few files per data set)
DATA_FRESH = 2.0
_data_answers: dict[tuple[str, str], tuple[float, DataBuilds]] = {}


def _data_builds(root: Any, game: str) -> DataBuilds:
    shown = []
    for ds in folder.data_sets_of(game):
        st = folder.status(root, ds)
        if st.running or (st.done is not None and st.of is not None and st.done < st.of):
            shown.append(DataShown(name=ds.name, title=dict(ds.title), unit=dict(ds.unit),
                                   done=st.done, of=st.of, percent=st.percent,
                                   running=st.running))
    return DataBuilds(game=game, builds=shown)


async def data_builds(request: Request) -> JSONResponse:
    """What of a game's data is still being built, and how far it is (the game page says
    it where a person would wonder: the strong level, a hint)."""
    game = request.path_params["game"]
    if game not in names():
        raise NotFound(f"there is no game {game!r}; the games are: {', '.join(names())}",
                       code="game.unknown", game=quoted(game), games=", ".join(names()))
    root = request.app.state.data_folder
    key, now = (str(root), game), time.monotonic()
    kept = _data_answers.get(key)
    if kept is None or now - kept[0] > DATA_FRESH:
        kept = (now, await blocking(_data_builds, root, game))
        _data_answers[key] = kept
    return JSONResponse(kept[1])


async def create_game(request: Request) -> JSONResponse:
    service = _service(request)
    body = await read_json(request, service.settings.max_body)
    rated = await profiles.before_create(request, body)  # "rated" and the seats' profiles
    check_seed(body, rated is not None)  # a seed of one's own only for practice
    live, tokens, invites = await service.create(body, client_address(request))
    await profiles.after_create(request, live, rated)
    return JSONResponse(Created(id=live.id, seats=seat_tokens(live.id, tokens, invites),
                                rated=rated is not None), status_code=201)



async def list_games(request: Request) -> JSONResponse:
    q = decode_query(queries.Listing, request.query_params,
                     hooks={"game": _known_game})
    games = await _service(request).listing(
        q.status, q.game, q.limit, q.offset, q.started in ("1", "true"), _ids(q.ids),
        q.lang if q.lang in PAGE_LANGUAGES else "en")
    return JSONResponse({"games": games})


def _known_game(raw: Any, _: dict[str, Any]) -> str | None:
    """The lobby's ``game``: one of the games, if given."""
    if raw is UNSET:
        return None
    if raw not in names():
        raise queries.GAME_UNKNOWN.error(game=quoted(raw))
    return str(raw)


def _ids(raw: str | None) -> list[str] | None:
    """``ids``: the games to list, comma-separated (the lobby's "Your games"); the last
    parameter its query checks."""
    if raw is None:
        return None
    ids = [i for i in raw.split(",") if i]
    if len(ids) > queries.MAX_IDS or any(len(i) > 64 for i in ids):
        raise queries.Listing.refusals.of_field("ids").error()
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
    limit = decode_query(queries.ScoreList, request.query_params).limit
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
    return JSONResponse(Health(ok=True))


routes = [
    Route("/api/meta", meta, methods=["GET"]),
    Route("/api/games", create_game, methods=["POST"]),
    Route("/api/games", list_games, methods=["GET"]),
    Route("/api/games/{id}", game_view, methods=["GET"]),
    Route("/api/games/{id}/moves", post_move, methods=["POST"]),
    Route("/api/games/{id}/undo", post_undo, methods=["POST"]),
    Route("/api/scores/{game}", scores, methods=["GET"]),
    Route("/api/data/{game}", data_builds, methods=["GET"]),

    Route("/api/games/{id}/hint", hint, methods=["GET"]),
    Route("/healthz", health, methods=["GET"]),
]
