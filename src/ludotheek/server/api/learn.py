"""Learning to play over HTTP: "How to play" with its diagrams, and the guided first game.

Nothing here is stored: a lesson and its diagrams are fixed records (``ludotheek.learn.lessons``),
replayed by the engine; the views are the API's views of those positions, so that each
game's own page draws them.

- ``GET /learn/{game}``: the guided first game's page;
- ``GET /api/learn``: which games have a "How to play" and a guided game;
- ``GET /api/learn/{game}/howto``: the sections (catalog keys) and every diagram's frames
  with their views;
- ``GET /api/learn/{game}/howto/history?diagram=ID&from=&to=``: a diagram's moves (its log);
- ``GET /api/learn/{game}/lesson``: the script (steps, the learner's seat, the real game
  that follows);
- ``GET /api/learn/{game}/view?at=N``: the learner's view after N moves of the lesson;
- ``GET /api/learn/{game}/history?from=&to=``: the lesson's moves with their events (as a
  game's ``/history``);
- ``GET /api/learn/{game}/advice?at=N``: what the page shows while the learner chooses;
- ``POST /api/learn/{game}/try`` ``{"at", "move"}``: what another move than the coach's
  would do: refused (the engine's reason) or legal (facts to compare it with the coach's).
"""

from __future__ import annotations

import hashlib
from typing import Any

from starlette.requests import Request
from starlette.responses import FileResponse, Response
from starlette.routing import Route

from ludotheek.core.errors import IllegalMove, quoted
from ludotheek.core.record import Record, effective_line, mover_of, text_of
from ludotheek.games import get, names
from ludotheek.learn import lessons
from ludotheek.server.api import queries
from ludotheek.server.api.answers.games import History
from ludotheek.server.api.answers.learn import (
    HowToPlay,
    LearnGame,
    LearnGames,
    Lesson,
    LessonAdvice,
    Tried,
)
from ludotheek.server.api.queries import decode_query
from ludotheek.server.edge.bodies import TryBody
from ludotheek.server.edge.jsonio import JSON as JSONResponse
from ludotheek.server.edge.offload import blocking
from ludotheek.server.edge.requests import read_json
from ludotheek.server.edge.shapes import built, decode
from ludotheek.server.errors import Invalid, NotFound
from ludotheek.server.pages.files import WEB
from ludotheek.server.play.livegame import LiveGame
from ludotheek.server.play.records import Records
from ludotheek.server.play.service import GameService
from ludotheek.server.play.views import PAGE_LANGUAGES
from ludotheek.server.play.views import view as game_view


def _lang(lang: str) -> str:
    return lang if lang in PAGE_LANGUAGES else "en"


def _game(request: Request) -> str:
    game = request.path_params["game"]
    if game not in names():
        raise NotFound(f"there is no game {game!r}; the games are: {', '.join(names())}",
                       code="game.unknown", game=quoted(game), games=", ".join(names()))
    return str(game)


def _lesson(request: Request) -> lessons.Lesson:
    game = _game(request)
    found = lessons.lesson(game)
    if found is None:
        raise NotFound(f"{game} has no guided game yet", code="learn.no_guided", game=game)
    return found


def _seats(game: str, record: Record, learner: int | None, level: str) -> list[dict[str, Any]]:
    count = get(game).num_players(record.options)
    return [{"type": "person", "level": None, "name": None} if i == learner
            else {"type": "computer", "level": level, "name": None} for i in range(count)]


def _live(game: str, record: Record, at: int, learner: int | None,
          level: str = "easy") -> LiveGame:
    """The position after ``at`` moves of ``record`` as a game in play (never stored)."""
    states = lessons.positions(game, record)
    if not 0 <= at < len(states):
        raise Invalid(f"'at' must be a move number from 0 to {len(states) - 1}",
                      code="replay.at", last=len(states) - 1)
    moves = list(record.moves[:at])
    movers = [mover_of(states[i], m) for i, m in enumerate(moves)]
    # one id per record: the replay cache (server/play/records.py) keeps states by id
    digest = hashlib.sha1(repr((record.options, record.seed, tuple(record.moves))).encode())
    return LiveGame(f"learn-{game}-{digest.hexdigest()[:10]}", get(game), dict(record.options),
                    record.seed, _seats(game, record, learner, level), states[at], moves, at,
                    0.0, movers=movers, line=effective_line(moves))


def _view(live: LiveGame, seat: int | None, lang: str) -> dict[str, Any]:
    view = game_view(live, seat, lang)
    mine = seat is not None and live.state.to_move == seat
    view.update({"thinking": False, "legal_moves": live.state.legal_moves() if mine else [],
                 "can_undo": False, "can_take_back": False, "resignable": False,
                 "at": live.version})
    return view


async def overview(request: Request) -> JSONResponse:
    return JSONResponse(LearnGames(games=[
        LearnGame(game=g, howto=lessons.howto(g) is not None,
                  lesson=lessons.lesson(g) is not None, advice=lessons.advises(g))
        for g in names()]))


def _howto(request: Request) -> lessons.HowTo:
    game = _game(request)
    found = lessons.howto(game)
    if found is None:
        raise NotFound(f"{game} has no \"How to play\" yet", code="learn.no_howto", game=game)
    return found


