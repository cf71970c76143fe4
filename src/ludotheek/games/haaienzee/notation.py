"""The notation of Haaienzee moves: writing them, and reading what people type.

Canonical forms (the ones ``legal_moves`` lists and records store):

- setup: ``HEX DIRECTION COLOUR``, e.g. ``F4 NE white``;
- a turn: ``[PREY] [TURN] END``: an optional prey word (``empty`` takes the prey
  out, ``white``/``grey``/``brown`` puts a new one in), an optional turn (``L``
  counter-clockwise, ``R`` clockwise) and the hex the shark ends on, or ``-`` to
  stay, e.g. ``-``, ``L -``, ``G6``, ``R G6``, ``empty L E5``, ``grey -``.

Reading is lenient: any case; Dutch words (``wit``, ``grijs``, ``bruin``,
``leeg``; ``links``/``rechts``; ``O``/``NO``/``ZO``/``ZW`` for E/NE/SE/SW); a new
facing (``NE``) instead of ``L``/``R``; and an optional prefix naming the shark
that moves, ``Y2:`` (or ``G2:``, geel) or ``R1:``, which must be the shark to move.

>>> from ludotheek.games.haaienzee.board import board
>>> b = board(7)
>>> parse_setup(b, "f4 ne White")
Place(hex=48, facing=5, colour=1)
>>> format_setup(b, parse_setup(b, "F4 NE white"))
'F4 NE white'
>>> parse_turn(b, "empty L E5")
TurnWords(prey=0, turn=-1, facing=None, dest=38)
>>> format_swim(b, Swim(0, -1, 38))
'empty L E5'
"""

from __future__ import annotations

import re
from typing import NamedTuple

from ludotheek.core.errors import IllegalMove, quoted
from ludotheek.games.haaienzee.board import DIRECTION_INDEX, DIRECTIONS, HEX_PATTERN, Board
from ludotheek.games.haaienzee.engine import (
    COLOUR_NAMES,
    KEEP,
    LEFT,
    RIGHT,
    STAY,
    Place,
    Swim,
)

TURN_NAMES = {LEFT: "L", RIGHT: "R"}
STAY_WORD = "-"

COLOUR_WORDS = {
    "empty": 0, "leeg": 0,
    "white": 1, "wit": 1,
    "grey": 2, "gray": 2, "grijs": 2,
    "brown": 3, "bruin": 3,
}
TURN_WORDS = {"l": LEFT, "left": LEFT, "links": LEFT, "r": RIGHT, "right": RIGHT, "rechts": RIGHT}
DIRECTION_WORDS = {
    **{d.lower(): i for d, i in DIRECTION_INDEX.items()},
    "o": DIRECTION_INDEX["E"], "no": DIRECTION_INDEX["NE"], "zo": DIRECTION_INDEX["SE"],
    "zw": DIRECTION_INDEX["SW"],
}
#: words that look like a compass direction but are none of the six
_COMPASS_LIKE = re.compile(r"^([neswoz]{1,3}|north|south|east|west|noord|zuid|oost)$")
_SHARK_PREFIX = re.compile(r"^\s*([A-Za-z])([0-9]+)\s*:\s*")
_SEAT_LETTERS = {"y": 0, "g": 0, "r": 1}

DIRECTIONS_TEXT = "E, W, NE, NW, SE, SW"
COLOURS_TEXT = "white, grey, brown"
#: turns as the error messages show them
EXAMPLE = "'R G6', 'L -', 'empty E5' or 'white -'"


class TurnWords(NamedTuple):
    """A turn as typed: prey word (None: none), turn, a facing named instead, end hex."""

    prey: int | None
    turn: int
    facing: int | None
    dest: int


# --- writing -------------------------------------------------------------------------

def format_setup(b: Board, move: Place) -> str:
    return f"{b.names[move.hex]} {DIRECTIONS[move.facing]} {COLOUR_NAMES[move.colour]}"


def format_swim(b: Board, move: Swim) -> str:
    words = []
    if move.prey != KEEP:
        words.append(COLOUR_NAMES[move.prey])
    if move.turn:
        words.append(TURN_NAMES[move.turn])
    words.append(STAY_WORD if move.dest == STAY else b.names[move.dest])
    return " ".join(words)


# --- reading -------------------------------------------------------------------------

def split_shark(text: str) -> tuple[tuple[int, int] | None, str]:
    """Take off a ``Y2:`` prefix: ((seat, number) or None, the rest)."""
    m = _SHARK_PREFIX.match(text)
    if not m:
        return None, text
    letter, number = m.group(1).lower(), int(m.group(2))
    if letter not in _SEAT_LETTERS or not 1 <= number <= 3:
        raise IllegalMove(
            f"there is no shark {m.group(1)}{m.group(2)}: the sharks are Y1-Y3 (yellow) "
            "and R1-R3 (red)", code="haaienzee.no_shark", shark=f"{m.group(1)}{m.group(2)}")
    return (_SEAT_LETTERS[letter], number), text[m.end():]


