"""A game in play, as the server keeps it in memory (:class:`LiveGame`)."""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field
from typing import Any

from ludotheek.core.game import Game, State
from ludotheek.core.record import Entry, Record, effective_line, mover_of, undo_target
from ludotheek.games import get
from ludotheek.store.clocks import Clock, ClockStore
from ludotheek.store.games import GameRow, GameStore


@dataclass
class LiveGame:
    """A game in memory: its current state and what it was created with."""

    id: str
    game: Game
    options: dict[str, Any]
    seed: int
    seats: list[dict[str, Any]]
    state: State
    #: the record's entries: moves and actions (core/record.py)
    moves: list[Entry]
    version: int
    created: float
    parent: str | None = None
    thinking: bool = False
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    #: the hashed secret of each person seat (an invited seat's once its person took it)
    token_hashes: dict[int, str] = field(default_factory=dict)
    #: the hashed invite code of each invited person's seat nobody has taken yet
    invites: dict[int, str] = field(default_factory=dict)
    #: the id of this game's rematch, once there is one
    rematch: str | None = None
    #: who made each stored move (None for an undo), by move number - 1
    movers: list[int | None] = field(default_factory=list)
    #: the numbers of the moves that lead to the current position (undone ones left out)
    line: list[int] = field(default_factory=list)
    #: the computer turn in progress (the one ``thinking`` is about)
    computer_task: asyncio.Task[None] | None = None

    #: the hint being computed or computed for a version: (version, task)
    hint: tuple[int, asyncio.Task[dict[str, Any]]] | None = None
    #: how it ended without being played out: ``aborted``, ``abandoned`` (None: it did not)
    ended: str | None = None
    #: the seats whose person has come (their secret was used)
    joined: set[int] = field(default_factory=set)
    #: a rated game (docs/ratings.md): no undo, no hints
    rated: bool = False
    #: the state before the record's last entry when that entry is a move (None: there is
    #: none, or it is an undo): whether that move may be taken back is asked of the game
    #: with it (server/play/takebacks.py)
    before: State | None = None
    #: the game's time (turn-based, or a clock), if it has one (server/play/clocks.py)
    timing: Clock | None = None

    @property
    def over(self) -> bool:
        """Whether the game has ended: by its rules, or without being played out."""
        return self.ended is not None or self.state.is_over

    @property
    def status(self) -> str:
        """``active``, ``over`` (its rules ended it), ``aborted`` or ``abandoned``."""
        return self.ended or ("over" if self.state.is_over else "active")

    def names(self, lang: str = "en") -> list[str]:
        default = self.game.seat_names(self.options, lang)
        return [s.get("name") or default[i] for i, s in enumerate(self.seats)]

    def computer_to_move(self) -> bool:
        seat = self.state.to_move
        return seat is not None and self.seats[seat]["type"] == "computer"

    def alone_against_computers(self, seat: int) -> bool:
        """Whether every seat but ``seat`` is a computer player."""
        return all(s["type"] == "computer" for i, s in enumerate(self.seats) if i != seat)

    def undo_target(self, seat: int | None) -> int | None:
        """Where an undo by ``seat`` goes back to: the position before that seat's last
        decision still in the line of play; None if it may not undo.

        Only a person playing alone against computer players may undo, not in a rated
        game, and not once the game is over (the result stands, and the score list has it).
        """
        if seat is None or self.over or self.rated or self.seats[seat]["type"] != "person":
            return None
        if not self.alone_against_computers(seat):
            return None
        for number in reversed(self.line):
            if self.movers[number - 1] == seat:
                return number - 1
        return None


def replay_row(row: GameRow) -> tuple[State, list[int | None], State | None]:
    """The current state of a stored game, who made each of its moves, and the state
    before its last entry if that is a move (:attr:`LiveGame.before`)."""
    states = Record(row.game, row.options, row.seed, row.moves).states()
    state = next(states)
    movers: list[int | None] = []
    before: State | None = None
    for move, after in zip(row.moves, states, strict=False):
        movers.append(mover_of(state, move))
        before = None if undo_target(move) is not None else state
        state = after
    return state, movers, before


def from_row(row: GameRow, store: GameStore) -> LiveGame:
    """A stored game replayed into memory (blocking: reads the seat hashes and rematch)."""
    state, movers, before = replay_row(row)
    return LiveGame(row.id, get(row.game), row.options, row.seed, row.seats, state,
                    list(row.moves), row.version, row.created, row.parent,
                    token_hashes=store.token_hashes(row.id),
                    invites=store.invite_hashes(row.id),
                    rematch=store.child_of(row.id) if row.status == "over" else None,
                    movers=movers, line=effective_line(row.moves),
                    ended=row.status if row.status in ("aborted", "abandoned") else None,
                    joined=store.joined_seats(row.id), rated=store.is_rated(row.id),
                    before=before, timing=ClockStore(store.engine).get(row.id))


def plausible_id(gid: str) -> bool:
    """Whether ``gid`` could be a game id at all (anything else is not looked up)."""
    return 0 < len(gid) <= 32 and gid.isascii() and gid.replace("-", "").replace("_", "").isalnum()
