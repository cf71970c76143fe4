"""HTTP endpoints of analyses (``server/analyses/service.py``) and "try again from here"."""

from __future__ import annotations

from starlette.requests import Request
from starlette.routing import Route

from ludotheek.server.analyses.service import Analyses
from ludotheek.server.api.answers.analyses import AnalysisStatus, TriedAgain
from ludotheek.server.edge.jsonio import JSON as JSONResponse
from ludotheek.server.edge.requests import bearer_token, client_address, read_json
from ludotheek.server.edge.shapes import built
from ludotheek.server.play.service import GameService
from ludotheek.server.play.tryagain import try_again


def _analyses(request: Request) -> Analyses:
    analyses: Analyses = request.app.state.analyses
    return analyses


async def get_analysis(request: Request) -> JSONResponse:
    return JSONResponse(built(AnalysisStatus, await _analyses(request).status(
        request.path_params["id"], bearer_token(request))))


async def post_analysis(request: Request) -> JSONResponse:
    answer = await _analyses(request).start(request.path_params["id"], bearer_token(request),
                                            client_address(request))
    return JSONResponse(built(AnalysisStatus, answer),
                        status_code=200 if answer["status"] == "done" else 202)


async def post_try(request: Request) -> JSONResponse:
    service: GameService = request.app.state.service
    live = await service.load(request.path_params["id"])
    body = await read_json(request, service.settings.max_body)
    answer = await try_again(service, live, body, client_address(request))
    return JSONResponse(built(TriedAgain, answer), status_code=201)


routes = [
    Route("/api/games/{id}/analysis", get_analysis, methods=["GET"]),
    Route("/api/games/{id}/analysis", post_analysis, methods=["POST"]),
    Route("/api/games/{id}/try", post_try, methods=["POST"]),
]
