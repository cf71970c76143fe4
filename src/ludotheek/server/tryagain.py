""""Try again from here": a new game against the computer from a position of another.

The new game has the old one's game, options and seed, and as its first moves the
line of play that led to the chosen position (moves taken back by an undo are left
out), so it replays exactly to that position, chance included; from there one seat
is the person asking (by default the seat to move) and every other seat is a
computer (at the level it had, or *strong* where a person sat). Not from a game in
progress between people, nor from one with hidden information that is still running
(the same seed would show its tiles to come).
"""

from __future__ import annotations

from typing import Any

from ludotheek import players
from ludotheek.core.record import Record, effective_line
from ludotheek.server.analysis import check_allowed
from ludotheek.server.ending import check_room
from ludotheek.server.errors import Forbidden, Invalid
from ludotheek.server.livegame import LiveGame
from ludotheek.server.offload import blocking
from ludotheek.server.service import GameService
from ludotheek.store.games import new_token

FIELDS = {"at", "seat"}
#: the level of the computer that takes a person's seat
LEVEL = "strong"


def _number(body: dict[str, Any], key: str, low: int, high: int) -> int:
    value = body[key]
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise Invalid(f"'{key}' must be a whole number from {low} to {high}",
                      code="request.number", name=key, low=low, high=high)
    return value


async def try_again(service: GameService, live: LiveGame, body: Any,
                    client: str | None) -> dict[str, Any]:
    """Create the new game from position ``body["at"]`` of ``live``; its id and the
    person's seat, token and link."""
    check_allowed(live)
    if not live.over and live.game.secret_seed:
        raise Forbidden("not while the game runs: a new game with its seed would show what "
                        "is still hidden in this one (the tiles to come)",
                        code="tryagain.secret_running")
    if not isinstance(body, dict) or "at" not in body or set(body) - FIELDS:
        raise Invalid('the body must be {"at": N} or {"at": N, "seat": S}: N the '
                      'position (the number of moves), S the seat you play',
                      code="tryagain.body")
    at = _number(body, "at", 0, live.version)
    prefix = tuple(live.moves[:at])
    moves = tuple(prefix[k - 1] for k in effective_line(prefix))
    record = Record(live.game.name, live.options, live.seed, moves)
    state = await blocking(record.replay)
    if state.is_over:
        raise Invalid("the game is over in that position; choose an earlier one",
                      code="tryagain.over")
    n = len(live.seats)
    seat = _number(body, "seat", 0, n - 1) if "seat" in body else state.to_move
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
