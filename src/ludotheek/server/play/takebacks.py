"""Takeback requests between people (issue 36): a person asks the others to take their
last move back; it is taken back when every other person of the game agrees.

- **Who may ask** (:func:`refusal`): a person's seat of a game in progress that is not
  rated (``takeback.rated``: every decision counts there) and has at least one other
  person (against computer players a person undoes alone: ``POST .../undo``), for their
  own move that is still the last of the line of play: once anyone has moved after it
  the request is refused with that reason (``takeback.moved_on``). Only where taking the
  move back reveals nothing new: the game says so (``Game.can_take_back``: not after a
  tile drawn, docs/rules/); otherwise ``takeback.reveals``. One request at a
  time (``takeback.pending``), counted in the seat's chat rate.
- **Answers**: each other person agrees or refuses (``POST .../takeback/answer``); one
  refusal ends the request, and its asker may withdraw it the same way. DECISION: in a
  game of more than two people every other person must agree (a move taken back changes
  the game of each of them); a person's seat nobody has taken yet cannot answer, so
  such a request waits. When the last one agrees the move is taken back as an undo of
  the record (``{"action": "undo", "to": N}``, what ``POST .../undo`` stores against the
  computer): the version grows, nothing is deleted, everyone gets the new view.
- A request belongs to the version it was asked at: any move ends it (the position is no
  longer the one it was about), and an answer names that version (``game.version``
  otherwise).

Each step is a line of the game's chat (``takeback``, ``takeback_yes``, ``takeback_no``:
``store/chat.py``), told to every connection as a chat line and shown in the replay; so
every web process of a scaled-out site knows the request from the database.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ludotheek.core.game import Game, State
from ludotheek.core.record import Record, undo_move
from ludotheek.server.edge.offload import blocking
from ludotheek.server.errors import Conflict, Forbidden, Invalid, ServiceError
from ludotheek.server.play import chat
from ludotheek.server.play.livegame import LiveGame
from ludotheek.server.play.moves import check_at, commit
from ludotheek.server.play.seats import seated
from ludotheek.store.chat import ChatLine

if TYPE_CHECKING:
    from ludotheek.server.play.protocols import Games

#: the chat lines of takeback requests
KINDS = ("takeback", "takeback_yes", "takeback_no")


@dataclass
class Asked:
    """A takeback asked at ``version`` by ``seat``, and who agreed so far."""

    seat: int
    version: int
    yes: set[int] = field(default_factory=set)


def people(live: LiveGame) -> list[int]:
    """The seats people play."""
    return [i for i, s in enumerate(live.seats) if s["type"] == "person"]


def asked(lines: list[ChatLine], version: int) -> Asked | None:
    """The request open at ``version``, from the game's takeback lines (oldest first)."""
    found: Asked | None = None
    for line in lines:
        if line.version != version:
            continue
        if line.kind == "takeback":
            found = Asked(line.seat, version)
        elif found is not None and line.kind == "takeback_no":
            found = None
        elif found is not None and line.kind == "takeback_yes":
            found.yes.add(line.seat)
    return found


def _last_move(live: LiveGame) -> int | None:
    """The number of the last move of the line of play (None: no move yet)."""
    return live.line[-1] if live.line else None


def _declared(live: LiveGame, before: State | None) -> bool | None:
    """What the game says of taking its last move back; None: it needs the state before
    the move, which is not at hand."""
    game = live.game
    if type(game).can_take_back is Game.can_take_back:
        return game.takebacks
    if before is None:
        return None
    return game.can_take_back(before, live.state)


