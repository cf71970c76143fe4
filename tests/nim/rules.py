"""Nim, the test game: heaps of counters; a move takes one or more from one heap.

In normal play whoever takes the last counter wins; in misère play that one loses.
A move is ``H-N``: take N counters from heap H (heaps numbered from 1). No chance:
the seed is only kept, as every game keeps it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, NamedTuple

from ludotheek.core.errors import IllegalMove, quoted
from ludotheek.core.game import JSON, Game, SeededState, State, load_json
from ludotheek.core.options import BoolOption, ChoiceOption

HEAPS = {"3-4-5": (3, 4, 5), "1-3-5-7": (1, 3, 5, 7)}


class Take(NamedTuple):
    """A Nim move, typed: take ``counters`` from heap ``heap`` (from 1)."""

    heap: int
    counters: int


class NimState(SeededState):
    __slots__ = ("_options", "_seed", "heaps", "turn")

    game: NimGame

    def __init__(self, options: dict[str, Any], seed: int, heaps: tuple[int, ...],
                 turn: int) -> None:
        self._options = options
        self._seed = seed
        self.heaps = heaps
        self.turn = turn  # the seat to move, or the seat that took the last counter

    @property
    def to_move(self) -> int | None:
        return None if not any(self.heaps) else self.turn

    @property
    def num_players(self) -> int:
        return 2

    def legal_moves(self) -> list[str]:
        if self.is_over:
            return []
        return [f"{h + 1}-{n}" for h, size in enumerate(self.heaps) for n in range(1, size + 1)]

    def play(self, move: str) -> NimState:
        if self.is_over:
            raise IllegalMove("the game is over", code="move.game_over")
        heap, take = _parse(move, len(self.heaps))
        if take > self.heaps[heap]:
            raise IllegalMove(f"heap {heap + 1} has {self.heaps[heap]} counters, not {take}",
                              code="nim.too_many", heap=heap + 1, has=self.heaps[heap],
                              take=take)
        heaps = list(self.heaps)
        heaps[heap] -= take
        after = tuple(heaps)
        return NimState(self._options, self._seed, after, self.turn if not any(after)
                        else 1 - self.turn)

    def winners(self) -> list[int]:
        if not self.is_over:
            return []
        last = self.turn  # who took the last counter
        return [1 - last] if self._options["misere"] else [last]

    def scores(self) -> Sequence[float]:
        won = self.winners()
        return [1.0 if seat in won else 0.0 for seat in range(2)]

    @property
    def end_reason(self) -> str | None:
        return "last_counter" if self.is_over else None

    def adjudicate(self) -> State:
        return self

    def to_json(self) -> JSON:
        return {"game": "nim", "options": dict(self._options), "seed": self._seed,
                "heaps": list(self.heaps), "turn": self.turn}

    def render(self, seat: int | None = None, lang: str = "en") -> str:
        rows = [f"{h + 1}: {'|' * size} ({size})" for h, size in enumerate(self.heaps)]
        return "\n".join(rows)

    def parse_move(self, text: str) -> Take:
        """``"2-3"`` as ``Take(heap=2, counters=3)``, legal here."""
        if self.is_over:
            raise IllegalMove("the game is over", code="move.game_over")
        if not isinstance(text, str):
            raise IllegalMove(f"a move is HEAP-COUNT, like 2-3, not {text!r}", code="nim.format",
                              move=quoted(text))
        heap, take = _parse(text, len(self.heaps))
        if take > self.heaps[heap]:
            self.play(text)  # its refusal
        return Take(heap + 1, take)

    def format_move(self, move: Take) -> str:
        return f"{move.heap}-{move.counters}"

    def describe_move(self, move: str, lang: str = "en") -> str:
        heap, take = _parse(move, len(self.heaps))
        return f"takes {take} from heap {heap + 1}"


def _parse(move: str, heaps: int) -> tuple[int, int]:
    heap, sep, take = move.strip().partition("-")
    if not sep or not heap.isdigit() or not take.isdigit() or not heap.isascii() \
            or not take.isascii() or len(heap) > 3 or len(take) > 3:
        raise IllegalMove(f"a move is HEAP-COUNT, like 2-3, not {move!r}", code="nim.format",
                          move=quoted(move))
    h, n = int(heap) - 1, int(take)
    if not 0 <= h < heaps:
        raise IllegalMove(f"there is no heap {h + 1} (heaps 1 to {heaps})", code="nim.no_heap",
                          heap=h + 1, heaps=heaps)
    if n < 1:
        raise IllegalMove("take at least one counter", code="nim.none")
    return h, n


class NimGame(Game[NimState]):
    name = "nim"
    title = {"en": "Nim", "nl": "Nim", "no": "Nim"}
    takebacks = True
    option_specs = (
        ChoiceOption("heaps", "3-4-5", {"en": "Heaps", "nl": "Hopen", "no": "Hauger"},
                     tuple(HEAPS)),
        BoolOption("misere", False, {"en": "Whoever takes the last counter loses",
                                     "nl": "Wie de laatste pakt, verliest",
                                     "no": "Den som tar den siste, taper"}),
    )

    def _new(self, seed: int, options: dict[str, Any]) -> NimState:
        return NimState(options, seed, HEAPS[options["heaps"]], 0)

    def from_json(self, data: JSON | str) -> NimState:
        d = load_json(data)
        options = self.check_options(d["options"])
        heaps = tuple(int(h) for h in d["heaps"])
        if len(heaps) != len(HEAPS[options["heaps"]]) or min(heaps) < 0:
            raise ValueError("a Nim state's heaps do not fit its options")
        return NimState(options, int(d["seed"]), heaps, int(d["turn"]))

    def seat_names(self, options: Mapping[str, Any], lang: str = "en") -> list[str]:
        return {"nl": ["Eerste", "Tweede"], "no": ["Første", "Andre"]}.get(
            lang, ["First", "Second"])


GAME = NimGame()
NimState.game = GAME
