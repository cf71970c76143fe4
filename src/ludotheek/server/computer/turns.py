"""A computer's turn as a job of its own: load the game, think, store the move.

Used by the worker processes of a scaled-out site (``ludotheek worker``): the job
is identified by the game and the version it was made for, so it can run twice
(a worker died, the job was handed to another) without harm: the database
takes a move only for the version it was computed from.
"""

from __future__ import annotations

import hashlib
import logging
import time
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass

from ludotheek.ai import players
from ludotheek.core.game import State
from ludotheek.core.record import Entry, Record, result_of
from ludotheek.games import get
from ludotheek.rated.hooks import game_over
from ludotheek.store.database import Database
from ludotheek.store.games import MoveWrite, StaleVersion

log = logging.getLogger("ludotheek.worker")


def seed_for(seed: int, version: int) -> int:
    """The seed of the computer player moving at ``version`` of a game with ``seed``."""
    digest = hashlib.sha256(f"{seed}:{version}".encode()).digest()
    return int.from_bytes(digest[:6], "big")


@dataclass(frozen=True)
class TurnResult:
    game_id: str
    version: int  # the version after the move
    move: str
    computer_next: bool  # whether the next seat to move is a computer too
    #: whether the turn came to a person in a game between people (two or more): their
    #: devices are told (a web process claims it: server/scaleout/site.py, ``on_turn``)
    person_next: bool = False


class TurnRunner:
    """Plays computer turns against the database, keeping recent states in memory."""

    def __init__(self, db: Database, max_seconds: float = 5.0, cache: int = 256,
                 clock: Callable[[], float] = time.time) -> None:
        self.db = db
        #: the site's clock (the web processes' ``Settings.clock``): a game's time
        self.clock = clock
        self.max_seconds = max_seconds
        self._states: OrderedDict[tuple[str, int], State] = OrderedDict()
        self.cache = cache

    def _state(self, gid: str, version: int, game: str, options: dict[str, object], seed: int,
               moves: tuple[Entry, ...]) -> State:
        state = self._states.pop((gid, version), None)
        if state is None:
            state = Record(game, options, seed, moves).replay()
        return state

    def _remember(self, gid: str, version: int, state: State) -> None:
        self._states[(gid, version)] = state
        while len(self._states) > self.cache:
            self._states.popitem(last=False)

    def run(self, gid: str, version: int) -> TurnResult | None:
        """Play the computer's move of game ``gid`` at ``version``; None if there is none
        to play (the game moved on, is over, or a person is to move)."""
        row = self.db.games.get(gid)
        if row is None or row.status != "active" or row.version != version:
            return None
        state = self._state(gid, version, row.game, row.options, row.seed, row.moves)
        seat = state.to_move
        if seat is None or row.seats[seat]["type"] != "computer":
            return None
        level = row.seats[seat].get("level") or "normal"
        player, seconds = players.for_move(row.game, level, seed=seed_for(row.seed, version))
        if seconds is not None:
            seconds = min(seconds, self.max_seconds)
        move = player.choose(state, seconds)
        new = state.play(move)
        over = new.is_over
        [stored] = self.db.games.append_moves([MoveWrite(
            gid, version, move, seat, new.to_move, "over" if over else "active",
            result_of(new) if over else None)])
        if isinstance(stored, StaleVersion):
            return None  # somebody else stored this version first
        # a game with a time: the next turn's begins (server/play/clocks.py)
        self.db.clocks.next_turn(gid, version + 1, seat, new.to_move, row.seats, over,
                                 self.clock())
        if over:
            names = [s.get("name") or get(row.game).seat_names(row.options)[i]
                     for i, s in enumerate(row.seats)]
            try:
                game_over(self.db, new, names, gid)
            except Exception:  # the move stands; the score list problem is logged
                log.exception("updating the score list of game %s failed", gid)
        else:
            self._remember(gid, version + 1, new)
        nxt = new.to_move
        people = sum(s["type"] == "person" for s in row.seats)
        return TurnResult(gid, version + 1, move,
                          nxt is not None and row.seats[nxt]["type"] == "computer",
                          not over and nxt is not None and row.seats[nxt]["type"] == "person"
                          and people >= 2)