def refusal(live: LiveGame, seat: int | None, before: State | None = None,
            known: bool = True) -> ServiceError | None:
    """Why ``seat`` may not ask to take its last move back now (None: it may). The game's
    word on the move is asked with ``before`` (default: :attr:`LiveGame.before` when
    the move is the record's last entry); where that is unknown, ``known`` says what to
    assume."""
    if seat is None or live.seats[seat]["type"] != "person":
        return Forbidden("only a person playing a seat can ask", code="takeback.seat")
    if live.over:
        return Conflict("the game is over; its result stands", code="takeback.over",
                        version=live.version)
    if live.rated:
        return Invalid("a rated game has no takebacks: every decision counts",
                       code="takeback.rated")
    if len(people(live)) < 2:
        return Invalid("a takeback is asked of the other people of a game; against the "
                       "computer, use Undo", code="takeback.alone")
    last = _last_move(live)
    if last is None or seat not in live.movers:
        return Invalid("you have made no move that can be taken back", code="takeback.nothing")
    if live.movers[last - 1] != seat:
        return Conflict("the others have moved since your last move: a move can be taken "
                        "back only before the next one is made", code="takeback.moved_on",
                        version=live.version)
    if before is None and last == len(live.moves):
        before = live.before
    says = _declared(live, before)
    if says is None:
        says = known
    if not says:
        return Invalid(f"in {live.game.name} this move cannot be taken back: something "
                       f"was revealed after it (a tile drawn)", code="takeback.reveals",
                       game=live.game.name)
    return None


def can_ask(live: LiveGame, seat: int | None) -> bool:
    """Whether ``seat`` may ask now, as a view says it (where the game's word needs a
    replay, no)."""
    return refusal(live, seat, known=False) is None


async def _before(live: LiveGame) -> State | None:
    """The state before the last move of the line, where the game needs it to judge."""
    last = _last_move(live)
    if last is None or _declared(live, live.before if last == len(live.moves) else None) \
            is not None:
        return None
    back = Record(live.game.name, live.options, live.seed, tuple(live.moves[:last - 1]))
    return await blocking(back.replay)


async def _open(service: Games, live: LiveGame) -> Asked | None:
    found = await blocking(service.db.chat.lines, live.id, KINDS)
    return asked(found, live.version)


async def ask(service: Games, gid: str, token: str | None, version: int) -> dict[str, Any]:
    """The seat of ``token`` asks the others to take its last move back: the chat line
    of the request."""
    live = await service.load(gid)
    seat = seated(live, token, "a takeback request")
    async with live.lock:
        check_at(live, version)
        refused = refusal(live, seat, await _before(live))
        if refused is not None:
            raise refused
        if await _open(service, live) is not None:
            raise Conflict("a takeback is asked already: wait for the answer",
                           code="takeback.pending", version=live.version)
        line = await chat.store(service, live, seat, "takeback", None)
    return chat.line_json(line)


async def answer(service: Games, gid: str, token: str | None, version: int,
                 accept: bool) -> tuple[LiveGame, int, bool]:
    """The seat of ``token`` agrees to the request open at ``version`` or refuses it (its
    asker withdraws it): the game, the seat, and whether the move was taken back."""
    live = await service.load(gid)
    seat = seated(live, token, "an answer to a takeback")
    async with live.lock:
        check_at(live, version)
        if live.over:
            raise Conflict("the game is over; its result stands", code="takeback.over",
                           version=live.version)
        request = await _open(service, live)
        if request is None:
            raise Conflict("no takeback is asked now (it was answered, withdrawn, or "
                           "someone moved)", code="takeback.none", version=live.version)
        if seat == request.seat and accept:
            raise Invalid("the others answer your request; you can withdraw it",
                          code="takeback.own")
        if seat in request.yes:
            raise Conflict("you have agreed already", code="takeback.answered")
        await chat.store(service, live, seat, "takeback_yes" if accept else "takeback_no",
                         None)
        request.yes.add(seat)
        if not accept or set(people(live)) - {request.seat} - request.yes:
            return live, seat, False
        await _take_back(service, live, request.seat)
    return live, seat, True


async def _take_back(service: Games, live: LiveGame, seat: int) -> None:
    """Take the last move of the line back (it is ``seat``'s): an undo to the entry
    before it, stored and told as every move is. Under ``live.lock``."""
    last = _last_move(live)
    assert last is not None and live.movers[last - 1] == seat
    back = Record(live.game.name, live.options, live.seed, tuple(live.moves[:last - 1]))
    state = await blocking(back.replay)
    await commit(service, live, undo_move(last - 1), seat, state)