async def howto(request: Request) -> JSONResponse:
    found = _howto(request)
    lang = _lang(decode_query(queries.HowTo, request.query_params).lang)
    key = (found.game, lang)
    if key not in _HOWTO:   # fixed texts and positions: made once per language
        _HOWTO[key] = await blocking(_howto_answer, found, lang)
    return JSONResponse(_HOWTO[key])


_HOWTO: dict[tuple[str, str], HowToPlay] = {}


def _howto_answer(found: lessons.HowTo, lang: str) -> HowToPlay:
    game = found.game
    diagrams = []
    for d in found.diagrams:
        frames = [{"at": f.at, "text": f.text, "marks": list(f.marks),
                   "view": _view(_live(game, d.record, f.at, d.seat), d.seat, lang)}
                  for f in d.frames]
        diagrams.append({"id": d.id, "frames": frames})
    return built(HowToPlay, {
        "game": game, "summary": found.summary,
        "sections": [{"id": s.id, "title": s.title, "paragraphs": list(s.paragraphs),
                      "diagrams": list(s.diagrams)} for s in found.sections],
        "diagrams": diagrams,
    })


async def lesson(request: Request) -> JSONResponse:
    found = _lesson(request)
    rec = found.record
    options = dict(found.finish_options) or dict(rec.options)
    return JSONResponse(built(Lesson, {
        "game": found.game, "seat": found.seat, "total": len(rec.moves),
        "steps": [{"id": s.id, "at": s.at, "say": s.say, "play": s.play,
                   "move": text_of(rec.moves[s.at]) if s.play else None, "rules": list(s.rules),
                   "marks": list(s.marks), "why": s.why, "jump": s.jump}
                  for s in found.steps],
        "finish": {"options": options, "level": found.finish_level,
                   "seats": _seats(found.game, rec, found.seat, found.finish_level)},
    }))


async def view(request: Request) -> JSONResponse:
    found = _lesson(request)
    q = decode_query(queries.LessonView, request.query_params)
    live = _live(found.game, found.record, q.at, found.seat, found.finish_level)
    return JSONResponse(_view(live, found.seat, _lang(q.lang)))


def _history(request: Request, game: str, record: Record, seat: int | None) -> JSONResponse:
    total = len(record.moves)
    q = decode_query(queries.MoveRange, request.query_params, where={"last": total})
    start, end = q.start, total if q.end is None else q.end
    if not start <= end or total == 0:
        raise queries.MoveRange.refusals.of_body().error(last=total)
    live = _live(game, record, total, seat)
    records: Records = request.app.state.records
    return JSONResponse(built(History, {
        "version": total, "moves": records.history(live, start, min(end, total))}))


async def position(request: Request) -> JSONResponse:
    """What the game's page shows while the learner chooses (``lessons.position_advice``)."""
    found = _lesson(request)
    states = lessons.positions(found.game, found.record)
    at = decode_query(queries.LessonAt, request.query_params,
                      where={"last": len(states) - 1}).at
    if at >= len(states):
        raise queries.LessonAt.refusals.of_body().error(last=len(states) - 1)
    return JSONResponse(LessonAdvice(position=lessons.position_advice(found.game, states[at]),
                                     version=at))


async def history(request: Request) -> JSONResponse:
    found = _lesson(request)
    return _history(request, found.game, found.record, found.seat)


async def howto_history(request: Request) -> JSONResponse:
    """The moves of a diagram's record (``?diagram=ID``), for the log its page draws."""
    found = _howto(request)
    try:
        diagram = found.diagram(decode_query(queries.Diagram, request.query_params).diagram)
    except KeyError as exc:
        raise NotFound("there is no such diagram", code="learn.no_diagram") from exc
    return _history(request, found.game, diagram.record, diagram.seat)


async def attempt(request: Request) -> JSONResponse:
    """Another move than the coach's: what the engine says of it."""
    found = _lesson(request)
    service: GameService = request.app.state.service
    body = decode(TryBody, await read_json(request, service.settings.max_body))
    at, move = body.at, body.move
    states = lessons.positions(found.game, found.record)
    if not 0 <= at < len(found.record.moves) or states[at].to_move != found.seat:
        raise Invalid("'at' must be a position where the learner is to move",
                      code="learn.not_learners_turn")
    state = states[at]
    expected = text_of(found.record.moves[at])
    try:
        after = state.play(move)
    except IllegalMove as exc:
        return JSONResponse(built(Tried, {
            "legal": False, "reason": str(exc), "problem": exc.problem(), "expected": expected,
            "refusal": lessons.refusal(found.game, state, move)}))
    same = after == states[at + 1]
    return JSONResponse(Tried(legal=True, same=same, expected=expected,
                              facts={} if same else lessons.explain(found.game, state, move,
                                                                    expected)))


async def page(request: Request) -> Response:
    _lesson(request)
    return FileResponse(WEB / "learn.html", headers={"Cache-Control": "no-cache"})


routes = [
    Route("/learn/{game}", page, methods=["GET"]),
    Route("/api/learn", overview, methods=["GET"]),
    Route("/api/learn/{game}/howto", howto, methods=["GET"]),
    Route("/api/learn/{game}/howto/history", howto_history, methods=["GET"]),
    Route("/api/learn/{game}/lesson", lesson, methods=["GET"]),
    Route("/api/learn/{game}/view", view, methods=["GET"]),
    Route("/api/learn/{game}/history", history, methods=["GET"]),
    Route("/api/learn/{game}/advice", position, methods=["GET"]),
    Route("/api/learn/{game}/try", attempt, methods=["POST"]),
]
