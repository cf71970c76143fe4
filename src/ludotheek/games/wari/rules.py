"""Wari, as the Java 1.2 "Wari applet" page describes it (docs/rules/wari.md).

Rule variant: Oware/Awale family, 12 cups, 3-5 seeds per cup, counter-clockwise
sowing that skips the origin cup on every lap, captures of 2 or 3 backwards
along the opponent's row, the feeding rule, the grand slam forbidden unless
unavoidable (then it captures normally and ends the game), and the game over
when the player to move has no legal move (each side's seeds go to its owner).
Our DECISIONs: ties are draws, resignation loses, a position met for the third
time ends the game (option ``repetition``).

Option ``rules=abapa``: the tournament rules most Oware programs play (as
OpenSpiel's ``oware`` implements them): a grand slam is legal but captures
nothing; the game ends as soon as a player has captured more than half of the
seeds, or both exactly half; a position met for the second time since the last
capture ends the game; at every end each side's seeds go to its owner.

Cups are numbered 1-12 in the notation; South (seat 0) owns 1-6, North (seat 1)
owns 7-12. Inside the engine the board is a tuple of twelve counts, index 0 is
cup 1.

>>> s = GAME.new(seed=0)
>>> s.legal_moves()
['1', '2', '3', '4', '5', '6']
>>> s = s.play("3")
>>> s.board
(4, 4, 0, 5, 5, 5, 5, 4, 4, 4, 4, 4)
>>> s.to_move
1
"""

from __future__ import annotations

from collections.abc import Mapping
from operator import add
from typing import Any, NamedTuple

from ludotheek.core.errors import BadOption, IllegalMove, quoted
from ludotheek.core.game import JSON, Game, SeededState, load_json
from ludotheek.core.options import BoolOption, ChoiceOption, IntOption

SOUTH, NORTH = 0, 1
SIDE_NAMES = {"en": ("South", "North"), "nl": ("Zuid", "Noord"), "no": ("Sør", "Nord")}
MAX_SEEDS = 60
#: matches and searches without the repetition rule stop a game here
MOVE_LIMIT = 1000


def _build_sow_table() -> tuple[tuple[tuple[tuple[int, ...], int], ...], ...]:
    """SOW[cup][n] = (change of each cup when ``cup`` holding ``n`` is sown, last cup).

    The origin cup is skipped on every lap, so the seeds go round the other
    eleven cups.
    """
    table = []
    for cup in range(12):
        row: list[tuple[tuple[int, ...], int]] = [((0,) * 12, cup)]
        others = [(cup + k) % 12 for k in range(1, 12)]
        for n in range(1, MAX_SEEDS + 1):
            delta = [0] * 12
            delta[cup] = -n
            for k in range(n):
                delta[others[k % 11]] += 1
            row.append((tuple(delta), others[(n - 1) % 11]))
        table.append(tuple(row))
    return tuple(table)


SOW = _build_sow_table()
_OWN = (range(0, 6), range(6, 12))
_MOVE_NAMES = tuple(str(c + 1) for c in range(12))
_PARSE = {name: cup for cup, name in enumerate(_MOVE_NAMES)}


class Sow(NamedTuple):
    """A Wari move, typed: sow the cup numbered ``cup`` (1-12, as the notation writes it)."""

    cup: int


def sow_and_capture(board: tuple[int, ...], cup: int,
                    abapa: bool = False) -> tuple[list[int], int]:
    """Sow ``cup`` (index 0-11) and capture; the new cups and the seeds captured.
    ``abapa``: a capture that would take every seed of the opponent's row (a grand
    slam) takes nothing.

    >>> sow_and_capture((0, 0, 0, 0, 0, 2, 1, 2, 0, 0, 0, 0), 5)
    ([0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0], 5)
    >>> sow_and_capture((0, 0, 0, 0, 0, 2, 1, 2, 0, 0, 0, 0), 5, abapa=True)
    ([0, 0, 0, 0, 0, 0, 2, 3, 0, 0, 0, 0], 0)
    """
    delta, last = SOW[cup][board[cup]]
    nb = list(map(add, board, delta))
    captured = 0
    lo = 6 if cup < 6 else 0  # the opponent's row is lo .. lo+5
    if lo <= last < lo + 6:
        end = last
        while last >= lo and 2 <= nb[last] <= 3:
            captured += nb[last]
            last -= 1
        if abapa and captured and last < lo and not any(nb[end + 1 : lo + 6]):
            return nb, 0  # a grand slam captures nothing
        for c in range(last + 1, end + 1):
            nb[c] = 0
    return nb, captured


