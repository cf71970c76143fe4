"""Words between the players of a game over HTTP: its chat (server/play/chat.py) and
takeback requests (server/play/takebacks.py). Each line is told at once to every live
connection of the game (``{"type": "chat", "lines": [...]}``, api/live.py)."""

from __future__ import annotations

from starlette.requests import Request
from starlette.routing import Route

from ludotheek.server.api.answers.chat import ChatLines, ChatLineShown
from ludotheek.server.edge.bodies import MAX_CHAT, ChatBody, TakebackAnswer, VersionBody
from ludotheek.server.edge.jsonio import JSON as JSONResponse
from ludotheek.server.edge.requests import bearer_token, read_json
from ludotheek.server.edge.shapes import built, decode
from ludotheek.server.play import chat, takebacks
from ludotheek.server.play.service import GameService


def _service(request: Request) -> GameService:
    service: GameService = request.app.state.service
    return service


async def chat_lines(request: Request) -> JSONResponse:
    """Every line of the game (anyone who may watch it reads them)."""
    service = _service(request)
    live = await service.load(request.path_params["id"])
    return JSONResponse(ChatLines(lines=[built(ChatLineShown, x)
                                         for x in await chat.lines(service, live.id)],
                                  free=chat.free(service), phrases=list(chat.PHRASES),
                                  most=MAX_CHAT))


async def post_chat(request: Request) -> JSONResponse:
    service = _service(request)
    live = await service.load(request.path_params["id"])  # a game that is not: 404 first
    body = decode(ChatBody, await read_json(request, service.settings.max_body))
    line = await chat.say(service, live.id, bearer_token(request), body)
    return JSONResponse(built(ChatLineShown, line))


async def post_takeback(request: Request) -> JSONResponse:
    service = _service(request)
    live = await service.load(request.path_params["id"])
    body = decode(VersionBody, await read_json(request, service.settings.max_body))
    line = await takebacks.ask(service, live.id, bearer_token(request), body.version)
    return JSONResponse(built(ChatLineShown, line))


async def post_takeback_answer(request: Request) -> JSONResponse:
    service = _service(request)
    live = await service.load(request.path_params["id"])
    body = decode(TakebackAnswer, await read_json(request, service.settings.max_body))
    live, seat, _ = await takebacks.answer(service, live.id, bearer_token(request),
                                           body.version, body.accept)
    return JSONResponse(service.view(live, seat))


routes = [
    Route("/api/games/{id}/chat", chat_lines, methods=["GET"]),
    Route("/api/games/{id}/chat", post_chat, methods=["POST"]),
    Route("/api/games/{id}/takeback", post_takeback, methods=["POST"]),
    Route("/api/games/{id}/takeback/answer", post_takeback_answer, methods=["POST"]),
]
