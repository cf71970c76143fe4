"""Words between the people of a game: preset phrases and texts of their own (issue 36).

- **Who writes**: a seat's person, with the seat's secret (``seated``); a spectator reads
  but does not write, and a former seat (left to a computer player, or taken up on
  another device) cannot either: its old secret belongs to no seat any more.
- **What**: a preset phrase by its key (:data:`PHRASES`), which each reader's page shows
  in its own language, or a free text of at most :data:`~ludotheek.server.edge.bodies.MAX_CHAT`
  characters: plain text (the pages show it as text, never as markup), its control
  characters taken out (:func:`clean`). A site that allows the phrases only
  (``--chat presets``) refuses free texts (``chat.presets_only``).
- **How much**: at most ``chat_per_minute`` lines a minute per seat (``chat.rate``), and at
  most :data:`MAX_LINES` lines a game (``chat.full``), counted in the database, so on a
  scaled-out site too.
- **Kept** with the game (``store/chat.py``), each line with the game's version when it
  was said (a replay shows it at its place), and **told** at once to every live
  connection of the game as ``{"type": "chat", "lines": [line]}``: on a scaled-out site
  through the other processes too (:meth:`~ludotheek.server.play.protocols.OtherProcesses.said`).
  A connection gets the lines said before when it opens (``api/live.py``).

A refused line is neither stored nor told. Takeback requests are lines of the same kind
(``server/play/takebacks.py``).
"""

from __future__ import annotations

import functools
import unicodedata
from typing import TYPE_CHECKING, Any

from ludotheek.server.edge.bodies import MAX_CHAT, ChatBody
from ludotheek.server.edge.offload import blocking
from ludotheek.server.errors import Conflict, Forbidden, Invalid, TooMany
from ludotheek.server.play.livegame import LiveGame
from ludotheek.server.play.seats import seated
from ludotheek.store.chat import ChatLine

if TYPE_CHECKING:
    from ludotheek.server.play.protocols import Games

#: the preset phrases, by key (the catalogs' ``chat.phrase.<key>``)
PHRASES = ("good_move", "your_turn", "one_moment", "thanks", "well_played")
#: the most lines (chat and takeback steps) one game keeps
MAX_LINES = 500
#: the seconds ``chat_per_minute`` counts over
WINDOW = 60.0
#: characters taken out of a free text besides the control characters: those that turn
#: the direction of the text around it (a name could be made to read backwards)
_DIRECTION = frozenset("\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e"
                       "\u2066\u2067\u2068\u2069")


def clean(text: str) -> str:
    """``text`` as a chat line keeps it: in Unicode's composed form, line breaks and tabs
    as spaces, control, direction and lone surrogate characters taken out, and no space
    at either end.

    >>> clean("  Good\\tgame!\\n\\u202eyako\\x00 ")
    'Good game! yako'
    """
    out = []
    for ch in unicodedata.normalize("NFC", text):
        kind = unicodedata.category(ch)
        if ch in "\t\n\r\v\f\u2028\u2029\x85":
            out.append(" ")
        elif kind in ("Cc", "Cs", "Co", "Cn") or ch in _DIRECTION:
            continue
        else:
            out.append(ch)
    return "".join(out).strip()


def line_json(line: ChatLine) -> dict[str, Any]:
    """A line as the API and the live connections give it."""
    return {"number": line.number, "seat": line.seat, "kind": line.kind, "text": line.text,
            "version": line.version, "at": line.at}


def free(service: Games) -> bool:
    """Whether the site allows texts of one's own (``--chat free``)."""
    return service.settings.chat != "presets"


def what(service: Games, body: ChatBody) -> tuple[str, str]:
    """The kind and text of the line ``body`` asks for; refused if it may not be said."""
    if (body.phrase is None) == (body.text is None):
        raise Invalid('send either "phrase" or "text"', code="chat.body")
    if body.phrase is not None:
        if body.phrase not in PHRASES:
            raise Invalid(f"there is no phrase {body.phrase[:32]!r}; the phrases are: "
                          f"{', '.join(PHRASES)}", code="chat.phrase",
                          phrases=", ".join(PHRASES))
        return "phrase", body.phrase
    assert body.text is not None
    if not free(service):
        raise Forbidden("this site allows the preset phrases only", code="chat.presets_only")
    text = clean(body.text)
    if not text:
        raise Invalid("the text is empty", code="chat.empty")
    if len(text) > MAX_CHAT:
        raise Invalid(f"a text has at most {MAX_CHAT} characters, not {len(text)}",
                      code="chat.too_long", most=MAX_CHAT, length=len(text))
    return "text", text


async def store(service: Games, live: LiveGame, seat: int, kind: str,
                text: str | None) -> ChatLine:
    """Keep a line of ``seat`` at the game's version now (the rate and the game's lines
    checked in the database), and tell every connection."""
    found = await blocking(functools.partial(
        service.db.chat.add, live.id, seat, kind, text, live.version,
        rate=service.settings.chat_per_minute, window=WINDOW, most=MAX_LINES))
    if found == "rate":
        most = service.settings.chat_per_minute
        raise TooMany(f"at most {most} lines a minute; wait a little",
                      code="chat.rate", most=most)
    if found == "full":
        raise Conflict(f"this game has {MAX_LINES} lines already: nothing more is kept",
                       code="chat.full", most=MAX_LINES)
    await tell(service, live.id, [line_json(found)])
    return found


async def say(service: Games, gid: str, token: str | None, body: ChatBody) -> dict[str, Any]:
    """A line of the seat of ``token`` (see the module's description): the line."""
    live = await service.load(gid)
    seat = seated(live, token, "a chat line")
    kind, text = what(service, body)
    return line_json(await store(service, live, seat, kind, text))


async def tell(service: Games, gid: str, lines: list[dict[str, Any]]) -> None:
    """Every live connection of ``gid`` hears of ``lines``, here and in the other processes."""
    message = {"type": "chat", "lines": lines}
    await service.hub.tell(gid, message)
    if service.scale_out is not None:
        await service.scale_out.said(gid, message)


async def lines(service: Games, gid: str) -> list[dict[str, Any]]:
    """Every line of ``gid``, oldest first."""
    return [line_json(x) for x in await blocking(service.db.chat.lines, gid)]
