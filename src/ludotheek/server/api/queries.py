"""The query parameters the API reads, each endpoint's declared once as a shape
(:mod:`ludotheek.server.edge.shapes`): their names, types, ranges and defaults, and what a
client is told when one does not fit. :func:`decode_query` checks a request's query by
its shape, the parameters in the shape's order; the OpenAPI document lists them from
the same declarations (:func:`ludotheek.server.api.openapi.parts.query`).

A whole number in a query is at most 18 ASCII digits (:func:`~ludotheek.server.edge.requests.
whole_number`); anything else in its place is refused by the parameter's refusal.
Parameters a shape does not name are left alone (a page may add its own)."""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from typing import Annotated, Any, ClassVar, Literal, TypeVar

import msgspec

from ludotheek.games import names
from ludotheek.server.edge.requests import whole_number
from ludotheek.server.edge.shapes import GIVEN, Hook, Refusal, Refusals, Shape, decode

Q = TypeVar("Q", bound="Query")
STATUSES = ("active", "over", "aborted", "abandoned")
#: the most games one listing by ``ids`` names
MAX_IDS = 50


class Query(Shape):
    """A query's shape: its parameters as fields, checked in their order (a query of
    texts that cannot fail, such as ``lang``, declares no refusal)."""

    refusals: ClassVar[Refusals] = Refusals()


def number(name: str, low: int, high: int) -> Refusal:
    """The refusal of the whole number ``name`` out of ``low``..``high`` (or no number)."""
    return Refusal("'{name}' must be a whole number from {low} to {high}",
                   code="request.number", name=name, low=low, high=high)


def _whole(kind: Any) -> bool:
    """Whether a field of the type ``kind`` takes a whole number."""
    todo = [msgspec.inspect.type_info(kind)]
    while todo:
        info = todo.pop()
        if isinstance(info, msgspec.inspect.IntType):
            return True
        if isinstance(info, msgspec.inspect.Metadata):
            todo.append(info.type)
        elif isinstance(info, msgspec.inspect.UnionType):
            todo.extend(info.types)
    return False


@cache
def _params(shape: type[Query]) -> tuple[tuple[str, bool], ...]:
    return tuple((f.encode_name, _whole(f.type)) for f in msgspec.structs.fields(shape))


def decode_query(shape: type[Q], params: Mapping[str, str],
                 where: Mapping[str, Any] | None = None,
                 hooks: Mapping[str, Hook] | None = None) -> Q:
    """The query ``params`` (a request's ``query_params``) as a ``shape``, or the first
    parameter's refusal in the shape's order (see :func:`~ludotheek.server.edge.shapes.decode`)."""
    raw: dict[str, Any] = {}
    for name, whole in _params(shape):
        value = params.get(name)
        if value is not None:
            n = whole_number(value) if whole else None
            raw[name] = value if n is None else n
    return decode(shape, raw, where, hooks)


def _about(text: str) -> msgspec.Meta:
    return msgspec.Meta(description=text)


Lang = Annotated[str, _about("en, nl or no (the seat names); anything else is taken as en")]
Game = Annotated[str, _about("a game's name (GET /api/meta)")]
GAME_UNKNOWN = Refusal("unknown game {game}; the games are: {games}", code="game.unknown",
                       game=GIVEN, games=lambda: ", ".join(names()))


class Listing(Query):
    """``GET /api/games``: which games the lobby lists."""

    refusals: ClassVar[Refusals] = Refusals(
        body=number("limit", 1, 500),
        fields={"status": Refusal("'status' must be one of {statuses}", code="request.status",
                                  statuses=", ".join(STATUSES)),
                "game": GAME_UNKNOWN,
                "limit": number("limit", 1, 500), "offset": number("offset", 0, 10**9),
                "ids": Refusal("'ids' names at most {most} games, by their ids",
                               code="request.ids", most=MAX_IDS)})

    status: Literal["active", "over", "aborted", "abandoned"] | None = None
    started: Annotated[str, _about("1 (or true): only games with at least one move")] \
        | None = None
    game: Game | None = None
    lang: Lang = "en"
    limit: Annotated[int, msgspec.Meta(ge=1, le=500)] = 50
    offset: Annotated[int, msgspec.Meta(ge=0, le=10**9)] = 0
    ids: Annotated[str, _about(f"only these games: at most {MAX_IDS} ids, "
                               "comma-separated")] | None = None


class ScoreList(Query):
    """``GET /api/scores/{game}``: how many entries."""

    refusals: ClassVar[Refusals] = Refusals(body=number("limit", 1, 100))

    limit: Annotated[int, msgspec.Meta(ge=1, le=100)] = 30


def _move_number(name: str) -> Refusal:
    return Refusal("'{name}' must be a move number", code="history.number", name=name)


class GameHistory(Query):
    """``GET /api/games/{id}/history``: the moves from ``from`` to ``to``."""

    refusals: ClassVar[Refusals] = Refusals(
        body=_move_number("from"), fields={"start": _move_number("from"),
                                           "end": _move_number("to")})

    start: Annotated[int, _about("the first move (default 1)")] | None = msgspec.field(
        default=None, name="from")
    end: Annotated[int, _about("the last move (default the last one)")] | None = \
        msgspec.field(default=None, name="to")


