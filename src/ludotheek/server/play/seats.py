"""Seat tokens: which seat of a game a secret belongs to.

A token is compared with the hash of every seat's secret, each in constant time,
so neither a right nor a wrong token is answered faster.
"""

from __future__ import annotations

import hmac

from ludotheek.server.errors import Forbidden
from ludotheek.server.play.livegame import LiveGame
from ludotheek.store.games import hash_token

MAX_TOKEN = 200
WRONG = "that token belongs to no seat of this game"


def seat_of(live: LiveGame, token: str | None) -> int | None:
    """The seat ``token`` belongs to; None without a token; :class:`Forbidden` if wrong."""
    if token is None:
        return None
    if not isinstance(token, str) or not token or len(token) > MAX_TOKEN:
        raise Forbidden(WRONG, code="seat.wrong_token")
    wanted = hash_token(token)
    found = None
    for seat, stored in live.token_hashes.items():  # every one compared: constant time
        if hmac.compare_digest(stored, wanted):
            found = seat
    if found is None:
        raise Forbidden(WRONG, code="seat.wrong_token")
    return found


def seated(live: LiveGame, token: str | None, what: str) -> int:
    """The seat of ``token`` for ``what`` (a move, an undo, a hint), which needs one."""
    if token is None:
        raise Forbidden(f"{what} needs the token of a seat (Authorization: Bearer TOKEN)",
                        code="seat.token_needed")
    seat = seat_of(live, token)
    assert seat is not None
    return seat

