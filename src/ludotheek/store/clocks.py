"""The time of games between people (``game_clocks``; server/play/clocks.py).

A game is turn-based (``days`` per move) or live with a clock (``base`` seconds for each
seat, ``increment`` seconds added to a seat's time for each of its moves). Each row says
whose time runs (``seat``), since when (``started``) and until when (``deadline``), from
the turn that began at the game's version ``version``. Time runs only for a person's seat,
while at least two people play and no invited seat is still open.

Every change is a conditional UPDATE, so that on a site of several processes each is
done once: a turn is written only over an older one (``version`` grows), and a reminder
or a time-out is *claimed* (``reminded``, ``timed_out`` set to the turn's version) by the
one process whose UPDATE changed the row. Time is always given (``now``): the server's
clock is the authority, and the tests control it.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from sqlalchemy import Engine, and_, insert, or_, select, update
from sqlalchemy.exc import IntegrityError

from ludotheek.store.schema import game_clocks, games, site_beat

DAY = 86400.0


@dataclass(frozen=True)
class Clock:
    """A game's time, as stored (see the module)."""

    game_id: str
    days: int | None
    base: float | None
    increment: float | None
    remaining: tuple[float, ...] | None
    version: int
    seat: int | None
    started: float | None
    deadline: float | None
    remind_at: float | None = None
    reminded: int | None = None
    timed_out: int | None = None
    out_seat: int | None = None

    @property
    def kind(self) -> str:
        """``days`` (turn-based) or ``clock`` (live, with a clock)."""
        return "days" if self.days is not None else "clock"

    def left(self, now: float) -> list[float] | None:
        """Each seat's seconds left at ``now`` (a clock's; None for days per move)."""
        if self.remaining is None:
            return None
        out = list(self.remaining)
        if self.seat is not None and self.started is not None:
            out[self.seat] = max(0.0, out[self.seat] - max(0.0, now - self.started))
        return out

    def shown(self, now: float) -> dict[str, Any]:
        """What every seat and spectator is shown of the game's time at ``now`` (the
        server's): the kind, the choice, whose time runs until when, each seat's time left
        (a clock's), when the reminder is due and which seat ran out. No one's secret."""
        left = self.left(now)
        return {
            "kind": self.kind, "days": self.days,
            "minutes": None if self.base is None else round(self.base / 60, 3),
            "increment": self.increment, "seat": self.seat, "now": now,
            "deadline": self.deadline,
            "left": None if left is None else [round(s, 3) for s in left],
            "remind_at": self.remind_at, "out_seat": self.out_seat,
        }

    def out(self, now: float) -> bool:
        """Whether the time of the seat to move has run out at ``now``."""
        return self.deadline is not None and now >= self.deadline


def runs(seats: Sequence[dict[str, Any]], seat: int | None, over: bool,
         open_seats: bool = False) -> bool:
    """Whether ``seat``'s time runs: a person's seat to move in a game in play between at
    least two people, none of them still invited (``open_seats``)."""
    people = sum(1 for s in seats if s["type"] == "person")
    return (not over and not open_seats and seat is not None and 0 <= seat < len(seats)
            and seats[seat]["type"] == "person" and people >= 2)


def turn(clock: Clock, version: int, mover: int | None, to_move: int | None,
         seats: Sequence[dict[str, Any]], over: bool, now: float,
         open_seats: bool = False) -> Clock:
    """The clock after the game came to ``version`` (``mover`` made the entry, None: an
    undo or nobody): the seat whose time ran is charged its time (a clock's), plus the
    increment if it moved, and the turn of ``to_move`` begins at ``now``."""
    remaining = list(clock.remaining) if clock.remaining is not None else None
    if remaining is not None and clock.seat is not None and clock.started is not None:
        spent = max(0.0, now - clock.started)
        remaining[clock.seat] = max(0.0, remaining[clock.seat] - spent)
        if mover == clock.seat and clock.increment:
            remaining[clock.seat] += clock.increment
    return _begin(replace(clock, remaining=tuple(remaining) if remaining is not None else None,
                          version=version), to_move if runs(seats, to_move, over, open_seats)
                  else None, now)


def _begin(clock: Clock, seat: int | None, now: float) -> Clock:
    """``seat``'s turn (None: nobody's time runs) beginning at ``now``."""
    if seat is None:
        return replace(clock, seat=None, started=None, deadline=None, remind_at=None)
    if clock.days is not None:
        span = clock.days * DAY
        return replace(clock, seat=seat, started=now, deadline=now + span,
                       remind_at=now + span / 2)
    assert clock.remaining is not None
    return replace(clock, seat=seat, started=now, deadline=now + clock.remaining[seat],
                   remind_at=None)


