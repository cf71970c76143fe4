"""Rated games, their seats and the ratings of profiles.

A rated game has a row in ``rated_games`` (pending until it is rated) and one row per seat
in ``rated_seats``: the profile or computer level that sat there and, once rated, its
place and its rating before and after. Those rows are each profile's history; ``ratings``
holds each profile's current rating per game.

:meth:`RatingStore.settle` rates a game in one transaction that begins by moving the game
from pending to rated: whoever comes second (a retry, another process, a restart) finds it
rated and changes nothing, and a failure leaves it pending for the next try.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from sqlalchemy import Connection, Engine, and_, func, insert, select, update

from ludotheek.core.record import Entry
from ludotheek.store.games import ENDED, column_entry
from ludotheek.store.schema import games, moves, profiles, rated_games, rated_seats, ratings


@dataclass(frozen=True)
class SeatRating:
    """One seat of a rated game: who sat there and, once rated, how it went."""

    seat: int
    profile_id: str | None
    name: str | None  # the profile's name
    level: str | None
    place: int | None = None
    mu_before: float | None = None
    sigma_before: float | None = None
    mu_after: float | None = None
    sigma_after: float | None = None


@dataclass(frozen=True)
class RatedGame:
    game_id: str
    game: str
    status: str  # pending | rated | unrated
    reason: str | None
    created: float
    rated_at: float | None
    attempts: int
    seats: tuple[SeatRating, ...]


@dataclass(frozen=True)
class CurrentRating:
    profile_id: str
    game: str
    mu: float
    sigma: float
    games: int
    updated: float


@dataclass(frozen=True)
class HistoryPoint:
    """A profile's rating after one rated game."""

    game_id: str
    at: float
    place: int
    players: int
    mu_before: float
    sigma_before: float
    mu: float
    sigma: float


#: settle's callback: the seats with their current ratings (a profile's: None before its
#: first rated game of this game) -> each seat's (rating before, rating after) as (mu, sigma)
Compute = Callable[[Sequence[SeatRating], dict[str, CurrentRating]],
                   list[tuple[tuple[float, float], tuple[float, float]]]]


