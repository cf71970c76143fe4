"""Akwaier through the public game API: the immutable :class:`AkwaierState`.

Each state wraps a :class:`~ludotheek.games.akwaier.core.Core`; ``play``
checks the move on it, copies it and changes the copy (copy-on-write), so the
old state never changes. Seats are counted from 0 (seat 0 is the rules' seat 1,
OPA), and ``to_move`` stays with a player through the moves of their turn.

>>> s = GAME.new(seed=1)
>>> s.to_move, s.phase, s.turn
(0, 'place', 0)
>>> s.legal_moves()[:3]
['L8', 'L8+A', 'L8+B']
>>> t = s.play("L8+A")
>>> t.phase, t.to_move, t.core.sizes[0], s.core.sizes[0]
('buy', 0, 1, 0)
>>> t.play("buy A 3").to_move
1
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ludotheek.core.errors import IllegalMove
from ludotheek.core.game import JSON, Game, State, load_json
from ludotheek.core.options import ChoiceOption, IntOption
from ludotheek.core.rng import Rng
from ludotheek.games.akwaier import notation
from ludotheek.games.akwaier.board import (
    CELL_INDEX,
    CELL_NAMES,
    CHAIN_INDEX,
    CHAINS,
    EMPTY,
    LOOSE,
    NUM_CELLS,
    NUM_CHAINS,
    SIZE,
    cells,
)
from ludotheek.games.akwaier.core import (
    END_STOPPED,
    HAND,
    KEEP,
    OVER,
    PHASES,
    SEATS,
    Core,
    Event,
    new_core,
    touch,
)
from ludotheek.games.akwaier.names import NamesOption, check_names, seat_names

#: board codes in JSON: '.' empty, '#' a loose tile, 'A'-'H' a chain's tile
BOARD_CODES = CHAINS + "#."
_CODE_VALUE = {ch: i for i, ch in enumerate(BOARD_CODES)}
assert _CODE_VALUE["#"] == LOOSE and _CODE_VALUE["."] == EMPTY


class AkwaierState(State):
    """An Akwaier position. Immutable; ``play`` returns a new state."""

    __slots__ = ("_c", "_legal")

    _c: Core
    _legal: list[str] | None

    def __init__(self, core: Core) -> None:
        self._c = core
        self._legal = None

    # --- the contract ----------------------------------------------
    @property
    def to_move(self) -> int | None:
        c = self._c
        return None if c.phase == OVER else c.mover

    @property
    def is_over(self) -> bool:
        return self._c.phase == OVER

    @property
    def num_players(self) -> int:
        return SEATS

    @property
    def options(self) -> Mapping[str, Any]:
        return self._c.meta[1]

    @property
    def seed(self) -> int:
        return self._c.meta[0]

    @property
    def end_reason(self) -> str | None:
        return self._c.end

    # --- Akwaier's own ---------------------------------------------
    @property
    def core(self) -> Core:
        """The position's core, for computer players: read it, never change it."""
        return self._c

    @property
    def phase(self) -> str:
        """``place``, ``keep``, ``buy`` or ``over``."""
        return PHASES[self._c.phase]

    @property
    def turn(self) -> int:
        """Turns played so far (a pass is a turn); the game ends after 210."""
        return self._c.turn

    @property
    def names(self) -> list[str]:
        return seat_names(self._c.meta[1])

    @property
    def events(self) -> tuple[Event, ...]:
        """What the last move did (as tuples; ``view`` spells them out)."""
        return self._c.events

    def legal_moves(self) -> list[str]:
        if self._legal is None:
            self._legal = notation.legal_moves(self._c)
        return list(self._legal)

    def play(self, move: str) -> AkwaierState:
        c = self._c
        op = notation.parse(c, move)
        n = c.copy()
        op[0](n, *op[1:])
        n.last = move if move in notation.FAST else notation.canonical(move)
        new = AkwaierState.__new__(AkwaierState)
        new._c = n
        new._legal = None
        return new

    def adjudicate(self) -> AkwaierState:
        """Stop the game here; wealth decides as at a normal end."""
        if self.is_over:
            return self
        n = self._c.copy()
        n.finish(END_STOPPED)
        return AkwaierState(n)

    def scores(self) -> list[int]:
        """Each seat's wealth: cash plus every share at its chain's current price."""
        c = self._c
        return [c.wealth(s) for s in range(SEATS)]

    def winners(self) -> list[int]:
        if not self.is_over:
            return []
        w = self.scores()
        best = max(w)
        return [s for s in range(SEATS) if w[s] == best]

    def standings(self) -> list[tuple[int, int, int]]:
        """(place, seat, wealth) best first; equal wealth shares a place, seat order."""
        w = self.scores()
        order = sorted(range(SEATS), key=lambda s: (-w[s], s))
        out: list[tuple[int, int, int]] = []
        for i, s in enumerate(order):
            place = out[-1][0] if i and w[s] == w[order[i - 1]] else i + 1
            out.append((place, s, w[s]))
        return out

    def determinize(self, seat: int, rng: Rng) -> AkwaierState:
        """Deal the tiles ``seat`` cannot see (the other hands and the bag) at random.

        The other players keep as many tiles as they hold, in the same slots; a
        tile waiting for ``keep`` is known to all and stays. What a pass reveals
        about a hand (none of its tiles could be placed) is not used. The unseen
        tiles are put in order before they are shuffled, so the deal depends only on
        what ``seat`` can see and on ``rng``, never on where the tiles really are.
        """
        c = self._c.copy()
        fixed = -1
        if c.pending is not None and c.mover != seat:
            fixed = c.mover * HAND + c.pending[0]
        slots = [i for i in range(SEATS * HAND)
                 if i // HAND != seat and c.hands[i] >= 0 and i != fixed]
        unseen = sorted([c.hands[i] for i in slots] + list(c.bag[c.bag_pos:]))
        rng.shuffle(unseen)
        for k, i in enumerate(slots):
            c.hands[i] = unseen[k]
        c.bag = tuple(unseen[len(slots):])
        c.bag_pos = 0
        return AkwaierState(c)

    # --- words and pictures ----------------------------------------
    def view(self, seat: int | None) -> JSON:
        from ludotheek.games.akwaier.view import build_view

        return build_view(self._c, seat)

    def render(self, seat: int | None = None, lang: str = "en") -> str:
        from ludotheek.games.akwaier.render import render

        return render(self._c, seat, lang)

    def describe_move(self, move: str, lang: str = "en") -> str:
        """What ``move`` does here, in words (its events as the message log writes them)."""
        from ludotheek.games.akwaier.view import event_texts

        try:
            after = self.play(move)
        except IllegalMove:
            return move
        return " ".join(event_texts(after._c.events, after._c, lang))

    # --- serialisation ---------------------------------------------
    def to_json(self) -> JSON:
        c = self._c
        pending = None
        if c.pending is not None:
            pending = {"slot": c.pending[0] + 1, "cell": CELL_NAMES[c.pending[1]]}
        return {
            "game": "akwaier",
            "options": _json_options(c.meta[1]),
            "seed": c.meta[0],
            "board": board_rows(c.board),
            "hands": [[CELL_NAMES[t] if t >= 0 else None for t in c.hand(s)]
                      for s in range(SEATS)],
            "bag": [CELL_NAMES[t] for t in c.bag[c.bag_pos:]],
            "cash": list(c.cash),
            "shares": [c.shares[s * NUM_CHAINS:(s + 1) * NUM_CHAINS] for s in range(SEATS)],
            "to_move": self.to_move,
            "mover": c.mover,
            "phase": PHASES[c.phase],
            "turn": c.turn,
            "passes": c.passes,
            "pending": pending,
            "events": [_to_lists(e) for e in c.events],
            "last": c.last,
            "end": c.end,
        }


def _json_options(options: Mapping[str, Any]) -> dict[str, Any]:
    return {k: (list(v) if isinstance(v, list | tuple) else v) for k, v in options.items()}


def board_rows(board: bytearray) -> list[str]:
    """The board as 15 texts of 15 codes ('.', '#', 'A'-'H'), row A first."""
    codes = [BOARD_CODES[v] for v in board]
    return ["".join(codes[r * SIZE:(r + 1) * SIZE]) for r in range(SIZE)]


def _to_lists(value: Any) -> Any:
    if isinstance(value, tuple | list):
        return [_to_lists(v) for v in value]
    return value


def _to_tuples(value: Any) -> Any:
    if isinstance(value, list | tuple):
        return tuple(_to_tuples(v) for v in value)
    if isinstance(value, bool) or not isinstance(value, int | str | None):
        raise ValueError(f"an event holds {value!r}")
    return value


class AkwaierGame(Game[AkwaierState]):
    name = "akwaier"
    title = {"en": "Akwaier", "nl": "Akwaier", "no": "Akwaier"}
    min_players = 6
    max_players = 6
    resignable = False
    secret_seed = True  # the seed gives the bag order away
    #: each seat's tiles are its own: the game can be played at a table (docs/web.md)
    hidden_hands = True
    #: 210 turns of at most three moves (place, keep, buy)
    max_moves = 1000
    option_specs = (
        NamesOption("names", ["", "", "", "", "", ""], {
            "en": "Names: a person's name replaces their seat's (OPA, OMA, ...)",
            "nl": "Namen: de naam van een mens vervangt die van zijn stoel (OPA, OMA, ...)",
            "no": "Navn: navnet til et menneske erstatter navnet på setet (BESTEFAR, ...)"}),
        ChoiceOption("language", "nl", {"en": "Language of the seat names",
                                        "nl": "Taal van de namen",
                                        "no": "Språk for navnene"}, ("nl", "en", "no")),
        IntOption("start_cash", 25_000, {"en": "Starting cash", "nl": "Startkapitaal",
                                         "no": "Startkapital"},
                  0, 10_000_000),
    )

    def new(self, seed: int = 0, **options: Any) -> AkwaierState:
        state = super().new(seed, **options)
        assert isinstance(state, AkwaierState)
        return state

    def _new(self, seed: int, options: dict[str, Any]) -> AkwaierState:
        opts = dict(options)
        opts["names"] = check_names(opts["names"])
        return AkwaierState(new_core(seed, opts))

    def can_take_back(self, before: State, after: State) -> bool:
        """A move that drew a tile from the bag cannot be taken back: its player has seen
        the new tile. A placement draws the next tile right away, so it cannot; buying
        shares (the second move of a turn), a pass, and a placement that waits for a tie
        to be settled draw nothing, so they can (docs/rules/akwaier.md, "Taking a move
        back").

        >>> start = GAME.new(seed=1)
        >>> placed = start.play(start.legal_moves()[0])
        >>> GAME.can_take_back(start, placed)
        False
        """
        assert isinstance(before, AkwaierState) and isinstance(after, AkwaierState)
        return before._c.bag_pos == after._c.bag_pos

    def num_players(self, options: Mapping[str, Any]) -> int:
        return SEATS

    def seat_names(self, options: Mapping[str, Any], lang: str = "en") -> list[str]:
        """The six names, in the game's own language (option ``language``)."""
        return seat_names(self.check_options(options))

    def adopt_seat_names(self, options: Mapping[str, Any], names: Sequence[str | None]
                         ) -> tuple[dict[str, Any], list[str | None]]:
        """Names given to seats become the ``names`` option (a seat without one keeps
        OPA, OMA, ...); without any, the option stays as it is. Each seat then shows
        the name the game gives it (upper-cased, at most 8 letters), or None for the
        seat's own name, so that the server's seats and the game agree.

        >>> GAME.adopt_seat_names({"names": [""] * 6}, [None, None, "Jan", None, None, None])
        ({'names': ['', '', 'JAN', '', '', '']}, [None, None, 'JAN', None, None, None])
        """
        opts = dict(options)
        if any(names):
            opts["names"] = check_names([n or "" for n in names])
        stored = check_names(opts.get("names"))
        shown = seat_names({**opts, "names": stored})
        return opts, [shown[i] if stored[i] else None for i in range(SEATS)]

    def position(
        self,
        chains: Mapping[str, str] | None = None,
        loose: str = "",
        hands: Mapping[int, str] | None = None,
        shares: Mapping[int, Mapping[str, int]] | None = None,
        cash: Sequence[int] | Mapping[int, int] | None = None,
        to_move: int = 0,
        phase: str = "place",
        turn: int = 0,
        passes: int = 0,
        bag: str | None = None,
        seed: int = 0,
        **options: Any,
    ) -> AkwaierState:
        """A constructed position, for tests and puzzles.

        ``chains`` maps a chain to its cells (``{"C": "A1-A5"}``), ``loose`` lists
        loose tiles, ``hands`` gives seats' tiles in slot order (``{0: "F5 H8"}``);
        the other seats are dealt 8 of the remaining tiles (shuffled by ``seed``)
        and the rest is the bag, unless ``bag`` lists it (in drawing order).
        ``shares`` maps seats to holdings (``{0: {"A": 6}}``), ``cash`` replaces
        cash by seat. Seats count from 0.

        >>> s = GAME.position(chains={"C": "A1-A5"}, hands={0: "B1"})
        >>> s.core.sizes[2], s.core.price(2), s.legal_moves()
        (5, 1300, ['B1'])
        """
        opts = self.check_options(options)
        opts["names"] = check_names(opts["names"])
        c = new_core(seed, opts)
        taken: set[int] = set()
        c.board = _board(chains or {}, loose, taken)
        given = dict(hands or {})
        hand_cells = _given_hands(given, taken)
        bag_cells = _claim(cells(bag), "bag", taken) if bag is not None else []
        rest = [cell for cell in range(NUM_CELLS) if cell not in taken]
        Rng.from_seed(seed).shuffle(rest)
        for seat in range(SEATS):
            if seat not in given:
                deal, rest = rest[:HAND], rest[HAND:]
                hand_cells[seat * HAND:seat * HAND + len(deal)] = deal
        if bag is not None and rest:
            raise ValueError(f"{len(rest)} tiles are neither on the board, in a hand nor "
                             f"in the bag")
        c.sizes = [c.board.count(ch) for ch in range(NUM_CHAINS)]
        c.shares = _holdings(shares or {})
        c.out = [sum(c.shares[ch::NUM_CHAINS]) for ch in range(NUM_CHAINS)]
        if cash is not None:
            items = cash.items() if isinstance(cash, Mapping) else enumerate(cash)
            for seat, amount in items:
                c.cash[seat] = int(amount)
        c.hands = hand_cells
        c.bag = tuple(bag_cells if bag is not None else rest)
        c.bag_pos = 0
        if not 0 <= to_move < SEATS:
            raise ValueError("to_move is a seat 0-5")
        if phase not in ("place", "buy"):
            raise ValueError("a position starts in the place or the buy phase")
        c.mover = to_move
        c.phase = PHASES.index(phase)
        c.turn = turn
        c.passes = passes
        return AkwaierState(c)

    def from_json(self, data: JSON | str) -> AkwaierState:
        d = load_json(data)
        try:
            return AkwaierState(_core_from_json(self, d))
        except (KeyError, TypeError, ValueError, IndexError, AttributeError) as exc:
            raise ValueError(f"not an Akwaier state: {exc}") from exc


def _claim(cell_list: list[int], what: str, taken: set[int]) -> list[int]:
    """``cell_list``, each cell marked as taken; ValueError for a cell used twice."""
    for cell in cell_list:
        if cell in taken:
            raise ValueError(f"{CELL_NAMES[cell]} is used twice ({what})")
        taken.add(cell)
    return cell_list


def _board(chains: Mapping[str, str], loose: str, taken: set[int]) -> bytearray:
    """A constructed position's board: the chains' cells and the loose tiles."""
    board = bytearray([EMPTY]) * NUM_CELLS
    for ch, spec in chains.items():
        if ch not in CHAIN_INDEX:
            raise ValueError(f"there is no chain {ch!r}")
        for cell in _claim(cells(spec), f"chain {ch}", taken):
            board[cell] = CHAIN_INDEX[ch]
    for cell in _claim(cells(loose), "loose", taken):
        board[cell] = LOOSE
    return board


def _given_hands(given: Mapping[int, str], taken: set[int]) -> list[int]:
    """The hands of the seats given (slot order), -1 in every other slot."""
    hand_cells = [-1] * (SEATS * HAND)
    for seat, spec in given.items():
        tiles = _claim(cells(spec), f"hand of seat {seat}", taken)
        if not 0 <= seat < SEATS or len(tiles) > HAND:
            raise ValueError(f"seat {seat}: seats are 0-5 and hold at most 8 tiles")
        for slot, cell in enumerate(tiles):
            hand_cells[seat * HAND + slot] = cell
    return hand_cells


def _holdings(shares: Mapping[int, Mapping[str, int]]) -> list[int]:
    """Shares by seat and chain, from ``{seat: {chain: n}}``."""
    holdings = [0] * (SEATS * NUM_CHAINS)
    for seat, held in shares.items():
        for ch, n in held.items():
            holdings[seat * NUM_CHAINS + CHAIN_INDEX[ch]] = int(n)
    return holdings


def _core_from_json(game: AkwaierGame, d: JSON) -> Core:
    if d.get("game", "akwaier") != "akwaier":
        raise ValueError(f"it is a {d.get('game')} state")
    opts = game.check_options(d["options"])
    c = new_core(int(d["seed"]), opts)
    rows = d["board"]
    if len(rows) != SIZE or any(len(r) != SIZE for r in rows):
        raise ValueError("the board has 15 rows of 15 cells")
    c.board = bytearray(_CODE_VALUE[ch] for row in rows for ch in row)
    c.sizes = [c.board.count(ch) for ch in range(NUM_CHAINS)]
    hands = d["hands"]
    if len(hands) != SEATS or any(len(h) != HAND for h in hands):
        raise ValueError("there are 6 hands of 8 slots")
    c.hands = [CELL_INDEX[t] if t is not None else -1 for h in hands for t in h]
    c.bag = tuple(CELL_INDEX[t] for t in d["bag"])
    c.bag_pos = 0
    cash = [int(x) for x in d["cash"]]
    shares = [int(x) for row in d["shares"] for x in row]
    if len(cash) != SEATS or len(shares) != SEATS * NUM_CHAINS:
        raise ValueError("cash for 6 seats and shares of 8 chains for each")
    c.cash, c.shares = cash, shares
    c.out = [sum(shares[ch::NUM_CHAINS]) for ch in range(NUM_CHAINS)]
    c.mover = int(d["mover"])
    c.phase = PHASES.index(d["phase"])
    c.turn = int(d["turn"])
    c.passes = int(d["passes"])
    if not 0 <= c.mover < SEATS:
        raise ValueError("the mover is a seat 0-5")
    pending = d["pending"]
    if (pending is None) != (c.phase != KEEP):
        raise ValueError("a tie waits exactly in the keep phase")
    if pending is not None:
        slot, cell = int(pending["slot"]) - 1, CELL_INDEX[pending["cell"]]
        if c.hands[c.mover * HAND + slot] != cell:
            raise ValueError("the tile waiting for keep is not in the mover's hand")
        around, loose = touch(c.board, cell)
        best = max(c.sizes[x] for x in around)
        tied = tuple(sorted(x for x in around if c.sizes[x] == best))
        c.pending = (slot, cell, tuple(around), tuple(loose), tied)
    expected_to_move = None if c.phase == OVER else c.mover
    if d["to_move"] != expected_to_move:
        raise ValueError("to_move does not agree with the phase and the mover")
    c.events = tuple(_to_tuples(e) for e in d["events"])
    c.last = d["last"]
    c.end = d["end"]
    if (c.end is None) != (c.phase != OVER):
        raise ValueError("a finished game has a reason, a running one none")
    problem = c.problem() or c.loose_problem()
    if problem:
        raise ValueError(problem)
    return c


GAME = AkwaierGame()
AkwaierState.game = GAME

__all__ = ["GAME", "AkwaierGame", "AkwaierState", "board_rows"]
