"""The move notation of Aqua Romana: one string per decision (docs/rules/aqua-romana.md).

=====================  ==========================================  ==========================
decision               form                                        example
=====================  ==========================================  ==========================
place a builder        ``place KIND Tn``                           ``place curve T5``
build                  ``WORKER Tn KIND SQUARE ROTATION``          ``blue2 T4 curve d2 SE``
move a builder         ``move Tn``                                 ``move T17``
bonus tile             ``bonus KIND SQUARE ROTATION``              ``bonus bridge f5 NS+EW``
close voluntarily      ``close WORKER`` / ``close none``           ``close green3``
pick from the reserve  ``pick KIND`` / ``pick none``               ``pick joker``
=====================  ==========================================  ==========================

>>> from ludotheek.games.aqua_romana.tables import TABLES
>>> format_move(TABLES[2], (BUILD, 1, 3, CURVE, CODE_BY_NAME[(CURVE, "SE")], 14))
'blue2 T4 curve d2 SE'
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ludotheek.core.errors import IllegalMove
from ludotheek.games.aqua_romana.geometry import (
    CODE_BY_NAME,
    CURVE,
    JOKER,
    KIND_BY_NAME,
    KIND_NAMES,
    ROTATIONS,
    SIDE_LETTERS,
    SIGHT,
    TILE_KINDS,
    TILES,
    parse_space,
    parse_square,
    space_name,
    square_name,
)
from ludotheek.games.aqua_romana.site import OPEN, RESERVOIR, RETIRED, Refusal
from ludotheek.games.aqua_romana.tables import Table

if TYPE_CHECKING:
    from ludotheek.games.aqua_romana.rules import AquaState, Move

PLACE, BUILD, MOVE, BONUS, CLOSE, PICK = range(6)

FORMS = {
    PLACE: "place KIND Tn",
    BUILD: "WORKER Tn KIND SQUARE ROTATION",
    MOVE: "move Tn",
    BONUS: "bonus KIND SQUARE ROTATION",
    CLOSE: "close WORKER or close none",
    PICK: "pick KIND or pick none",
}
#: the move types each step of a turn takes
STEP_MOVES = {
    "setup": (PLACE,), "place": (PLACE,), "place_now": (PLACE,), "build": (BUILD, MOVE),
    "bonus": (BONUS,), "close": (CLOSE,), "pick": (PICK,), "over": (),
}


def format_move(table: Table, mv: Move) -> str:
    t = mv[0]
    if t == PLACE:
        return f"place {KIND_NAMES[mv[1]]} {space_name(mv[2])}"
    if t == BUILD:
        _, w, idx, kind, code, sq = mv
        return (f"{table.names[w]} {space_name(idx)} {KIND_NAMES[kind]} {square_name(sq)} "
                f"{TILES[code].rotation}")
    if t == MOVE:
        return f"move {space_name(mv[1])}"
    if t == BONUS:
        _, kind, sq, code = mv
        return f"bonus {KIND_NAMES[kind]} {square_name(sq)} {TILES[code].rotation}"
    if t == CLOSE:
        return "close none" if mv[1] < 0 else f"close {table.names[mv[1]]}"
    return "pick none" if mv[1] < 0 else f"pick {KIND_NAMES[mv[1]]}"


# --- reading --------------------------------------------------------------------------
def _kind(text: str, tile: bool) -> int:
    kind = KIND_BY_NAME.get(text)
    if kind is None:
        allowed = ", ".join(KIND_NAMES[k] for k in TILE_KINDS) + ("" if tile else ", joker")
        raise IllegalMove(f"{text!r} is not a kind; the kinds are {allowed}")
    if tile and kind == JOKER:
        raise IllegalMove("the joker is a master builder, not a tile: name the kind of tile "
                          "(straight, curve, double or bridge)")
    return kind


def _space(text: str) -> int:
    idx = parse_space(text)
    if idx is None:
        raise IllegalMove(f"{text!r} is not a track space; the spaces are T1-T38")
    return idx


def _square(text: str) -> int:
    sq = parse_square(text)
    if sq is None:
        raise IllegalMove(f"{text!r} is not a square of the site; the squares are a1-k8 "
                          "(columns a-k, rows 1-8)")
    return sq


def _rotation(kind: int, text: str) -> int:
    code = CODE_BY_NAME.get((kind, text))
    if code is not None:
        return code
    allowed = ROTATIONS[kind]
    wanted = _sides_of(text)
    for rot in allowed:
        if wanted is not None and _sides_of(rot) == wanted:
            raise IllegalMove(f"write the {KIND_NAMES[kind]} rotation as {rot}, not {text!r}")
    raise IllegalMove(f"{text!r} is not a rotation of a {KIND_NAMES[kind]}; "
                      f"the rotations are {', '.join(allowed)}")


def _sides_of(text: str) -> frozenset[frozenset[str]] | None:
    parts = text.upper().split("+")
    if not all(len(p) == 2 and set(p) <= set(SIDE_LETTERS) and p[0] != p[1] for p in parts):
        return None
    return frozenset(frozenset(p) for p in parts)


def _worker(table: Table, text: str) -> int:
    w = table.name_to_worker.get(text)
    if w is None:
        raise IllegalMove(f"there is no worker {text!r}; the workers are "
                          f"{', '.join(table.names)}")
    return w


def parse_move(state: AquaState, text: object) -> Move:
    """Read a move written in the notation; :class:`IllegalMove` says what is wrong with it."""
    if not isinstance(text, str):
        raise IllegalMove(f"a move is text, not {text!r}")
    if state.to_move is None:
        raise IllegalMove("the game is over")
    words = text.split(" ")
    if not text.strip():
        raise IllegalMove(f"empty move; {_expected(state)}")
    if any(not w for w in words):
        raise IllegalMove(f"{text!r}: separate the words of a move by single spaces")
    head, n = words[0], len(words)
    table = state.table
    if head == "place":
        _arity(text, n, 3, PLACE)
        return (PLACE, _kind(words[1], tile=False), _space(words[2]))
    if head == "move":
        _arity(text, n, 2, MOVE)
        return (MOVE, _space(words[1]))
    if head == "bonus":
        _arity(text, n, 4, BONUS)
        kind = _kind(words[1], tile=True)
        sq = _square(words[2])
        return (BONUS, kind, sq, _rotation(kind, words[3]))
    if head == "close":
        _arity(text, n, 2, CLOSE)
        return (CLOSE, -1 if words[1] == "none" else _worker(table, words[1]))
    if head == "pick":
        _arity(text, n, 2, PICK)
        return (PICK, -1 if words[1] == "none" else _kind(words[1], tile=False))
    if head in table.name_to_worker:
        _arity(text, n, 5, BUILD)
        w = table.name_to_worker[head]
        idx = _space(words[1])
        kind = _kind(words[2], tile=True)
        sq = _square(words[3])
        return (BUILD, w, idx, kind, _rotation(kind, words[4]), sq)
    if n == 5:  # the form of a build, with a worker that does not exist
        _worker(table, head)
    raise IllegalMove(f"{text!r} is not a move; {_expected(state)}")


def _arity(text: str, n: int, want: int, kind: int) -> None:
    if n != want:
        raise IllegalMove(f"{text!r}: this move is written {FORMS[kind]} ({want} words)")


def _expected(state: AquaState) -> str:
    seat = state.to_move
    assert seat is not None
    name = state.table.seat_name(seat)
    step = state.phase
    if step == "build" and state.legal()[0][0] == MOVE:
        return f"{name} cannot build and moves a builder: move Tn"
    what = {
        "setup": "places a master builder",
        "place": "first places the reserve builder picked: ",
        "place_now": "has no worker left and places the picked builder at once: ",
        "build": "builds",
        "bonus": "lays a bonus tile",
        "close": "may close an own aqueduct",
        "pick": "may pick a master builder from the reserve",
    }[step].rstrip(": ")
    return f"{name} {what}: {FORMS[STEP_MOVES[step][0]]}"


# --- explaining why a well-formed move is not legal -------------------------------------
def explain_illegal(state: AquaState, mv: Move) -> str:
    """Say exactly why ``mv`` (well formed) is not legal in ``state``."""
    if state.to_move is None:
        return "the game is over"
    t = mv[0]
    if t not in STEP_MOVES[state.phase]:
        return f"{format_move(state.table, mv)!r} is not a move for now: {_expected(state)}"
    reason = _EXPLAIN[t](state, mv)
    return f"{format_move(state.table, mv)!r}: {reason}"


def _kinds_text(kinds: tuple[int, ...] | list[int]) -> str:
    return ", ".join(KIND_NAMES[k] for k in kinds) or "none"


def _explain_place(state: AquaState, mv: Move) -> str:
    _, kind, idx = mv
    seat = state.to_move
    assert seat is not None
    if state.phase == "setup":
        if kind == JOKER:
            return "the joker starts in the reserve; the setup places the other builders"
        if not state.setup_left[kind]:
            left = [k for k in TILE_KINDS if state.setup_left[k]]
            return f"all three {KIND_NAMES[kind]} builders are placed (left: {_kinds_text(left)})"
    elif kind not in state.held[seat]:
        return (f"{state.table.seat_name(seat)} holds no {KIND_NAMES[kind]} builder (holds: "
                f"{_kinds_text(sorted(state.held[seat]))})")
    if state.track[idx] >= 0:
        return f"{space_name(idx)} is taken by a {KIND_NAMES[state.track[idx]]} builder"
    return "not a legal placement"  # pragma: no cover


def _explain_build(state: AquaState, mv: Move) -> str:
    _, w, idx, kind, code, sq = mv
    table = state.table
    name = table.names[w]
    seat = table.seat_of[w]
    if seat != state.current:
        return (f"{name} belongs to {table.seat_name(seat)}; it is "
                f"{table.seat_name(state.current)}'s turn")
    if state.wstate[w] != OPEN:
        if state.wstate[w] == RETIRED:
            return f"{name} has retired (its aqueduct is closed)"
        return f"{name}'s aqueduct is closed"
    end = state.ends[w]
    if state.track[idx] < 0:
        return f"there is no master builder on {space_name(idx)}"
    if idx not in SIGHT[end]:
        seen = ", ".join(space_name(i) for i in SIGHT[end])
        return (f"the builder on {space_name(idx)} is not in sight of {name}, which stands on "
                f"{square_name(end)} and sees {seen}")
    builder = state.track[idx]
    if state.supply[kind] == 0:
        return f"no {KIND_NAMES[kind]} tiles are left"
    if kind not in state.kinds_for(builder):
        return (f"the {KIND_NAMES[builder]} builder on {space_name(idx)} builds only "
                f"{KIND_NAMES[builder]} tiles while they last")
    front = state.front(w)
    if sq != front:
        return f"{name}'s tile goes on {square_name(front)}, the square in front of it"
    enter = (state.sides[w] + 2) % 4
    if TILES[code].channel_at[enter] < 0:
        return (f"a {KIND_NAMES[kind]} {TILES[code].rotation} on {square_name(sq)} does not "
                f"continue {name}'s aqueduct, which enters {square_name(sq)} from the "
                f"{SIDE_LETTERS[enter]}")
    result = state.trial(sq, code)
    if isinstance(result, Refusal):
        return refusal_text(table, result)
    return "not a legal build"  # pragma: no cover


def refusal_text(table: Table, r: Refusal) -> str:
    who = table.names[r.worker]
    if r.outlet >= 0:
        return (f"the tile would lead {who}'s water into the outlet of {table.names[r.outlet]} "
                f"on {square_name(r.square)}: two aqueducts may not be joined")
    if r.other == r.worker:
        return (f"the tile would join {who}'s aqueduct to itself on {square_name(r.square)}: "
                "an aqueduct may not be joined")
    return (f"the tile would join {who}'s aqueduct to {table.names[r.other]}'s on "
            f"{square_name(r.square)}: two aqueducts may not be joined")


def _explain_move(state: AquaState, mv: Move) -> str:
    if state.legal()[0][0] == BUILD:
        return ("a builder is moved only when no worker can build; "
                f"{state.table.seat_name(state.current)} can build")
    return f"there is no master builder on {space_name(mv[1])}"


def _explain_bonus(state: AquaState, mv: Move) -> str:
    _, kind, sq, _code = mv
    kinds = state.bonus_kinds()
    if kind not in kinds:
        if state.supply[kind] == 0:
            return f"no {KIND_NAMES[kind]} tiles are left"
        return (f"the bonus tile is of the builder's kind: {_kinds_text(kinds)}")
    t = state.tiles[sq]
    if t == RESERVOIR:
        return f"{square_name(sq)} is part of a reservoir"
    if t >= 0:
        return f"{square_name(sq)} already holds a tile"
    if sq in state.table.outlet_fronts:
        return f"a bonus tile may not lie in front of a reservoir outlet ({square_name(sq)})"
    facing = [state.table.names[w] for w in range(len(state.wstate))
              if state.wstate[w] == OPEN and state.front(w) == sq]
    if facing:
        return (f"a bonus tile may not lie in front of an open aqueduct end "
                f"({', '.join(facing)} faces {square_name(sq)})")
    return "not a legal bonus tile"  # pragma: no cover


def _explain_close(state: AquaState, mv: Move) -> str:
    w = mv[1]
    table = state.table
    if table.seat_of[w] != state.current:
        return (f"{table.names[w]}'s aqueduct belongs to {table.seat_name(table.seat_of[w])}; "
                "a player closes only their own")
    return f"{table.names[w]}'s aqueduct is already closed"


def _explain_pick(state: AquaState, mv: Move) -> str:
    return (f"the reserve has no {KIND_NAMES[mv[1]]} builder (it holds: "
            f"{_kinds_text(state.reserve)})")


_EXPLAIN = {
    PLACE: _explain_place,
    BUILD: _explain_build,
    MOVE: _explain_move,
    BONUS: _explain_bonus,
    CLOSE: _explain_close,
    PICK: _explain_pick,
}


# --- describing ----------------------------------------------------------------------------
def describe(state: AquaState, move: str, lang: str = "en") -> str:
    """A sentence saying what ``move`` does here (for logs)."""
    mv = parse_move(state, move)
    table = state.table
    seat = state.to_move
    assert seat is not None
    who = table.seat_name(seat, lang)
    t = mv[0]
    nl = lang == "nl"
    if t == PLACE:
        return (f"{who} zet een {KIND_NAMES[mv[1]]}-bouwmeester op {space_name(mv[2])}." if nl
                else f"{who} places a {KIND_NAMES[mv[1]]} builder on {space_name(mv[2])}.")
    if t == BUILD:
        _, w, idx, kind, code, sq = mv
        rot = TILES[code].rotation
        if nl:
            return (f"{who}: {table.names[w]} legt met de bouwmeester op {space_name(idx)} een "
                    f"{KIND_NAMES[kind]} {rot} op {square_name(sq)}.")
        return (f"{who}: {table.names[w]} lays a {KIND_NAMES[kind]} {rot} on {square_name(sq)} "
                f"with the builder on {space_name(idx)}.")
    if t == MOVE:
        return (f"{who} kan niet bouwen en verzet de bouwmeester op {space_name(mv[1])}." if nl
                else f"{who} cannot build and moves the builder on {space_name(mv[1])} on.")
    if t == BONUS:
        _, kind, sq, code = mv
        rot = TILES[code].rotation
        return (f"{who} legt een bonustegel {KIND_NAMES[kind]} {rot} op {square_name(sq)}."
                if nl else
                f"{who} lays a bonus tile {KIND_NAMES[kind]} {rot} on {square_name(sq)}.")
    if t == CLOSE:
        if mv[1] < 0:
            return f"{who} sluit geen aquaduct." if nl else f"{who} closes no aqueduct."
        name = table.names[mv[1]]
        return (f"{who} sluit het aquaduct van {name}." if nl
                else f"{who} closes {name}'s aqueduct.")
    if mv[1] < 0:
        return (f"{who} neemt geen bouwmeester uit de reserve." if nl
                else f"{who} takes no builder from the reserve.")
    return (f"{who} neemt de {KIND_NAMES[mv[1]]}-bouwmeester uit de reserve." if nl
            else f"{who} takes the {KIND_NAMES[mv[1]]} builder from the reserve.")


__all__ = ["CURVE", "describe", "explain_illegal", "format_move", "parse_move"]
