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
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from sqlalchemy import Connection, Engine, and_, delete, func, insert, select, update

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
    status: str  # pending | rated | unrated | void (its rating taken back: ludotheek games void)
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


@dataclass(frozen=True)
class PastSeat:
    """A seat of a rated game as the fairness rules read it (``ludotheek.rated.fairness``):
    its profile or level, and the rating it had before the game."""

    profile_id: str | None
    level: str | None
    mu_before: float


@dataclass(frozen=True)
class PastGame:
    """A rated game (status ``rated``) and when it was rated."""

    game_id: str
    at: float
    seats: tuple[PastSeat, ...]


@dataclass(frozen=True)
class StoredSeat:
    """A seat of a rated game as it was rated: its place and ratings before and after."""

    seat: int
    profile_id: str | None
    level: str | None
    place: int
    mu_before: float
    sigma_before: float


@dataclass(frozen=True)
class StoredGame:
    game_id: str
    at: float
    seats: tuple[StoredSeat, ...]


#: the rated games of some profiles (all of each one's, of one game), read in settle's
#: transaction
Lookup = Callable[[Iterable[str]], list[PastGame]]
Change = tuple[tuple[float, float], tuple[float, float]]
#: settle's callback: the seats with their current ratings (a profile's: None before its
#: first rated game of this game), a lookup of earlier rated games and the time the game is
#: rated -> each seat's (rating before, rating after) as (mu, sigma)
Compute = Callable[[Sequence[SeatRating], dict[str, CurrentRating], Lookup, float],
                   list[Change]]
#: recompute's callback: every rated game of a game, oldest first -> each seat's (rating
#: before, rating after), by game
Replay = Callable[[Sequence[StoredGame]], list[list[Change]]]


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
            changes = compute(seats, current, lambda ids: _past(conn, game, ids, game_id), now)
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

    def void(self, game_id: str, replay: Replay) -> str:
        """Void a rated game's rating: it becomes ``void`` (a pending one is never rated)
        and every rated game of its game is rated again in order without it (``replay``),
        the ratings of its people, and of everyone whose games followed theirs, computed
        anew; all in one transaction. Returns the status the game had."""
        with self.engine.begin() as conn:
            found = conn.execute(select(rated_games.c.game, rated_games.c.status).where(
                rated_games.c.game_id == game_id).with_for_update()).first()
            if found is None or found.status not in ("rated", "pending"):
                return "none" if found is None else str(found.status)
            conn.execute(update(rated_games).where(rated_games.c.game_id == game_id).values(
                status="void", reason="void"))
            if found.status == "rated":
                self._recompute(conn, str(found.game), replay)
            return str(found.status)

    def _recompute(self, conn: Connection, game: str, replay: Replay) -> None:
        """Rate every rated game of ``game`` again, oldest first, and store the results:
        each seat's ratings and number, each profile's current rating."""
        self._lock_ratings(conn, game, list(conn.execute(select(ratings.c.profile_id).where(
            ratings.c.game == game)).scalars()))
        rows = conn.execute(
            select(rated_seats, rated_games.c.rated_at)
            .join(rated_games, rated_games.c.game_id == rated_seats.c.game_id)
            .where(rated_games.c.game == game, rated_games.c.status == "rated")
            .order_by(rated_games.c.rated_at, rated_games.c.game_id, rated_seats.c.seat)).all()
        stored: list[StoredGame] = []
        for r in rows:
            seat = StoredSeat(r.seat, r.profile_id, r.level, r.place, r.mu_before,
                              r.sigma_before)
            if stored and stored[-1].game_id == r.game_id:
                stored[-1] = StoredGame(r.game_id, r.rated_at, (*stored[-1].seats, seat))
            else:
                stored.append(StoredGame(r.game_id, float(r.rated_at), (seat,)))
        changes = replay(stored)
        latest: dict[str, tuple[float, float, int, float]] = {}
        for g, change in zip(stored, changes, strict=True):
            for s, ((mu0, sg0), (mu1, sg1)) in zip(g.seats, change, strict=True):
                number = None
                if s.profile_id is not None:
                    number = latest[s.profile_id][2] + 1 if s.profile_id in latest else 1
                    latest[s.profile_id] = (mu1, sg1, number, g.at)
                conn.execute(update(rated_seats).where(
                    rated_seats.c.game_id == g.game_id, rated_seats.c.seat == s.seat).values(
                    mu_before=mu0, sigma_before=sg0, mu_after=mu1, sigma_after=sg1,
                    number=number))
        conn.execute(delete(ratings).where(ratings.c.game == game))
        for pid, (mu, sigma, count, at) in latest.items():
            conn.execute(insert(ratings).values(profile_id=pid, game=game, mu=mu, sigma=sigma,
                                                games=count, updated=at))

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


def _past(conn: Connection, game: str, ids: Iterable[str], rating: str) -> list[PastGame]:
    """Every rated game of ``game`` in which one of the profiles ``ids`` sat, oldest first,
    with all its seats (but ``rating``, the game being rated)."""
    wanted = sorted(set(ids))
    if not wanted:
        return []
    mine = (select(rated_seats.c.game_id).where(rated_seats.c.profile_id.in_(wanted))
            .scalar_subquery())
    rows = conn.execute(
        select(rated_seats.c.game_id, rated_seats.c.profile_id, rated_seats.c.level,
               rated_seats.c.mu_before, rated_games.c.rated_at)
        .join(rated_games, rated_games.c.game_id == rated_seats.c.game_id)
        .where(rated_games.c.game == game, rated_games.c.status == "rated",
               rated_seats.c.game_id.in_(mine), rated_seats.c.game_id != rating)
        .order_by(rated_games.c.rated_at, rated_games.c.game_id, rated_seats.c.seat)).all()
    out: list[PastGame] = []
    for r in rows:
        seat = PastSeat(r.profile_id, r.level, float(r.mu_before))
        if out and out[-1].game_id == r.game_id:
            out[-1] = PastGame(r.game_id, out[-1].at, (*out[-1].seats, seat))
        else:
            out.append(PastGame(r.game_id, float(r.rated_at), (seat,)))
    return out


def _seat(r: Any) -> SeatRating:
    return SeatRating(r.seat, r.profile_id, r.name, r.level, r.place, r.mu_before,
                      r.sigma_before, r.mu_after, r.sigma_after)


def _current(r: Any) -> CurrentRating:
    return CurrentRating(r.profile_id, r.game, r.mu, r.sigma, r.games, r.updated)
