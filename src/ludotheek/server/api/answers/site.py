"""The site's own answers, each declared once (:mod:`ludotheek.server.edge.shapes`): the games'
description (``GET /api/meta``), a game record, a rematch, a logged report, the health
check. The endpoints build them as these Structs; the OpenAPI document describes them
from the same declarations."""

from __future__ import annotations

from typing import Annotated, Any, Literal

import msgspec
from msgspec import UNSET, UnsetType

from ludotheek.core.record import ResignAction, UndoAction
from ludotheek.server.edge.shapes import Answer

Labels = Annotated[dict[str, str], msgspec.Meta(description="a text in each language")]


class OptionShown(Answer, kw_only=True):
    """A game's option (``core/options.py``): its kind and that kind's fields. A kind of
    option with fields of its own declares them here."""

    name: str
    default: Any
    label: Labels
    type: Annotated[str, msgspec.Meta(description="int, choice, bool, text, or a kind of "
                                                  "the game's own")]
    min: Annotated[int, msgspec.Meta(description="int: the least")] | UnsetType = UNSET
    max: Annotated[int, msgspec.Meta(description="int: the most")] | UnsetType = UNSET
    choices: Annotated[list[Any], msgspec.Meta(
        description="choice: the values to choose from")] | UnsetType = UNSET
    max_length: Annotated[int, msgspec.Meta(
        description="text: the most characters of a text")] | UnsetType = UNSET
    max_items: Annotated[int, msgspec.Meta(
        description="text: the most texts of a list (0: a single text)")] | UnsetType = UNSET


class LevelShown(Answer):
    """A computer level of a game."""

    name: str
    player: Annotated[str, msgspec.Meta(description="the player that plays it")]
    seconds: Annotated[float | None, msgspec.Meta(description="its time per move "
                                                              "(none: instant)")]
    label: Labels
    rating: Annotated[int | None, msgspec.Meta(description="its measured rating")]
    rating_interval: Annotated[int | None, msgspec.Meta(
        description="the rating's uncertainty (plus or minus)")]


class GameMeta(Answer):
    """A game: its players, options, levels, and whether it has a page and analyses."""

    name: str
    title: Labels
    min_players: int
    max_players: int
    options: list[OptionShown]
    resignable: bool
    levels: Annotated[list[LevelShown], msgspec.Meta(description="weakest first")]
    page: Annotated[bool, msgspec.Meta(description="it has a page of its own to play on")]
    analysis: Annotated[bool, msgspec.Meta(description="its games can be analysed")]
    takebacks: Annotated[bool, msgspec.Meta(description=(
        "a move may be taken back when the other people agree (every move, or those the "
        "game says reveal nothing: View.can_take_back tells)"))] = False
    hidden_hands: Annotated[bool, msgspec.Meta(description=(
        "each seat sees something the others do not: the game can be played at a table "
        "(one screen for the public board, each player's hand on their phone)"))] = False


class Meta(Answer):
    """``GET /api/meta``: the games."""

    version: Annotated[str, msgspec.Meta(description="ludotheek's version")]
    games: list[GameMeta]


class DataShown(Answer):
    """A data set a game's players use, being built or built only in part (Wari's endgame
    table: "12 of 18 seeds built")."""

    name: str
    title: Labels
    unit: Annotated[dict[str, str], msgspec.Meta(
        description="what a step is, in each language (seeds); empty: it has no steps")]
    done: Annotated[int | None, msgspec.Meta(
        description="the steps built and usable (none: it cannot say)")]
    of: Annotated[int | None, msgspec.Meta(description="the steps it will have")]
    percent: Annotated[int | None, msgspec.Meta(
        description="how far the build under way is (none: not begun, or none runs)")]
    running: Annotated[bool, msgspec.Meta(
        description="a build runs (at idle priority) or waits for its turn")]


class DataBuilds(Answer):
    """``GET /api/data/{game}``: the game's data sets still being built (none once each
    is complete)."""

    game: str
    builds: list[DataShown]


class Health(Answer):
    """``GET /healthz``."""

    ok: bool


class Logged(Answer):
    """``POST /api/client-errors``: the report is in the game's error log."""

    logged: bool
    file: Annotated[str, msgspec.Meta(description="the log's file name")]


class Rematched(Answer):
    """``POST /api/games/{id}/rematch``: the new game, the caller's seat and token there,
    and the rematch's invite codes of the seats nobody took whose old codes were sent."""

    id: str
    seat: int | None
    token: str | None
    invites: Annotated[dict[str, str], msgspec.Meta(description=(
        "by seat of the rematch: its invite code (for the old codes sent in 'invites')"))]


#: a record's entry: the actions are declared beside the records (core/record.py)
Entry = Annotated[str, msgspec.Meta(description="a move in the game's notation")] \
    | ResignAction | UndoAction


class RecordDoc(Answer, kw_only=True):
    """A game record as JSON (``core/record.py``): options, seed and moves replay to the
    same game. What ``GET /api/games/{id}/record`` answers and ``POST /api/records`` reads."""

    format: Literal["ludotheek-record"] | UnsetType = UNSET
    version: Annotated[int, msgspec.Meta(description=(
        "the record's format: 2 (1 is read too: its resignations and undos were "
        "texts)"))] | UnsetType = UNSET
    game: str
    options: dict[str, Any] | UnsetType = UNSET
    seed: Annotated[int, msgspec.Meta(description=(
        "left out while it would tell secrets"))] | UnsetType = UNSET
    moves: list[Entry]
    seats: list[dict[str, Any]] | UnsetType = UNSET
    result: Annotated[dict[str, Any], msgspec.Meta(
        description="a finished game's scores, winners and reason")] | UnsetType = UNSET
    names: Annotated[list[str], msgspec.Meta(
        description="the seats' names (an export)")] | UnsetType = UNSET
    note: Annotated[str, msgspec.Meta(
        description="why the seed is left out")] | UnsetType = UNSET
