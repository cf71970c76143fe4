"""Hints: what the game's strong level would play for a person alone against computers.

Only for the seat to move, and only when every other seat is a computer (in a
game between people a hint would be help from outside). One analysis per
position: asking again (or at the same time) gets the same answer.
"""

from __future__ import annotations

import asyncio
import logging
from typing import TYPE_CHECKING, Any

from ludotheek.learn import lessons
from ludotheek.server.computer.turns import seed_for
from ludotheek.server.errors import Forbidden
from ludotheek.server.play.fairplay import PEOPLE, RATED
from ludotheek.server.play.moves import ended
from ludotheek.server.play.seats import seated

if TYPE_CHECKING:
    from ludotheek.server.play.protocols import Games

log = logging.getLogger("ludotheek.server")

#: the level whose player gives hints (every game has one)
HINT_LEVEL = "strong"


async def hint(service: Games, gid: str, token: str | None) -> dict[str, Any]:
    """The strong level's analysis for the seat of ``token``: the move, its value,
    a ranking and why."""
    live = await service.load(gid)
    seat = seated(live, token, "a hint")
    if live.rated:  # over or not: a rated game has no hints (server/play/fairplay.py)
        raise Forbidden(RATED, code="ratings.no_hints")
    if not live.alone_against_computers(seat):
        raise Forbidden(PEOPLE, code="hint.people")
    state = live.state
    if live.over:
        raise ended(live)
    if state.to_move != seat:
        raise Forbidden("a hint is given only to the seat to move", code="hint.not_to_move")
    version = live.version
    entry = live.hint
    if entry is None or entry[0] != version:
        task = asyncio.get_running_loop().create_task(service.pool.analyse(
            live.game.name, state.to_json(), HINT_LEVEL, seed_for(live.seed, version) ^ 1,
            service.settings.max_computer_seconds))
        entry = live.hint = (version, task)
    try:
        result = await asyncio.shield(entry[1])
    except asyncio.CancelledError:
        raise
    except Exception:
        if live.hint is entry:
            live.hint = None
        log.exception("the hint for game %s failed", live.id)
        raise
    return {**result, "facts": lessons.hint_facts(live.game.name, state, result),
            "version": version, "seat": seat, "level": HINT_LEVEL}
