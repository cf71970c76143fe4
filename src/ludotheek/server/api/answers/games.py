"""The answers of the API, each declared once (:mod:`ludotheek.server.edge.shapes`): the
OpenAPI document describes them from these declarations, the small answers are built
and encoded as these Structs, and the tests hold every view, hint and history the
server sends against its declaration (``tests/server/test_shapes.py``).

A view stays a plain dict where it is made (``views.view``): the WebSocket, the
scaled-out site's messages and the records' replays pass it on and read it."""

from __future__ import annotations

from typing import Annotated, Any, Literal

import msgspec

from ludotheek.core.record import EntryKind
from ludotheek.server.edge.shapes import Answer

Status = Literal["active", "over", "aborted", "abandoned"]


def _about(text: str) -> msgspec.Meta:
    return msgspec.Meta(description=text)


class Problem(Answer):
    """A refusal: what is wrong in English, and the code and parameters a page words
    it by in its language (its catalog's ``errors.<code>``); the parameters are also
    fields of their own (``version`` of a stale move)."""

    error: Annotated[str, _about("what is wrong, in English")]
    code: Annotated[str | None, _about("what is wrong, for a page to say in its language "
                                       "(its catalog's errors.<code>)")] = None
    params: Annotated[dict[str, Any], _about("the parameters of the message (also given "
                                             "as fields of their own)")] = {}
    version: int | None = None


class SeatToken(Answer):
    """A seat of a new game: the secret token of a person's seat played at the creator's
    screen and the page that plays it, or the invite code of an invited person's seat and
    the link to send them (never both: an invited seat's token is made for whoever takes
    it)."""

    token: Annotated[str | None, _about("the seat's secret (a person's seat played here)")]
    url: Annotated[str | None, _about("the page that plays the seat with its token")]
    invite: Annotated[str | None, _about("an invited person's seat: its invite code, "
                                         "spent when the seat is taken")]
    invite_url: Annotated[str | None, _about("the link to send the invited person: the "
                                             "game's page takes the seat with the code")]


def invite_link(gid: str, seat: int, code: str) -> str:
    """The page that takes ``seat`` of game ``gid`` with the invite ``code``."""
    return f"/play/{gid}#seat={seat}&invite={code}"


def seat_tokens(gid: str, tokens: list[str | None],
                invites: list[str | None] | None = None) -> list[SeatToken]:
    """The seats of the new game ``gid``: each token and its page, or its invite code and
    link (all None for a computer)."""
    codes = invites or [None] * len(tokens)
    return [SeatToken(token=t, url=f"/play/{gid}#token={t}" if t else None, invite=c,
                      invite_url=invite_link(gid, i, c) if c else None)
            for i, (t, c) in enumerate(zip(tokens, codes, strict=True))]


class SeatClaimed(Answer):
    """A seat taken (with its invite code) or taken up again (with its profile): the
    secret that plays it now. Nothing held before acts for the seat any more."""

    id: str
    seat: int
    token: Annotated[str, _about("the seat's new secret (Authorization: Bearer TOKEN)")]
    url: Annotated[str, _about("the page that plays the seat with it")]


class Created(Answer):
    """A new game: its id and each seat's token."""

    id: str
    seats: list[SeatToken]
    rated: Annotated[bool, _about("whether it is a rated game")]


class Imported(Answer):
    """An imported record, stored as a game."""

    id: str
    game: str
    seats: list[SeatToken]


class SeatShown(Answer):
    """A seat as anyone may see it."""

    type: Literal["person", "computer"]
    level: str | None
    name: str | None
    left: Annotated[bool, _about("a person left it to a computer player")]
    joined: Annotated[bool, _about("its person has opened the game")]
    open: Annotated[bool, _about("an invited person's seat that nobody has taken yet")]


class TimeShown(Answer):
    """A game's time (docs/web.md, "Slow games and clocks"), as the server's clock has it
    (``now``: a page counts down from it)."""

    kind: Annotated[Literal["days", "clock"], _about(
        "days: turn-based, days per move; clock: a live game with a clock")]
    days: Annotated[int | None, _about("days per move (turn-based)")]
    minutes: Annotated[float | None, _about("a clock's minutes for each seat")]
    increment: Annotated[float | None, _about("a clock's seconds added for each move")]
    seat: Annotated[int | None, _about("the seat whose time runs (None: nobody's)")]
    now: Annotated[float, _about("the server's time (seconds since 1970)")]
    deadline: Annotated[float | None, _about("when the time of the seat to move runs out")]
    left: Annotated[list[float] | None, _about("a clock's seconds left for each seat, now")]
    remind_at: Annotated[float | None, _about("when half of the turn's time is gone "
                                              "(turn-based: its person is reminded)")]
    out_seat: Annotated[int | None, _about("the seat whose time ran out, if one did")]


