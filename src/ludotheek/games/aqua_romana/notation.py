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

from collections.abc import Callable
from typing import TYPE_CHECKING

from ludotheek.core.errors import IllegalMove, quoted
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
        raise IllegalMove(f"{text!r} is not a kind; the kinds are {allowed}",
                          code="aqua_romana.no_kind", text=quoted(text), kinds=allowed)
    if tile and kind == JOKER:
        raise IllegalMove("the joker is a master builder, not a tile: name the kind of tile "
                          "(straight, curve, double or bridge)", code="aqua_romana.joker_tile")
    return kind


def _space(text: str) -> int:
    idx = parse_space(text)
    if idx is None:
        raise IllegalMove(f"{text!r} is not a track space; the spaces are T1-T38",
                          code="aqua_romana.no_space", text=quoted(text))
    return idx


def _square(text: str) -> int:
    sq = parse_square(text)
    if sq is None:
        raise IllegalMove(f"{text!r} is not a square of the site; the squares are a1-k8 "
                          "(columns a-k, rows 1-8)", code="aqua_romana.no_square",
                          text=quoted(text))
    return sq


def _rotation(kind: int, text: str) -> int:
    code = CODE_BY_NAME.get((kind, text))
    if code is not None:
        return code
    allowed = ROTATIONS[kind]
    wanted = _sides_of(text)
    for rot in allowed:
        if wanted is not None and _sides_of(rot) == wanted:
            raise IllegalMove(f"write the {KIND_NAMES[kind]} rotation as {rot}, not {text!r}",
                              code="aqua_romana.rotation_spelling", kind=KIND_NAMES[kind],
                              rotation=rot, text=quoted(text))
    raise IllegalMove(f"{text!r} is not a rotation of a {KIND_NAMES[kind]}; "
                      f"the rotations are {', '.join(allowed)}", code="aqua_romana.no_rotation",
                      text=quoted(text), kind=KIND_NAMES[kind], rotations=", ".join(allowed))


def _sides_of(text: str) -> frozenset[frozenset[str]] | None:
    parts = text.upper().split("+")
    if not all(len(p) == 2 and set(p) <= set(SIDE_LETTERS) and p[0] != p[1] for p in parts):
        return None
    return frozenset(frozenset(p) for p in parts)


def _worker(table: Table, text: str) -> int:
    w = table.name_to_worker.get(text)
    if w is None:
        raise IllegalMove(f"there is no worker {text!r}; the workers are "
                          f"{', '.join(table.names)}", code="aqua_romana.no_worker",
                          text=quoted(text), workers=", ".join(table.names))
    return w


def parse_move(state: AquaState, text: object) -> Move:
    """Read a move written in the notation; :class:`IllegalMove` says what is wrong with it."""
    if not isinstance(text, str):
        raise IllegalMove(f"a move is text, not {text!r}", code="aqua_romana.not_text")
    if state.to_move is None:
        raise IllegalMove("the game is over", code="move.game_over")
    words = text.split(" ")
    if not text.strip():
        expected = _expected(state)
        raise IllegalMove(f"empty move; {expected}", code="aqua_romana.empty", expected=expected)
    if any(not w for w in words):
        raise IllegalMove(f"{text!r}: separate the words of a move by single spaces",
                          code="aqua_romana.spaces", text=quoted(text))
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
    expected = _expected(state)
    raise IllegalMove(f"{text!r} is not a move; {expected}", code="aqua_romana.not_a_move",
                      text=quoted(text), expected=expected)


def _arity(text: str, n: int, want: int, kind: int) -> None:
    if n != want:
        raise IllegalMove(f"{text!r}: this move is written {FORMS[kind]} ({want} words)",
                          code="aqua_romana.words", text=quoted(text), form=FORMS[kind],
                          words=want)


