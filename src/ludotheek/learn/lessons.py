"""Learning to play: each game's "How to play" and its guided first game.

A game adds them in the module its plug-in names (``GamePlugin.learn``): ``HOWTO`` (a
:class:`HowTo`: the rules for players, in sections, with diagrams) and ``LESSON`` (a
:class:`Lesson`: the guided first game). Every text is a key of the pages' catalogs
(``web/i18n/<lang>/``); every picture is a real position, the state after a record's
moves (options, seed, moves), drawn by the game's own page.

>>> from ludotheek.learn import lessons
>>> lesson = lessons.lesson("wari")
>>> lesson.steps[0].id
'board'
>>> lessons.positions("wari", lesson.record)[0].to_move
0

A lesson is one game record and a script of steps over it. A step shows the position
after ``at`` moves: a *play* step waits for the learner to make the record's next move
(the coach says what to do and why, and explains any other move), a *note* step only
explains (the learner goes on with "Next"). Between two steps the other seats' moves are
shown one by one; a step marked ``jump`` skips ahead over moves of the learner too ("a few
moves later"). The last step ends the lesson with a real game at ``finish_level``.
"""

from __future__ import annotations

import importlib
import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from ludotheek.core.game import State
from ludotheek.core.record import Record, action_entry
from ludotheek.core.registry import plugin


@dataclass(frozen=True)
class Frame:
    """One picture of a diagram: the position after ``at`` moves of its record."""

    at: int
    #: the caption (a catalog key)
    text: str
    #: places to ring on the board, in the game's own names (cups, hexes, cells, squares)
    marks: tuple[str, ...] = ()


@dataclass(frozen=True)
class Diagram:
    """A picture (or a short series of them) drawn from a real game."""

    id: str
    record: Record
    frames: tuple[Frame, ...]
    #: whose view is drawn (None: a spectator's; a seat shows that seat's hand)
    seat: int | None = None


@dataclass(frozen=True)
class Section:
    """A part of "How to play": a title, paragraphs, and diagrams after them."""

    id: str
    #: catalog keys
    title: str
    paragraphs: tuple[str, ...]
    diagrams: tuple[str, ...] = ()


@dataclass(frozen=True)
class HowTo:
    game: str
    #: the one-line summary under the title (a catalog key)
    summary: str
    sections: tuple[Section, ...]
    diagrams: tuple[Diagram, ...]

    def diagram(self, ident: str) -> Diagram:
        for d in self.diagrams:
            if d.id == ident:
                return d
        raise KeyError(ident)


@dataclass(frozen=True)
class Step:
    """One step of a guided game, at the position after ``at`` moves of the lesson."""

    id: str
    at: int
    #: what the coach says (a catalog key)
    say: str
    #: the learner makes the record's move number ``at + 1`` (else: a note, "Next")
    play: bool = False
    #: the rules (ids of :attr:`Lesson.rules`) this step teaches
    rules: tuple[str, ...] = ()
    #: places to ring on the board (besides what to click)
    marks: tuple[str, ...] = ()
    #: why the coach's move is better than another legal one (a catalog key)
    why: str | None = None
    #: the position jumps here over moves of the learner too ("a few moves later")
    jump: bool = False


@dataclass(frozen=True)
class Lesson:
    game: str
    record: Record
    #: the learner's seat; the others are computer players
    seat: int
    steps: tuple[Step, ...]
    #: every rule of the game's rules file, by id: where it stands there
    rules: Mapping[str, str]
    #: the real game that follows: its options (the lesson's unless given) and level
    finish_options: Mapping[str, Any] = field(default_factory=dict)
    finish_level: str = "easy"

    def step(self, ident: str) -> Step:
        for s in self.steps:
            if s.id == ident:
                return s
        raise KeyError(ident)


def _module(game: str) -> Any:
    # the module its plug-in names (GamePlugin.learn; UnknownGame for a game that does not
    # exist)
    name = plugin(game).learn
    return importlib.import_module(name) if name is not None else None


def howto(game: str) -> HowTo | None:
    """The game's "How to play", or None if it has none."""
    module = _module(game)
    return getattr(module, "HOWTO", None) if module else None


def lesson(game: str) -> Lesson | None:
    """The game's guided first game, or None if it has none."""
    module = _module(game)
    return getattr(module, "LESSON", None) if module else None


def explain(game: str, state: State, move: str, expected: str) -> dict[str, Any]:
    """What the learner's ``move`` does next to the coach's ``expected`` one, as facts for
    the page to word (the game's ``compare``; none when it has no such function)."""
    module = _module(game)
    compare = getattr(module, "compare", None) if module else None
    return dict(compare(state, move, expected)) if compare else {}


def hint_facts(game: str, state: State, hint: Mapping[str, Any]) -> dict[str, Any]:
    """What a hint (a player's analysis: ``move``, ``value``, ``ranking``) is made of, as
    facts for the page to word in its language (the game's ``hint_facts``; none: the page
    shows the player's own sentence)."""
    module = _module(game)
    facts = getattr(module, "hint_facts", None) if module else None
    if facts is None or not isinstance(hint.get("move"), str):
        return {}
    try:
        return dict(facts(state, hint))
    except (KeyError, ValueError, IndexError, StopIteration):   # a hint for another position
        return {}


def advice(game: str, state: State, move: str) -> list[dict[str, Any]]:
    """Warnings and notes before ``move`` (the game's ``advice``): each ``{"code",
    "params"}`` for the page to word; none for a move that needs no word."""
    module = _module(game)
    advise = getattr(module, "advice", None) if module else None
    return list(advise(state, move)) if advise else []


def position_advice(game: str, state: State) -> dict[str, Any]:
    """What the page shows while the seat to move chooses (the game's ``position_advice``:
    Haaienzee's first catch from every spot of the setup)."""
    module = _module(game)
    advise = getattr(module, "position_advice", None) if module else None
    return dict(advise(state)) if advise else {}


def advises(game: str) -> bool:
    """Whether the game has warnings or notes before a move."""
    module = _module(game)
    return bool(module and hasattr(module, "advice"))


def refusal(game: str, state: State, move: str) -> dict[str, Any]:
    """Why the engine refuses ``move``, as facts for the page to word in its language (the
    game's ``refusal``; none: the page shows the engine's reason)."""
    module = _module(game)
    refuse = getattr(module, "refusal", None) if module else None
    return dict(refuse(state, move)) if refuse else {}


_POSITIONS: dict[str, tuple[State, ...]] = {}


def positions(game: str, record: Record) -> tuple[State, ...]:
    """Every position of ``record``, from the start (kept: lessons are few and fixed)."""
    key = json.dumps([game, record.options, record.seed,
                      [action_entry(m) for m in record.moves]], sort_keys=True)
    found = _POSITIONS.get(key)
    if found is None:
        found = _POSITIONS[key] = tuple(Record(game, dict(record.options), record.seed,
                                               tuple(record.moves)).states())
    return found
