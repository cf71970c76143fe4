"""Checking what a client asks for, before anything changes: each check raises
:class:`~ludotheek.server.errors.Invalid` with a message that says what is wrong."""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from typing import Any

from ludotheek import players
from ludotheek.core.errors import BadOption, UnknownGame, quoted
from ludotheek.core.game import Game
from ludotheek.games import get, names
from ludotheek.server.errors import Invalid

CREATE_FIELDS = {"game", "options", "seats", "seed"}
SEAT_FIELDS = {"type", "level", "name"}
MAX_SEED = 2**63 - 1
MAX_MOVE = 200
MAX_NAME = 32


@dataclass(frozen=True)
class NewGame:
    """A checked request to create a game."""

    game: Game
    options: dict[str, Any]
    seats: list[dict[str, Any]]
    seed: int


def check_create(body: Any) -> NewGame:
    """Validate a create request (``game``, ``options``, ``seats``, ``seed``)."""
    if not isinstance(body, dict):
        raise Invalid("the body must be a JSON object", code="request.not_object")
    unknown = sorted(set(body) - CREATE_FIELDS)
    if unknown:
        raise Invalid(f"unknown field {unknown[0]!r} (fields: game, options, seats, seed)",
                      code="request.unknown_field", field=quoted(unknown[0]),
                      fields="game, options, seats, seed")
    game = _game(body.get("game"))
    options = _options(game, body.get("options", {}))
    seed = _seed(body.get("seed"))
    seats = _seats(game, options, body.get("seats"))
    try:
        options, shown = game.adopt_seat_names(options, [s["name"] for s in seats])
    except BadOption as exc:
        raise Invalid.of(exc) from exc
    for entry, seat_name in zip(seats, shown, strict=True):
        entry["name"] = seat_name
    return NewGame(game, options, seats, seed)


def _game(name: Any) -> Game:
    if not isinstance(name, str):
        raise Invalid(f"'game' must be one of: {', '.join(names())}", code="create.game",
                      games=", ".join(names()))
    try:
        return get(name)
    except UnknownGame as exc:
        raise Invalid.of(exc) from exc


def _options(game: Game, options: Any) -> dict[str, Any]:
    if not isinstance(options, dict):
        raise Invalid("'options' must be a JSON object", code="create.options")
    try:
        return game.check_options(options)
    except BadOption as exc:
        raise Invalid.of(exc) from exc


def _seed(seed: Any) -> int:
    if seed is None:
        return secrets.randbelow(2**31)
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed <= MAX_SEED:
        raise Invalid(f"'seed' must be a whole number from 0 to {MAX_SEED}", code="create.seed",
                      most=MAX_SEED)
    return seed


def _seats(game: Game, options: dict[str, Any], seats: Any) -> list[dict[str, Any]]:
    n = game.num_players(options)
    if not isinstance(seats, list) or len(seats) != n:
        raise Invalid(f"'seats' must be a list of {n} seats for {game.name} with these options",
                      code="create.seats", n=n, game=game.name)
    levels = players.levels(game.name)
    return [_seat(i, seat, levels) for i, seat in enumerate(seats, 1)]


def _seat(i: int, seat: Any, levels: dict[str, Any]) -> dict[str, Any]:
    if not isinstance(seat, dict):
        raise Invalid(f"seat {i} must be an object like {{\"type\": \"person\"}}",
                      code="create.seat_object", number=i)
    bad = sorted(set(seat) - SEAT_FIELDS)
    if bad:
        raise Invalid(f"seat {i}: unknown field {bad[0]!r} (fields: type, level, name)",
                      code="create.seat_field", number=i, field=quoted(bad[0]),
                      fields="type, level, name")
    kind = seat.get("type")
    entry: dict[str, Any] = {"type": kind, "level": None, "name": None}
    if kind == "computer":
        level = seat.get("level", "normal")
        if level not in levels:
            raise Invalid(f"seat {i}: unknown level {level!r}; levels: {', '.join(levels)}",
                          code="create.level", number=i, level=quoted(level),
                          levels=", ".join(levels))
        entry["level"] = level
    elif kind != "person":
        raise Invalid(f"seat {i}: 'type' must be 'person' or 'computer'", code="create.seat_type",
                      number=i)
    seat_name = seat.get("name")
    if seat_name is not None:
        if not isinstance(seat_name, str) or len(seat_name) > MAX_NAME:
            raise Invalid(f"seat {i}: 'name' must be a text of at most {MAX_NAME} characters",
                          code="create.seat_name", number=i, most=MAX_NAME)
        entry["name"] = seat_name.strip() or None
    return entry


def check_move_text(move: Any) -> str:
    """A move as a client sent it: a text of at most 200 characters."""
    if not isinstance(move, str) or len(move) > MAX_MOVE:
        raise Invalid("'move' must be a text in the game's notation", code="move.not_text")
    return move


def check_version(version: Any) -> int:
    """The version a client says it saw: a whole number (not a boolean)."""
    if isinstance(version, bool) or not isinstance(version, int):
        raise Invalid("'version' must be the whole number of the version you saw",
                      code="request.version")
    return version