def _expected(state: AquaState) -> IllegalMove:
    """What the player to move does now, as a part of an error (its ``expected``)."""
    seat = state.to_move
    assert seat is not None
    name = state.table.seat_name(seat)
    step = state.phase
    if step == "build" and state.legal()[0][0] == MOVE:
        return IllegalMove(f"{name} cannot build and moves a builder: move Tn",
                           code="aqua_romana.expect_move", seat=seat)
    form = FORMS[STEP_MOVES[step][0]]
    return _EXPECT[step](f"{name} ", seat, form)


#: what the player does in each step, as an error's part (its name, seat and the form)
_EXPECT: dict[str, Callable[[str, int, str], IllegalMove]] = {
    "setup": lambda who, seat, form: IllegalMove(
        f"{who}places a master builder: {form}", code="aqua_romana.expect_setup", seat=seat,
        form=form),
    "place": lambda who, seat, form: IllegalMove(
        f"{who}first places the reserve builder picked: {form}",
        code="aqua_romana.expect_place", seat=seat, form=form),
    "place_now": lambda who, seat, form: IllegalMove(
        f"{who}has no worker left and places the picked builder at once: {form}",
        code="aqua_romana.expect_place_now", seat=seat, form=form),
    "build": lambda who, seat, form: IllegalMove(
        f"{who}builds: {form}", code="aqua_romana.expect_build", seat=seat, form=form),
    "bonus": lambda who, seat, form: IllegalMove(
        f"{who}lays a bonus tile: {form}", code="aqua_romana.expect_bonus", seat=seat,
        form=form),
    "close": lambda who, seat, form: IllegalMove(
        f"{who}may close an own aqueduct: {form}", code="aqua_romana.expect_close", seat=seat,
        form=form),
    "pick": lambda who, seat, form: IllegalMove(
        f"{who}may pick a master builder from the reserve: {form}",
        code="aqua_romana.expect_pick", seat=seat, form=form),
}


# --- explaining why a well-formed move is not legal -------------------------------------
def explain_illegal(state: AquaState, mv: Move) -> str:
    """Say exactly why ``mv`` (well formed) is not legal in ``state``."""
    return str(illegal_error(state, mv))


def illegal_error(state: AquaState, mv: Move) -> IllegalMove:
    """:func:`explain_illegal` as an error with its code and parameters: the move and, as
    the parameter ``reason``, what is wrong with it (an error of its own)."""
    if state.to_move is None:
        return IllegalMove("the game is over", code="move.game_over")
    t = mv[0]
    written = format_move(state.table, mv)
    if t not in STEP_MOVES[state.phase]:
        expected = _expected(state)
        return IllegalMove(f"{written!r} is not a move for now: {expected}",
                           code="aqua_romana.not_now", move=written, expected=expected)
    reason = _EXPLAIN[t](state, mv)
    return IllegalMove(f"{written!r}: {reason}", code="aqua_romana.refused", move=written,
                       reason=reason)


def _kinds_text(kinds: tuple[int, ...] | list[int]) -> str:
    return ", ".join(KIND_NAMES[k] for k in kinds) or "none"


def _kinds(kinds: tuple[int, ...] | list[int]) -> list[str]:
    """Kinds as a parameter: their words (a page translates them)."""
    return [KIND_NAMES[k] for k in kinds]


def _no_tiles(kind: int) -> IllegalMove:
    return IllegalMove(f"no {KIND_NAMES[kind]} tiles are left", code="aqua_romana.no_tiles",
                       kind=KIND_NAMES[kind])


