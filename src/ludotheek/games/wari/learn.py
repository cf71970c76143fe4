"""Learning Wari: "How to play" and the guided first game (see ``ludotheek.learn.lessons``).

Every picture and every step is a position of one real game: the default options (4 seeds
a cup, South starts, the repetition rule on) and the 63 moves below, found by playing
seeded games of random and greedy moves until one had, on South's side, a single capture,
a capture chain, a sowing of 12 seeds, a turn where North had to be fed, a forbidden grand
slam and an end where North could not be fed (South wins 25 to 23). The texts are in the
keys ``learn_wari.…`` of its texts (``games/wari/texts/<lang>.json``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ludotheek.core.game import State
from ludotheek.core.record import Record
from ludotheek.games.wari.rules import SOW, sow_and_capture
from ludotheek.learn.lessons import Diagram, Frame, HowTo, Lesson, Section, Step

#: the game, in the notation (cup numbers)
GAME_TEXT = """
3 7 5 9 2 10 3 8 1 11 5 9 3 12 6 11 1 8 4 9 2 10 6 11 3 12 5 12 6 10 2 11 4 12 3 8 5 9 4 7 6 10
5 11 1 12 1 7 2 8 6 7 4 8 3 9 5 10 4 11 5 12 6
"""
MOVES = tuple(GAME_TEXT.split())
RECORD = Record("wari", {"seeds_per_cup": 4, "first": "south", "repetition": True}, 0, MOVES)

#: the rules of shared/rules/wari.md (docs/rules/wari.md), by id: where each stands
RULES: Mapping[str, str] = {
    "board": "Board and players: 12 cups, South 1-6 below, North 7-12 above, counter-clockwise",
    "stores": "Board and players: the left store holds North's captures, the right South's",
    "options": "Board and players: 3, 4 or 5 seeds a cup; who moves first; people or computer",
    "sowing": "A move: all seeds of an own non-empty cup, one by one into the following cups",
    "big_cup": "A move: a cup of more than 11 seeds is skipped on every lap",
    "capture": "A move: the last seed makes an opponent's cup 2 or 3: captured",
    "capture_chain": "A move: then the cup before it, backwards, while 2 or 3 on the "
                     "opponent's side",
    "empty_cup": "Legal moves 1: an empty cup cannot be played",
    "feeding": "Legal moves 2: an empty opponent row must be fed",
    "grand_slam": "Legal moves 3: capturing every seed of the opponent's row is forbidden "
                  "unless every move does",
    "end": "End of the game: no legal move; the seeds left go to the side they lie on "
           "(cannot feed) or to the opponent (no seeds)",
    "resign": "End of the game: resigning loses",
    "winner": "End of the game: more seeds wins, equal is a draw",
    "repetition": "End of the game: a position met a third time ends the game",
}

P = "learn_wari"


def _frames(*frames: tuple[int, str, tuple[str, ...]]) -> tuple[Frame, ...]:
    return tuple(Frame(at, f"{P}.diagram.{text}", marks) for at, text, marks in frames)


DIAGRAMS = (
    Diagram("start", RECORD, _frames((0, "start", ("store-south", "store-north")))),
    Diagram("sow", RECORD, _frames((0, "sow.before", ("3",)),
                                   (1, "sow.after", ("4", "5", "6", "7")))),
    Diagram("big", RECORD, _frames((14, "big.before", ("6",)), (15, "big.after", ("6", "7")))),
    Diagram("chain", RECORD, _frames((10, "chain.before", ("5", "7", "8")),
                                     (11, "chain.after", ("7", "8", "store-south")))),
    Diagram("feed", RECORD, _frames((26, "feed.before", ("5",)), (27, "feed.after", ()))),
    Diagram("slam", RECORD, _frames((46, "slam.before", ("6", "7")), (47, "slam.after", ()))),
    Diagram("end", RECORD, _frames((62, "end.before", ("6",)),
                                   (63, "end.after", ("store-north", "store-south")))),
)


def _section(ident: str, paragraphs: int, *diagrams: str) -> Section:
    return Section(ident, f"{P}.howto.{ident}.title",
                   tuple(f"{P}.howto.{ident}.p{i}" for i in range(1, paragraphs + 1)), diagrams)


HOWTO = HowTo("wari", f"{P}.howto.summary", (
    _section("board", 2, "start"),
    _section("sowing", 2, "sow", "big"),
    _section("capture", 2, "chain"),
    _section("feeding", 2, "feed", "slam"),
    _section("end", 3, "end"),
), DIAGRAMS)


def _step(ident: str, at: int, rules: tuple[str, ...] = (), play: bool = False,
          marks: tuple[str, ...] = (), why: str | None = None, jump: bool = False) -> Step:
    return Step(ident, at, f"{P}.step.{ident}", play, rules, marks,
                f"{P}.why.{why}" if why else None, jump)


LESSON = Lesson("wari", RECORD, 0, (
    _step("board", 0, ("board",), marks=("store-south", "store-north")),
    _step("sow", 0, ("sowing",), play=True, why="show"),
    _step("across", 2, (), play=True, why="show"),
    _step("capture", 4, ("capture",), play=True, why="capture"),
    _step("north_captures", 6, ("stores",), marks=("store-north",)),
    _step("chain", 10, ("capture_chain",), play=True, marks=("7", "8"), why="capture", jump=True),
    _step("big", 14, ("big_cup",), play=True, marks=("7",), why="capture", jump=True),
    _step("feed", 26, ("feeding", "empty_cup"), play=True, marks=("6",), jump=True),
    _step("slam", 46, ("grand_slam",), play=True, marks=("6", "7"), jump=True),
    _step("end", 62, ("end",), play=True, jump=True),
    _step("result", 63, ("winner",), marks=("store-south", "store-north")),
    _step("more", 63, ("repetition", "resign")),
    _step("finish", 63, ("options",)),
), RULES)


def compare(state: State, move: str, expected: str) -> dict[str, Any]:
    """What sowing ``move`` and the coach's ``expected`` cup do: seeds and captures."""
    board = tuple(state.board)  # type: ignore[attr-defined]
    facts: dict[str, Any] = {}
    for key, cup in (("move", move), ("expected", expected)):
        _, captured = sow_and_capture(board, int(cup) - 1)
        facts[key] = {"cup": cup, "seeds": board[int(cup) - 1], "captures": captured}
    return facts


