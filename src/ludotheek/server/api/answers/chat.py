"""What the chat and the takeback requests of a game answer (server/api/chat.py)."""

from __future__ import annotations

from typing import Annotated, Literal

import msgspec

from ludotheek.server.edge.shapes import Answer

LineKind = Literal["phrase", "text", "takeback", "takeback_yes", "takeback_no"]


def _about(text: str) -> msgspec.Meta:
    return msgspec.Meta(description=text)


class ChatLineShown(Answer):
    """A line of a game's chat: a preset phrase, a text, or a step of a takeback."""

    number: Annotated[int, _about("1, 2, ... within the game")]
    seat: Annotated[int, _about("the seat whose person said it")]
    kind: Annotated[LineKind, _about(
        "phrase (text: its key, shown in each reader's language), text (plain text, "
        "never markup), takeback (asked), takeback_yes (agreed), takeback_no (refused, "
        "or withdrawn by its asker)")]
    text: Annotated[str | None, _about("the phrase's key or the text; none for a takeback")]
    version: Annotated[int, _about("the game's version when it was said")]
    at: Annotated[float, _about("when, in seconds since 1970")]


class ChatLines(Answer):
    """``GET /api/games/{id}/chat``: every line, oldest first, and what may be said."""

    lines: list[ChatLineShown]
    free: Annotated[bool, _about("texts of one's own are allowed (else the phrases only)")]
    phrases: Annotated[list[str], _about("the preset phrases' keys")]
    most: Annotated[int, _about("the most characters of a text")]
