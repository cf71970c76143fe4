"""The pure mechanics of Haaienzee, on plain numbers (no notation, no JSON).

Colours are numbers: 0 empty, 1 white, 2 grey, 3 brown. The fish lie in a
``bytes`` of one colour per hex. A shark is a :class:`Shark`; the six sharks of
a game are a tuple in the order Y1, Y2, Y3, R1, R2, R3 (index ``seat*3 +
number-1``). Everything here is used by the rules (``rules.py``) and by the
computer players, which need the same mechanics without building states.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import NamedTuple

from ludotheek.core.rng import Rng
from ludotheek.games.haaienzee.board import Board

EMPTY, WHITE, GREY, BROWN = 0, 1, 2, 3
FISH_COLOURS = (WHITE, GREY, BROWN)
#: colour number -> its word in the notation (0 is a shark's "empty" prey)
COLOUR_NAMES = ("empty", "white", "grey", "brown")
COLOUR_INDEX = {n: i for i, n in enumerate(COLOUR_NAMES)}

YELLOW, RED = 0, 1
SHARKS_PER_PLAYER = 3
START_HEALTH = 7
WIN_HEALTH = 23
WIN_LEAD = 10
MAX_ROUNDS = 100
#: fewer empty hexes than this after the fish are drawn: draw them again
MIN_EMPTY_AFTER_SETUP = 12
SCHOOLS_PER_COLOUR = 3

#: prey actions of a swim turn: keep (no change), take out, or a new colour (1-3)
KEEP, TAKE_OUT = -1, 0
#: turns: none, left (counter-clockwise), right (clockwise)
NO_TURN, LEFT, RIGHT = 0, -1, 1
TURNS = (NO_TURN, LEFT, RIGHT)
STAY = -1


class Shark(NamedTuple):
    """One shark. ``hex`` is -1 before it is placed."""

    hex: int
    facing: int
    #: the colour it hunts, 0 when empty
    prey: int
    #: while empty: the colour taken out of it (a new prey must differ), else 0
    taken: int = 0
    #: its prey was taken out in its last turn
    fresh: bool = False


UNPLACED = Shark(-1, 0, 0)


class Place(NamedTuple):
    """A setup move: put the shark to move on ``hex`` facing ``facing`` hunting ``colour``."""

    hex: int
    facing: int
    colour: int


class Swim(NamedTuple):
    """A turn: prey action (KEEP, TAKE_OUT or a colour), turn (-1, 0, 1), end hex or STAY."""

    prey: int
    turn: int
    dest: int


def shark_index(seat: int, number: int) -> int:
    """Index of ``seat``'s shark ``number`` (1-3) in the sharks tuple."""
    return seat * SHARKS_PER_PLAYER + number - 1


def shark_id(index: int) -> str:
    """``Y1`` .. ``R3``."""
    return f"{'YR'[index // SHARKS_PER_PLAYER]}{index % SHARKS_PER_PLAYER + 1}"


# --- setup -------------------------------------------------------------------------

def draw_fish(b: Board, rng: Rng) -> tuple[bytes, list[tuple[int, int, list[int]]], int]:
    """The starting fish: (fish, schools as (colour, seed hex, hexes), redraws).

    For each colour, white first, three times: a seed hex is drawn uniformly
    among the empty hexes; it and every empty neighbour get a fish of that
    colour. If fewer than 12 hexes stay empty, everything is drawn again.
    """
    redraws = 0
    while True:
        fish = bytearray(b.size)
        schools: list[tuple[int, int, list[int]]] = []
        failed = False
        for colour in FISH_COLOURS:
            for _ in range(SCHOOLS_PER_COLOUR):
                empty = [h for h in range(b.size) if not fish[h]]
                if not empty:
                    failed = True
                    break
                seed = empty[rng.randbelow(len(empty))]
                cells = [seed, *(n for n in b.neighbours[seed] if not fish[n])]
                for h in cells:
                    fish[h] = colour
                schools.append((colour, seed, cells))
            if failed:
                break
        if not failed and fish.count(0) >= MIN_EMPTY_AFTER_SETUP:
            return bytes(fish), schools, redraws
        redraws += 1