def _explain_place(state: AquaState, mv: Move) -> IllegalMove:
    _, kind, idx = mv
    seat = state.to_move
    assert seat is not None
    if state.phase == "setup":
        if kind == JOKER:
            return IllegalMove("the joker starts in the reserve; the setup places the other "
                               "builders", code="aqua_romana.joker_setup")
        if not state.setup_left[kind]:
            left = [k for k in TILE_KINDS if state.setup_left[k]]
            return IllegalMove(f"all three {KIND_NAMES[kind]} builders are placed (left: "
                               f"{_kinds_text(left)})", code="aqua_romana.all_placed",
                               kind=KIND_NAMES[kind], left=_kinds(left))
    elif kind not in state.held[seat]:
        held = sorted(state.held[seat])
        return IllegalMove(f"{state.table.seat_name(seat)} holds no {KIND_NAMES[kind]} builder "
                           f"(holds: {_kinds_text(held)})", code="aqua_romana.not_held",
                           seat=seat, kind=KIND_NAMES[kind], held=_kinds(held))
    if state.track[idx] >= 0:
        return IllegalMove(f"{space_name(idx)} is taken by a {KIND_NAMES[state.track[idx]]} "
                           "builder", code="aqua_romana.space_taken", space=space_name(idx),
                           kind=KIND_NAMES[state.track[idx]])
    return IllegalMove("not a legal placement", code="aqua_romana.bad_place")  # pragma: no cover


def _explain_build(state: AquaState, mv: Move) -> IllegalMove:
    _, w, idx, kind, code, sq = mv
    table = state.table
    name = table.names[w]
    seat = table.seat_of[w]
    if seat != state.current:
        return IllegalMove(f"{name} belongs to {table.seat_name(seat)}; it is "
                           f"{table.seat_name(state.current)}'s turn",
                           code="aqua_romana.not_your_worker", worker=name, owner_seat=seat,
                           seat=state.current)
    if state.wstate[w] != OPEN:
        if state.wstate[w] == RETIRED:
            return IllegalMove(f"{name} has retired (its aqueduct is closed)",
                               code="aqua_romana.retired", worker=name)
        return IllegalMove(f"{name}'s aqueduct is closed", code="aqua_romana.closed",
                           worker=name)
    end = state.ends[w]
    if state.track[idx] < 0:
        return IllegalMove(f"there is no master builder on {space_name(idx)}",
                           code="aqua_romana.no_builder", space=space_name(idx))
    if idx not in SIGHT[end]:
        seen = ", ".join(space_name(i) for i in SIGHT[end])
        return IllegalMove(f"the builder on {space_name(idx)} is not in sight of {name}, which "
                           f"stands on {square_name(end)} and sees {seen}",
                           code="aqua_romana.not_in_sight", space=space_name(idx), worker=name,
                           square=square_name(end), seen=seen)
    builder = state.track[idx]
    if state.supply[kind] == 0:
        return _no_tiles(kind)
    if kind not in state.kinds_for(builder):
        return IllegalMove(f"the {KIND_NAMES[builder]} builder on {space_name(idx)} builds only "
                           f"{KIND_NAMES[builder]} tiles while they last",
                           code="aqua_romana.builder_kind", kind=KIND_NAMES[builder],
                           space=space_name(idx))
    front = state.front(w)
    if sq != front:
        return IllegalMove(f"{name}'s tile goes on {square_name(front)}, the square in front of "
                           "it", code="aqua_romana.not_in_front", worker=name,
                           square=square_name(front))
    enter = (state.sides[w] + 2) % 4
    if TILES[code].channel_at[enter] < 0:
        return IllegalMove(f"a {KIND_NAMES[kind]} {TILES[code].rotation} on {square_name(sq)} "
                           f"does not continue {name}'s aqueduct, which enters {square_name(sq)} "
                           f"from the {SIDE_LETTERS[enter]}", code="aqua_romana.not_continued",
                           kind=KIND_NAMES[kind], rotation=TILES[code].rotation,
                           square=square_name(sq), worker=name, side=SIDE_LETTERS[enter])
    result = state.trial(sq, code)
    if isinstance(result, Refusal):
        return refusal_error(table, result)
    return IllegalMove("not a legal build", code="aqua_romana.bad_build")  # pragma: no cover


def refusal_text(table: Table, r: Refusal) -> str:
    return str(refusal_error(table, r))


