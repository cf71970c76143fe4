"""Warnings and notes before a move, for a person deciding in a game (``GET
/api/games/{id}/advice``).

With ``?move=M``: the notes of the game's lessons module on that move, each ``{"code",
"params"}`` for the page to word (Haaienzee: a shark left with nothing in reach, an
opponent who could then end the game before the round is over; Akwaier: a merger that pays
another player more; Aqua Romana: an aqueduct closed for 0, a move that brings another
player more). Without: what the page shows while choosing (Haaienzee's setup: what a shark
could eat on its first turn from every spot).

**DECISION** (issue 34): the notes on a move weigh it against the other moves (Haaienzee
searches the rest of the round for each), which is an engine's opinion: while a rated game
or a game between people runs they are refused with the hint's 403
(``server/play/fairplay.py``). What the page shows while choosing (without ``move``: the
setup's reach table) is what the rules let every shark reach, the same for everyone, and
is given in every game. Only the seat to move asks, with its token. The work is bounded (a
node budget in the game's search), and runs off the event loop; one answer per version and
move is kept.
"""

from __future__ import annotations

from collections import OrderedDict
from typing import Any

from starlette.requests import Request
from starlette.routing import Route

from ludotheek.learn import lessons
from ludotheek.server.api.answers.learn import Advice
from ludotheek.server.api.queries import GameAdvice, decode_query
from ludotheek.server.edge.jsonio import JSON as JSONResponse
from ludotheek.server.edge.offload import blocking
from ludotheek.server.edge.requests import bearer_token
from ludotheek.server.edge.shapes import built
from ludotheek.server.errors import Forbidden
from ludotheek.server.play.fairplay import check_no_engine_help
from ludotheek.server.play.moves import ended
from ludotheek.server.play.seats import seated
from ludotheek.server.play.service import GameService

_KEPT: OrderedDict[tuple[str, int, str | None], dict[str, Any]] = OrderedDict()
KEEP = 256


def _answer(game: str, state: Any, move: str | None) -> dict[str, Any]:
    if move is None:
        return {"position": lessons.position_advice(game, state)}
    return {"move": move, "notes": lessons.advice(game, state, move)}


async def advice(request: Request) -> JSONResponse:
    service: GameService = request.app.state.service
    live = await service.load(request.path_params["id"])
    seat = seated(live, bearer_token(request), "advice")
    if live.over:
        raise ended(live)
    if live.state.to_move != seat:
        raise Forbidden("advice is given only to the seat to move", code="advice.not_to_move")
    move = decode_query(GameAdvice, request.query_params).move
    if move is not None and not move.isprintable():
        raise GameAdvice.refusals.of_body().error()
    if move is not None:
        check_no_engine_help(live)
    key = (live.id, live.version, move)
    found = _KEPT.get(key)
    if found is None:
        found = await blocking(_answer, live.game.name, live.state, move)
        _KEPT[key] = found
        while len(_KEPT) > KEEP:
            _KEPT.popitem(last=False)
    return JSONResponse(built(Advice, {**found, "version": live.version}))


routes = [Route("/api/games/{id}/advice", advice, methods=["GET"])]
