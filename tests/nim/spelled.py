"""Spelled Nim: Nim whose notation spells two moves like the application's actions, and
which has a resignation. Taking one counter from heap 1 is the move ``resign``, taking
two from it the move ``undo 1``; every other move is ``H-N`` as in Nim. It proves that a
record's moves and its actions (a resignation, an undo) do not share a namespace
(tests/nim/test_spelled_moves.py registers it in that test's process only).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ludotheek.core.errors import IllegalMove, quoted
from ludotheek.core.game import JSON, load_json
from ludotheek.core.plugin import GamePlugin
from tests.nim.rules import HEAPS, NimGame, NimState

#: the Nim moves this notation spells otherwise, and back
SPELLED = {"1-1": "resign", "1-2": "undo 1"}
PLAIN = {word: move for move, word in SPELLED.items()}


class SpelledState(NimState):
    __slots__ = ("resigned",)

    game: SpelledGame

    def __init__(self, options: dict[str, Any], seed: int, heaps: tuple[int, ...],
                 turn: int, resigned: int | None = None) -> None:
        super().__init__(options, seed, heaps, turn)
        self.resigned = resigned  # the seat that resigned, if one did

    @property
    def to_move(self) -> int | None:
        return None if self.resigned is not None else super().to_move

    def legal_moves(self) -> list[str]:
        return [SPELLED.get(m, m) for m in super().legal_moves()]

    def play(self, move: str) -> SpelledState:
        if self.is_over:
            raise IllegalMove("the game is over", code="move.game_over")
        if move in SPELLED:
            raise IllegalMove(f"{move!r} is written {SPELLED[move]!r} here", code="nim.format",
                              move=quoted(move))
        after = super().play(PLAIN.get(move, move))
        return SpelledState(self._options, self._seed, after.heaps, after.turn)

    def resign(self, seat: int) -> SpelledState:
        if self.is_over:
            raise IllegalMove("the game is over", code="move.game_over")
        return SpelledState(self._options, self._seed, self.heaps, self.turn, seat)

    def winners(self) -> list[int]:
        if self.resigned is not None:
            return [1 - self.resigned]
        return super().winners()

    def scores(self) -> Sequence[float]:
        won = self.winners()
        return [1.0 if seat in won else 0.0 for seat in range(2)]

    @property
    def end_reason(self) -> str | None:
        return "resigned" if self.resigned is not None else super().end_reason

    def to_json(self) -> JSON:
        data = super().to_json()
        assert isinstance(data, dict)
        return {**data, "game": "spelled_nim", "resigned": self.resigned}

    def describe_move(self, move: str, lang: str = "en") -> str:
        return super().describe_move(PLAIN.get(move, move), lang)


class SpelledGame(NimGame):
    name = "spelled_nim"
    title = {"en": "Spelled Nim", "nl": "Gespelde Nim", "no": "Stavet Nim"}
    resignable = True

    def _new(self, seed: int, options: dict[str, Any]) -> SpelledState:
        return SpelledState(options, seed, HEAPS[options["heaps"]], 0)

    def from_json(self, data: JSON | str) -> SpelledState:
        d = load_json(data)
        options = self.check_options(d["options"])
        return SpelledState(options, int(d["seed"]), tuple(int(h) for h in d["heaps"]),
                            int(d["turn"]), d.get("resigned"))


GAME = SpelledGame()
SpelledState.game = GAME
PLUGIN = GamePlugin(game=GAME)