#: the codes of :func:`refusal` (the page words each: ``learn_wari.refused.<code>``)
REFUSALS = ("not_own", "empty", "feed", "slam")


def refusal(state: State, move: str) -> dict[str, Any]:
    """Why the engine refuses ``move`` here, as a code for the page to word (nothing for
    a move that is no cup number: the engine's own reason says it)."""
    board = tuple(state.board)  # type: ignore[attr-defined]
    mover = state.to_move
    if not (move.isascii() and move.isdigit()) or not 1 <= int(move) <= 12 or mover is None:
        return {}
    cup = int(move) - 1
    legal = ", ".join(state.legal_moves())
    facts: dict[str, Any] = {"cup": move, "moves": legal}
    if (cup < 6) != (mover == 0):
        return {**facts, "code": "not_own"}
    if not board[cup]:
        return {**facts, "code": "empty"}
    opponent = board[6:] if mover == 0 else board[:6]
    if not any(opponent):
        return {**facts, "code": "feed"}
    return {**facts, "code": "slam"}


def hint_facts(state: State, hint: Mapping[str, Any]) -> dict[str, Any]:
    """A hint in facts: the cup, its seeds, what it captures now, and what the search
    expects: the seeds this side gains from the board from now on (more than the
    opponent's), or with the endgame database the final result with perfect play."""
    move = hint["move"]
    board = tuple(state.board)  # type: ignore[attr-defined]
    _, captured = sow_and_capture(board, int(move) - 1)
    facts: dict[str, Any] = {"kind": "sow", "cup": move, "seeds": board[int(move) - 1],
                             "captures": captured}
    value = hint.get("value")
    if value is None:
        return facts
    reason = str(hint.get("reason", ""))
    mover = state.to_move or 0
    if "perfect play" in reason:   # the endgame database: the final result is known
        stores = state.stores  # type: ignore[attr-defined]
        final = stores[mover] - stores[1 - mover] + round(value)
        facts.update(result="win" if final > 0 else "loss" if final < 0 else "draw",
                     by=abs(final), exact="exact" in reason)
    else:
        facts["gain"] = round(value)
    return facts


def position_advice(state: State) -> dict[str, Any]:
    """What the page shows while the seat to move chooses: for every cup it may sow, the cup
    its last seed falls in and the seeds it captures (a first tap says it); for every other
    cup why it cannot be sown (a tap on it says it), as :func:`refusal` words it.

    >>> from ludotheek.games.wari.rules import GAME
    >>> advice = position_advice(GAME.new())
    >>> advice["sowing"]["3"], advice["refusals"]["9"]["code"]
    ({'seeds': 4, 'last': '7', 'captures': 0}, 'not_own')
    """
    if state.is_over:
        return {}
    board = tuple(state.board)  # type: ignore[attr-defined]
    abapa = bool(state.abapa)  # type: ignore[attr-defined]
    legal = set(state.legal_moves())
    sowing: dict[str, Any] = {}
    refusals: dict[str, Any] = {}
    for cup in range(12):
        move = str(cup + 1)
        if move in legal:
            _, last = SOW[cup][board[cup]]
            _, captured = sow_and_capture(board, cup, abapa)
            sowing[move] = {"seeds": board[cup], "last": str(last + 1), "captures": captured}
        else:
            refusals[move] = refusal(state, move)
    return {"sowing": sowing, "refusals": refusals}
