"""HTTP endpoints for records: export, import, replays, rematches."""

from __future__ import annotations

from starlette.requests import Request
from starlette.responses import PlainTextResponse, Response
from starlette.routing import Route

from ludotheek.server.api import queries
from ludotheek.server.api.answers.games import Imported, seat_tokens
from ludotheek.server.api.answers.site import RecordDoc, Rematched
from ludotheek.server.api.queries import decode_query
from ludotheek.server.edge.bodies import RematchBody
from ludotheek.server.edge.jsonio import JSON
from ludotheek.server.edge.jsonio import JSON as JSONResponse
from ludotheek.server.edge.requests import bearer_token, client_address, read_body, read_json
from ludotheek.server.edge.shapes import built, decode
from ludotheek.server.errors import Invalid
from ludotheek.server.play.records import Records
from ludotheek.server.play.service import GameService
from ludotheek.server.play.views import PAGE_LANGUAGES


def _parts(request: Request) -> tuple[GameService, Records]:
    return request.app.state.service, request.app.state.records


def _download(download: str | None, filename: str) -> dict[str, str]:
    if download:
        return {"Content-Disposition": f'attachment; filename="{filename}"'}
    return {}


async def export_json(request: Request) -> Response:
    service, records = _parts(request)
    live = await service.load(request.path_params["id"])
    q = decode_query(queries.RecordJson, request.query_params)
    return JSONResponse(built(RecordDoc, records.export_json(live)),
                        headers=_download(q.download, f"{live.game.name}-{live.id}.json"))


async def export_text(request: Request) -> Response:
    service, records = _parts(request)
    live = await service.load(request.path_params["id"])
    q = decode_query(queries.RecordText, request.query_params)
    analysis = await request.app.state.analyses.for_record(live)
    text = await records.export_text(live, q.lang if q.lang in PAGE_LANGUAGES else "en",
                                     analysis)
    return PlainTextResponse(text,
                             headers=_download(q.download, f"{live.game.name}-{live.id}.txt"))


async def replay(request: Request) -> Response:
    service, records = _parts(request)
    live = await service.load(request.path_params["id"])
    seat = await service.seat_of(live, bearer_token(request))
    at = decode_query(queries.Replay, request.query_params).at
    return JSONResponse(records.view_at(live, at, seat))


async def history(request: Request) -> Response:
    service, records = _parts(request)
    live = await service.load(request.path_params["id"])
    if live.version == 0:
        return JSONResponse({"version": 0, "moves": []})
    q = decode_query(queries.GameHistory, request.query_params)
    start = 1 if q.start is None else q.start
    end = live.version if q.end is None else q.end
    if end - start >= 2000:
        raise Invalid("ask for at most 2000 moves at a time", code="history.too_many", most=2000)
    return JSONResponse({"version": live.version,
                         "moves": records.history(live, start, min(end, live.version))})


async def import_record(request: Request) -> Response:
    service, records = _parts(request)
    kind = request.headers.get("content-type", "")
    if kind.startswith("text/plain"):
        body: object = (await read_body(request, service.settings.max_body)).decode(
            "utf-8", "replace")
    else:
        body = await read_json(request, service.settings.max_body)
    invited = decode_query(queries.ImportRecord, request.query_params).seats()
    gid, game, tokens, invites = await records.import_record(body, client_address(request),
                                                             invited)
    return JSON(Imported(id=gid, game=game, seats=seat_tokens(gid, tokens, invites)),
                status_code=201)


async def rematch(request: Request) -> Response:
    service, records = _parts(request)
    live = await service.load(request.path_params["id"])
    body = decode(RematchBody, await read_json(request, service.settings.max_body))
    result = await records.rematch(live, bearer_token(request), body.swap, body.invites)
    return JSONResponse(built(Rematched, result), status_code=201)


routes = [
    Route("/api/games/{id}/record", export_json, methods=["GET"]),
    Route("/api/games/{id}/record.txt", export_text, methods=["GET"]),
    Route("/api/games/{id}/replay", replay, methods=["GET"]),
    Route("/api/games/{id}/history", history, methods=["GET"]),
    Route("/api/games/{id}/rematch", rematch, methods=["POST"]),
    Route("/api/records", import_record, methods=["POST"]),
]
