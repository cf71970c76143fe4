"""Games that end without being played out (docs/web.md, "Ending a game").

- **Abort**: while no person has made a move, a person's seat may end the game; it
  ends ``aborted``, without a result (nothing enters a score list).
- **Leave**: in a game of two seats whose rules have a resignation the seat resigns
  and the other wins. In a game of more seats (a DECISION) a computer player at the
  level ``normal`` takes the seat over and plays on; the seat keeps its name, its
  secret is forgotten, and whoever held it watches from then on: its open WebSocket
  connections too, which get a spectator's views from then on (``seat_closed``,
  :meth:`~ludotheek.server.play.hub.Hub.close_seats`).
- **Abandoned**: a game without a move for ``abandon_days`` (default 30) ends
  ``abandoned``; a game in which no person has moved for ``abort_unplayed_hours``
  (default 24) is aborted. The sweep runs when the server starts and every
  ``ending_sweep_seconds`` (an hour).
- **The limit per address** counts only live games: those in play with a move (or
  made) within ``abandon_days``. The refusal names them, longest untouched first,
  so that a place can be freed.

Ending is decided in the database (``GameStore.end`` only ends an active game still
at the version it was decided on), so it never races a move.
"""

from __future__ import annotations

import asyncio
import logging
import time
from typing import TYPE_CHECKING, Any, NoReturn

from ludotheek.core.record import resign_move
from ludotheek.server.edge.offload import blocking
from ludotheek.server.errors import Conflict, Invalid, TooMany
from ludotheek.server.play.livegame import LiveGame
from ludotheek.server.play.moves import check_at, ended, play
from ludotheek.server.play.seats import seated
from ludotheek.store.games import GameRow

if TYPE_CHECKING:
    from ludotheek.server.play.protocols import Games

log = logging.getLogger("ludotheek.server")
#: the level of the computer player that takes over a seat a person left
TAKEOVER_LEVEL = "normal"
DAY = 86400.0
#: the most live games a refusal lists
LISTED = 10


def people(seats: list[dict[str, Any]]) -> set[int]:
    """The seats that are (or were, before they left) played by a person."""
    return {i for i, s in enumerate(seats) if s["type"] == "person" or s.get("left")}


def abortable(live: LiveGame) -> bool:
    """Whether ``live`` may be aborted: in play, and no person has made a move."""
    persons = people(live.seats)
    return not live.over and not any(m in persons for m in live.movers if m is not None)


def leave_kind(live: LiveGame) -> str | None:
    """What leaving does: ``resign`` (two seats, the rules allow it), ``computer`` (a
    computer player takes the seat over), None once the game has ended."""
    if live.over:
        return None
    return "resign" if len(live.seats) == 2 and live.game.resignable else "computer"


async def end(service: Games, live: LiveGame, status: str) -> bool:
    """End ``live`` (at its version) as ``status``: stored, then told to everyone.
    False if it moved on or had ended meanwhile (call with its lock held)."""
    done = await blocking(service.db.games.end, live.id, live.version, status,
                          {"reason": status})
    if not done:
        return False
    live.ended = status
    live.thinking = False
    if live.computer_task is not None and live.computer_task is not asyncio.current_task():
        live.computer_task.cancel()
    if service.scale_out is not None:
        await service.scale_out.changed(live)
    await service.broadcast(live)
    return True


async def abort(service: Games, gid: str, token: str | None,
                version: int) -> tuple[LiveGame, int]:
    """End the game of ``token``'s seat before anyone has moved: no result."""
    live = await service.load(gid)
    seat = seated(live, token, "aborting a game")
    async with live.lock:
        check_at(live, version)
        if live.over:
            raise ended(live)
        if not abortable(live):
            raise Invalid("a person has moved, so the game cannot be aborted any more: "
                          "resign or leave it", code="game.not_abortable")
        if not await end(service, live, "aborted"):
            service.cache.pop(live.id)
            raise Conflict("the game moved on meanwhile", code="game.moved_on",
                           version=live.version)
    return live, seat


async def leave(service: Games, gid: str, token: str | None,
                version: int) -> tuple[LiveGame, int]:
    """``token``'s seat leaves the game: it resigns (two seats) or a computer player
    takes it over (more seats). Returns the game and the seat that left."""
    live = await service.load(gid)
    seat = seated(live, token, "leaving a game")
    async with live.lock:
        check_at(live, version)
        kind = leave_kind(live)
        if kind is None:
            raise ended(live)
        if kind == "resign":
            await play(service, live, resign_move(live.state, seat), seat)
            return live, seat
        await take_over(service, live, seat, TAKEOVER_LEVEL)
    return live, seat


