"""Games and their moves.

A game row holds what it was created with (game, options, seed, seats); its
moves are rows of their own. ``version`` is the number of moves: a move is
stored only if the version the client saw is still the current one, and the
game is still ``active``; that check happens in the database (one conditional
UPDATE), so two processes that race for the same move cannot both win.

A game's ``status`` is ``active`` while it is played, ``over`` once its rules end it
(a result: scores and winners), ``aborted`` when it ended before anyone had moved
and ``abandoned`` when nobody moved for a long time (both without a winner; their
moves stay, nothing is removed).

A move row's ``move`` column holds one entry of the game's record (core/record.py) as
text, the written form unchanged since the first schema: a move of the game as its
text, a resignation as ``resign`` or ``resign N``, an undo as ``undo N``. A move of a
game spelled like an action (``resign``, ``undo 3``), or beginning with ``"``, is
written as a JSON string (``"resign"``), so the two never meet (:func:`column_text`,
:func:`column_entry`): rows written before need no migration.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import json
import secrets
import time
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import Any, Literal

from sqlalchemy import Engine, case, delete, func, insert, select, update

from ludotheek.core.record import Entry, action_of, text_of
from ludotheek.store.schema import games, moves, rated_games, rated_seats, seat_invites, seat_tokens

#: the statuses of a game that is no longer played
ENDED = ("over", "aborted", "abandoned")


def _spelled_as_action(text: str) -> bool:
    word = text.partition(" ")[0]
    return word in ("resign", "undo") or text.startswith('"')


def column_text(entry: Entry) -> str:
    """How the ``move`` column writes a record's ``entry``.

    >>> column_text("3"), column_text("resign"), column_text(action_of("resign 1"))
    ('3', '"resign"', 'resign 1')
    """
    if isinstance(entry, str) and _spelled_as_action(entry):
        return json.dumps(entry, ensure_ascii=False)
    return text_of(entry)


def column_entry(text: str) -> Entry:
    """The record's entry a ``move`` column's ``text`` holds (:func:`column_text`).

    >>> column_entry("3"), column_entry('"resign"'), column_entry("undo 2")
    ('3', 'resign', UndoAction(to=2))
    """
    if text.startswith('"'):
        move = json.loads(text)
        assert isinstance(move, str)
        return move
    return action_of(text) or text


class _Undo(Exception):
    """Roll a transaction back, and answer ``result``."""

    def __init__(self, result: Claimed) -> None:
        super().__init__(result)
        self.result: Claimed = result


class StaleVersion(Exception):
    """The game has moved on since the version the client saw."""

    def __init__(self, current: int) -> None:
        super().__init__(f"the game is at version {current}")
        self.current = current


@dataclass(frozen=True)
class MoveWrite:
    """One move to store: it is move number ``version + 1`` of the game; ``reply``, the
    move after it (a computer's instant reply), is stored in the same transaction, or
    not at all when this one is stale."""

    game_id: str
    version: int
    move: Entry
    seat: int | None
    to_move: int | None
    status: str
    result: dict[str, Any] | None
    reply: MoveWrite | None = None


@dataclass(frozen=True)
class SeatJoined:
    """The person of ``seat`` has come (their secret was used): noted once."""

    game_id: str
    seat: int


@dataclass(frozen=True)
class NewGame:
    """A new game to store with its seats' secrets (``tokens[seat]`` or None) and invite
    codes (``invites[seat]`` or None), as :meth:`GameStore.create` does; with ``room``
    (client, since, most) only if ``client`` has fewer than ``most`` games in play touched
    since ``since`` (counted in the same transaction), else the result is :class:`NoRoom`."""

    game: str
    options: dict[str, Any]
    seed: int
    seats: list[dict[str, Any]]
    tokens: Sequence[str | None]
    to_move: int | None
    client: str | None = None
    parent: str | None = None
    room: tuple[str, float, int] | None = None
    invites: Sequence[str | None] = ()


@dataclass(frozen=True)
class NoRoom:
    """A :class:`NewGame` not stored: its client already has ``count`` games in play."""

    count: int


@dataclass(frozen=True)
class GameRow:
    id: str
    game: str
    options: dict[str, Any]
    seed: int
    seats: list[dict[str, Any]]
    version: int
    status: str
    to_move: int | None
    result: dict[str, Any] | None
    created: float
    updated: float
    parent: str | None = None
    #: the record's entries (core/record.py)
    moves: tuple[Entry, ...] = field(default=(), repr=False)


#: what :meth:`GameStore.claim` found: the seat taken, its invitation spent already (or
#: the seat taken otherwise), no invitation for that seat, the profile plays another seat
Claimed = Literal["taken", "spent", "not_invited", "profile"]


def new_token() -> str:
    """A secret: a seat's, or an invite code."""
    return secrets.token_urlsafe(24)


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


def derived_token(token_hash: str, game_id: str) -> str:
    """The secret a seat gets in another game (a rematch), made from the hash of its old
    secret: the server can make it for every seat, and whoever holds the old secret can
    ask for it; nobody else can."""
    digest = hmac.new(token_hash.encode(), game_id.encode(), "sha256")
    return base64.urlsafe_b64encode(digest.digest()[:24]).decode()


def new_id() -> str:
    return secrets.token_urlsafe(9).replace("-", "x").replace("_", "y")


def _row(r: Any, move_list: Sequence[Entry] = ()) -> GameRow:
    return GameRow(
        id=r.id, game=r.game, options=json.loads(r.options), seed=int(r.seed),
        seats=json.loads(r.seats), version=r.version, status=r.status, to_move=r.to_move,
        result=json.loads(r.result) if r.result else None, created=r.created,
        updated=r.updated, parent=r.parent, moves=tuple(move_list),
    )


class GameStore:
    def __init__(self, engine: Engine) -> None:
        self.engine = engine

    def create(
        self,
        game: str,
        options: dict[str, Any],
        seed: int,
        seats: list[dict[str, Any]],
        tokens: Sequence[str | None],
        to_move: int | None,
        client: str | None = None,
        parent: str | None = None,
        status: str = "active",
        result: dict[str, Any] | None = None,
        invites: Sequence[str | None] = (),
    ) -> GameRow:
        """Store a new game; ``tokens[seat]`` (or None) is the secret of each seat,
        ``invites[seat]`` (or None) the invite code of an invited person's seat."""
        return self._store(game, options, seed, seats, (), status, to_move, result, tokens,
                           client, parent, invites)

    def import_game(self, game: str, options: dict[str, Any], seed: int,
                    seats: list[dict[str, Any]], move_list: Sequence[Entry],
                    status: str, to_move: int | None, result: dict[str, Any] | None,
                    tokens: Sequence[str | None] = (), client: str | None = None,
                    invites: Sequence[str | None] = ()) -> GameRow:
        """Store a whole checked game record at once (all or nothing)."""
        return self._store(game, options, seed, seats, move_list, status, to_move, result,
                           tokens, client, None, invites)

    def _store(self, game: str, options: dict[str, Any], seed: int,
               seats: list[dict[str, Any]], move_list: Sequence[Entry], status: str,
               to_move: int | None, result: dict[str, Any] | None,
               tokens: Sequence[str | None], client: str | None,
               parent: str | None, invites: Sequence[str | None] = ()) -> GameRow:
        """A new game with its moves and seat tokens, in one transaction; the stored row."""
        now = time.time()
        gid = new_id()
        with self.engine.begin() as conn:
            conn.execute(insert(games).values(
                id=gid, game=game, options=json.dumps(options), seed=seed,
                seats=json.dumps(seats), version=len(move_list), status=status,
                to_move=to_move, result=json.dumps(result) if result is not None else None,
                created=now, updated=now, parent=parent, client=client))
            for number, move in enumerate(move_list, 1):
                conn.execute(insert(moves).values(game_id=gid, number=number,
                                                  move=column_text(move), seat=None, at=now))
            for seat, token in enumerate(tokens):
                if token is not None:
                    conn.execute(insert(seat_tokens).values(
                        game_id=gid, seat=seat, token_hash=hash_token(token)))
            for seat, code in enumerate(invites):
                if code is not None:
                    conn.execute(insert(seat_invites).values(
                        game_id=gid, seat=seat, invite_hash=hash_token(code)))
        row = self.get(gid)
        assert row is not None
        return row

    def get(self, gid: str) -> GameRow | None:
        """The game with its moves, or None.

        Its ``version`` is the number of moves read: another process may store a move
        between the two reads, and a move and its version change commit together.
        """
        with self.engine.connect() as conn:
            r = conn.execute(select(games).where(games.c.id == gid)).first()
            if r is None:
                return None
            ms = conn.execute(select(moves.c.move).where(moves.c.game_id == gid)
                              .order_by(moves.c.number)).scalars().all()
        row = _row(r, [column_entry(m) for m in ms])
        return replace(row, version=len(ms)) if row.version != len(ms) else row

    def append_move(
        self,
        gid: str,
        version: int,
        move: Entry,
        seat: int | None,
        to_move: int | None,
        status: str,
        result: dict[str, Any] | None,
    ) -> int:
        """Store move number ``version + 1``; :class:`StaleVersion` if the game moved on.

        Returns the new version. Committed before it returns.
        """
        now = time.time()
        with self.engine.begin() as conn:
            res = conn.execute(
                update(games)
                .where(games.c.id == gid, games.c.version == version,
                       games.c.status == "active")
                .values(version=version + 1, updated=now, to_move=to_move, status=status,
                        result=json.dumps(result) if result is not None else None)
            )
            if res.rowcount != 1:
                current = conn.execute(select(games.c.version).where(games.c.id == gid)).scalar()
                raise StaleVersion(-1 if current is None else int(current))
            conn.execute(insert(moves).values(game_id=gid, number=version + 1,
                                              move=column_text(move), seat=seat, at=now))
        return version + 1

    def append_moves(self, batch: Sequence[MoveWrite]) -> list[int | StaleVersion]:
        """Store several games' moves in one transaction (one disk sync for all).

        Each item is checked on its own: the result is its new version, or a
        :class:`StaleVersion` for an item whose game moved on (the others still count).
        """
        return [r for r in self.write_batch(batch) if isinstance(r, int | StaleVersion)
                and not isinstance(r, bool)]

    def write_batch(self, batch: Sequence[MoveWrite | SeatJoined | NewGame]
                    ) -> list[int | bool | StaleVersion | GameRow | NoRoom]:
        """Moves (as :meth:`append_moves`), seats' arrivals (as :meth:`mark_joined`: True
        the first time) and new games (their row, or :class:`NoRoom`) in one transaction,
        each with its own result in order."""
        now = time.time()
        out: list[int | bool | StaleVersion | GameRow | NoRoom] = []
        sql = self._sql()
        with self.engine.begin() as conn:
            # the driver's own cursor, in the same transaction: this is the server's hottest
            # path, and SQLAlchemy's exec_driver_sql costs 14 us of CPU a statement against
            # the cursor's 4 (docs/performance.md, "Throughput, fourth round")
            cur = conn.connection.dbapi_connection.cursor()  # type: ignore[union-attr]
            for w in batch:
                if isinstance(w, SeatJoined):
                    cur.execute(sql["joined"], (now, w.game_id, w.seat))
                    out.append(bool(cur.rowcount == 1))
                    continue
                if isinstance(w, NewGame):
                    out.append(self._new_game(conn, sql, w, now))
                    continue
                out.append(self._move(cur, sql, w, now))
            cur.close()
        return out

    @staticmethod
    def _move(cur: Any, sql: dict[str, str], w: MoveWrite, now: float) -> int | StaleVersion:
        """Store ``w`` (and its reply) with the driver's cursor ``cur``: the new version, or
        :class:`StaleVersion`."""
        cur.execute(sql["update"], (
            w.version + 1, now, w.to_move, w.status,
            json.dumps(w.result) if w.result is not None else None, w.game_id, w.version))
        if cur.rowcount != 1:
            cur.execute(sql["version"], (w.game_id,))
            row = cur.fetchone()
            return StaleVersion(-1 if row is None else int(row[0]))
        cur.execute(sql["insert"], (w.game_id, w.version + 1, column_text(w.move), w.seat, now))
        if w.reply is None:
            return w.version + 1
        if w.reply.version != w.version + 1 or w.reply.game_id != w.game_id:
            raise ValueError("a reply is the next move of the same game")
        after = GameStore._move(cur, sql, w.reply, now)
        if isinstance(after, StaleVersion):  # cannot be, the move before it just stored:
            raise RuntimeError(f"the reply in game {w.game_id} did not follow its move")
        return after

    @staticmethod
    def _new_game(conn: Any, sql: dict[str, str], w: NewGame, now: float) -> GameRow | NoRoom:
        if w.room is not None:
            client, since, most = w.room
            count = int(conn.exec_driver_sql(sql["room"], (client, since)).scalar() or 0)
            if count >= most:
                return NoRoom(count)
        gid = new_id()
        conn.exec_driver_sql(sql["game"], (
            gid, w.game, json.dumps(w.options), w.seed, json.dumps(w.seats), 0, "active",
            w.to_move, None, now, now, w.parent, w.client))
        for seat, token in enumerate(w.tokens):
            if token is not None:
                conn.exec_driver_sql(sql["token"], (gid, seat, hash_token(token)))
        for seat, code in enumerate(w.invites):
            if code is not None:
                conn.exec_driver_sql(sql["invite"], (gid, seat, hash_token(code)))
        return GameRow(id=gid, game=w.game, options=json.loads(json.dumps(w.options)),
                       seed=w.seed, seats=json.loads(json.dumps(w.seats)), version=0,
                       status="active", to_move=w.to_move, result=None, created=now,
                       updated=now, parent=w.parent)

    def _sql(self) -> dict[str, str]:
        p = "?" if self.engine.dialect.paramstyle == "qmark" else "%s"
        return {
            "update": f"UPDATE games SET version={p}, updated={p}, to_move={p}, status={p}, "
                      f"result={p} WHERE id={p} AND version={p} AND status='active'",
            "version": f"SELECT version FROM games WHERE id={p}",
            "insert": "INSERT INTO moves (game_id, number, move, seat, at) "
                      f"VALUES ({p}, {p}, {p}, {p}, {p})",
            "joined": f"UPDATE seat_tokens SET joined={p} WHERE game_id={p} AND seat={p} "
                      "AND joined IS NULL",
            "room": f"SELECT count(*) FROM games WHERE client={p} AND status='active' "
                    f"AND updated >= {p}",
            "game": "INSERT INTO games (id, game, options, seed, seats, version, status, "
                    "to_move, result, created, updated, parent, client) VALUES "
                    f"({', '.join([p] * 13)})",
            "token": f"INSERT INTO seat_tokens (game_id, seat, token_hash) VALUES ({p}, {p}, {p})",
            "invite": "INSERT INTO seat_invites (game_id, seat, invite_hash) "
                      f"VALUES ({p}, {p}, {p})",
        }

    def add_tokens(self, gid: str, hashes: dict[int, str],
                   invites: dict[int, str] | None = None,
                   profiles: dict[int, str] | None = None) -> None:
        """Store the hashed secrets of seats of an existing game (a rematch's), with the
        profile that holds each (``profiles``), and the hashed invite codes of its seats
        still open to an invited person (``invites``), in one transaction."""
        with self.engine.begin() as conn:
            for seat, token_hash in hashes.items():
                conn.execute(insert(seat_tokens).values(
                    game_id=gid, seat=seat, token_hash=token_hash,
                    profile_id=(profiles or {}).get(seat)))
            for seat, invite_hash in (invites or {}).items():
                conn.execute(insert(seat_invites).values(game_id=gid, seat=seat,
                                                         invite_hash=invite_hash))

    def invite_hashes(self, gid: str) -> dict[int, str]:
        """The hashed invite code of each seat of a game still open to its invited person."""
        with self.engine.connect() as conn:
            rows = conn.execute(select(seat_invites.c.seat, seat_invites.c.invite_hash)
                                .where(seat_invites.c.game_id == gid,
                                       seat_invites.c.taken.is_(None))).all()
        return {int(seat): str(h) for seat, h in rows}

    def seat_profiles(self, gid: str) -> dict[int, str]:
        """The profile that holds each seat of a game (those that took it with one)."""
        with self.engine.connect() as conn:
            rows = conn.execute(select(seat_tokens.c.seat, seat_tokens.c.profile_id)
                                .where(seat_tokens.c.game_id == gid,
                                       seat_tokens.c.profile_id.is_not(None))).all()
        return {int(seat): str(pid) for seat, pid in rows}

    def set_seat_profile(self, gid: str, seat: int, profile_id: str) -> None:
        """Note that ``profile_id`` holds ``seat`` (the creator's seat of a rated game)."""
        with self.engine.begin() as conn:
            conn.execute(update(seat_tokens).where(seat_tokens.c.game_id == gid,
                                                   seat_tokens.c.seat == seat)
                         .values(profile_id=profile_id))

    def claim(self, gid: str, seat: int, invite_hash: str, token_hash: str,
              profile_id: str | None, rated: bool, name: str | None = None) -> Claimed:
        """Take ``seat`` with the invitation whose code hashes to ``invite_hash``, in one
        transaction: the invitation is spent (only if it was not), the seat gets the
        secret ``token_hash`` (it had none: an invited seat's first secret is its
        taker's) held by ``profile_id``, in a rated game (``rated``) the profile is
        seated in the rating (only if it plays no other seat), and the seat is given the
        taker's ``name`` (None: it keeps its own). Nothing changes unless all of it can."""
        now = time.time()
        try:
            with self.engine.begin() as conn:
                spent = conn.execute(update(seat_invites).where(
                    seat_invites.c.game_id == gid, seat_invites.c.seat == seat,
                    seat_invites.c.invite_hash == invite_hash,
                    seat_invites.c.taken.is_(None)).values(taken=now))
                if spent.rowcount != 1:
                    found = conn.execute(select(seat_invites.c.taken).where(
                        seat_invites.c.game_id == gid, seat_invites.c.seat == seat)).first()
                    return "not_invited" if found is None else "spent"
                if conn.execute(select(seat_tokens.c.seat).where(
                        seat_tokens.c.game_id == gid, seat_tokens.c.seat == seat)).first():
                    raise _Undo("spent")
                if rated and not self._seat_profile(conn, gid, seat, profile_id):
                    raise _Undo("profile")
                conn.execute(insert(seat_tokens).values(
                    game_id=gid, seat=seat, token_hash=token_hash, joined=now,
                    profile_id=profile_id))
                if name is not None:
                    self._name_seat(conn, gid, seat, name)
        except _Undo as undo:
            return undo.result
        return "taken"

    @staticmethod
    def _name_seat(conn: Any, gid: str, seat: int, name: str) -> None:
        """Give ``seat`` of ``gid`` the name ``name`` (in the seats' JSON)."""
        row = conn.execute(select(games.c.seats).where(games.c.id == gid)).first()
        seats = json.loads(row[0])
        seats[seat] = {**seats[seat], "name": name}
        conn.execute(update(games).where(games.c.id == gid)
                     .values(seats=json.dumps(seats)))

    @staticmethod
    def _seat_profile(conn: Any, gid: str, seat: int, profile_id: str | None) -> bool:
        """Seat ``profile_id`` on ``seat`` of the pending rated game ``gid`` (a person's
        seat without a profile), unless it plays another seat of it already."""
        if profile_id is None or conn.execute(select(rated_seats.c.seat).where(
                rated_seats.c.game_id == gid, rated_seats.c.profile_id == profile_id)).first():
            return False
        return bool(conn.execute(update(rated_seats).where(
            rated_seats.c.game_id == gid, rated_seats.c.seat == seat,
            rated_seats.c.profile_id.is_(None), rated_seats.c.level.is_(None),
            rated_seats.c.game_id.in_(select(rated_games.c.game_id).where(
                rated_games.c.status == "pending"))).values(profile_id=profile_id)
            ).rowcount == 1)

    def replace_token(self, gid: str, seat: int, profile_id: str, token_hash: str) -> bool:
        """Give ``seat`` the secret ``token_hash`` instead of its old one, if ``profile_id``
        holds it (it took the seat with that profile); False otherwise."""
        with self.engine.begin() as conn:
            res = conn.execute(update(seat_tokens).where(
                seat_tokens.c.game_id == gid, seat_tokens.c.seat == seat,
                seat_tokens.c.profile_id == profile_id).values(token_hash=token_hash))
            return bool(res.rowcount == 1)

    def token_hashes(self, gid: str) -> dict[int, str]:
        """The hashed secret of each person seat of a game."""
        with self.engine.connect() as conn:
            rows = conn.execute(select(seat_tokens.c.seat, seat_tokens.c.token_hash)
                                .where(seat_tokens.c.game_id == gid)).all()
        return {int(seat): str(h) for seat, h in rows}

    def seat_for_token(self, gid: str, token: str) -> int | None:
        """The seat whose secret is ``token`` (compared in constant time), or None."""
        wanted = hash_token(token)
        with self.engine.connect() as conn:
            rows = conn.execute(select(seat_tokens.c.seat, seat_tokens.c.token_hash)
                                .where(seat_tokens.c.game_id == gid)).all()
        found = None
        for seat, stored in rows:
            if hmac.compare_digest(stored, wanted):
                found = seat
        return found

    def listing(self, status: str | None = None, game: str | None = None, limit: int = 50,
                offset: int = 0, started: bool = False,
                ids: Sequence[str] | None = None) -> list[GameRow]:
        """Games without their moves, most recently changed first (``started``: only those
        with at least one move; ``ids``: only these games)."""
        q = select(games)
        if ids is not None:
            q = q.where(games.c.id.in_(list(ids)))
        if status:
            q = q.where(games.c.status == status)
        if started:
            q = q.where(games.c.version > 0)
        if game:
            q = q.where(games.c.game == game)
        q = q.order_by(games.c.updated.desc()).limit(limit).offset(offset)
        with self.engine.connect() as conn:
            return [_row(r) for r in conn.execute(q)]

    def is_rated(self, gid: str) -> bool:
        """Whether the game is a rated game (``ludotheek.store.ratings``)."""
        with self.engine.connect() as conn:
            return conn.execute(select(rated_games.c.game_id)
                                .where(rated_games.c.game_id == gid)).first() is not None

    def child_of(self, parent: str) -> str | None:
        """The rematch of game ``parent``, if there is one."""
        with self.engine.connect() as conn:
            return conn.execute(select(games.c.id).where(games.c.parent == parent)
                                .order_by(games.c.created).limit(1)).scalar()

    def of_profile(self, profile_id: str, limit: int) -> list[tuple[GameRow, int]]:
        """The games in which ``profile_id`` holds a seat (taken with it, on any device),
        without their moves, with that seat: those in play first, each part most recently
        changed first, at most ``limit``."""
        q = (select(games, seat_tokens.c.seat)
             .join(seat_tokens, seat_tokens.c.game_id == games.c.id)
             .where(seat_tokens.c.profile_id == profile_id)
             .order_by(case((games.c.status == "active", 0), else_=1), games.c.updated.desc())
             .limit(limit))
        with self.engine.connect() as conn:
            return [(_row(r), int(r.seat)) for r in conn.execute(q).all()]

    def versions(self, ids: Sequence[str]) -> dict[str, int]:
        """The stored version of each of these games."""
        with self.engine.connect() as conn:
            rows = conn.execute(select(games.c.id, games.c.version)
                                .where(games.c.id.in_(list(ids)))).all()
        return {str(gid): int(v) for gid, v in rows}

    def waiting_for_computer(self, older_than: float) -> list[tuple[str, int]]:
        """Active games whose computer seat has been to move for ``older_than`` seconds."""
        limit = time.time() - older_than
        with self.engine.connect() as conn:
            rows = conn.execute(select(games.c.id, games.c.version, games.c.seats,
                                       games.c.to_move)
                                .where(games.c.status == "active", games.c.updated < limit,
                                       games.c.to_move.is_not(None))).all()
        out = []
        for gid, version, seats, to_move in rows:
            seat_list = json.loads(seats)
            if 0 <= to_move < len(seat_list) and seat_list[to_move]["type"] == "computer":
                out.append((str(gid), int(version)))
        return out

    def active_ids(self) -> list[str]:
        with self.engine.connect() as conn:
            return list(conn.execute(select(games.c.id).where(games.c.status == "active"))
                        .scalars())

    def count_active_by_client(self, client: str, since: float = 0.0) -> int:
        """The games in play that ``client`` created, with a move (or made) since ``since``."""
        with self.engine.connect() as conn:
            return int(conn.execute(select(func.count()).select_from(games).where(
                games.c.client == client, games.c.status == "active",
                games.c.updated >= since)).scalar() or 0)

    def active_by_client(self, client: str, since: float = 0.0,
                         limit: int = 10) -> list[GameRow]:
        """Those games, the longest untouched first (the first to free a place from)."""
        with self.engine.connect() as conn:
            rows = conn.execute(select(games).where(
                games.c.client == client, games.c.status == "active",
                games.c.updated >= since).order_by(games.c.updated).limit(limit))
            return [_row(r) for r in rows]

    def end(self, gid: str, version: int, status: str,
            result: dict[str, Any] | None = None) -> bool:
        """End an active game still at ``version`` without a move (``aborted``,
        ``abandoned``); False if it moved on or had ended already."""
        assert status in ENDED
        with self.engine.begin() as conn:
            res = conn.execute(update(games).where(
                games.c.id == gid, games.c.version == version, games.c.status == "active")
                .values(status=status, to_move=None, updated=time.time(),
                        result=json.dumps(result) if result is not None else None))
            return bool(res.rowcount == 1)

    def untouched(self, before: float, limit: int = 500) -> list[GameRow]:
        """Active games without a move (or made) since ``before``, oldest first."""
        with self.engine.connect() as conn:
            rows = conn.execute(select(games).where(
                games.c.status == "active", games.c.updated < before)
                .order_by(games.c.updated).limit(limit))
            return [_row(r) for r in rows]

    def seats_that_moved(self, gid: str) -> set[int]:
        """The seats that made at least one stored move (undos and resignations too)."""
        with self.engine.connect() as conn:
            return {int(seat) for seat in conn.execute(
                select(moves.c.seat).where(moves.c.game_id == gid, moves.c.seat.is_not(None))
                .distinct()).scalars()}

    def leave_seat(self, gid: str, seat: int, seats: list[dict[str, Any]]) -> None:
        """A person left ``seat``: the game's seats become ``seats`` (that seat now played
        by a computer) and the seat's secret is forgotten, in one transaction."""
        with self.engine.begin() as conn:
            conn.execute(update(games).where(games.c.id == gid)
                         .values(seats=json.dumps(seats)))
            conn.execute(delete(seat_tokens).where(seat_tokens.c.game_id == gid,
                                                   seat_tokens.c.seat == seat))

    def mark_joined(self, gid: str, seat: int) -> bool:
        """Note that the person of ``seat`` has come (their secret was used); True the
        first time. (The server sends it through its move writer: ``write_batch``.)"""
        [first] = self.write_batch([SeatJoined(gid, seat)])
        return first is True

    def joined_seats(self, gid: str) -> set[int]:
        """The seats whose person has come."""
        with self.engine.connect() as conn:
            return {int(seat) for seat in conn.execute(
                select(seat_tokens.c.seat).where(seat_tokens.c.game_id == gid,
                                                 seat_tokens.c.joined.is_not(None))).scalars()}

    def count_moves(self) -> int:
        with self.engine.connect() as conn:
            return int(conn.execute(select(func.count()).select_from(moves)).scalar() or 0)
