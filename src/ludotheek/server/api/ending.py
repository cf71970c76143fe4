"""HTTP endpoints for ending a game before it is played out (:mod:`.ending`):
``POST /api/games/{id}/abort`` and ``POST /api/games/{id}/leave``, each with the body
``{"version": V}`` (the version the client saw) and the seat's token."""

from __future__ import annotations

from starlette.requests import Request
from starlette.responses import JSONResponse
from starlette.routing import Route

from ludotheek.server.edge.bodies import VersionBody
from ludotheek.server.edge.requests import bearer_token, read_json
from ludotheek.server.edge.shapes import decode
from ludotheek.server.play import ending
from ludotheek.server.play.service import GameService
from ludotheek.server.play.views import PAGE_LANGUAGES


async def _version(request: Request, service: GameService) -> int:
    return decode(VersionBody, await read_json(request, service.settings.max_body)).version


def _lang(request: Request) -> str:
    lang = request.query_params.get("lang", "en")
    return lang if lang in PAGE_LANGUAGES else "en"


async def abort(request: Request) -> JSONResponse:
    """End a game nobody has moved in: it ends without a result. The seat's view."""
    service: GameService = request.app.state.service
    version = await _version(request, service)
    live, seat = await ending.abort(service, request.path_params["id"], bearer_token(request),
                                    version)
    return JSONResponse(service.view(live, seat, _lang(request)))


async def leave(request: Request) -> JSONResponse:
    """Leave a game: resign (two seats) or hand the seat to a computer player (more). The
    view of the seat after a resignation; a spectator's after a hand-over."""
    service: GameService = request.app.state.service
    version = await _version(request, service)
    live, seat = await ending.leave(service, request.path_params["id"], bearer_token(request),
                                    version)
    still = seat if seat in live.token_hashes else None
    return JSONResponse(service.view(live, still, _lang(request)))


routes = [
    Route("/api/games/{id}/abort", abort, methods=["POST"]),
    Route("/api/games/{id}/leave", leave, methods=["POST"]),
]