async def take_over(service: Games, live: LiveGame, seat: int, level: str) -> None:
    """A computer player at ``level`` takes ``seat`` of ``live`` over (its person left, or
    its time ran out: server/play/clocks.py) and plays on; under ``live.lock``."""
    seats = [dict(s) for s in live.seats]
    seats[seat] = {**seats[seat], "type": "computer", "level": level, "left": True}
    await blocking(service.db.games.leave_seat, live.id, seat, seats)
    live.seats = seats
    live.token_hashes.pop(seat, None)
    if live.timing is not None:  # the computer's time does not run
        live.timing = await blocking(service.db.clocks.begin, live.id, live.version, None,
                                     service.settings.clock())
    if service.scale_out is not None:
        await service.scale_out.changed(live)
    # whoever held the seat watches from now on, its open connections too (hub.py)
    await service.hub.close_seats(live.id, live.token_hashes)
    service.schedule_computer(live)  # before the broadcast, so it says "thinking"
    await service.broadcast(live)


async def note_joined(service: Games, live: LiveGame, seat: int | None) -> None:
    """The person of ``seat`` has come (their secret was used): remembered once, and
    told to the other seats as ``{"type": "joined", "seat": seat, "name": ...}``
    (server/play/presence.py: the inviter's page drops the invite link and says who has
    come; views say it in ``seats[i].joined``)."""
    if seat is None or seat in live.joined:
        return
    live.joined.add(seat)
    if await service.writer.mark_joined(live.id, seat):  # batched with the moves
        await service.presence.tell(live, seat, "joined")


def live_since(service: Games) -> float:
    """Games untouched since before this are no longer live (they end as abandoned)."""
    return time.time() - service.settings.abandon_days * DAY


async def check_room(service: Games, client: str) -> None:
    """:class:`TooMany` if ``client`` has as many live games as it may have: the
    refusal says how to free a place and lists the games (``games``)."""
    most = service.settings.max_active_games_per_client
    count = await blocking(service.db.games.count_active_by_client, client,
                           live_since(service))
    if count >= most:
        await refuse_full(service, client, count)


async def refuse_full(service: Games, client: str, count: int) -> NoReturn:
    """The :class:`TooMany` of :func:`check_room` for ``client``'s ``count`` live games."""
    most = service.settings.max_active_games_per_client
    rows = await blocking(service.db.games.active_by_client, client, live_since(service),
                          LISTED)
    days = service.settings.abandon_days
    links = ", ".join(f"/play/{r.id}" for r in rows)
    raise TooMany(f"this address already has {count} games in progress (at most {most}): "
                  f"finish, resign, leave or abort one of them to start another (a game "
                  f"without a move for {days:g} days ends by itself): {links}",
                  code="limit.games", count=count, most=most, days=days,
                  games=[_entry(r) for r in rows])


def _entry(row: GameRow) -> dict[str, Any]:
    return {"id": row.id, "game": row.game, "version": row.version, "updated": row.updated,
            "url": f"/play/{row.id}"}


async def sweep(service: Games) -> int:
    """End the games nobody plays any more: abandoned (no move for ``abandon_days``)
    and aborted (no person moved for ``abort_unplayed_hours``). Returns how many."""
    settings = service.settings
    now = time.time()
    ended = 0
    for row in await blocking(service.db.games.untouched, now - settings.abandon_days * DAY):
        ended += await _end_row(service, row, "abandoned")
    if settings.abort_unplayed_hours > 0:
        before = now - settings.abort_unplayed_hours * 3600
        for row in await blocking(service.db.games.untouched, before):
            moved = await blocking(service.db.games.seats_that_moved, row.id)
            if people(row.seats) and not moved & people(row.seats):
                ended += await _end_row(service, row, "aborted")
    return ended


async def _end_row(service: Games, row: GameRow, status: str) -> int:
    live = service.cache.get(row.id)
    if live is None:
        return int(await blocking(service.db.games.end, row.id, row.version, status,
                                  {"reason": status}))
    async with live.lock:
        return int(live.version == row.version and not live.over
                   and await end(service, live, status))


async def sweeper(service: Games) -> None:
    """Run :func:`sweep` every ``ending_sweep_seconds``, for as long as the server runs."""
    while True:
        await asyncio.sleep(service.settings.ending_sweep_seconds)
        try:
            count = await sweep(service)
            if count:
                log.info("%d games nobody played any more have ended", count)
        except Exception:
            log.exception("ending the games nobody plays any more failed")
