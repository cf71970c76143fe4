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
    """The move ``text`` means here, or :class:`IllegalMove` saying why it is not allowed."""
    if state.phase == "over":
        raise IllegalMove("the game is over")
    i = state.shark_to_move
    assert i is not None
    who, rest = split_shark(text)
    if who is not None:
        named = E.shark_index(*who)
        if named != i:
            raise IllegalMove(
                f"it is {shark_name(i)}'s turn, not {shark_name(named)}'s"
            )
    if state.phase == "setup":
        place = parse_setup(state.board, rest)
        why = why_not_place(state, place)
        if why:
            raise IllegalMove(why)
        return place
    swim = _to_swim(state, parse_turn(state.board, rest))
    legal = state.legal_table()
    if legal.get(format_swim(state.board, swim)) == swim:
        return swim
    raise IllegalMove(why_not_swim(state, swim))


def why_not_place(state: HaaienzeeState, move: Place) -> str | None:
    """Why ``move`` cannot be the next setup move; ``None`` if it can."""
    b = state.board
    i = state.shark_to_move
    assert i is not None
    name = b.names[move.hex]
    if state.fish[move.hex]:
        return (f"hex {name} holds a {COLOUR_NAMES[state.fish[move.hex]]} fish; a shark starts "
                "on an empty hex")
    for j, other in enumerate(state.sharks):
        if other.hex == move.hex:
            return f"hex {name} is taken by {shark_name(j)}; a shark starts on an empty hex"
    seat = i // 3
    free = state.free_colours(seat)
    if move.colour not in free:
        owner = next(j for j in range(seat * 3, seat * 3 + 3)
                     if state.sharks[j].hex >= 0 and state.sharks[j].prey == move.colour)
        return (f"{shark_name(owner)} already hunts {COLOUR_NAMES[move.colour]}: "
                f"{SEATS[seat]}'s three sharks start on white, grey and brown, one each "
                f"(still free: {_or_list([COLOUR_NAMES[c] for c in free])})")
    return None


def _to_swim(state: HaaienzeeState, words: TurnWords) -> Swim:
    """The :class:`Swim` typed, checking the prey word and a facing named instead of L/R."""
    i = state.shark_to_move
    assert i is not None
    shark = state.sharks[i]
    who = shark_name(i)
    prey = E.KEEP
    if words.prey == E.EMPTY:
        if not shark.prey:
            raise IllegalMove(f"{who} is already empty; it can get a new prey (a colour word) "
                              "or stay empty")
        prey = E.TAKE_OUT
    elif words.prey is not None:
        c = words.prey
        if shark.prey == c:
            raise IllegalMove(f"{who} already hunts {COLOUR_NAMES[c]}: leave the colour out")
        if shark.prey:
            raise IllegalMove(
                f"{who} hunts {COLOUR_NAMES[shark.prey]}: to hunt {COLOUR_NAMES[c]} take its "
                f"prey out first ('empty ...'), then choose the new colour on a later turn"
            )
        if c == shark.taken:
            others = [COLOUR_NAMES[x] for x in E.FISH_COLOURS if x != c]
            raise IllegalMove(
                f"{COLOUR_NAMES[c]} was taken out of {who}; its new prey must be another "
                f"colour ({_or_list(others)}), or it stays empty"
            )
        prey = c
    turn = words.turn
    if words.facing is not None:
        diff = (words.facing - shark.facing) % 6
        if diff not in (0, 1, 5):
            left, right = (shark.facing - 1) % 6, (shark.facing + 1) % 6
            raise IllegalMove(
                f"a shark turns at most 60 degrees: {who} faces {DIRECTIONS[shark.facing]}, so it "
                f"can face {DIRECTIONS[left]} ('L') or {DIRECTIONS[right]} ('R'), not "
                f"{DIRECTIONS[words.facing]}"
            )
        turn = {0: E.NO_TURN, 1: E.RIGHT, 5: E.LEFT}[diff]
    return Swim(prey, turn, words.dest)


def why_not_swim(state: HaaienzeeState, move: Swim) -> str:
    """Why the shark to move cannot swim to ``move.dest`` (prey and turn already checked)."""
    b = state.board
    i = state.shark_to_move
    assert i is not None
    shark = state.sharks[i]
    who = shark_name(i)
    facing = (shark.facing + move.turn) % 6
    where = (f"on {b.names[shark.hex]}, facing {DIRECTIONS[facing]}"
             + (" after the turn" if move.turn else ""))
    can_eat = shark.prey if move.prey == E.KEEP else E.EMPTY
    blocked = {s.hex for j, s in enumerate(state.sharks) if j != i}
    reachable = E.reach(b, state.fish, blocked, shark.hex, facing, can_eat)
    options = _or_list([b.names[h] for h in reachable])
    can = f"it can swim to {options}, or stay ('-')" if reachable else "it can only stay ('-')"
    ray = []
    h = b.nb[shark.hex][facing]
    while h >= 0:
        ray.append(h)
        h = b.nb[h][facing]
    dest = b.names[move.dest]
    if not ray:
        return f"{who} ({where}) faces the edge of the sea: it cannot swim, {can}"
    if move.dest not in ray:
        return f"{dest} is not straight ahead of {who} ({where}); {can}"
    first = ray[0]
    if first in blocked:
        other = next(j for j, s in enumerate(state.sharks) if s.hex == first)
        return f"{shark_name(other)} on {b.names[first]} blocks the way of {who} ({where})"
    colour = state.fish[first]
    fish_there = f"the {COLOUR_NAMES[colour]} fish on {b.names[first]}"
    if colour and colour != can_eat:
        if move.prey == E.TAKE_OUT:
            return (f"a shark cannot eat in the turn its prey is taken out: {fish_there} "
                    f"blocks the way of {who}; {can}")
        if move.prey != E.KEEP:
            return (f"a shark cannot eat in the turn it gets a new prey: {fish_there} blocks "
                    f"the way of {who}; {can}")
        if not shark.prey:
            return f"{who} is empty and cannot eat {fish_there}; {can}"
        return (f"{fish_there} blocks the way: {who} hunts {COLOUR_NAMES[shark.prey]}; {can}")
    if not colour:
        return (f"after swimming into an empty hex a shark stops: {who} ({where}) can swim to "
                f"{b.names[first]} only")
    last = reachable[-1]
    beyond = b.nb[last][facing]
    if beyond in blocked:
        what = f"{b.names[beyond]} holds another shark"
    elif state.fish[beyond]:
        what = f"{b.names[beyond]} holds a {COLOUR_NAMES[state.fish[beyond]]} fish"
    else:
        what = f"{b.names[beyond]} is empty"
    return (f"the line of {COLOUR_NAMES[can_eat]} fish ahead of {who} ends at "
            f"{b.names[last]} ({what}): {can}")
