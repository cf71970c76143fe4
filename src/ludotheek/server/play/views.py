"""What a seat (or a spectator) is shown of a game: its view, and the lobby's lines.

A view holds only what that seat may see (``State.view(seat)``: no other seat's
secrets, no seed); every name is given in each language of the pages.
"""

from __future__ import annotations

import time
from typing import Any

from ludotheek.core.record import kind_of, text_of
from ludotheek.games import get, names
from ludotheek.server.pages.catalogs import LANGUAGES
from ludotheek.server.play import ending, takebacks
from ludotheek.server.play.fairplay import engine_help_refused
from ludotheek.server.play.livegame import LiveGame
from ludotheek.store.clocks import Clock
from ludotheek.store.games import GameRow

#: the languages of the pages (web/i18n/<lang>/); seat names are given in each
PAGE_LANGUAGES = LANGUAGES


def public_seats(seats: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The seats as anyone may see them: kind, level, name, and whether a person left
    the seat to a computer player (``left``)."""
    return [{"type": s["type"], "level": s["level"], "name": s["name"],
             "left": bool(s.get("left"))} for s in seats]


def view(live: LiveGame, seat: int | None, lang: str = "en",
         now: float | None = None) -> dict[str, Any]:
    """The game as ``seat`` (None: a spectator) sees it, names in ``lang``, its time as
    it is at ``now`` (the server's clock; None: the time of day)."""
    st = live.state
    to_move = st.to_move
    thinking = (live.thinking or live.computer_to_move()) and not live.over
    mine = seat is not None and seat == to_move and not thinking and not live.over
    return {
        "id": live.id,
        "game": live.game.name,
        "version": live.version,
        "to_move": to_move,
        "over": st.is_over,
        "status": live.status,
        "scores": list(st.scores()),
        "winners": st.winners() if st.is_over else [],
        "end_reason": st.end_reason or live.ended,
        "legal_moves": st.legal_moves() if mine else [],
        "state": st.view(seat),
        "seat": seat,
        "seats": [{**s, "joined": i in live.joined, "open": i in live.invites}
                  for i, s in enumerate(public_seats(live.seats))],
        "names": live.names(lang),
        "names_i18n": {code: live.names(code) for code in PAGE_LANGUAGES},
        "thinking": thinking,
        "options": live.options,
        "moves": [text_of(m) for m in live.moves],
        "kinds": [kind_of(m) for m in live.moves],
        "resignable": live.game.resignable,
        "parent": live.parent,
        "rematch": live.rematch,
        "can_undo": live.undo_target(seat) is not None,
        "abortable": ending.abortable(live),
        "leave": ending.leave_kind(live),
        "engine_help": engine_help_refused(live) is None,
        "can_take_back": takebacks.can_ask(live, seat),
        "time": None if live.timing is None else live.timing.shown(
            time.time() if now is None else now),
    }


def listing_entry(row: GameRow, lang: str = "en", clock: Clock | None = None,
                  now: float = 0.0) -> dict[str, Any]:
    """A stored game as the lobby lists it, seat names in ``lang`` (a game no longer
    registered keeps its line); with its ``clock`` (a game with a time), the seconds the
    seat to move has left at ``now`` (``time_left``)."""
    g = get(row.game) if row.game in names() else None
    default = g.seat_names(row.options, lang) if g else []
    return {
        "id": row.id, "game": row.game, "status": row.status, "version": row.version,
        "to_move": row.to_move, "result": row.result, "created": row.created,
        "updated": row.updated, "options": row.options, "parent": row.parent,
        "seats": public_seats(row.seats),
        "names": [s.get("name") or (default[i] if i < len(default) else str(i + 1))
                  for i, s in enumerate(row.seats)],
        "time_left": (round(max(0.0, clock.deadline - now), 1)
                      if clock is not None and clock.deadline is not None
                      and row.status == "active" else None),
    }
