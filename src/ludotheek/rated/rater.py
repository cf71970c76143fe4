"""Rating a finished game: once, in one transaction, retried until it succeeds.

:func:`rate_game` is called when a game ends (``ludotheek.rated.hooks.game_over``) and
by :func:`sweep`, which the server runs at start and then every minute for rated games
that are over but still pending (a failed update, a crash between the last move and its
rating). The store's :meth:`~ludotheek.store.ratings.RatingStore.settle` makes a second
rating of the same game impossible, whoever tries it.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from typing import Any

from ludotheek.core.errors import IllegalMove
from ludotheek.core.record import Entry, Record
from ludotheek.rated import fairness
from ludotheek.rated.levels import level_rating
from ludotheek.rated.outcome import Finished, departures, outcome
from ludotheek.rated.people import Rating, new_rating
from ludotheek.store.database import Database
from ludotheek.store.games import ENDED, GameRow
from ludotheek.store.ratings import (
    Change,
    Compute,
    CurrentRating,
    Lookup,
    PastGame,
    PastSeat,
    RatedGame,
    SeatRating,
    StoredGame,
)

log = logging.getLogger("ludotheek.rated")


class NoLevelRating(LookupError):
    """A computer level in a rated game has no measured rating (any more)."""


def _stopped(row: GameRow) -> tuple[list[float], list[int], int | None]:
    """A game that ended without a result (abandoned): the scores and winners of its
    position scored as the rules score a game stopped there, and who was to move."""
    state = Record(row.game, row.options, row.seed, row.moves).replay()
    to_move = state.to_move
    try:
        scored = state.adjudicate()
        scores, winners = list(scored.scores()), list(scored.winners())
    except (NotImplementedError, IllegalMove):
        scores = list(state.scores())
        best = max(scores) if scores else 0
        winners = [i for i, s in enumerate(scores) if s == best]
    return [float(s) for s in scores], winners, to_move


def finished(row: GameRow, movers: Sequence[tuple[Entry, int | None]],
             rated: RatedGame | None = None) -> Finished:
    """What the rating rules need of an ended game row, its stored moves and its rated
    seats: a person's seat is one without a level in the rated game (a seat that left is
    played on by a computer in the game's seats: it counts as having left, in the order the
    seats say they left, else in seat order, after those who resigned)."""
    result = row.result or {}
    moves = [m for m, _ in movers]
    who = [m for _, m in movers]
    kinds = [s["type"] for s in row.seats]
    if rated is not None:
        kinds = ["computer" if s.level is not None else "person" for s in rated.seats]
    departed = departures(moves, who)
    left = [i for i, s in enumerate(row.seats)
            if kinds[i] == "person" and s["type"] == "computer" and i not in departed]
    departed += sorted(left, key=lambda i: (float(row.seats[i].get("left") or 0), i))
    reason = result.get("reason")
    to_move = result.get("to_move", row.to_move)
    if "scores" in result:
        scores = [float(x) for x in result["scores"]]
        winners = [int(w) for w in result.get("winners", [])]
    else:  # ended without a result: scored where it stopped
        scores, winners, to_move = _stopped(row)
    if row.status in ("abandoned", "aborted"):
        reason = row.status
    return Finished(seats=kinds, movers=who, moves=moves, scores=scores, winners=winners,
                    reason=reason, to_move=to_move, departed=departed)


def _compute(game: str, places: Sequence[int]) -> Compute:
    """The store's callback: each seat's rating before (a profile's stored one, a level's
    fixed one, a newcomer's) and after the game, by the fairness rules
    (:mod:`ludotheek.rated.fairness`) on the earlier rated games of its profiles and of
    their opponents of the last hours."""
    def compute(seats: Sequence[SeatRating], current: dict[str, CurrentRating],
                lookup: Lookup, now: float) -> list[Change]:
        before: list[Rating] = []
        for s in seats:
            if s.level is not None:
                r = level_rating(game, s.level)
                if r is None:
                    raise NoLevelRating(f"{game}'s level {s.level} has no measured rating")
                before.append(r)
            elif s.profile_id is not None and s.profile_id in current:
                c = current[s.profile_id]
                before.append(Rating(c.mu, c.sigma))
            else:  # a profile's first rated game, or a person seat without a profile
                before.append(new_rating())
        ids = {s.profile_id for s in seats if s.profile_id is not None}
        past = lookup(ids)
        since = now - fairness.WINDOW_HOURS * 3600.0
        recent = {p.profile_id for g in past if g.at >= since for p in g.seats
                  if p.profile_id is not None} - ids
        known = {g.game_id for g in past}
        past += [g for g in lookup(recent) if g.game_id not in known]
        after = fairness.after_game([fairness.Seat(s.profile_id, s.level) for s in seats],
                                    places, before, fairness.Ledger.of(past), now)
        return [((b.mu, b.sigma), (a.mu, a.sigma)) for b, a in zip(before, after, strict=True)]

    return compute


def replay(games: Sequence[StoredGame]) -> list[list[Change]]:
    """Every rated game of a game rated again in order, from its stored places (each
    level with the rating it had then): each seat's rating before and after, by game.
    What ``ludotheek games void`` runs once a game is taken out."""
    ledger = fairness.Ledger()
    current: dict[str, Rating] = {}
    out = []
    for g in games:
        before = [Rating(s.mu_before, s.sigma_before) if s.level is not None
                  else current.get(s.profile_id, new_rating()) if s.profile_id is not None
                  else new_rating() for s in g.seats]
        seats = [fairness.Seat(s.profile_id, s.level) for s in g.seats]
        after = fairness.after_game(seats, [s.place for s in g.seats], before, ledger, g.at)
        ledger.add(PastGame(g.game_id, g.at, tuple(
            PastSeat(s.profile_id, s.level, b.mu) for s, b in zip(g.seats, before, strict=True))))
        for s, a in zip(g.seats, after, strict=True):
            if s.profile_id is not None:
                current[s.profile_id] = a
        out.append([((b.mu, b.sigma), (a.mu, a.sigma)) for b, a in zip(before, after,
                                                                       strict=True)])
    return out


def void(db: Database, game_id: str) -> str:
    """Take a rated game's rating back (``ludotheek games void``): its people's ratings,
    and those of everyone who played them afterwards, computed again without it. Returns
    the status it had (``rated`` or ``pending``: now ``void``; anything else: unchanged)."""
    return db.ratings.void(game_id, replay)


def rate_game(db: Database, game_id: str) -> str | None:
    """Rate ``game_id`` if it is a rated game that is over and not rated yet.

    Returns its status afterwards ("rated", "unrated", "pending" while the game goes on)
    or None if it is not a rated game. Exceptions propagate; the game stays pending.
    """
    rated = db.ratings.get(game_id)
    if rated is None:
        return None
    if rated.status != "pending":
        return rated.status
    row = db.games.get(game_id)
    if row is None or row.status not in ENDED:
        return "pending"
    result = outcome(finished(row, db.ratings.movers(game_id), rated))
    db.ratings.settle(game_id, result.places, result.reason,
                      _compute(rated.game, result.places or ()))
    final = db.ratings.get(game_id)
    return final.status if final is not None else None


def rate_safely(db: Database, game_id: str) -> str | None:
    """:func:`rate_game`, a failure logged and counted (the sweep tries again)."""
    try:
        return rate_game(db, game_id)
    except Exception:
        log.exception("rating game %s failed; it will be tried again", game_id)
        try:
            db.ratings.failed(game_id)
        except Exception:
            log.exception("counting the failed rating of game %s failed too", game_id)
        return "pending"


def sweep(db: Database, limit: int = 100) -> int:
    """Rate the rated games that are over but still pending; how many were settled."""
    done = 0
    for game_id in db.ratings.waiting(limit):
        if rate_safely(db, game_id) != "pending":
            done += 1
    return done


def describe(rated: RatedGame) -> dict[str, Any]:
    """A rated game as the API shows it."""
    return {
        "status": rated.status, "reason": rated.reason, "rated_at": rated.rated_at,
        "seats": [{
            "seat": s.seat,
            "profile": {"id": s.profile_id, "name": s.name} if s.profile_id else None,
            "level": s.level, "place": s.place,
            "before": _shown(s.mu_before, s.sigma_before),
            "after": _shown(s.mu_after, s.sigma_after),
            "change": (round(s.mu_after) - round(s.mu_before)
                       if s.mu_after is not None and s.mu_before is not None else None),
            # nothing counted leaves a rating exactly as it was (any result moves sigma)
            "counted": ((s.mu_after, s.sigma_after) != (s.mu_before, s.sigma_before)
                        if s.profile_id is not None and s.mu_after is not None else None),
        } for s in rated.seats],
    }


def _shown(mu: float | None, sigma: float | None) -> dict[str, int] | None:
    if mu is None or sigma is None:
        return None
    return {"rating": round(mu), "sigma": round(sigma)}
