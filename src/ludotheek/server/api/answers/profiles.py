"""The answers of profiles and ratings (``server/api/profiles.py``), each declared once
(:mod:`ludotheek.server.edge.shapes`): built as these Structs, described in the OpenAPI
document from them (docs/ratings.md)."""

from __future__ import annotations

from typing import Annotated, Literal

import msgspec
from msgspec import UNSET, UnsetType

from ludotheek.server.api.answers.games import SeatListed
from ludotheek.server.edge.shapes import Answer


def _about(text: str) -> msgspec.Meta:
    return msgspec.Meta(description=text)


Sigma = Annotated[int, _about("the uncertainty (one standard deviation)")]


class Rating(Answer, kw_only=True):
    """A profile's rating in one game."""

    game: str
    rating: int
    sigma: Sigma
    games: Annotated[int, _about("rated games played")]
    provisional: bool
    updated: float
    place: Annotated[int, _about("its place on the game's leaderboard")] | UnsetType = UNSET


class ProfileShown(Answer):
    """A profile: its name and its rating in each game it has played rated."""

    id: str
    name: str
    created: float
    ratings: list[Rating]


class NewProfileMade(Answer):
    """A new profile and its secret code (kept by the browser; the server keeps a hash)."""

    id: str
    name: str
    created: float
    secret: str
    code: Annotated[str, _about("the secret as a code to write down")]
    link: Annotated[str, _about("the page that signs in with it")]


class Deleted(Answer):
    deleted: Annotated[str, _about("the deleted profile's id")]


class RatingPoint(Answer):
    """A profile's rating after one rated game."""

    game_id: str
    at: float
    rating: int
    sigma: Sigma
    before: int
    before_sigma: int
    change: int
    place: int
    players: int


class RatingHistory(Answer):
    """A profile's rating after each of its rated games of one game."""

    game: str
    points: list[RatingPoint]


class ProfileRef(Answer):
    id: str
    name: str | None


class Shown(Answer):
    rating: int
    sigma: Sigma


class Now(Answer, kw_only=True):
    """A seat's rating now, while its game is pending (a profile's also its games)."""

    rating: int
    sigma: Sigma
    games: int | UnsetType = UNSET


class RatedSeatShown(Answer, kw_only=True):
    seat: int
    profile: ProfileRef | None
    level: Annotated[str | None, _about("a computer seat's level")]
    place: int | None
    before: Shown | None
    after: Shown | None
    change: int | None
    counted: Annotated[bool | None, _about(
        "once rated, a profile's seat: whether any result of it counted (false: its opponents "
        "were people and it, or they, not yet established by the computer levels: "
        "docs/ratings.md, Farming); none for other seats and before it is rated")] = None
    now: Annotated[Now | None, _about("while pending: its rating now (none: a profile's "
                                      "first game)")] | UnsetType = UNSET


Status = Literal["pending", "rated", "unrated", "void"]
Reason = Annotated[str | None, _about("result, left, abandoned; or why it is unrated: "
                                      "no_start, undo; void: its rating was taken back")]


class RatedGameShown(Answer, kw_only=True):
    """Whether a game is rated, who sits where, and once it is over each seat's place and
    rating before and after."""

    rated: bool
    status: Status | UnsetType = UNSET
    reason: Reason | UnsetType = UNSET
    rated_at: float | UnsetType | None = UNSET
    seats: list[RatedSeatShown] | UnsetType = UNSET


class ProfileGame(Answer):
    """A profile's rated game."""

    id: str
    game: str
    seat: int
    over: bool
    created: float
    updated: float
    version: int
    names: list[str | None]
    status: Status
    reason: Reason
    rated_at: float | None
    seats: list[RatedSeatShown]


class ProfileGames(Answer):
    """A profile's recent rated games, newest first."""

    games: list[ProfileGame]


class PlayingGame(Answer):
    """A game in which the profile holds a seat, as its "My games" lists it (no tokens, no
    seed, nothing any spectator does not see)."""

    id: str
    game: str
    status: Annotated[str, _about("active, over, aborted or abandoned")]
    version: int
    to_move: int | None
    seat: Annotated[int, _about("the profile's seat")]
    your_turn: Annotated[bool, _about("the game is in play and its seat is to move")]
    created: float
    updated: float
    seats: list[SeatListed]
    names: Annotated[list[str], _about("the seats' names in the language asked for")]
    time_left: Annotated[float | None, _about(
        "a game with a time (days per move or a clock), in play: the seconds the seat to "
        "move has left, by the server's clock; else null")] = None


class PlayingGames(Answer):
    """The games in which a profile holds a seat (taken with it, on any device): those in
    play first, each part most recently changed first."""

    games: list[PlayingGame]


class Leader(Answer):
    place: int
    profile: ProfileRef
    game: str
    rating: int
    sigma: Sigma
    games: int
    provisional: bool
    updated: float


class LevelRated(Answer):
    level: str
    rating: int
    sigma: Sigma


class Leaderboard(Answer):
    """A game's leaderboard: the profiles' ratings, highest first, and the computer levels'
    fixed ratings."""

    game: str
    total: int
    players: list[Leader]
    levels: list[LevelRated]