def _feeds(cup: int, n: int) -> bool:
    """Whether sowing ``n`` seeds from ``cup`` puts a seed on the other row."""
    return n >= 12 or (cup + n >= 6 if cup < 6 else cup + n >= 12)


def _grand_slam(board: tuple[int, ...], cup: int) -> bool:
    """Whether playing ``cup`` captures every seed on the opponent's row."""
    delta, last = SOW[cup][board[cup]]
    lo = 6 if cup < 6 else 0
    if not (lo <= last < lo + 6 and 2 <= board[last] + delta[last] <= 3):
        return False  # no capture at all
    nb, _ = sow_and_capture(board, cup)
    return not any(nb[lo : lo + 6])


def legal_cups(board: tuple[int, ...], mover: int, abapa: bool = False) -> list[int]:
    """The legal cups (indices 0-11) for ``mover``, by the rules file's three steps
    (with ``abapa``, the first two: a grand slam is legal there).

    (The grand-slam test of ``_grand_slam`` is written out here: this runs after
    every move.)
    """
    if mover == SOUTH:
        candidates = [c for c in (0, 1, 2, 3, 4, 5) if board[c]]
        lo = 6
    else:
        candidates = [c for c in (6, 7, 8, 9, 10, 11) if board[c]]
        lo = 0
    hi = lo + 6  # the opponent's row is lo .. hi-1
    if not any(board[lo:hi]):
        candidates = [c for c in candidates if _feeds(c, board[c])]
    if abapa:
        return candidates
    allowed = []
    for c in candidates:
        delta, last = SOW[c][board[c]]
        if lo <= last < hi and 2 <= board[last] + delta[last] <= 3:
            nb, _ = sow_and_capture(board, c)
            if not any(nb[lo:hi]):
                continue  # a grand slam
        allowed.append(c)
    return allowed or candidates