class RatingStore:
    def __init__(self, engine: Engine) -> None:
        self.engine = engine

    # --- rated games -----------------------------------------------------------------
    def register(self, game_id: str, game: str,
                 seats: Sequence[tuple[str | None, str | None]]) -> None:
        """Make ``game_id`` a rated game; ``seats[i]`` is (profile id, level) of seat i."""
        with self.engine.begin() as conn:
            conn.execute(insert(rated_games).values(game_id=game_id, game=game,
                                                    status="pending", created=time.time(),
                                                    attempts=0))
            for seat, (profile_id, level) in enumerate(seats):
                conn.execute(insert(rated_seats).values(game_id=game_id, seat=seat,
                                                        profile_id=profile_id, level=level))

    def claim(self, game_id: str, seat: int, profile_id: str) -> bool:
        """Seat ``profile_id`` on ``seat`` of a pending rated game, if that seat is a
        person's without a profile and the profile has no other seat in the game."""
        with self.engine.begin() as conn:
            taken = conn.execute(select(rated_seats.c.seat).where(
                rated_seats.c.game_id == game_id,
                rated_seats.c.profile_id == profile_id)).first()
            if taken is not None:
                return False
            res = conn.execute(update(rated_seats).where(
                rated_seats.c.game_id == game_id, rated_seats.c.seat == seat,
                rated_seats.c.profile_id.is_(None), rated_seats.c.level.is_(None),
                rated_seats.c.game_id.in_(select(rated_games.c.game_id).where(
                    rated_games.c.status == "pending"))).values(profile_id=profile_id))
            return bool(res.rowcount == 1)

    def get(self, game_id: str) -> RatedGame | None:
        with self.engine.connect() as conn:
            r = conn.execute(select(rated_games).where(rated_games.c.game_id == game_id)).first()
            if r is None:
                return None
            seats = conn.execute(
                select(rated_seats, profiles.c.name)
                .join(profiles, profiles.c.id == rated_seats.c.profile_id, isouter=True)
                .where(rated_seats.c.game_id == game_id).order_by(rated_seats.c.seat)).all()
        return RatedGame(r.game_id, r.game, r.status, r.reason, r.created, r.rated_at,
                         r.attempts, tuple(_seat(s) for s in seats))

    def rated_ids(self, game_ids: Sequence[str]) -> set[str]:
        """Which of these games are rated games."""
        if not game_ids:
            return set()
        with self.engine.connect() as conn:
            return {str(g) for g in conn.execute(select(rated_games.c.game_id).where(
                rated_games.c.game_id.in_(list(game_ids)))).scalars()}

    def waiting(self, limit: int = 100) -> list[str]:
        """Rated games still pending whose game has ended (over, aborted or abandoned):
        the ones to rate (again)."""
        with self.engine.connect() as conn:
            return [str(g) for g in conn.execute(
                select(rated_games.c.game_id)
                .join(games, games.c.id == rated_games.c.game_id)
                .where(rated_games.c.status == "pending", games.c.status.in_(ENDED))
                .order_by(games.c.updated).limit(limit)).scalars()]

    def movers(self, game_id: str) -> list[tuple[Entry, int | None]]:
        """Each stored entry of the game with the seat that made it."""
        with self.engine.connect() as conn:
            return [(column_entry(str(m)), None if s is None else int(s)) for m, s in conn.execute(
                select(moves.c.move, moves.c.seat).where(moves.c.game_id == game_id)
                .order_by(moves.c.number))]

    def failed(self, game_id: str) -> None:
        """Count a failed attempt to rate the game (it stays pending)."""
        with self.engine.begin() as conn:
            conn.execute(update(rated_games).where(rated_games.c.game_id == game_id)
                         .values(attempts=rated_games.c.attempts + 1))

    def settle(self, game_id: str, places: Sequence[int] | None, reason: str,
               compute: Compute) -> bool:
        """Rate a pending game with ``places`` by seat (None: it is not rated, for
        ``reason``), all in one transaction; False if it was not pending (already done)."""
        now = time.time()
        with self.engine.begin() as conn:
            res = conn.execute(update(rated_games).where(
                rated_games.c.game_id == game_id, rated_games.c.status == "pending")
                .values(status="rated" if places is not None else "unrated", reason=reason,
                        rated_at=now))
            if res.rowcount != 1:
                return False
            if places is None:
                return True
            game = conn.execute(select(rated_games.c.game).where(
                rated_games.c.game_id == game_id)).scalar_one()
            seats = [_seat(s) for s in conn.execute(
                select(rated_seats, profiles.c.name)
                .join(profiles, profiles.c.id == rated_seats.c.profile_id, isouter=True)
                .where(rated_seats.c.game_id == game_id).order_by(rated_seats.c.seat))]
            if len(seats) != len(places):
                raise ValueError(f"game {game_id} has {len(seats)} rated seats, "
                                 f"not {len(places)}")
            current = self._lock_ratings(conn, game, [s.profile_id for s in seats])
            changes = compute(seats, current)
            for s, place, ((mu0, sg0), (mu1, sg1)) in zip(seats, places, changes, strict=True):
                had = current.get(s.profile_id) if s.profile_id is not None else None
                conn.execute(update(rated_seats).where(
                    rated_seats.c.game_id == game_id, rated_seats.c.seat == s.seat).values(
                    place=place, mu_before=mu0, sigma_before=sg0, mu_after=mu1,
                    sigma_after=sg1,
                    number=None if s.profile_id is None else (had.games + 1 if had else 1)))
                if s.profile_id is None:
                    continue
                if s.profile_id in current:
                    conn.execute(update(ratings).where(
                        ratings.c.profile_id == s.profile_id, ratings.c.game == game).values(
                        mu=mu1, sigma=sg1, games=ratings.c.games + 1, updated=now))
                else:
                    conn.execute(insert(ratings).values(profile_id=s.profile_id, game=game,
                                                        mu=mu1, sigma=sg1, games=1,
                                                        updated=now))
        return True

    @staticmethod
    def _lock_ratings(conn: Connection, game: str, ids: Sequence[str | None]
                      ) -> dict[str, CurrentRating]:
        """The current ratings of these profiles, locked until the transaction ends
        (PostgreSQL: rows in id order, so two games never wait for each other in a
        circle; SQLite: the transaction already holds the database's write lock)."""
        wanted = sorted({i for i in ids if i is not None})
        if not wanted:
            return {}
        rows = conn.execute(select(ratings).where(
            ratings.c.game == game, ratings.c.profile_id.in_(wanted))
            .order_by(ratings.c.profile_id).with_for_update()).all()
        return {r.profile_id: _current(r) for r in rows}

    # --- what the pages show -----------------------------------------------------------
    def of_profile(self, profile_id: str) -> list[CurrentRating]:
        """A profile's ratings, one per game it has played rated."""
        with self.engine.connect() as conn:
            return [_current(r) for r in conn.execute(
                select(ratings).where(ratings.c.profile_id == profile_id)
                .order_by(ratings.c.game))]

    def place_of(self, game: str, mu: float) -> int:
        """The place of a rating of ``mu`` on the game's leaderboard."""
        with self.engine.connect() as conn:
            above = conn.execute(select(func.count()).select_from(ratings).where(
                ratings.c.game == game, ratings.c.mu > mu)).scalar()
        return int(above or 0) + 1

    def leaderboard(self, game: str, limit: int = 20, offset: int = 0
                    ) -> list[tuple[CurrentRating, str]]:
        """The game's ratings, highest first, with each profile's name."""
        with self.engine.connect() as conn:
            rows = conn.execute(
                select(ratings, profiles.c.name)
                .join(profiles, profiles.c.id == ratings.c.profile_id)
                .where(ratings.c.game == game)
                .order_by(ratings.c.mu.desc(), ratings.c.updated.asc())
                .limit(limit).offset(offset)).all()
        return [(_current(r), str(r.name)) for r in rows]

    def count(self, game: str) -> int:
        with self.engine.connect() as conn:
            return int(conn.execute(select(func.count()).select_from(ratings)
                                    .where(ratings.c.game == game)).scalar() or 0)

    def history(self, profile_id: str, game: str, limit: int = 500) -> list[HistoryPoint]:
        """The profile's rating after each of its rated games of ``game``, oldest first
        (the newest ``limit``)."""
        others = rated_seats.alias("others")
        players = (select(func.count()).select_from(others)
                   .where(others.c.game_id == rated_seats.c.game_id).scalar_subquery())
        q = (select(rated_seats, rated_games.c.rated_at, players.label("players"))
             .join(rated_games, rated_games.c.game_id == rated_seats.c.game_id)
             .where(rated_seats.c.profile_id == profile_id, rated_games.c.game == game,
                    rated_games.c.status == "rated")
             .order_by(rated_seats.c.number.desc()).limit(limit))
        with self.engine.connect() as conn:
            rows = conn.execute(q).all()
        return [HistoryPoint(r.game_id, r.rated_at, r.place, int(r.players), r.mu_before,
                             r.sigma_before, r.mu_after, r.sigma_after)
                for r in reversed(rows)]

    def games_of(self, profile_id: str, limit: int = 20) -> list[RatedGame]:
        """The profile's rated games, newest first (pending ones too)."""
        with self.engine.connect() as conn:
            ids = list(conn.execute(
                select(rated_games.c.game_id)
                .join(rated_seats, and_(rated_seats.c.game_id == rated_games.c.game_id,
                                        rated_seats.c.profile_id == profile_id))
                .order_by(rated_games.c.created.desc()).limit(limit)).scalars())
        out = []
        for gid in ids:
            got = self.get(str(gid))
            if got is not None:
                out.append(got)
        return out


def _seat(r: Any) -> SeatRating:
    return SeatRating(r.seat, r.profile_id, r.name, r.level, r.place, r.mu_before,
                      r.sigma_before, r.mu_after, r.sigma_after)


def _current(r: Any) -> CurrentRating:
    return CurrentRating(r.profile_id, r.game, r.mu, r.sigma, r.games, r.updated)
