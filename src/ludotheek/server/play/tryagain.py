""""Try again from here": a new game against the computer from a position of another.

The new game has the old one's game, options and seed, and as its first moves the
line of play that led to the chosen position (moves taken back by an undo are left
out), so it replays exactly to that position, chance included; from there one seat
is the person asking (by default the seat to move) and every other seat is a
computer (at the level it had, or *strong* where a person sat). Not from a game in
progress that is rated or between people (its hint would be help from outside:
``server/play/fairplay.py``), nor from one with hidden information that is still running
(the same seed would show its tiles to come).
"""

from __future__ import annotations

from typing import Any

from msgspec import UNSET

from ludotheek.ai import players
from ludotheek.core.record import Record, effective_line
from ludotheek.server.edge.bodies import WHOLE, TryAgain
from ludotheek.server.edge.offload import blocking
from ludotheek.server.edge.shapes import convert_field, decode
from ludotheek.server.errors import Forbidden, Invalid
from ludotheek.server.play.ending import check_room
from ludotheek.server.play.fairplay import check_no_engine_help
from ludotheek.server.play.livegame import LiveGame
from ludotheek.server.play.service import GameService
from ludotheek.store.games import new_token

#: the level of the computer that takes a person's seat
LEVEL = "strong"


def _number(raw: Any, key: str, low: int, high: int) -> int:
    """``raw`` as the field ``key`` of :class:`TryAgain`, from ``low`` to ``high``."""
    where: dict[str, Any] = {"name": key, "low": low, "high": high}
    value: int = convert_field(TryAgain, key, raw, where)
    if not low <= value <= high:
        raise WHOLE.error(**where)
    return value


async def try_again(service: GameService, live: LiveGame, body: Any,
                    client: str | None) -> dict[str, Any]:
    """Create the new game from position ``body["at"]`` of ``live``; its id and the
    person's seat, token and link."""
    check_no_engine_help(live)  # not from a rated game in progress, nor one between people
    if not live.over and live.game.secret_seed:
        raise Forbidden("not while the game runs: a new game with its seed would show what "
                        "is still hidden in this one (the tiles to come)",
                        code="tryagain.secret_running")
    asked = decode(TryAgain, body, hooks={  # the seat is checked once the position is known
        "at": lambda raw, _: _number(raw, "at", 0, live.version),
        "seat": lambda raw, _: raw})
    at = asked.at
    prefix = tuple(live.moves[:at])
    moves = tuple(prefix[k - 1] for k in effective_line(prefix))
    record = Record(live.game.name, live.options, live.seed, moves)
    state = await blocking(record.replay)
    if state.is_over:
        raise Invalid("the game is over in that position; choose an earlier one",
                      code="tryagain.over")
    n = len(live.seats)
    seat = state.to_move if asked.seat is UNSET else _number(asked.seat, "seat", 0, n - 1)
    assert seat is not None
    levels = players.levels(live.game.name)
    seats = []
    for i, old in enumerate(live.seats):
        if i == seat:
            seats.append({"type": "person", "level": None,
                          "name": old["name"] if old["type"] == "person" else None})
        else:
            level = old["level"] if old["type"] == "computer" and old["level"] in levels \
                else LEVEL
            seats.append({"type": "computer", "level": level, "name": old["name"]})
    if client is not None:
        await check_room(service, client)  # live games only; the refusal lists them
    token = new_token()
    tokens = [token if i == seat else None for i in range(n)]
    row = await blocking(service.db.games.import_game, live.game.name, dict(live.options),
                            live.seed, seats, list(moves), "active", state.to_move, None,
                            tokens, client)
    service.schedule_computer(await service.load(row.id))
    return {"id": row.id, "seat": seat, "token": token, "at": len(moves),
            "url": f"/play/{row.id}#token={token}"}
