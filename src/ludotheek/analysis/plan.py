"""Which positions of a game an analysis studies.

The analysis follows the line of play: every move that leads to the game's last
position (moves taken back by an undo are left out, as are the undos). Positions
are numbered as the replay viewer numbers them: position ``n`` is the one after
record entry ``n`` (0: the start). A position is *studied* by the engine when
its seat to move has a choice; one with a single legal move is not (its
standing is the next position's), and a finished game's standing comes from its
result.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass

from ludotheek.core.game import State
from ludotheek.core.record import Record, ResignAction, effective_line, mover_of, text_of


@dataclass(frozen=True)
class Decision:
    """Record entry ``number`` (from 1): ``seat`` played ``move`` in position ``before``,
    which led to position ``number``."""

    number: int
    before: int
    seat: int
    #: the move; a resignation's text (``resign [N]``) when ``resigned``
    move: str
    forced: bool
    #: a resignation: no move to judge
    resigned: bool = False


@dataclass(frozen=True)
class Plan:
    record: Record
    #: every position of the record, by entry number (undone ones included)
    states: list[State]
    #: the positions of the line of play, in order (0 first)
    line: list[int]
    decisions: list[Decision]

    @classmethod
    def of(cls, record: Record) -> Plan:
        """The plan of ``record`` (:class:`~ludotheek.core.errors.BadRecord` if a move is
        bad)."""
        states = list(record.states())
        entries = effective_line(record.moves)
        line = [0, *entries]
        decisions = []
        for before, number in zip(line, entries, strict=False):
            state = states[before]
            move = record.moves[number - 1]
            seat = mover_of(state, move)
            assert seat is not None
            resigned = isinstance(move, ResignAction)
            forced = not resigned and len(state.legal_moves()) == 1
            decisions.append(Decision(number, before, seat, text_of(move), forced, resigned))
        return cls(record, states, line, decisions)

    def studied(self) -> list[int]:
        """The positions the engine studies: those of the line whose seat to move has a
        choice (a finished game's last position is scored, not studied)."""
        out = []
        for n in self.line:
            state = self.states[n]
            if not state.is_over and len(state.legal_moves()) > 1:
                out.append(n)
        return out

    def seed(self, position: int) -> int:
        """The seed of the player studying ``position`` (the same every time)."""
        digest = hashlib.sha256(f"analysis:{self.record.seed}:{position}".encode()).digest()
        return int.from_bytes(digest[:6], "big")