# --- a shark's turn ----------------------------------------------------------------

def reach(b: Board, fish: Sequence[int], blocked: Iterable[int], start: int, facing: int,
          prey: int) -> list[int]:
    """The hexes a shark on ``start`` facing ``facing`` can swim to, nearest first.

    ``prey`` is the colour it may eat now (0: it cannot eat this turn);
    ``blocked`` are the hexes of the other sharks.
    """
    nxt = b.nb[start][facing]
    if nxt < 0 or nxt in blocked:
        return []
    colour = fish[nxt]
    if not colour:
        return [nxt]
    if colour != prey:
        return []
    line = []
    nb = b.nb
    while nxt >= 0 and fish[nxt] == prey:
        line.append(nxt)
        nxt = nb[nxt][facing]
    return line


def prey_actions(shark: Shark) -> list[int]:
    """The prey actions open to ``shark``: keep, then take out or the new colours."""
    if shark.prey:
        return [KEEP, TAKE_OUT]
    return [KEEP, *(c for c in FISH_COLOURS if c != shark.taken)]


def swims(b: Board, fish: Sequence[int], sharks: Sequence[Shark], index: int) -> list[Swim]:
    """Every legal turn of shark ``index``, in the order the notation lists them."""
    shark = sharks[index]
    blocked = {s.hex for i, s in enumerate(sharks) if i != index}
    out = []
    for act in prey_actions(shark):
        eat = shark.prey if act == KEEP else EMPTY
        for turn in TURNS:
            facing = (shark.facing + turn) % 6
            out.append(Swim(act, turn, STAY))
            out.extend(Swim(act, turn, h) for h in reach(b, fish, blocked, shark.hex, facing, eat))
    return out


def path(b: Board, start: int, facing: int, dest: int) -> list[int]:
    """The hexes from ``start`` (excluded) to ``dest`` (included) straight along ``facing``."""
    out = []
    h = start
    while h != dest:
        h = b.nb[h][facing]
        if h < 0:
            raise ValueError("dest is not straight ahead")
        out.append(h)
    return out


def turned(shark: Shark, move: Swim) -> Shark:
    """The shark after ``move`` (not checked)."""
    prey, taken, fresh = shark.prey, shark.taken, False
    if move.prey == TAKE_OUT:
        prey, taken, fresh = EMPTY, shark.prey, True
    elif move.prey != KEEP:
        prey, taken = move.prey, 0
    facing = (shark.facing + move.turn) % 6
    return Shark(shark.hex if move.dest < 0 else move.dest, facing, prey, taken, fresh)


# --- growth ------------------------------------------------------------------------

def growth(b: Board, fish: bytearray, occupied: Iterable[int]) -> list[list[int]]:
    """Grow the schools in place: white, then grey, then brown; the new hexes per colour.

    An empty hex (no fish, no shark) touching two hexes of one colour that
    touch each other gets a fish of that colour. Each colour is decided on the
    board as it was when that colour's growth began.
    """
    sharks = set(occupied)
    pairs = b.pairs
    new_by_colour = []
    for colour in FISH_COLOURS:
        new = [
            h for h in range(b.size)
            if not fish[h] and h not in sharks
            and any(fish[x] == colour and fish[y] == colour for x, y in pairs[h])
        ]
        for h in new:
            fish[h] = colour
        new_by_colour.append(new)
    return new_by_colour


def next_start_player(health: Sequence[int], start: int) -> int:
    """The lower health starts the next round; on a tie, the one who did not start this one."""
    if health[0] != health[1]:
        return YELLOW if health[0] < health[1] else RED
    return 1 - start
