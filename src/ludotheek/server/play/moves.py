"""Moves and undos: checked by the rules engine, stored, then told to everyone.

A move names the version it was made for; a stale one is refused in memory and,
decisively, by the database. Every accepted move is committed before anyone
hears of it; then the other processes (on a scaled-out site), the score list
(a finished game), the next computer player and the watchers are told, in
that order.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

from ludotheek.core.errors import IllegalMove
from ludotheek.core.game import State
from ludotheek.core.record import (
    RESIGN,
    UNDO,
    Entry,
    Record,
    ResignAction,
    apply_move,
    effective_line,
    resign_move,
    result_of,
    undo_move,
    undo_target,
)
from ludotheek.rated.hooks import game_over
from ludotheek.server.edge.jsonio import dumps
from ludotheek.server.edge.offload import blocking
from ludotheek.server.errors import Conflict, Forbidden, Invalid
from ludotheek.server.play.livegame import LiveGame
from ludotheek.server.play.seats import seated
from ludotheek.store.games import MoveWrite, StaleVersion

if TYPE_CHECKING:
    from ludotheek.server.play.protocols import Games

log = logging.getLogger("ludotheek.server")


def check_at(live: LiveGame, version: int) -> None:
    """:class:`Conflict` unless the game is still at the ``version`` the client saw."""
    if version != live.version:
        raise Conflict(f"the game is at version {live.version}, not {version}",
                       code="game.version", version=live.version, sent=version)


def ended(live: LiveGame) -> Conflict:
    """The refusal of anything but watching a game that has ended."""
    if live.ended is None:
        return Conflict("the game is over", code="game.over", version=live.version)
    return Conflict(f"the game has ended ({live.ended})", code="game.ended",
                    version=live.version, status=live.ended)


def _written(live: LiveGame, seat: int, move: str) -> str | ResignAction:
    """The record's entry for the API's ``move``: the text ``resign`` is the seat's
    resignation (named by its seat when it is not the seat to move), any other text a move
    of the game. ``resign`` and ``undo ...`` are the API's words for the actions, which the
    record keeps apart; a game whose notation spells a legal move so plays that move."""
    if _spelled_as_action(move) and move in live.state.legal_moves():
        return _own_turn(live, seat, move)
    if move == UNDO or move.startswith(UNDO + " "):
        raise Invalid("to take a decision back, use POST /api/games/{id}/undo",
                      code="move.undo_here")
    if move == RESIGN:
        if not live.game.resignable:
            raise Invalid(f"{live.game.name} has no resignation", code="move.no_resignation",
                          game=live.game.name)
        return resign_move(live.state, seat)
    return _own_turn(live, seat, move)


def _spelled_as_action(move: str) -> bool:
    return move.partition(" ")[0] in (RESIGN, UNDO)


def _own_turn(live: LiveGame, seat: int, move: str) -> str:
    if live.state.to_move != seat:
        raise Forbidden("it is not your turn", code="move.not_your_turn")
    return move


async def move(service: Games, gid: str, token: str | None, move: str,
               version: int, with_reply: bool = False) -> tuple[LiveGame, int]:
    """Play ``move`` for the seat of ``token`` if the game is still at ``version`` (both
    checked at the edge: :class:`~ludotheek.server.edge.bodies.MoveBody`, ``LiveMove``).
    ``with_reply``: a computer's instant reply is stored and told with it (a WebSocket
    that takes ``views``: :func:`commit_with_reply`)."""
    text = move
    live = await service.load(gid)
    seat = seated(live, token, "a move")
    async with live.lock:
        check_at(live, version)
        if live.over:
            raise ended(live)
        if service.time_keeper is not None:  # the time ran out: applied, and refused
            await service.time_keeper.refuse_late(live)
        await play(service, live, _written(live, seat, text), seat, with_reply)
    return live, seat


async def play(service: Games, live: LiveGame, written: str | ResignAction,
               seat: int, with_reply: bool = False) -> None:
    """Apply ``written`` (the rules refuse it: :class:`Invalid`) and commit it; under
    ``live.lock``."""
    try:
        new_state = apply_move(live.state, written)
    except IllegalMove as exc:
        raise Invalid.of(exc) from exc
    reply = (service.turns.reply_now(live, new_state, live.version + 1)
             if with_reply else None)
    if reply is None:
        await commit(service, live, written, seat, new_state)
    else:
        await commit_with_reply(service, live, written, seat, new_state, *reply)


async def undo(service: Games, gid: str, token: str | None,
               version: int) -> tuple[LiveGame, int]:
    """Take back the last decision of the seat of ``token`` (and every move after it).

    Nothing is removed: the record gets an undo to N (a new version) whose
    position is the position after move N, the one before that decision. Only a
    person playing alone against computer players may undo (see
    :meth:`LiveGame.undo_target`).
    """
    live = await service.load(gid)
    seat = seated(live, token, "an undo")
    async with live.lock:
        check_at(live, version)
        if live.over:
            raise Conflict("the game is over; its result stands", code="undo.over",
                           version=live.version)
        if not live.alone_against_computers(seat):
            raise Invalid("undo is possible only when one person plays against "
                          "computer players", code="undo.not_alone")
        if live.rated:
            raise Invalid("a rated game has no undo: every decision counts",
                          code="ratings.no_undo")
        target = live.undo_target(seat)
        if target is None:
            raise Invalid("you have made no decision that can be taken back", code="undo.nothing")
        back = Record(live.game.name, live.options, live.seed, tuple(live.moves[:target]))
        state = await blocking(back.replay)
        await commit(service, live, undo_move(target), seat, state)
    return live, seat


async def commit(service: Games, live: LiveGame, move: Entry, seat: int | None,
                 new_state: State) -> None:
    """Store ``move`` (made by ``seat``) and bring ``live`` to ``new_state``; then tell
    the others. :class:`Conflict` if another process stored this version first."""
    over = new_state.is_over
    try:
        await service.writer.append(MoveWrite(live.id, live.version, move, seat,
                                              new_state.to_move, "over" if over else "active",
                                              result_of(new_state) if over else None))
    except StaleVersion as exc:
        service.cache.pop(live.id)  # another process moved it on: read it again
        raise Conflict(f"the game moved on (version {exc.current})", code="game.moved_on",
                       version=exc.current) from exc
    _advance(live, move, seat, new_state)
    await after_entry(service, live, seat)  # the next turn's time begins
    if service.scale_out is not None:
        await service.scale_out.announce(live)
    if over:
        try:
            await blocking(game_over, service.db, new_state, live.names(), live.id)
        except Exception:  # the move stands; a score list problem is logged
            log.exception("updating the score list of game %s failed", live.id)
    service.schedule_computer(live)  # before the broadcast, so it says "thinking"
    if service.turn_notices is not None:
        service.turn_notices.turn(live)
    await service.broadcast(live)


async def commit_with_reply(service: Games, live: LiveGame, move: Entry, seat: int,
                            new_state: State, reply: str, reply_seat: int,
                            after: State) -> None:
    """Store ``move`` and the computer's instant ``reply`` to it (``after``: the state it
    leads to) in one transaction, then tell everyone both: what :func:`commit` does for
    each in turn, with one hand-off to the writer and one message to the connections that
    take ``views`` instead of two of each (docs/performance.md, "Throughput, fourth
    round"). Only on a site of one process (:meth:`ComputerTurns.reply_now`)."""
    over = after.is_over
    write = MoveWrite(live.id, live.version, move, seat, new_state.to_move, "active", None,
                      reply=MoveWrite(live.id, live.version + 1, reply, reply_seat,
                                      after.to_move, "over" if over else "active",
                                      result_of(after) if over else None))
    try:
        await service.writer.append(write)
    except StaleVersion as exc:
        service.cache.pop(live.id)
        raise Conflict(f"the game moved on (version {exc.current})", code="game.moved_on",
                       version=exc.current) from exc
    _advance(live, move, seat, new_state)
    await after_entry(service, live, seat)
    first = {s: dumps(service.view(live, s)) for s in service.hub.seats(live.id)}
    _advance(live, reply, reply_seat, after)
    await after_entry(service, live, reply_seat)
    if over:
        try:
            await blocking(game_over, service.db, after, live.names(), live.id)
        except Exception:  # the moves stand; a score list problem is logged
            log.exception("updating the score list of game %s failed", live.id)
    service.schedule_computer(live)  # another computer to move: before the views
    if service.turn_notices is not None:
        service.turn_notices.turn(live)

    def views(s: int | None) -> list[str]:
        now = dumps(service.view(live, s))
        return [first[s], now] if s in first else [now]

    await service.hub.send_views(live.id, views)


def _advance(live: LiveGame, move: Entry, seat: int | None, new_state: State) -> None:
    """The stored move in memory: the state, the moves, the version, who moved."""
    live.before = live.state if undo_target(move) is None else None
    live.state = new_state
    live.moves.append(move)
    live.version += 1
    if undo_target(move) is None:
        live.movers.append(seat)
        live.line.append(live.version)
    else:
        live.movers.append(None)
        live.line = effective_line(live.moves)
    live.thinking = False


async def after_entry(service: Games, live: LiveGame, mover: int | None) -> None:
    """``live`` came to a new version (``mover`` made its last entry): in a game with a
    time, the next turn's begins (stored before anyone hears of the entry; under
    ``live.lock``; server/timing/timeouts.py)."""
    if live.timing is None:
        return
    live.timing = await blocking(
        service.db.clocks.next_turn, live.id, live.version, mover, live.state.to_move,
        live.seats, live.over, service.settings.clock(), bool(live.invites))
