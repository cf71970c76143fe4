"""Checking what a client asks for, before anything changes: each check raises
:class:`~ludotheek.server.errors.Invalid` with a message that says what is wrong."""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from typing import Any

from msgspec import UNSET

from ludotheek.ai import players
from ludotheek.core.errors import BadOption, UnknownGame, quoted
from ludotheek.core.game import Game
from ludotheek.games import get
from ludotheek.server.edge.bodies import MAX_SEED, TIME_BODY, CreateGame, SeatIn, TimeIn
from ludotheek.server.edge.names import MOST, tidy
from ludotheek.server.edge.shapes import convert_field, decode
from ludotheek.server.errors import Invalid


@dataclass(frozen=True)
class NewGame:
    """A checked request to create a game."""

    game: Game
    options: dict[str, Any]
    seats: list[dict[str, Any]]
    seed: int
    #: the seats of people invited by a link (the others' people sit at the creator's screen)
    invited: frozenset[int] = frozenset()
    #: its time (turn-based or a clock; None: live without a clock)
    time: TimeIn | None = None


def check_create(body: Any) -> NewGame:
    """Validate a create request (:class:`~ludotheek.server.edge.bodies.CreateGame`): its
    shape, and in the same order the game, its options, the seed and the seats."""
    found: dict[str, Any] = {}

    def game(raw: Any, values: dict[str, Any]) -> str:
        name = convert_field(CreateGame, "game", None if raw is UNSET else raw)
        try:
            found["game"] = get(name)
        except UnknownGame as exc:
            raise Invalid.of(exc) from exc
        return str(name)

    def options(raw: Any, values: dict[str, Any]) -> dict[str, Any]:
        given = convert_field(CreateGame, "options", {} if raw is UNSET else raw)
        try:
            return found["game"].check_options(given)  # type: ignore[no-any-return]
        except BadOption as exc:
            raise Invalid.of(exc) from exc

    def seats(raw: Any, values: dict[str, Any]) -> list[SeatIn]:
        return _seats(found["game"], values["options"], raw)

    def timing(raw: Any, values: dict[str, Any]) -> TimeIn | None:
        return check_time(raw, values["seats"])

    new = decode(CreateGame, body, hooks={"game": game, "options": options, "seats": seats,
                                          "time": timing})
    seed = draw_seed() if new.seed is None else new.seed
    entries = [{"type": s.type, "level": s.level if s.type == "computer" else None,
                "name": _seat_name(number, s.name)} for number, s in enumerate(new.seats, 1)]
    the_game: Game = found["game"]
    try:
        checked, shown = the_game.adopt_seat_names(new.options, [e["name"] for e in entries])
    except BadOption as exc:
        raise Invalid.of(exc) from exc
    for entry, seat_name in zip(entries, shown, strict=True):
        entry["name"] = seat_name
    invited = frozenset(i for i, s in enumerate(new.seats) if s.invite)
    return NewGame(the_game, checked, entries, seed, invited, new.time)


def check_time(raw: Any, seats: list[SeatIn]) -> TimeIn | None:
    """A create request's ``time``: turn-based days or a clock, each in range; refused for a
    game with fewer than two people (``time.between_people``: with the computer alone there
    is nobody to wait for)."""
    if raw is UNSET or raw is None:
        return None
    given = decode(TimeIn, raw)
    if (given.days is None) == (given.minutes is None) or (
            given.days is not None and given.increment is not None):
        raise TIME_BODY.error()
    if sum(1 for s in seats if s.type == "person") < 2:
        raise Invalid("a game's time ('time': days per move, or a clock) is for a game "
                      "between people: give at least two seats to people, or leave 'time' "
                      "out", code="time.between_people")
    return given


def _seat_name(number: int, given: str | None) -> str | None:
    """Seat ``number``'s name as given (tidied as a person's name is:
    ``server/edge/names.py``), None without one; refused if it cannot be a name."""
    if given is None or not given.strip():
        return None
    name = tidy(given)
    if name is None:
        raise Invalid(f"seat {number}: 'name' must be a text of at most {MOST} characters, "
                      "without control characters", code="create.seat_name", number=number,
                      most=MOST)
    return name


def draw_seed() -> int:
    """The server's seed for a new game (secret until the game ends)."""
    return secrets.randbelow(2**31)


CHOSEN_SEED = ("a rated game, or a game with more than one person, gets its seed from the "
               "server: leave 'seed' out (a seed of your own is for an unrated game with "
               "one person, against the computer or alone)")


def person_seats(seats: Any) -> int:
    """How many of a request's ``seats`` are a person's (as sent: not checked yet)."""
    if not isinstance(seats, list):
        return 0
    return sum(1 for s in seats if isinstance(s, dict) and s.get("type") == "person")


def check_seed(body: Any, rated: bool) -> None:
    """A seed from the client only for an unrated game with at most one person seat
    (practice, replaying a deal): its chance and its computers' choices come from the
    seed, so in a rated game or against another person a chosen seed would be a deal
    and replies known in advance. Refused with 400 ``create.seed_chosen``; the server
    draws the seed and keeps it secret until the game ends (issue 34)."""
    seed = body.get("seed") if isinstance(body, dict) else None
    if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed <= MAX_SEED:
        return  # none, or not a seed at all: check_create says what is wrong with it
    if rated or person_seats(body.get("seats")) > 1:
        raise Invalid(CHOSEN_SEED, code="create.seed_chosen")


def _seats(game: Game, options: dict[str, Any], seats: Any) -> list[SeatIn]:
    n = game.num_players(options)
    if not isinstance(seats, list) or len(seats) != n:
        raise Invalid(f"'seats' must be a list of {n} seats for {game.name} with these options",
                      code="create.seats", n=n, game=game.name)
    levels = players.levels(game.name)

    def level(raw: Any, values: dict[str, Any]) -> str:
        if values["type"] != "computer":
            return "normal"  # a person's seat: whatever it says is not looked at
        name = "normal" if raw is UNSET else raw
        if not isinstance(name, str) or name not in levels:  # (``number``: the loop's)
            raise Invalid(f"seat {number}: unknown level {name!r}; levels: {', '.join(levels)}",
                          code="create.level", number=number, level=quoted(name),
                          levels=", ".join(levels))
        return str(name)

    def invite(raw: Any, values: dict[str, Any]) -> bool:
        wanted = convert_field(SeatIn, "invite", False if raw is UNSET else raw,
                               {"number": number})
        if wanted and values["type"] != "person":
            raise Invalid(f"seat {number}: only a person's seat is invited",
                          code="create.seat_invite", number=number)
        return bool(wanted)

    out = []
    for number, seat in enumerate(seats, 1):
        out.append(decode(SeatIn, seat, {"number": number},
                          hooks={"level": level, "invite": invite}))
    return out