def refusal_error(table: Table, r: Refusal) -> IllegalMove:
    """Why a tile may not be laid (:class:`Refusal`), as an error."""
    who = table.names[r.worker]
    square = square_name(r.square)
    if r.outlet >= 0:
        return IllegalMove(f"the tile would lead {who}'s water into the outlet of "
                           f"{table.names[r.outlet]} on {square}: two aqueducts may not be "
                           "joined", code="aqua_romana.into_outlet", worker=who,
                           other=table.names[r.outlet], square=square)
    if r.other == r.worker:
        return IllegalMove(f"the tile would join {who}'s aqueduct to itself on {square}: "
                           "an aqueduct may not be joined", code="aqua_romana.join_itself",
                           worker=who, square=square)
    return IllegalMove(f"the tile would join {who}'s aqueduct to {table.names[r.other]}'s on "
                       f"{square}: two aqueducts may not be joined", code="aqua_romana.join",
                       worker=who, other=table.names[r.other], square=square)


def _explain_move(state: AquaState, mv: Move) -> IllegalMove:
    if state.legal()[0][0] == BUILD:
        return IllegalMove("a builder is moved only when no worker can build; "
                           f"{state.table.seat_name(state.current)} can build",
                           code="aqua_romana.can_build", seat=state.current)
    return IllegalMove(f"there is no master builder on {space_name(mv[1])}",
                       code="aqua_romana.no_builder", space=space_name(mv[1]))


def _explain_bonus(state: AquaState, mv: Move) -> IllegalMove:
    _, kind, sq, _code = mv
    kinds = state.bonus_kinds()
    square = square_name(sq)
    if kind not in kinds:
        if state.supply[kind] == 0:
            return _no_tiles(kind)
        return IllegalMove(f"the bonus tile is of the builder's kind: {_kinds_text(kinds)}",
                           code="aqua_romana.bonus_kind", kinds=_kinds(kinds))
    t = state.tiles[sq]
    if t == RESERVOIR:
        return IllegalMove(f"{square} is part of a reservoir", code="aqua_romana.reservoir",
                           square=square)
    if t >= 0:
        return IllegalMove(f"{square} already holds a tile", code="aqua_romana.square_taken",
                           square=square)
    if sq in state.table.outlet_fronts:
        return IllegalMove(f"a bonus tile may not lie in front of a reservoir outlet ({square})",
                           code="aqua_romana.before_outlet", square=square)
    facing = [state.table.names[w] for w in range(len(state.wstate))
              if state.wstate[w] == OPEN and state.front(w) == sq]
    if facing:
        return IllegalMove(f"a bonus tile may not lie in front of an open aqueduct end "
                           f"({', '.join(facing)} faces {square})",
                           code="aqua_romana.before_aqueduct", workers=", ".join(facing),
                           square=square)
    return IllegalMove("not a legal bonus tile", code="aqua_romana.bad_bonus")  # pragma: no cover


def _explain_close(state: AquaState, mv: Move) -> IllegalMove:
    w = mv[1]
    table = state.table
    if table.seat_of[w] != state.current:
        return IllegalMove(f"{table.names[w]}'s aqueduct belongs to "
                           f"{table.seat_name(table.seat_of[w])}; a player closes only their own",
                           code="aqua_romana.close_other", worker=table.names[w],
                           seat=table.seat_of[w])
    return IllegalMove(f"{table.names[w]}'s aqueduct is already closed",
                       code="aqua_romana.already_closed", worker=table.names[w])


def _explain_pick(state: AquaState, mv: Move) -> IllegalMove:
    return IllegalMove(f"the reserve has no {KIND_NAMES[mv[1]]} builder (it holds: "
                       f"{_kinds_text(state.reserve)})", code="aqua_romana.not_in_reserve",
                       kind=KIND_NAMES[mv[1]], held=_kinds(state.reserve))


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


__all__ = ["CURVE", "describe", "explain_illegal", "format_move", "illegal_error", "parse_move"]