RANGE = Refusal("'from' and 'to' must be move numbers with 1 <= from <= to <= {last}",
                code="history.range", last=GIVEN)


class MoveRange(Query):
    """A lesson's or a diagram's moves from ``from`` to ``to`` (at most its last, given
    as ``last`` when refusing)."""

    refusals: ClassVar[Refusals] = Refusals(body=RANGE)

    start: Annotated[int, msgspec.Meta(ge=1, description="the first move")] = msgspec.field(
        default=1, name="from")
    end: Annotated[int, msgspec.Meta(ge=1, description="the last move (default the last "
                                                       "one)")] | None = \
        msgspec.field(default=None, name="to")


class Diagram(Query):
    """``GET /api/learn/{game}/howto/history``: which diagram."""

    diagram: Annotated[str, _about("the diagram's id")] = ""


Download = Annotated[str, _about("any value: answer as a file to save")]


class RecordJson(Query):
    """``GET /api/games/{id}/record``."""

    download: Download | None = None


class RecordText(Query):
    """``GET /api/games/{id}/record.txt``."""

    lang: Lang = "en"
    download: Download | None = None


#: the most seats ``POST /api/records?invite=…`` names
MAX_INVITED = 8
INVITED = Refusal("'invite' names the seats to invite: at most {most} seat numbers (from "
                  "0), comma-separated", code="record.invite", most=MAX_INVITED)


class ImportRecord(Query):
    """``POST /api/records``: the person seats whose people are invited by a link."""

    refusals: ClassVar[Refusals] = Refusals(body=INVITED, fields={"invite": INVITED})

    invite: Annotated[str, msgspec.Meta(max_length=4 * MAX_INVITED, description=(
        "the seats (from 0, comma-separated) of people invited by a link: the answer holds "
        "their invite codes, not their tokens (the others are played by whoever "
        "imports)"))] | None = None

    def seats(self) -> frozenset[int]:
        """The seats ``invite`` names; its refusal if it is not a list of seat numbers."""
        if self.invite is None:
            return frozenset()
        parts = self.invite.split(",")
        if len(parts) > MAX_INVITED or not all(p.isascii() and p.isdigit() and len(p) <= 2
                                               for p in parts):
            raise INVITED.error()
        return frozenset(int(p) for p in parts)


AT_NUMBER = Refusal("'at' must be a whole number of moves", code="replay.at_number")
At = Annotated[int, msgspec.Meta(ge=0, description="the moves before the position")]


class Replay(Query):
    """``GET /api/games/{id}/replay``: the position after ``at`` moves."""

    refusals: ClassVar[Refusals] = Refusals(body=AT_NUMBER)

    at: At = 0


class LessonView(Query):
    """``GET /api/learn/{game}/view``: the lesson's position after ``at`` moves."""

    refusals: ClassVar[Refusals] = Refusals(body=AT_NUMBER)

    lang: Lang = "en"
    at: At = 0


class LessonAt(Query):
    """``GET /api/learn/{game}/advice``: a position of the lesson (its last given as
    ``last`` when refusing)."""

    refusals: ClassVar[Refusals] = Refusals(body=Refusal(
        "'at' must be a move number from 0 to {last}", code="replay.at", last=GIVEN))

    at: At = 0


class HowTo(Query):
    """``GET /api/learn/{game}/howto``."""

    lang: Lang = "en"


class GameAdvice(Query):
    """``GET /api/games/{id}/advice``: before which move (none: while choosing)."""

    refusals: ClassVar[Refusals] = Refusals(body=Refusal(
        "'move' must be a move in the game's notation", code="move.not_text"))

    move: Annotated[str, msgspec.Meta(max_length=200, description=(
        "a move in the game's notation"))] | None = None


class RatingHistory(Query, kw_only=True):
    """``GET /api/profiles/{id}/history``: of which game, how many points."""

    refusals: ClassVar[Refusals] = Refusals(body=number("limit", 1, 2000))

    game: Annotated[str, _about("a game's name (GET /api/meta)")]
    limit: Annotated[int, msgspec.Meta(ge=1, le=2000)] = 500


class RatedGames(Query):
    """``GET /api/profiles/{id}/games``: how many."""

    refusals: ClassVar[Refusals] = Refusals(body=number("limit", 1, 100))

    limit: Annotated[int, msgspec.Meta(ge=1, le=100)] = 20


class PlayingGames(Query):
    """``GET /api/profiles/me/games``: how many, the names in which language."""

    refusals: ClassVar[Refusals] = Refusals(body=number("limit", 1, 100))

    limit: Annotated[int, msgspec.Meta(ge=1, le=100)] = 50
    lang: Lang = "en"


class Leaderboard(Query):
    """``GET /api/ratings/{game}``: which part of the leaderboard."""

    refusals: ClassVar[Refusals] = Refusals(
        body=number("limit", 1, 100),
        fields={"limit": number("limit", 1, 100), "offset": number("offset", 0, 10**6)})

    limit: Annotated[int, msgspec.Meta(ge=1, le=100)] = 20
    offset: Annotated[int, msgspec.Meta(ge=0, le=10**6)] = 0