def _row(r: Any) -> Clock:
    return Clock(game_id=r.game_id, days=r.days, base=r.base, increment=r.increment,
                 remaining=tuple(json.loads(r.remaining)) if r.remaining else None,
                 version=r.version, seat=r.seat, started=r.started, deadline=r.deadline,
                 remind_at=r.remind_at, reminded=r.reminded, timed_out=r.timed_out,
                 out_seat=r.out_seat)


def _values(c: Clock) -> dict[str, Any]:
    return {"remaining": json.dumps(list(c.remaining)) if c.remaining is not None else None,
            "version": c.version, "seat": c.seat, "started": c.started,
            "deadline": c.deadline, "remind_at": c.remind_at}


class ClockStore:
    def __init__(self, engine: Engine) -> None:
        self.engine = engine

    def start(self, gid: str, days: int | None, minutes: float | None,
              increment: float | None, seats: Sequence[dict[str, Any]],
              to_move: int | None, now: float, open_seats: bool = False) -> Clock:
        """The time of the new game ``gid``: ``days`` per move, or a clock of ``minutes``
        each plus ``increment`` seconds a move."""
        base = None if minutes is None else minutes * 60.0
        clock = Clock(gid, days, base, None if days is not None else float(increment or 0),
                      None if base is None else tuple(base for _ in seats), 0, None, None,
                      None)
        clock = _begin(clock, to_move if runs(seats, to_move, False, open_seats) else None,
                       now)
        with self.engine.begin() as conn:
            conn.execute(insert(game_clocks).values(
                game_id=gid, days=days, base=base, increment=clock.increment,
                **_values(clock)))
        return clock

    def get(self, gid: str) -> Clock | None:
        with self.engine.connect() as conn:
            r = conn.execute(select(game_clocks).where(game_clocks.c.game_id == gid)).first()
        return None if r is None else _row(r)

    def of_games(self, ids: Sequence[str]) -> dict[str, Clock]:
        """The clocks of those of these games that have one."""
        if not ids:
            return {}
        with self.engine.connect() as conn:
            rows = conn.execute(select(game_clocks)
                                .where(game_clocks.c.game_id.in_(list(ids)))).all()
        return {r.game_id: _row(r) for r in rows}

    def next_turn(self, gid: str, version: int, mover: int | None, to_move: int | None,
                  seats: Sequence[dict[str, Any]], over: bool, now: float,
                  open_seats: bool = False) -> Clock | None:
        """After the game's entry number ``version``: :func:`turn`, written only over an
        older turn. The clock as it is now (None: the game has none)."""
        with self.engine.begin() as conn:
            r = conn.execute(select(game_clocks).where(game_clocks.c.game_id == gid)).first()
            if r is None:
                return None
            old = _row(r)
            if old.version >= version:
                return old
            new = turn(old, version, mover, to_move, seats, over, now, open_seats)
            done = conn.execute(update(game_clocks).where(
                game_clocks.c.game_id == gid, game_clocks.c.version == old.version)
                .values(**_values(new)))
            return new if done.rowcount == 1 else None

    def begin(self, gid: str, version: int, seat: int | None, now: float) -> Clock | None:
        """Begin ``seat``'s turn at ``now`` in the turn of ``version`` (the last invited
        seat was taken), or stop the time (``seat`` None: a computer took the seat over)."""
        old = self.get(gid)
        if old is None or old.version != version:
            return old
        new = _begin(old, seat, now)
        with self.engine.begin() as conn:
            done = conn.execute(update(game_clocks).where(
                game_clocks.c.game_id == gid, game_clocks.c.version == version)
                .values(**_values(new)))
        return new if done.rowcount == 1 else self.get(gid)

    def resume(self, now: float) -> int:
        """After a restart: every clock whose time ran begins its turn again at ``now``,
        with the time it had when the turn began (a clock does not run while the server is
        down). Turn-based games keep their deadlines. How many."""
        with self.engine.begin() as conn:
            rows = conn.execute(select(game_clocks).where(
                game_clocks.c.base.is_not(None), game_clocks.c.seat.is_not(None))).all()
            count = 0
            for r in rows:
                c = _row(r)
                new = _begin(c, c.seat, now)
                count += conn.execute(update(game_clocks).where(
                    game_clocks.c.game_id == c.game_id, game_clocks.c.version == c.version)
                    .values(**_values(new))).rowcount
        return count

    def beat(self, now: float) -> None:
        """A process of the site is up at ``now`` (every sweep)."""
        with self.engine.begin() as conn:
            done = conn.execute(update(site_beat).where(site_beat.c.name == "site")
                                .where(site_beat.c.beat < now).values(beat=now))
            if done.rowcount == 0 and conn.execute(select(site_beat.c.beat).where(
                    site_beat.c.name == "site")).first() is None:
                conn.execute(insert(site_beat).values(name="site", beat=now))

    def claim_restart(self, now: float, silence: float) -> bool:
        """Whether the site was down (no process beat in the ``silence`` seconds before
        ``now``, or never) and this process is the one starting it again: it gives the
        clocks their time back (:meth:`resume`). The claim is the conditional UPDATE of the
        beat (or the INSERT of the first): of processes starting together, one takes it."""
        try:
            with self.engine.begin() as conn:
                done = conn.execute(update(site_beat).where(
                    site_beat.c.name == "site", site_beat.c.beat < now - silence)
                    .values(beat=now))
                if done.rowcount == 1:
                    return True
                if conn.execute(select(site_beat.c.beat).where(
                        site_beat.c.name == "site")).first() is not None:
                    return False
                conn.execute(insert(site_beat).values(name="site", beat=now))
                return True
        except IntegrityError:  # another process inserted the first beat
            return False

    def behind(self, limit: int = 1000) -> list[str]:
        """Games in play whose clock is older than their last entry (the server stopped
        between storing an entry and the turn's time after it): :meth:`next_turn` mends
        them (server/timing/timeouts.py, ``TimeKeeper.mend``)."""
        with self.engine.connect() as conn:
            rows = conn.execute(select(game_clocks.c.game_id).join(
                games, games.c.id == game_clocks.c.game_id).where(
                games.c.status == "active", game_clocks.c.version < games.c.version)
                .limit(limit)).all()
        return [r.game_id for r in rows]

    def _in_play(self) -> Any:
        return game_clocks.c.game_id.in_(select(games.c.id).where(games.c.status == "active"))

    def due(self, now: float, limit: int = 100) -> list[Clock]:
        """Clocks of games in play whose time ran out by ``now`` and was not claimed."""
        with self.engine.connect() as conn:
            rows = conn.execute(select(game_clocks).where(
                game_clocks.c.deadline <= now, game_clocks.c.seat.is_not(None),
                or_(game_clocks.c.timed_out.is_(None),
                    game_clocks.c.timed_out != game_clocks.c.version),
                self._in_play()).order_by(game_clocks.c.deadline).limit(limit)).all()
        return [_row(r) for r in rows]

    def claim_timeout(self, gid: str, version: int, now: float) -> int | None:
        """Claim the time-out of the turn of ``version`` (its deadline is past at ``now``):
        the seat that ran out for the one caller whose UPDATE took it, else None."""
        with self.engine.begin() as conn:
            r = conn.execute(select(game_clocks.c.seat).where(
                game_clocks.c.game_id == gid, game_clocks.c.version == version)).first()
            if r is None or r.seat is None:
                return None
            done = conn.execute(update(game_clocks).where(
                game_clocks.c.game_id == gid, game_clocks.c.version == version,
                game_clocks.c.seat == r.seat, game_clocks.c.deadline <= now,
                or_(game_clocks.c.timed_out.is_(None), game_clocks.c.timed_out != version))
                .values(timed_out=version, out_seat=r.seat))
        return int(r.seat) if done.rowcount == 1 else None

    def reminders_due(self, now: float, limit: int = 100) -> list[Clock]:
        """Turn-based games in play whose seat to move has half its time gone by ``now``,
        not reminded of it yet."""
        with self.engine.connect() as conn:
            rows = conn.execute(select(game_clocks).where(
                game_clocks.c.remind_at <= now, game_clocks.c.seat.is_not(None),
                or_(game_clocks.c.reminded.is_(None),
                    game_clocks.c.reminded != game_clocks.c.version),
                self._in_play()).order_by(game_clocks.c.remind_at).limit(limit)).all()
        return [_row(r) for r in rows]

    def claim_reminder(self, gid: str, version: int, now: float) -> int | None:
        """Claim the reminder of the turn of ``version``: its seat for the one caller whose
        UPDATE took it, else None."""
        with self.engine.begin() as conn:
            r = conn.execute(select(game_clocks.c.seat).where(
                game_clocks.c.game_id == gid, game_clocks.c.version == version)).first()
            if r is None or r.seat is None:
                return None
            done = conn.execute(update(game_clocks).where(and_(
                game_clocks.c.game_id == gid, game_clocks.c.version == version,
                game_clocks.c.seat == r.seat, game_clocks.c.remind_at <= now,
                or_(game_clocks.c.reminded.is_(None), game_clocks.c.reminded != version)))
                .values(reminded=version))
        return int(r.seat) if done.rowcount == 1 else None