class WariState(SeededState):
    """A Wari position. Immutable; ``play`` returns a new state."""

    __slots__ = (
        "_captured",
        "_end",
        "_hist",
        "_last",
        "_left",
        "_legal",
        "_options",
        "_seed",
        "board",
        "ply",
        "stores",
        "to_move",
    )

    board: tuple[int, ...]
    stores: tuple[int, int]
    to_move: int | None
    ply: int
    _options: dict[str, Any]
    _seed: int
    _hist: dict[tuple[int, ...], int]
    _last: int | None
    _captured: int
    _end: str | None
    _legal: list[int] | None
    #: the cups when the game ended, whose seeds went to their owners (None: not known, a
    #: state read from JSON, or the game not ended by the board); not part of the JSON
    _left: tuple[int, ...] | None

    # --- the contract ----------------------------------------------
    @property
    def num_players(self) -> int:
        return 2

    @property
    def is_over(self) -> bool:
        return self.to_move is None

    @property
    def end_reason(self) -> str | None:
        return self._end

    @property
    def last_move(self) -> str | None:
        """The cup played last, in notation, or ``None`` before the first move."""
        return None if self._last is None else _MOVE_NAMES[self._last]

    @property
    def last_capture(self) -> int:
        """Seeds captured by the last move."""
        return self._captured

    @property
    def abapa(self) -> bool:
        """Whether this game is played by the Abapa rules (option ``rules``)."""
        return bool(self._options["rules"] == "abapa")

    def legal_cups(self) -> list[int]:
        if self.to_move is None:
            return []
        if self._legal is None:
            self._legal = legal_cups(self.board, self.to_move, self.abapa)
        return self._legal

    def legal_moves(self) -> list[str]:
        return [_MOVE_NAMES[c] for c in self.legal_cups()]

    def play(self, move: str) -> WariState:
        cup = _PARSE.get(move) if isinstance(move, str) else None
        if cup is None or cup not in self.legal_cups():
            raise self.illegal(move)
        return self._play_cup(cup)

    def parse_move(self, text: str) -> Sow:
        """``"3"`` as ``Sow(3)``; :class:`IllegalMove` as :meth:`play` refuses it."""
        cup = _PARSE.get(text) if isinstance(text, str) else None
        if cup is None or cup not in self.legal_cups():
            raise self.illegal(text)
        return Sow(cup + 1)

    def format_move(self, move: Sow) -> str:
        return _MOVE_NAMES[move.cup - 1]

    def apply(self, move: Sow) -> WariState:
        if not isinstance(move, Sow) or move.cup - 1 not in self.legal_cups():
            raise self.illegal(str(move))
        return self._play_cup(move.cup - 1)

    def _play_cup(self, cup: int) -> WariState:
        mover = self.to_move
        assert mover is not None
        abapa = self._options["rules"] == "abapa"
        nb, captured = sow_and_capture(self.board, cup, abapa)
        board = tuple(nb)
        stores = (
            (self.stores[0] + captured, self.stores[1])
            if mover == SOUTH
            else (self.stores[0], self.stores[1] + captured)
        )
        nxt = 1 - mover
        new = object.__new__(WariState)
        new._options = self._options
        new._seed = self._seed
        new.ply = self.ply + 1
        new._last = cup
        new._captured = captured
        new._end = None
        new._left = None
        new._legal = legal_cups(board, nxt, abapa)
        if self._options["repetition"]:
            key = (*board, nxt)
            hist = {} if captured else dict(self._hist)
            seen = hist.get(key, 0) + 1
            hist[key] = seen
            new._hist = hist
        else:
            seen = 0
            new._hist = self._hist
        new.board = board
        new.stores = stores
        new.to_move = nxt
        if abapa:
            half = (sum(board) + sum(stores)) / 2
            if max(stores) > half or stores[0] == stores[1] == half:
                new._finish("majority")
            elif seen >= 2:
                new._finish("repetition")
            elif not new._legal:
                new._finish("no_seeds" if not any(board[c] for c in _OWN[nxt])
                            else "cannot_feed")
        elif not new._legal:
            new._finish("no_seeds" if not any(board[c] for c in _OWN[nxt]) else "cannot_feed")
        elif seen >= 3:
            new._finish("repetition")
        return new

    def _finish(self, reason: str) -> None:
        """End the game here: each side's seeds go to that side's owner."""
        b = self.board
        self.stores = (self.stores[0] + sum(b[0:6]), self.stores[1] + sum(b[6:12]))
        self._left = b
        self.board = (0,) * 12
        self.to_move = None
        self._end = reason
        self._legal = []

    def _copy(self) -> WariState:
        new = object.__new__(WariState)
        for slot in WariState.__slots__:
            setattr(new, slot, getattr(self, slot))
        return new

    def resign(self, seat: int) -> WariState:
        """``seat`` resigns and loses at once, whatever the count."""
        if self.to_move is None:
            raise IllegalMove("the game is over", code="move.game_over")
        if seat not in (SOUTH, NORTH):
            raise IllegalMove(f"there is no seat {seat}; Wari has seats 0 (South) and 1 (North)",
                              code="wari.no_seat", number=seat)
        new = self._copy()
        new.to_move = None
        new._legal = []
        new._end = "resign_south" if seat == SOUTH else "resign_north"
        new.ply = self.ply + 1
        return new

    def adjudicate(self) -> WariState:
        """Stop the game here, scored as the repetition rule scores it."""
        if self.to_move is None:
            return self
        new = self._copy()
        new._finish("stopped")
        return new

    def scores(self) -> list[int]:
        return list(self.stores)

    def winners(self) -> list[int]:
        if self.to_move is not None:
            return []
        if self._end == "resign_south":
            return [NORTH]
        if self._end == "resign_north":
            return [SOUTH]
        s, n = self.stores
        return [] if s == n else [SOUTH if s > n else NORTH]

    def heuristic(self, seat: int) -> float:
        return float(self.stores[seat] - self.stores[1 - seat])

    # --- explaining ------------------------------------------------
    def why_illegal(self, move: object) -> str:
        """Say what is wrong with ``move`` (which is not legal here)."""
        return str(self.illegal(move))

    def illegal(self, move: object) -> IllegalMove:
        """The error for ``move`` (which is not legal here): what is wrong, with its code
        and parameters (``seat``/``other_seat``: the seats it names)."""
        if self.to_move is None:
            return IllegalMove("the game is over", code="move.game_over")
        seat = self.to_move
        side = SIDE_NAMES["en"][seat]
        own = _OWN[seat]
        first, final = own[0] + 1, own[-1] + 1
        cups = {"seat": seat, "first": first, "last": final}
        if not isinstance(move, str):
            return IllegalMove(f"a move is a cup number as text, {first}-{final} for {side}, "
                               f"not {move!r}", code="wari.not_text", **cups)
        text = move.strip()
        if not text:
            return IllegalMove(f"empty move: give a cup number, {first}-{final} for {side}",
                               code="wari.empty", **cups)
        if not text.isdigit():
            return IllegalMove(f"{move!r} is not a cup number; {side} plays cups {first}-{final}",
                               code="wari.not_a_cup", move=quoted(move), **cups)
        number = int(text)
        if not 1 <= number <= 12:
            return IllegalMove(f"there is no cup {number}; the cups are numbered 1-12",
                               code="wari.no_cup", cup=number)
        cup = number - 1
        if text != _MOVE_NAMES[cup]:
            return IllegalMove(f"write the cup as {_MOVE_NAMES[cup]!r}, not {move!r}",
                               code="wari.spelling", cup=_MOVE_NAMES[cup], move=quoted(move))
        if cup not in own:
            return IllegalMove(f"cup {number} is not {side}'s: {side} plays cups {first}-{final}",
                               code="wari.not_own", cup=number, **cups)
        if not self.board[cup]:
            return IllegalMove(f"cup {number} is empty", code="wari.cup_empty", cup=number)
        other = SIDE_NAMES["en"][1 - seat]
        opp_lo = 6 if seat == SOUTH else 0
        legal = ", ".join(self.legal_moves())
        if not any(self.board[opp_lo : opp_lo + 6]) and not _feeds(cup, self.board[cup]):
            return IllegalMove(f"cup {number} does not reach {other}'s empty row; you must feed "
                               f"it (legal: {legal})", code="wari.must_feed", cup=number,
                               other_seat=1 - seat, legal=legal)
        if not self.abapa and _grand_slam(self.board, cup):
            return IllegalMove(f"cup {number} would capture every seed on {other}'s row (a grand "
                               f"slam), which is forbidden while another move exists (legal: "
                               f"{legal})", code="wari.grand_slam", cup=number,
                               other_seat=1 - seat, legal=legal)
        return IllegalMove(  # pragma: no cover
            f"cup {number} cannot be played now (legal: {legal})", code="wari.not_now",
            cup=number, legal=legal)

    def describe_move(self, move: str, lang: str = "en") -> str:
        """What playing ``move`` here does, in words.

        >>> GAME.new().describe_move("3")
        'South sows 4 seeds from cup 3.'
        """
        cup = _PARSE[move]
        n = self.board[cup]
        _, captured = sow_and_capture(self.board, cup, self.abapa)
        assert self.to_move is not None
        side = SIDE_NAMES.get(lang, SIDE_NAMES["en"])[self.to_move]
        if lang == "nl":
            text = f"{side} zaait {n} bonen uit kopje {move}"
            return text + (f" en verovert er {captured}." if captured else ".")
        if lang == "no":
            text = f"{side} sår {n} frø fra skål {move}"
            return text + (f" og fanger {captured}." if captured else ".")
        text = f"{side} sows {n} seeds from cup {move}"
        return text + (f" and captures {captured}." if captured else ".")

    # --- serialisation ---------------------------------------------
    def to_json(self) -> JSON:
        return {
            "game": "wari",
            "options": dict(self._options),
            "seed": self._seed,
            "board": list(self.board),
            "stores": list(self.stores),
            "to_move": self.to_move,
            "ply": self.ply,
            "last": self.last_move,
            "captured": self._captured,
            "end": self._end,
            "history": [[*k[:12], k[12], n] for k, n in self._hist.items()],
        }

    def view(self, seat: int | None) -> JSON:
        """The state without its seed and history; at an end by the board, the event of the
        seeds left going to their owners (the cups as they were: the page shows them go).

        >>> end = GAME.position([0] * 5 + [1] + [0] * 6, to_move=0).play("6")
        >>> end.view(None)["events"]
        [{'type': 'home', 'board': [0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0], 'seeds': [0, 1]}]
        """
        data = self.to_json()
        del data["seed"], data["history"]
        data["legal"] = self.legal_moves()
        if self._left is not None and any(self._left):
            b = self._left
            data["events"] = [{"type": "home", "board": list(b),
                               "seeds": [sum(b[0:6]), sum(b[6:12])]}]
        return data

    def render(self, seat: int | None = None, lang: str = "en") -> str:
        """The board as text: North's cups 12..7 on top, South's 1..6 below.

        >>> print(GAME.new().render())
                12  11  10   9   8   7
               [ 4][ 4][ 4][ 4][ 4][ 4]
        North 0                          0  South
               [ 4][ 4][ 4][ 4][ 4][ 4]
                 1   2   3   4   5   6
        South to move.
        """
        names = SIDE_NAMES.get(lang, SIDE_NAMES["en"])
        b = self.board
        top = "".join(f"[{b[c]:2d}]" for c in range(11, 5, -1))
        bottom = "".join(f"[{b[c]:2d}]" for c in range(6))
        lines = [
            "       " + "".join(f"{c + 1:3d} " for c in range(11, 5, -1)),
            "       " + top,
            f"{names[1]:<5}{self.stores[1]:2d}{'':24}{self.stores[0]:3d}  {names[0]}",
            "       " + bottom,
            "       " + "".join(f"{c + 1:3d} " for c in range(6)),
        ]
        if self.to_move is not None:
            lines.append({"nl": f"{names[self.to_move]} is aan zet.",
                          "no": f"{names[self.to_move]} står for tur."}.get(
                              lang, f"{names[self.to_move]} to move."))
        else:
            lines.append(_result_text(self, lang))
        return "\n".join(line.rstrip() for line in lines)


