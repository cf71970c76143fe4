"""What the people of a game said to each other: its chat lines and takeback steps.

A line is numbered within its game (1, 2, ...) and keeps the game's version when it was
said, so that a replay shows it at its place. A line is stored in one transaction with
two checks, so that they hold whichever web process stores it: the seat has said fewer
than ``rate`` counted lines in the last ``window`` seconds, and the game has fewer than
``most`` lines. The transaction locks the game's row first (PostgreSQL; SQLite has one
writer at a time), so lines of one game are stored one after the other; should two take
one number all the same (the primary key), or SQLite find its snapshot stale, the later
tries again.
"""

from __future__ import annotations

import time
from collections.abc import Collection
from dataclasses import dataclass
from typing import Literal

from sqlalchemy import Engine, func, insert, select
from sqlalchemy.exc import IntegrityError, OperationalError

from ludotheek.store.schema import chat, games

#: the kinds of line: a preset phrase (its key), a free text, a takeback asked, agreed to,
#: refused or withdrawn
KINDS = ("phrase", "text", "takeback", "takeback_yes", "takeback_no")
#: the kinds the rate counts (a seat's answers to a takeback are never held back)
COUNTED = ("phrase", "text", "takeback")


@dataclass(frozen=True)
class ChatLine:
    game_id: str
    number: int
    seat: int
    kind: str
    text: str | None
    version: int
    at: float


Refused = Literal["rate", "full"]
#: how often a line is tried when other writers of the same game get in its way
ATTEMPTS = 20


class ChatStore:
    def __init__(self, engine: Engine) -> None:
        self.engine = engine

    def add(self, gid: str, seat: int, kind: str, text: str | None, version: int, *,
            rate: int = 0, window: float = 60.0, most: int = 0,
            now: float | None = None) -> ChatLine | Refused:
        """Store a line said by ``seat`` at the game's ``version``; ``"rate"`` if the
        seat said ``rate`` counted lines (:data:`COUNTED`) in the last ``window`` seconds
        already and this one counts too, ``"full"`` if the game has ``most`` lines
        (0: no such check)."""
        assert kind in KINDS, kind
        at = time.time() if now is None else now
        for attempt in range(ATTEMPTS):
            try:
                with self.engine.begin() as conn:
                    conn.execute(select(games.c.id).where(games.c.id == gid).with_for_update())
                    if rate and kind in COUNTED and conn.execute(
                            select(func.count()).select_from(chat).where(
                                chat.c.game_id == gid, chat.c.seat == seat,
                                chat.c.kind.in_(COUNTED), chat.c.at > at - window)
                            ).scalar_one() >= rate:
                        return "rate"
                    last = conn.execute(select(func.max(chat.c.number)).where(
                        chat.c.game_id == gid)).scalar()
                    number = int(last or 0) + 1
                    if most and number > most:
                        return "full"
                    conn.execute(insert(chat).values(game_id=gid, number=number, seat=seat,
                                                     kind=kind, text=text, version=version,
                                                     at=at))
                return ChatLine(gid, number, seat, kind, text, version, at)
            except (IntegrityError, OperationalError):  # another writer was first: again
                if attempt == ATTEMPTS - 1:
                    raise
        raise AssertionError("not reached")

    def lines(self, gid: str, kinds: Collection[str] | None = None,
              since: int = 0) -> list[ChatLine]:
        """The game's lines after number ``since``, oldest first (of ``kinds`` only)."""
        q = select(chat).where(chat.c.game_id == gid, chat.c.number > since)
        if kinds is not None:
            q = q.where(chat.c.kind.in_(list(kinds)))
        with self.engine.connect() as conn:
            rows = conn.execute(q.order_by(chat.c.number)).all()
        return [ChatLine(r.game_id, r.number, r.seat, r.kind, r.text, r.version, r.at)
                for r in rows]