def parse_hex(b: Board, word: str) -> int:
    cell = b.parse(word)
    if cell is None:
        raise b.off_board_error(word) or IllegalMove(f"there is no hex {word!r}",
                                                    code="haaienzee.no_hex", text=quoted(word))
    return cell


def parse_direction(word: str) -> int:
    d = DIRECTION_WORDS.get(word.lower())
    if d is None:
        raise IllegalMove(f"there is no direction {word!r}; the directions are {DIRECTIONS_TEXT}",
                          code="haaienzee.no_direction", text=quoted(word),
                          directions=DIRECTIONS_TEXT)
    return d


def parse_colour(word: str, allow_empty: bool) -> int:
    c = COLOUR_WORDS.get(word.lower())
    if c is None:
        raise IllegalMove(f"there is no fish colour {word!r}; the colours are {COLOURS_TEXT}",
                          code="haaienzee.no_colour", text=quoted(word), colours=COLOURS_TEXT)
    if c == 0 and not allow_empty:
        raise IllegalMove(f"a shark starts hunting a colour ({COLOURS_TEXT}), not empty",
                          code="haaienzee.start_empty", colours=COLOURS_TEXT)
    return c


def parse_setup(b: Board, text: str) -> Place:
    """``HEX DIRECTION COLOUR`` -> :class:`Place` (not yet checked against the position)."""
    words = text.split()
    if len(words) != 3:
        raise IllegalMove(
            f"{text.strip()!r}: a shark is placed as 'hex direction colour', e.g. 'F4 NE white'",
            code="haaienzee.setup_form", text=quoted(text.strip()))
    cell = parse_hex(b, words[0])
    return Place(cell, parse_direction(words[1]), parse_colour(words[2], allow_empty=False))


def parse_turn(b: Board, text: str) -> TurnWords:
    """``[PREY] [TURN] END`` -> :class:`TurnWords` (not yet checked against the position)."""
    words = text.split()
    example = f"e.g. {EXAMPLE}"
    if not words:
        raise IllegalMove(f"empty move: say where the shark ends ('-' to stay), {example}",
                          code="haaienzee.empty", example=EXAMPLE)
    *front, last = words
    prey: int | None = None
    turn, facing = 0, None
    for i, word in enumerate(front):
        low = word.lower()
        if low in COLOUR_WORDS and i == 0:
            prey = COLOUR_WORDS[low]
        elif (low in TURN_WORDS or low in DIRECTION_WORDS) and i == len(front) - 1 and (
            i == 0 or prey is not None
        ):
            if low in TURN_WORDS:
                turn = TURN_WORDS[low]
            else:
                facing = DIRECTION_WORDS[low]
        else:
            raise _bad_word(word, text, example, first=i == 0)
    low = last.lower()
    if last == STAY_WORD:
        dest = STAY
    elif HEX_PATTERN.match(last) and low not in COLOUR_WORDS:
        dest = parse_hex(b, last)
    elif low in COLOUR_WORDS or low in TURN_WORDS or low in DIRECTION_WORDS:
        raise IllegalMove(
            f"{text.strip()!r} does not say where the shark ends: finish with its hex, or '-' "
            f"to stay (e.g. '{text.strip()} -')", code="haaienzee.no_end",
            text=quoted(text.strip()), example=f"{text.strip()} -"[:40])
    else:
        raise _bad_word(last, text, example)
    return TurnWords(prey, turn, facing, dest)


def _bad_word(word: str, text: str, example: str, first: bool = False) -> IllegalMove:
    low = word.lower()
    if _COMPASS_LIKE.match(low) and low not in DIRECTION_WORDS:
        return IllegalMove(
            f"there is no direction {word!r}; the directions are {DIRECTIONS_TEXT}",
            code="haaienzee.no_direction", text=quoted(word), directions=DIRECTIONS_TEXT)
    if low in COLOUR_WORDS or low in TURN_WORDS or low in DIRECTION_WORDS:
        return IllegalMove(
            f"{text.strip()!r}: a turn is written [prey] [L/R] hex, in that order, each at "
            f"most once; {example}", code="haaienzee.turn_order", text=quoted(text.strip()),
            example=EXAMPLE)
    if HEX_PATTERN.match(word):
        return IllegalMove(
            f"{text.strip()!r}: name one hex, the one the shark ends on, last; {example}",
            code="haaienzee.one_hex", text=quoted(text.strip()), example=EXAMPLE)
    if first and word.isalpha() and len(word) > 1:
        return IllegalMove(
            f"there is no fish colour {word!r}; the prey words are empty, {COLOURS_TEXT}",
            code="haaienzee.no_prey_word", text=quoted(word), colours=COLOURS_TEXT)
    return IllegalMove(
        f"{word!r} is not a word of the notation ({text.strip()!r}); a turn is written "
        f"[prey] [L/R] hex, {example}; the prey words are empty, {COLOURS_TEXT}",
        code="haaienzee.bad_word", word=quoted(word), text=quoted(text.strip()),
        example=EXAMPLE, colours=COLOURS_TEXT)
