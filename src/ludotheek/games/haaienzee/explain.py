"""Reading a typed move against a position, and saying exactly why it is not allowed.

``read_move`` is what ``play`` falls back on when the text is not one of the
canonical legal moves: it accepts the lenient spellings of the notation and
otherwise raises :class:`IllegalMove` with the reason.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ludotheek.core.errors import IllegalMove
from ludotheek.games.haaienzee import engine as E
from ludotheek.games.haaienzee.board import DIRECTIONS
from ludotheek.games.haaienzee.engine import COLOUR_NAMES, Place, Swim
from ludotheek.games.haaienzee.notation import (
    TurnWords,
    format_swim,
    parse_setup,
    parse_turn,
    split_shark,
)

if TYPE_CHECKING:
    from ludotheek.games.haaienzee.rules import HaaienzeeState

SEATS = ("Yellow", "Red")


def shark_name(index: int) -> str:
    """``Yellow shark 2 (Y2)``."""
    return f"{SEATS[index // 3]} shark {index % 3 + 1} ({E.shark_id(index)})"


def _or_list(words: list[str]) -> str:
    if len(words) <= 1:
        return "".join(words)
    return ", ".join(words[:-1]) + " or " + words[-1]


def read_move(state: HaaienzeeState, text: str) -> Place | Swim:
    """The move ``text`` means here, or :class:`IllegalMove` saying why it is not allowed.

    The errors' parameters name sharks by their id (``shark``: ``Y2``) and fish colours by
    their word (``white``, ``grey``, ``brown``); an error about where a shark can go carries
    what it can do as the parameter ``can``, an error of its own.
    """
    if state.phase == "over":
        raise IllegalMove("the game is over", code="move.game_over")
    i = state.shark_to_move
    assert i is not None
    who, rest = split_shark(text)
    if who is not None:
        named = E.shark_index(*who)
        if named != i:
            raise IllegalMove(
                f"it is {shark_name(i)}'s turn, not {shark_name(named)}'s",
                code="haaienzee.not_this_shark", shark=E.shark_id(i), named=E.shark_id(named))
    if state.phase == "setup":
        place = parse_setup(state.board, rest)
        why = place_error(state, place)
        if why:
            raise why
        return place
    swim = _to_swim(state, parse_turn(state.board, rest))
    legal = state.legal_table()
    if legal.get(format_swim(state.board, swim)) == swim:
        return swim
    raise swim_error(state, swim)


def why_not_place(state: HaaienzeeState, move: Place) -> str | None:
    """Why ``move`` cannot be the next setup move; ``None`` if it can."""
    error = place_error(state, move)
    return None if error is None else str(error)


def place_error(state: HaaienzeeState, move: Place) -> IllegalMove | None:
    """:func:`why_not_place` as an error with its code and parameters."""
    b = state.board
    i = state.shark_to_move
    assert i is not None
    name = b.names[move.hex]
    if state.fish[move.hex]:
        colour = COLOUR_NAMES[state.fish[move.hex]]
        return IllegalMove(f"hex {name} holds a {colour} fish; a shark starts on an empty hex",
                           code="haaienzee.place_on_fish", hex=name, colour=colour)
    for j, other in enumerate(state.sharks):
        if other.hex == move.hex:
            return IllegalMove(f"hex {name} is taken by {shark_name(j)}; a shark starts on an "
                               "empty hex", code="haaienzee.place_taken", hex=name,
                               shark=E.shark_id(j))
    seat = i // 3
    free = state.free_colours(seat)
    if move.colour not in free:
        owner = next(j for j in range(seat * 3, seat * 3 + 3)
                     if state.sharks[j].hex >= 0 and state.sharks[j].prey == move.colour)
        return IllegalMove(
            f"{shark_name(owner)} already hunts {COLOUR_NAMES[move.colour]}: "
            f"{SEATS[seat]}'s three sharks start on white, grey and brown, one each "
            f"(still free: {_or_list([COLOUR_NAMES[c] for c in free])})",
            code="haaienzee.colour_used", shark=E.shark_id(owner),
            colour=COLOUR_NAMES[move.colour], seat=seat, free=[COLOUR_NAMES[c] for c in free])
    return None


def _to_swim(state: HaaienzeeState, words: TurnWords) -> Swim:
    """The :class:`Swim` typed, checking the prey word and a facing named instead of L/R."""
    i = state.shark_to_move
    assert i is not None
    shark = state.sharks[i]
    who = shark_name(i)
    sid = E.shark_id(i)
    prey = E.KEEP
    if words.prey == E.EMPTY:
        if not shark.prey:
            raise IllegalMove(f"{who} is already empty; it can get a new prey (a colour word) "
                              "or stay empty", code="haaienzee.already_empty", shark=sid)
        prey = E.TAKE_OUT
    elif words.prey is not None:
        c = words.prey
        if shark.prey == c:
            raise IllegalMove(f"{who} already hunts {COLOUR_NAMES[c]}: leave the colour out",
                              code="haaienzee.already_hunts", shark=sid, colour=COLOUR_NAMES[c])
        if shark.prey:
            raise IllegalMove(
                f"{who} hunts {COLOUR_NAMES[shark.prey]}: to hunt {COLOUR_NAMES[c]} take its "
                f"prey out first ('empty ...'), then choose the new colour on a later turn",
                code="haaienzee.prey_first_out", shark=sid, colour=COLOUR_NAMES[shark.prey],
                new=COLOUR_NAMES[c])
        if c == shark.taken:
            others = [COLOUR_NAMES[x] for x in E.FISH_COLOURS if x != c]
            raise IllegalMove(
                f"{COLOUR_NAMES[c]} was taken out of {who}; its new prey must be another "
                f"colour ({_or_list(others)}), or it stays empty",
                code="haaienzee.prey_taken_out", shark=sid, colour=COLOUR_NAMES[c],
                others=others)
        prey = c
    turn = words.turn
    if words.facing is not None:
        diff = (words.facing - shark.facing) % 6
        if diff not in (0, 1, 5):
            left, right = (shark.facing - 1) % 6, (shark.facing + 1) % 6
            raise IllegalMove(
                f"a shark turns at most 60 degrees: {who} faces {DIRECTIONS[shark.facing]}, so it "
                f"can face {DIRECTIONS[left]} ('L') or {DIRECTIONS[right]} ('R'), not "
                f"{DIRECTIONS[words.facing]}", code="haaienzee.turn_too_far", shark=sid,
                facing=DIRECTIONS[shark.facing], left=DIRECTIONS[left],
                right=DIRECTIONS[right], wanted=DIRECTIONS[words.facing])
        turn = {0: E.NO_TURN, 1: E.RIGHT, 5: E.LEFT}[diff]
    return Swim(prey, turn, words.dest)


def why_not_swim(state: HaaienzeeState, move: Swim) -> str:
    """Why the shark to move cannot swim to ``move.dest`` (prey and turn already checked)."""
    return str(swim_error(state, move))


def swim_error(state: HaaienzeeState, move: Swim) -> IllegalMove:
    """:func:`why_not_swim` as an error with its code and parameters."""
    b = state.board
    i = state.shark_to_move
    assert i is not None
    shark = state.sharks[i]
    who = shark_name(i)
    facing = (shark.facing + move.turn) % 6
    where = (f"on {b.names[shark.hex]}, facing {DIRECTIONS[facing]}"
             + (" after the turn" if move.turn else ""))
    at = {"shark": E.shark_id(i), "at": b.names[shark.hex], "facing": DIRECTIONS[facing]}
    can_eat = shark.prey if move.prey == E.KEEP else E.EMPTY
    blocked = {s.hex for j, s in enumerate(state.sharks) if j != i}
    reachable = E.reach(b, state.fish, blocked, shark.hex, facing, can_eat)
    hexes = [b.names[h] for h in reachable]
    can_error = (IllegalMove(f"it can swim to {_or_list(hexes)}, or stay ('-')",
                             code="haaienzee.can_swim", hexes=hexes) if reachable
                 else IllegalMove("it can only stay ('-')", code="haaienzee.can_stay"))
    can = str(can_error)
    ray = []
    h = b.nb[shark.hex][facing]
    while h >= 0:
        ray.append(h)
        h = b.nb[h][facing]
    dest = b.names[move.dest]
    if not ray:
        return IllegalMove(f"{who} ({where}) faces the edge of the sea: it cannot swim, {can}",
                           code="haaienzee.faces_edge", can=can_error, **at)
    if move.dest not in ray:
        return IllegalMove(f"{dest} is not straight ahead of {who} ({where}); {can}",
                           code="haaienzee.not_ahead", hex=dest, can=can_error, **at)
    first = ray[0]
    if first in blocked:
        other = next(j for j, s in enumerate(state.sharks) if s.hex == first)
        return IllegalMove(f"{shark_name(other)} on {b.names[first]} blocks the way of {who} "
                           f"({where})", code="haaienzee.shark_blocks",
                           other=E.shark_id(other), hex=b.names[first], **at)
    colour = state.fish[first]
    fish_there = f"the {COLOUR_NAMES[colour]} fish on {b.names[first]}"
    fish = {"colour": COLOUR_NAMES[colour], "hex": b.names[first], "can": can_error,
            "shark": E.shark_id(i)}
    if colour and colour != can_eat:
        if move.prey == E.TAKE_OUT:
            return IllegalMove(f"a shark cannot eat in the turn its prey is taken out: "
                               f"{fish_there} blocks the way of {who}; {can}",
                               code="haaienzee.no_eat_taking_out", **fish)
        if move.prey != E.KEEP:
            return IllegalMove(f"a shark cannot eat in the turn it gets a new prey: {fish_there} "
                               f"blocks the way of {who}; {can}",
                               code="haaienzee.no_eat_new_prey", **fish)
        if not shark.prey:
            return IllegalMove(f"{who} is empty and cannot eat {fish_there}; {can}",
                               code="haaienzee.empty_cannot_eat", **fish)
        return IllegalMove(f"{fish_there} blocks the way: {who} hunts "
                           f"{COLOUR_NAMES[shark.prey]}; {can}", code="haaienzee.fish_blocks",
                           prey=COLOUR_NAMES[shark.prey], **fish)
    if not colour:
        return IllegalMove(f"after swimming into an empty hex a shark stops: {who} ({where}) can "
                           f"swim to {b.names[first]} only", code="haaienzee.stops_on_empty",
                           hex=b.names[first], **at)
    last = reachable[-1]
    beyond = b.nb[last][facing]
    if beyond in blocked:
        what = f"{b.names[beyond]} holds another shark"
        why = IllegalMove(what, code="haaienzee.beyond_shark", hex=b.names[beyond])
    elif state.fish[beyond]:
        beyond_colour = COLOUR_NAMES[state.fish[beyond]]
        what = f"{b.names[beyond]} holds a {beyond_colour} fish"
        why = IllegalMove(what, code="haaienzee.beyond_fish", hex=b.names[beyond],
                          colour=beyond_colour)
    else:
        what = f"{b.names[beyond]} is empty"
        why = IllegalMove(what, code="haaienzee.beyond_empty", hex=b.names[beyond])
    return IllegalMove(f"the line of {COLOUR_NAMES[can_eat]} fish ahead of {who} ends at "
                       f"{b.names[last]} ({what}): {can}", code="haaienzee.line_ends",
                       colour=COLOUR_NAMES[can_eat], hex=b.names[last], why=why,
                       can=can_error, shark=E.shark_id(i))
