"""The answers of learning to play (``server/api/learn.py``, ``server/api/advice.py``), each
declared once (:mod:`ludotheek.server.edge.shapes`): built as these Structs, described in the
OpenAPI document from them. Texts are catalog keys, which a page words in its language."""

from __future__ import annotations

from typing import Annotated, Any, Literal

import msgspec
from msgspec import UNSET, UnsetType

from ludotheek.server.api.answers.games import ViewAt
from ludotheek.server.edge.shapes import Answer

Key = Annotated[str, msgspec.Meta(description="a catalog key")]
Marks = Annotated[list[str], msgspec.Meta(description="places to ring on the board, in the "
                                                      "game's own names")]
Facts = Annotated[dict[str, Any], msgspec.Meta(description="facts for the page to word "
                                                           "(the game's own)")]


class LearnGame(Answer):
    game: str
    howto: Annotated[bool, msgspec.Meta(description="it has a \"How to play\"")]
    lesson: Annotated[bool, msgspec.Meta(description="it has a guided first game")]
    advice: Annotated[bool, msgspec.Meta(description="its pages give advice while choosing")]


class LearnGames(Answer):
    """``GET /api/learn``: which games have a "How to play" and a guided first game."""

    games: list[LearnGame]


class Frame(Answer):
    at: int
    text: Key
    marks: Marks
    view: ViewAt


class Diagram(Answer):
    id: str
    frames: list[Frame]


class Section(Answer):
    id: str
    title: Key
    paragraphs: list[Key]
    diagrams: Annotated[list[str], msgspec.Meta(description="the ids of its diagrams")]


class HowToPlay(Answer):
    """``GET /api/learn/{game}/howto``: the rules in sections, with diagrams."""

    game: str
    summary: Key
    sections: list[Section]
    diagrams: list[Diagram]


class Step(Answer):
    """A step of the guided game: what the coach says, and the move the learner makes."""

    id: str
    at: int
    say: Key
    play: Annotated[bool, msgspec.Meta(description="the learner makes move at + 1")]
    move: str | None
    rules: list[str]
    marks: Marks
    why: Key | None
    jump: Annotated[bool, msgspec.Meta(description="the position jumps over moves of the "
                                                   "learner too")]


class LessonSeat(Answer):
    type: Literal["person", "computer"]
    level: str | None
    name: None


class Finish(Answer):
    """The real game that follows the lesson."""

    options: dict[str, Any]
    level: str
    seats: list[LessonSeat]


class Lesson(Answer):
    """``GET /api/learn/{game}/lesson``: the guided first game."""

    game: str
    seat: Annotated[int, msgspec.Meta(description="the learner's seat")]
    total: Annotated[int, msgspec.Meta(description="the lesson's moves")]
    steps: list[Step]
    finish: Finish


class LessonAdvice(Answer):
    """``GET /api/learn/{game}/advice``: what the page shows while the learner chooses."""

    position: Facts
    version: int


class Note(Answer):
    """Something for a page to word in its language: a catalog key and its parameters."""

    code: Key
    params: dict[str, Any]


class Advice(Answer, kw_only=True):
    """``GET /api/games/{id}/advice``: notes before ``move`` (with it), or what the page
    shows while choosing (without)."""

    move: str | UnsetType = UNSET
    notes: list[Note] | UnsetType = UNSET
    position: Facts | UnsetType = UNSET
    version: int


class Tried(Answer, kw_only=True):
    """``POST /api/learn/{game}/try``: what another move than the coach's does: refused
    (the engine's reason, its code, the game's facts) or legal (the same position as the
    coach's move, or facts to compare them)."""

    legal: bool
    expected: Annotated[str, msgspec.Meta(description="the coach's move")]
    reason: Annotated[str, msgspec.Meta(description="why it is refused (English)")] \
        | UnsetType = UNSET
    problem: Note | UnsetType | None = UNSET
    refusal: Facts | UnsetType = UNSET
    same: Annotated[bool, msgspec.Meta(description="it leads where the coach's move "
                                                   "does")] | UnsetType = UNSET
    facts: Facts | UnsetType = UNSET
