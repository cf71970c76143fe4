"""Haaienzee (SeaSim, Cwali 2004): the game and its states (docs/rules/haaienzee.md).

Seats: 0 = Yellow, 1 = Red. The sharks are Y1-Y3 and R1-R3. A state is in one of
three phases: ``setup`` (the six sharks are placed, Y1 R1 Y2 R2 Y3 R3), ``turn``
(rounds of six shark turns, each round ending with the growth of the schools)
and ``over``.

>>> s = GAME.new(seed=1)
>>> s.phase, s.to_move, s.shark_id
('setup', 0, 'Y1')
>>> for m in ["A1 SE white", "A2 SE white", "A3 SE grey", "A4 SE grey",
...           "A5 SE brown", "A6 SE brown"]:
...     s = s.play(m) if m in s.legal_moves() else s.play(s.legal_moves()[0])
>>> s.phase, s.round, s.shark_id, s.health
('turn', 1, 'Y1', (7, 7))
>>> s.play("-").health  # a turn that does nothing costs one health
(6, 7)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import cache
from typing import Any

from ludotheek.core.errors import IllegalMove
from ludotheek.core.game import JSON, Game, SeededState
from ludotheek.core.options import IntOption
from ludotheek.core.rng import Rng
from ludotheek.games.haaienzee import engine as E
from ludotheek.games.haaienzee import render as _render
from ludotheek.games.haaienzee import serial as _serial
from ludotheek.games.haaienzee.board import (
    DEFAULT_SIDE,
    DIRECTION_ORDER,
    DIRECTIONS,
    MAX_SIDE,
    MIN_SIDE,
    Board,
    board,
)
from ludotheek.games.haaienzee.engine import COLOUR_NAMES, Place, Shark, Swim
from ludotheek.games.haaienzee.explain import read_move
from ludotheek.games.haaienzee.notation import format_setup, format_swim

SEAT_NAMES = {"en": ("Yellow", "Red"), "nl": ("Geel", "Rood"), "no": ("Gul", "Rød")}
PHASES = ("setup", "turn", "over")
#: why a game ended (``end_reason``)
END_REASONS = ("health_23", "health_0", "lead_10", "round_limit", "resigned", "stopped")
#: every game ends within this many moves (6 placements + 100 rounds of 6 turns)
MOVE_LIMIT = 6 + E.MAX_ROUNDS * 6

Move = Place | Swim


@cache
def _setup_table(side: int) -> tuple[tuple[tuple[str, Place], ...], ...]:
    """Per hex: every setup move on it (text, move), facings and colours in listing order."""
    b = board(side)
    return tuple(
        tuple((format_setup(b, m), m) for d in DIRECTION_ORDER for c in E.FISH_COLOURS
              for m in [Place(h, d, c)])
        for h in range(b.size)
    )


class HaaienzeeState(SeededState):
    """A Haaienzee position. Immutable; ``play`` returns a new state."""

    __slots__ = (
        "_board",
        "_end",
        "_legal",
        "_options",
        "_rng",
        "_seed",
        "_winners",
        "events",
        "fish",
        "health",
        "last_move",
        "phase",
        "ply",
        "round",
        "sharks",
        "start",
        "step",
    )

    _board: Board
    _options: dict[str, Any]
    _seed: int
    _rng: int
    #: colour per hex (0 none, 1 white, 2 grey, 3 brown)
    fish: bytes
    #: Y1, Y2, Y3, R1, R2, R3
    sharks: tuple[Shark, ...]
    health: tuple[int, int]
    #: 0 during setup, then 1, 2, ...
    round: int
    #: the start player of this round (Yellow during setup and round 1)
    start: int
    #: the number of shark moves made in this phase or round (0-5)
    step: int
    phase: str
    _winners: tuple[int, ...]
    _end: str | None
    #: what the last move did (see docs/rules/haaienzee.md, "The state view")
    events: tuple[dict[str, Any], ...]
    last_move: str | None
    ply: int
    _legal: dict[str, Move] | None

    # --- the contract --------------------------------------------------------------
    @property
    def board(self) -> Board:
        return self._board

    @property
    def num_players(self) -> int:
        return 2

    @property
    def rng_state(self) -> int:
        return self._rng

    @property
    def end_reason(self) -> str | None:
        return self._end

    @property
    def to_move(self) -> int | None:
        if self.phase == "over":
            return None
        if self.phase == "setup":
            return self.step % 2
        return self.start if self.step % 2 == 0 else 1 - self.start

    @property
    def shark_to_move(self) -> int | None:
        """Index (0-5: Y1 Y2 Y3 R1 R2 R3) of the shark to move; ``None`` when over."""
        seat = self.to_move
        return None if seat is None else E.shark_index(seat, self.step // 2 + 1)

    @property
    def shark_id(self) -> str | None:
        """``Y1`` .. ``R3``: the shark to move."""
        i = self.shark_to_move
        return None if i is None else E.shark_id(i)

    def legal_table(self) -> dict[str, Move]:
        """Every legal move, notation -> move, in the documented order."""
        if self._legal is None:
            b = self._board
            if self.phase == "setup":
                i = self.shark_to_move
                assert i is not None
                colours = set(self.free_colours(i // E.SHARKS_PER_PLAYER))
                taken = {s.hex for s in self.sharks}
                table = _setup_table(b.side)
                fish = self.fish
                self._legal = {
                    text: m
                    for h in range(b.size) if not fish[h] and h not in taken
                    for text, m in table[h] if m.colour in colours
                }
            elif self.phase == "turn":
                i = self.shark_to_move
                assert i is not None
                self._legal = {format_swim(b, m): m for m in E.swims(b, self.fish, self.sharks, i)}
            else:
                self._legal = {}
        return self._legal

    def legal_moves(self) -> list[str]:
        return list(self.legal_table())

    def free_colours(self, seat: int) -> list[int]:
        """During setup: the colours none of ``seat``'s placed sharks hunts yet."""
        own = self.sharks[seat * E.SHARKS_PER_PLAYER:(seat + 1) * E.SHARKS_PER_PLAYER]
        used = {s.prey for s in own if s.hex >= 0}
        return [c for c in E.FISH_COLOURS if c not in used]

    def play(self, move: str) -> HaaienzeeState:
        if not isinstance(move, str):
            raise IllegalMove(f"a move is text in the Haaienzee notation, not {move!r}",
                              code="haaienzee.not_text")
        m = self.legal_table().get(move)
        if m is None:
            m = read_move(self, move)
        return self.apply(m)

    def parse_move(self, text: str) -> Move:
        """The text as a :class:`Place` or :class:`Swim`, legal here."""
        if not isinstance(text, str):
            raise IllegalMove(f"a move is text in the Haaienzee notation, not {text!r}",
                              code="haaienzee.not_text")
        found = self.legal_table().get(text)
        return found if found is not None else read_move(self, text)

    def format_move(self, move: Move) -> str:
        b = self._board
        return format_setup(b, move) if isinstance(move, Place) else format_swim(b, move)

    def apply(self, move: Move) -> HaaienzeeState:
        """The state after a legal move given as a :class:`Place` or :class:`Swim`."""
        if isinstance(move, Place):
            return self._place(move)
        return self._swim(move)

    def _copy(self) -> HaaienzeeState:
        new = object.__new__(HaaienzeeState)
        for slot in HaaienzeeState.__slots__:
            setattr(new, slot, getattr(self, slot))
        new._legal = None
        return new

    def _place(self, m: Place) -> HaaienzeeState:
        i = self.shark_to_move
        assert i is not None
        b = self._board
        new = self._copy()
        sharks = list(self.sharks)
        sharks[i] = Shark(m.hex, m.facing, m.colour)
        new.sharks = tuple(sharks)
        new.ply = self.ply + 1
        new.last_move = format_setup(b, m)
        new.step = self.step + 1
        events: list[dict[str, Any]] = [{
            "type": "place", "shark": E.shark_id(i), "seat": i // E.SHARKS_PER_PLAYER,
            "hex": b.names[m.hex], "facing": DIRECTIONS[m.facing],
            "prey": COLOUR_NAMES[m.colour],
        }]
        if new.step == 2 * E.SHARKS_PER_PLAYER:
            new.phase, new.round, new.step, new.start = "turn", 1, 0, E.YELLOW
            events.append({"type": "round_start", "round": 1, "start_player": E.YELLOW})
        new.events = tuple(events)
        return new

    def _swim(self, m: Swim) -> HaaienzeeState:
        i = self.shark_to_move
        mover = self.to_move
        assert i is not None and mover is not None
        b = self._board
        shark = self.sharks[i]
        moved = E.turned(shark, m)
        sid = E.shark_id(i)
        events: list[dict[str, Any]] = []
        if m.prey == E.TAKE_OUT:
            events.append({"type": "prey", "shark": sid, "action": "take_out",
                           "colour": COLOUR_NAMES[shark.prey]})
        elif m.prey != E.KEEP:
            events.append({"type": "prey", "shark": sid, "action": "put_in",
                           "colour": COLOUR_NAMES[m.prey]})
        if m.turn:
            events.append({"type": "turn", "shark": sid, "direction": "L" if m.turn < 0 else "R",
                           "from": DIRECTIONS[shark.facing], "to": DIRECTIONS[moved.facing]})
        fish = self.fish
        eaten: list[int] = []
        if m.dest != E.STAY:
            route = E.path(b, shark.hex, moved.facing, m.dest)
            eaten = [h for h in route if fish[h]]
            events.append({
                "type": "swim", "shark": sid, "from": b.names[shark.hex],
                "to": b.names[m.dest], "path": [b.names[h] for h in route],
                "eaten": [{"hex": b.names[h], "colour": COLOUR_NAMES[fish[h]]} for h in eaten],
            })
            if eaten:
                grid = bytearray(fish)
                for h in eaten:
                    grid[h] = 0
                fish = bytes(grid)
        change = len(eaten) - 1
        health = list(self.health)
        health[mover] += change
        events.append({"type": "health", "seat": mover, "shark": sid, "eaten": len(eaten),
                       "change": change, "health": health[mover]})
        new = self._copy()
        sharks = list(self.sharks)
        sharks[i] = moved
        new.sharks = tuple(sharks)
        new.fish = fish
        new.health = (health[0], health[1])
        new.ply = self.ply + 1
        new.last_move = format_swim(b, m)
        new.step = self.step + 1
        if health[mover] >= E.WIN_HEALTH:
            new._finish([mover], "health_23", events)
        elif health[mover] <= 0:
            new._finish([1 - mover], "health_0", events)
        elif new.step == 2 * E.SHARKS_PER_PLAYER:
            new._end_round(events)
        new.events = tuple(events)
        return new

    def _end_round(self, events: list[dict[str, Any]]) -> None:
        """Part 2 of a round (growth), then the 10-point lead, the round limit, the start."""
        b = self._board
        grid = bytearray(self.fish)
        grown = E.growth(b, grid, (s.hex for s in self.sharks))
        self.fish = bytes(grid)
        for colour, hexes in zip(E.FISH_COLOURS, grown):
            events.append({"type": "growth", "colour": COLOUR_NAMES[colour],
                           "hexes": [b.names[h] for h in hexes]})
        h0, h1 = self.health
        events.append({"type": "round_end", "round": self.round, "health": [h0, h1]})
        if abs(h0 - h1) >= E.WIN_LEAD:
            self._finish([E.YELLOW if h0 > h1 else E.RED], "lead_10", events)
        elif self.round >= E.MAX_ROUNDS:
            self._finish([], "round_limit", events)
        else:
            self.start = E.next_start_player(self.health, self.start)
            self.round += 1
            self.step = 0
            events.append({"type": "round_start", "round": self.round,
                           "start_player": self.start})

    def _finish(self, winners: list[int], reason: str, events: list[dict[str, Any]]) -> None:
        self.phase = "over"
        self._winners = tuple(winners)
        self._end = reason
        self._legal = {}
        events.append({"type": "game_over", "winners": list(winners), "reason": reason})

    def resign(self, seat: int) -> HaaienzeeState:
        """``seat`` resigns and loses at once (a DECISION: the seed has no resignation)."""
        if self.phase == "over":
            raise IllegalMove("the game is over", code="move.game_over")
        if seat not in (E.YELLOW, E.RED):
            raise IllegalMove(
                f"there is no seat {seat}; Haaienzee has seats 0 (Yellow) and 1 (Red)",
                code="haaienzee.no_seat", number=seat)
        new = self._copy()
        new.ply = self.ply + 1
        new.last_move = None
        events: list[dict[str, Any]] = [{"type": "resign", "seat": seat}]
        new._finish([1 - seat], "resigned", events)
        new.events = tuple(events)
        return new

    def adjudicate(self) -> HaaienzeeState:
        """Stop here: the higher health wins, equal health is a draw."""
        if self.phase == "over":
            return self
        new = self._copy()
        h0, h1 = self.health
        events: list[dict[str, Any]] = []
        new._finish([] if h0 == h1 else [E.YELLOW if h0 > h1 else E.RED], "stopped", events)
        new.events = tuple(events)
        return new

    # --- results -------------------------------------------------------------------
    def scores(self) -> list[int]:
        return list(self.health)

    def winners(self) -> list[int]:
        return list(self._winners) if self.phase == "over" else []

    def heuristic(self, seat: int) -> float:
        if self.phase == "over":
            return 0.0 if not self._winners else (100.0 if seat in self._winners else -100.0)
        return float(self.health[seat] - self.health[1 - seat])

    # --- serialisation, pictures and words (in their own modules) --------------------
    def to_json(self) -> JSON:
        return _serial.state_to_json(self)

    def view(self, seat: int | None) -> JSON:
        return _serial.state_view(self, seat)

    def render(self, seat: int | None = None, lang: str = "en") -> str:
        return _render.render(self, lang)

    def describe_move(self, move: str, lang: str = "en") -> str:
        return _render.describe_move(self, move, lang)