class View(Answer):
    """A game as one seat (or a spectator) sees it."""

    id: str
    game: str
    version: Annotated[int, _about("moves played; send it with a move")]
    to_move: int | None
    over: bool
    status: Annotated[Status, _about("over: ended by its rules; aborted, abandoned: ended "
                                     "without a result")]
    scores: list[float]
    winners: list[int]
    end_reason: str | None
    legal_moves: Annotated[list[str], _about("only for the seat to move")]
    state: Annotated[dict[str, Any], _about("what this seat may see")]
    seat: int | None
    seats: list[SeatShown]
    names: Annotated[list[str], _about("the seats' names in the language asked for")]
    names_i18n: Annotated[dict[str, list[str]], _about("the seats' names in each language")]
    thinking: Annotated[bool, _about("a computer player is choosing its move")]
    options: dict[str, Any]
    moves: Annotated[list[str], _about("the record's entries, an action as its text "
                                       "(resign, resign N, undo N); kinds tells which")]
    kinds: Annotated[list[EntryKind], _about("what each entry of moves is (the same "
                                             "order): a game may have a move spelled like "
                                             "an action")]
    resignable: bool
    parent: Annotated[str | None, _about("the game it is a rematch of")]
    rematch: Annotated[str | None, _about("its rematch")]
    can_undo: Annotated[bool, _about("whether this seat may take its last decision back "
                                     "(POST /api/games/{id}/undo)")]
    abortable: Annotated[bool, _about("no person has moved yet: POST /api/games/{id}/abort")]
    leave: Annotated[Literal["resign", "computer"] | None, _about(
        "what POST /api/games/{id}/leave does: resign (two seats) or hand the seat to a "
        "computer player")]
    engine_help: Annotated[bool, _about(
        "whether an engine's help (analysis, try again from here, advice before a move) "
        "may be asked now: not while a rated game or a game between people runs")]
    can_take_back: Annotated[bool, _about(
        "whether this seat may ask the other people to take its last move back now "
        "(POST /api/games/{id}/takeback)")]
    time: Annotated[TimeShown | None, _about(
        "its time: turn-based or a clock (None: live, without a clock)")]


class ViewAt(View):
    """A view of the position after ``at`` moves: a replay's, a lesson's or a diagram's
    (not a game in play: no move is sent from it)."""

    at: Annotated[int, _about("the moves before the position")]


class Replay(ViewAt):
    """A game's view after ``at`` of its moves (``GET /api/games/{id}/replay``)."""

    total: Annotated[int, _about("the game's moves now")]


class SeatListed(Answer):
    """A seat as the lobby lists it."""

    type: Literal["person", "computer"]
    level: str | None
    name: str | None
    left: bool


class ListedGame(Answer):
    """A game as the lobby lists it (no tokens, no seed)."""

    id: str
    game: str
    status: Status
    version: int
    to_move: int | None
    result: Annotated[dict[str, Any] | None, _about("a finished game's scores, winners and "
                                                    "reason")]
    created: float
    updated: float
    options: dict[str, Any]
    parent: str | None
    seats: list[SeatListed]
    names: Annotated[list[str], _about("the seats' names in the language asked for")]
    time_left: Annotated[float | None, _about(
        "a game with a time: the seconds the seat to move has left, by the server's clock "
        "(None: no time runs)")] = None


class Listing(Answer):
    """Games in progress and finished ones, newest first."""

    games: list[ListedGame]


class ScoreEntry(Answer):
    place: int
    name: str
    value: int | float
    date: str
    game_id: Annotated[str | None, _about("the game the result comes from")]
    seat: int | None


class Scores(Answer):
    """A game's score list, best first."""

    game: str
    scores: list[ScoreEntry]


class HistoryMove(Answer):
    """A move and what a spectator learns from it."""

    number: int
    move: Annotated[str, _about("the entry's text: a move, or an action (resign, resign N, "
                                "undo N)")]
    kind: Annotated[EntryKind, _about("what the entry is: a move may be spelled like an "
                                      "action")]
    seat: Annotated[int | None, _about("who made it (an undo: whose decision it took back)")]
    undo: Annotated[int | None, _about("for 'undo N': N, the move whose position it "
                                       "returns to")]
    in_line: Annotated[bool, _about("false for a move an undo took back")]
    to_move: int | None
    over: bool
    scores: list[float]
    events: Annotated[list[Any], _about("what the move did, as the spectator's view lists "
                                        "it (games with events)")]


class History(Answer):
    """Moves of a game with what each did."""

    version: int
    moves: list[HistoryMove]


class Hint(Answer, kw_only=True):
    """What the strong level would play for the seat to move, and why."""

    move: Annotated[str, _about("the move the strong level would play")]
    value: Annotated[float | None, _about("the expected gain it saw for that move, on the "
                                          "player's own scale (such as an expected final "
                                          "score)")]
    reason: Annotated[str, _about("why, in a sentence (English)")]
    ranking: Annotated[list[list[Any]], _about("up to 5 moves it weighed, best first: "
                                               "[move, value]")]
    seconds: Annotated[float | None, _about("its time limit")] = None
    facts: Annotated[dict[str, Any], _about("what the hint is made of, for a page to word "
                                            "in its language (as the game's lessons module "
                                            "gives them: the parts of the move, what it "
                                            "takes, the gain or the lead)")] = {}
    version: Annotated[int, _about("the version the hint is for")]
    seat: int
    level: Annotated[str, _about("the level that answered: strong")]