def _result_text(state: WariState, lang: str) -> str:
    names = SIDE_NAMES.get(lang, SIDE_NAMES["en"])
    w = state.winners()
    s, n = state.stores
    if lang == "nl":
        return f"Afgelopen: {names[w[0]]} wint, {s}-{n}." if w else f"Afgelopen: gelijk, {s}-{n}."
    if lang == "no":
        return f"Slutt: {names[w[0]]} vinner, {s}-{n}." if w else f"Slutt: uavgjort, {s}-{n}."
    return f"Game over: {names[w[0]]} wins, {s}-{n}." if w else f"Game over: a draw, {s}-{n}."


class WariGame(Game[WariState]):
    name = "wari"
    title = {"en": "Wari", "nl": "Wari", "no": "Wari"}
    min_players = 2
    max_players = 2
    resignable = True
    max_moves = MOVE_LIMIT
    #: chance decides nothing after the setup: any move can be taken back (docs/rules)
    takebacks = True
    option_specs = (
        IntOption("seeds_per_cup", 4, {"en": "Seeds per cup", "nl": "Bonen per kopje",
                                        "no": "Frø per kopp"}, 3, 5),
        ChoiceOption("first", "south", {"en": "Who starts", "nl": "Wie begint",
                                        "no": "Hvem starter"},
                     ("south", "north")),
        BoolOption("repetition", True, {
            "en": "A position met three times ends the game",
            "nl": "Een stand die drie keer voorkomt beëindigt het spel",
            "no": "En stilling som kommer tre ganger, avslutter spillet"}),
        ChoiceOption("rules", "applet", {"en": "Rules", "nl": "Regels", "no": "Regler"},
                     ("applet", "abapa")),
    )

    def check_options(self, options: Mapping[str, Any]) -> dict[str, Any]:
        """The options with defaults filled in; with ``rules=abapa`` a repeated position
        always ends the game, so ``repetition`` cannot be switched off there.

        >>> GAME.check_options({"rules": "abapa", "repetition": False})
        Traceback (most recent call last):
        ...
        ludotheek.core.errors.BadOption: with rules=abapa ... cannot be off
        """
        opts = super().check_options(options)
        if opts["rules"] == "abapa" and not opts["repetition"]:
            raise BadOption("with rules=abapa a repeated position always ends the game: "
                            "the option repetition cannot be off",
                            code="wari.abapa_repetition")
        return opts

    def _new(self, seed: int, options: dict[str, Any]) -> WariState:
        n = options["seeds_per_cup"]
        board = (n,) * 12
        mover = SOUTH if options["first"] == "south" else NORTH
        s = object.__new__(WariState)
        s._options = options
        s._seed = seed
        s.board = board
        s.stores = (0, 0)
        s.to_move = mover
        s.ply = 0
        s._last = None
        s._captured = 0
        s._end = None
        s._left = None
        s._legal = None
        s._hist = {(*board, mover): 1} if options["repetition"] else {}
        return s

    def position(
        self,
        board: tuple[int, ...] | list[int],
        stores: tuple[int, int] | list[int] = (0, 0),
        to_move: int = SOUTH,
        seed: int = 0,
        **options: Any,
    ) -> WariState:
        """A constructed position (for tests, puzzles and the endgame database).

        If the player to move has no legal move, the game is over at once.

        >>> GAME.position([1] + [0] * 11, to_move=0).is_over  # South cannot feed North
        True
        """
        opts = self.check_options(options)
        b = tuple(int(x) for x in board)
        if len(b) != 12 or min(b) < 0 or min(stores) < 0:
            raise ValueError("a Wari board has 12 cups and 2 stores, none negative")
        if to_move not in (SOUTH, NORTH):
            raise ValueError("to_move is 0 (South) or 1 (North)")
        s = self._new(seed, opts)
        s.board = b
        s.stores = (int(stores[0]), int(stores[1]))
        s.to_move = to_move
        s._hist = {(*b, to_move): 1} if opts["repetition"] else {}
        s._legal = legal_cups(b, to_move, opts["rules"] == "abapa")
        half = (sum(b) + sum(s.stores)) / 2
        if opts["rules"] == "abapa" and (max(s.stores) > half or s.stores[0] == s.stores[1]
                                         == half):
            s._finish("majority")
        elif not s._legal:
            s._finish("no_seeds" if not any(b[c] for c in _OWN[to_move]) else "cannot_feed")
        return s

    def seat_names(self, options: Mapping[str, Any], lang: str = "en") -> list[str]:
        return list(SIDE_NAMES.get(lang, SIDE_NAMES["en"]))

    def from_json(self, data: JSON | str) -> WariState:
        d = load_json(data)
        try:
            options = self.check_options(d["options"])
            s = object.__new__(WariState)
            s._options = options
            s._seed = int(d["seed"])
            board = tuple(int(x) for x in d["board"])
            stores = tuple(int(x) for x in d["stores"])
            if len(board) != 12 or len(stores) != 2 or min(board + stores) < 0:
                raise ValueError("a board has 12 cups and 2 stores, none negative")
            s.board = board
            s.stores = (stores[0], stores[1])
            s.to_move = None if d["to_move"] is None else int(d["to_move"])
            if s.to_move not in (None, SOUTH, NORTH):
                raise ValueError("to_move must be 0, 1 or null")
            s.ply = int(d["ply"])
            s._last = None if d["last"] is None else _PARSE[d["last"]]
            s._captured = int(d["captured"])
            s._end = d["end"]
            s._left = None
            s._legal = None if s.to_move is not None else []
            s._hist = {tuple(int(x) for x in h[:13]): int(h[13]) for h in d["history"]}
        except (KeyError, TypeError, ValueError, IndexError) as exc:
            raise ValueError(f"not a Wari state: {exc}") from exc
        return s


GAME = WariGame()
WariState.game = GAME