class HaaienzeeGame(Game[HaaienzeeState]):
    name = "haaienzee"
    title = {"en": "Haaienzee (Shark Sea)", "nl": "Haaienzee", "no": "Haaienzee (Haihavet)"}
    min_players = 2
    max_players = 2
    resignable = True
    max_moves = MOVE_LIMIT
    #: chance decides nothing after the setup: any move can be taken back (docs/rules)
    takebacks = True
    option_specs = (
        IntOption("side", DEFAULT_SIDE, {"en": "Hexes on a side", "nl": "Vakken per zijde",
                                         "no": "Ruter per side"},
                  MIN_SIDE, MAX_SIDE),
    )

    def _new(self, seed: int, options: dict[str, Any]) -> HaaienzeeState:
        b = board(options["side"])
        rng = Rng.from_seed(seed)
        fish, schools, redraws = E.draw_fish(b, rng)
        s = self._blank(b, seed, options)
        s._rng = rng.state
        s.fish = fish
        s.events = tuple(
            {"type": "school", "colour": COLOUR_NAMES[c], "seed": b.names[seed_hex],
             "hexes": [b.names[h] for h in cells]}
            for c, seed_hex, cells in schools
        )
        if redraws:
            s.events = ({"type": "redraw", "times": redraws}, *s.events)
        return s

    def _blank(self, b: Board, seed: int, options: dict[str, Any]) -> HaaienzeeState:
        s = object.__new__(HaaienzeeState)
        s._board = b
        s._options = options
        s._seed = seed
        s._rng = Rng.from_seed(seed).state
        s.fish = bytes(b.size)
        s.sharks = (E.UNPLACED,) * (2 * E.SHARKS_PER_PLAYER)
        s.health = (E.START_HEALTH, E.START_HEALTH)
        s.round = 0
        s.start = E.YELLOW
        s.step = 0
        s.phase = "setup"
        s._winners = ()
        s._end = None
        s.events = ()
        s.last_move = None
        s.ply = 0
        s._legal = None
        return s

    def position(
        self,
        fish: Mapping[str, str] | None = None,
        sharks: Mapping[str, str] | None = None,
        health: Sequence[int] = (E.START_HEALTH, E.START_HEALTH),
        to_move: str | None = None,
        start: int = E.YELLOW,
        round: int = 1,
        taken: Mapping[str, str] | None = None,
        seed: int = 0,
        **options: Any,
    ) -> HaaienzeeState:
        """A constructed position (for tests and puzzles).

        ``fish`` maps hexes to colours; ``sharks`` maps ``Y1``..``R3`` to
        ``"HEX FACING PREY"`` (prey ``empty`` allowed; ``taken`` says which
        colour was taken out of an empty shark). With all six sharks it is
        ``round``'s turn phase and ``to_move`` (a shark id, default the start
        player's shark 1) is to move; with fewer, it is the setup and the given
        sharks must be the first ones in placing order.

        >>> s = GAME.position({"G8": "white", "G9": "white"},
        ...     {"Y1": "G7 E white", "R1": "A1 E grey", "Y2": "A3 E grey",
        ...      "R2": "A5 E white", "Y3": "M1 E brown", "R3": "M5 E brown"})
        >>> s.legal_moves()[:5]
        ['-', 'G8', 'G9', 'L -', 'L F7']
        """
        opts = self.check_options(options)
        s = self._blank(board(opts["side"]), seed, opts)
        _serial.build_position(s, fish or {}, sharks or {}, health, to_move, start, round,
                               taken or {})
        return s

    def seat_names(self, options: Mapping[str, Any], lang: str = "en") -> list[str]:
        return list(SEAT_NAMES.get(lang, SEAT_NAMES["en"]))

    def from_json(self, data: JSON | str) -> HaaienzeeState:
        return _serial.state_from_json(self, data)


GAME = HaaienzeeGame()
HaaienzeeState.game = GAME
