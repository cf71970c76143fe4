"""Games in play: creating them, moves, views, computer turns, persistence.

This module knows nothing of HTTP: the API and the WebSocket layer call it.
Every accepted move is committed to the database before anyone hears of it.
"""

from __future__ import annotations

import asyncio
import hmac
import logging
import secrets
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import partial
from typing import Any, TypeVar

import anyio.to_thread

from ludotheek import players
from ludotheek.core.errors import BadOption, IllegalMove, LudotheekError, UnknownGame
from ludotheek.core.game import Game, State
from ludotheek.core.record import (
    UNDO,
    Record,
    apply_move,
    effective_line,
    mover_of,
    resign_move,
    result_of,
    undo_move,
    undo_target,
)
from ludotheek.games import get, names
from ludotheek.server.cluster import RedisEvents, RedisJobs
from ludotheek.server.computer import ComputerPool
from ludotheek.server.errors import BadRequest, Conflict, Forbidden, NotFound, TooMany
from ludotheek.server.hub import Hub
from ludotheek.server.settings import Settings
from ludotheek.server.turns import seed_for
from ludotheek.server.writer import MoveWriter
from ludotheek.store.database import Database
from ludotheek.store.games import GameRow, MoveWrite, StaleVersion, hash_token, new_token
from ludotheek.store.hooks import game_over

log = logging.getLogger("ludotheek.server")
T = TypeVar("T")

CREATE_FIELDS = {"game", "options", "seats", "seed"}
SEAT_FIELDS = {"type", "level", "name"}
MAX_SEED = 2**63 - 1
#: the languages of the pages (web/i18n/<lang>/); seat names are given in each
PAGE_LANGUAGES = ("en", "nl", "no")

#: the level whose player gives hints (every game has one)
HINT_LEVEL = "strong"


@dataclass
class LiveGame:
    """A game in memory: its current state and what it was created with."""

    id: str
    game: Game
    options: dict[str, Any]
    seed: int
    seats: list[dict[str, Any]]
    state: State
    moves: list[str]
    version: int
    created: float
    parent: str | None = None
    thinking: bool = False
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    #: the hashed secret of each person seat
    token_hashes: dict[int, str] = field(default_factory=dict)
    #: the id of this game's rematch, once there is one
    rematch: str | None = None
    #: who made each stored move (None for an undo), by move number - 1
    movers: list[int | None] = field(default_factory=list)
    #: the numbers of the moves that lead to the current position (undone ones left out)
    line: list[int] = field(default_factory=list)
    #: the computer turn in progress (the one ``thinking`` is about)
    computer_task: asyncio.Task[None] | None = None

    #: the hint being computed or computed for a version: (version, task)
    hint: tuple[int, asyncio.Task[dict[str, Any]]] | None = None

    @property
    def over(self) -> bool:
        return self.state.is_over

    def names(self, lang: str = "en") -> list[str]:
        default = self.game.seat_names(self.options, lang)
        return [s.get("name") or default[i] for i, s in enumerate(self.seats)]

    def computer_to_move(self) -> bool:
        seat = self.state.to_move
        return seat is not None and self.seats[seat]["type"] == "computer"

    def undo_target(self, seat: int | None) -> int | None:
        """Where an undo by ``seat`` goes back to: the position before that seat's last
        decision still in the line of play; None if it may not undo.

        Only a person playing alone against computer players may undo, and not once
        the game is over (the result stands, and the score list has it).
        """
        if seat is None or self.over or self.seats[seat]["type"] != "person":
            return None
        if any(s["type"] != "computer" for i, s in enumerate(self.seats) if i != seat):
            return None
        for number in reversed(self.line):
            if self.movers[number - 1] == seat:
                return number - 1
        return None


class GameService:
    def __init__(self, db: Database, settings: Settings, pool: ComputerPool, hub: Hub) -> None:
        self.db = db
        self.settings = settings
        self.pool = pool
        self.hub = hub
        self.cache: OrderedDict[str, LiveGame] = OrderedDict()
        self._loading: dict[str, asyncio.Lock] = {}
        self._tasks: set[asyncio.Task[None]] = set()
        self.writer = MoveWriter(db.games)
        #: on a scaled-out site: computer turns as jobs, stored moves announced
        self.jobs: RedisJobs | None = None
        self.events: RedisEvents | None = None

    # --- the database, off the event loop --------------------------------------
    async def _db(self, fn: Callable[..., T], *args: Any) -> T:
        return await anyio.to_thread.run_sync(partial(fn, *args))

    # --- creating ---------------------------------------------------------------
    def check_create(self, body: Any) -> tuple[Game, dict[str, Any], list[dict[str, Any]], int]:
        """Validate a create request; :class:`BadRequest` says what is wrong."""
        if not isinstance(body, dict):
            raise BadRequest("the body must be a JSON object")
        unknown = sorted(set(body) - CREATE_FIELDS)
        if unknown:
            raise BadRequest(f"unknown field {unknown[0]!r} (fields: game, options, seats, seed)")
        name = body.get("game")
        if not isinstance(name, str):
            raise BadRequest(f"'game' must be one of: {', '.join(names())}")
        try:
            game = get(name)
        except UnknownGame as exc:
            raise BadRequest(str(exc)) from exc
        options = body.get("options", {})
        if not isinstance(options, dict):
            raise BadRequest("'options' must be a JSON object")
        try:
            options = game.check_options(options)
        except BadOption as exc:
            raise BadRequest(str(exc)) from exc
        seed = body.get("seed")
        if seed is None:
            seed = secrets.randbelow(2**31)
        if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed <= MAX_SEED:
            raise BadRequest(f"'seed' must be a whole number from 0 to {MAX_SEED}")
        n = game.num_players(options)
        seats = body.get("seats")
        if not isinstance(seats, list) or len(seats) != n:
            raise BadRequest(f"'seats' must be a list of {n} seats for {name} with these options")
        levels = players.levels(name)
        checked = []
        for i, seat in enumerate(seats, 1):
            if not isinstance(seat, dict):
                raise BadRequest(f"seat {i} must be an object like {{\"type\": \"person\"}}")
            bad = sorted(set(seat) - SEAT_FIELDS)
            if bad:
                raise BadRequest(f"seat {i}: unknown field {bad[0]!r} (fields: type, level, name)")
            kind = seat.get("type")
            entry: dict[str, Any] = {"type": kind, "level": None, "name": None}
            if kind == "computer":
                level = seat.get("level", "normal")
                if level not in levels:
                    raise BadRequest(
                        f"seat {i}: unknown level {level!r}; levels: {', '.join(levels)}")
                entry["level"] = level
            elif kind != "person":
                raise BadRequest(f"seat {i}: 'type' must be 'person' or 'computer'")
            seat_name = seat.get("name")
            if seat_name is not None:
                if not isinstance(seat_name, str) or len(seat_name) > 32:
                    raise BadRequest(f"seat {i}: 'name' must be a text of at most 32 characters")
                entry["name"] = seat_name.strip() or None
            checked.append(entry)
        try:
            options, shown = game.adopt_seat_names(options, [s["name"] for s in checked])
        except BadOption as exc:
            raise BadRequest(str(exc)) from exc
        for entry, seat_name in zip(checked, shown, strict=True):
            entry["name"] = seat_name
        return game, options, checked, seed

    async def create(self, body: Any, client: str | None = None, parent: str | None = None,
                     make_tokens: bool = True) -> tuple[LiveGame, list[str | None]]:
        game, options, seats, seed = self.check_create(body)
        if client is not None:
            active = await self._db(self.db.games.count_active_by_client, client)
            if active >= self.settings.max_active_games_per_client:
                raise TooMany(f"this address already has {active} games in progress "
                              f"(at most {self.settings.max_active_games_per_client})")
        try:
            state = game.new(seed, **options)
        except LudotheekError as exc:
            raise BadRequest(str(exc)) from exc
        tokens = [new_token() if s["type"] == "person" and make_tokens else None for s in seats]
        row = await self._db(self.db.games.create, game.name, options, seed, seats, tokens,
                             state.to_move, client, parent)
        live = LiveGame(row.id, game, options, seed, seats, state, [], 0, row.created, parent,
                        token_hashes={i: hash_token(t) for i, t in enumerate(tokens) if t})
        self._remember(live)
        self.schedule_computer(live)
        return live, tokens

    # --- loading -----------------------------------------------------------------
    def _remember(self, live: LiveGame) -> None:
        self.cache[live.id] = live
        self.cache.move_to_end(live.id)
        while len(self.cache) > self.settings.cache_size:
            oldest_id, oldest = next(iter(self.cache.items()))
            if oldest.thinking or self.hub.watchers(oldest_id):
                self.cache.move_to_end(oldest_id)
                break
            del self.cache[oldest_id]

    def _from_row(self, row: GameRow) -> LiveGame:
        record = Record(row.game, row.options, row.seed, row.moves)
        states = record.states()
        state = next(states)
        movers: list[int | None] = []
        for move, after in zip(row.moves, states, strict=False):
            movers.append(mover_of(state, move))
            state = after
        return LiveGame(row.id, get(row.game), row.options, row.seed, row.seats, state,
                        list(row.moves), row.version, row.created, row.parent,
                        token_hashes=self.db.games.token_hashes(row.id),
                        rematch=self.db.games.child_of(row.id) if row.status == "over" else None,
                        movers=movers, line=effective_line(row.moves))

    async def load(self, gid: str) -> LiveGame:
        """The game ``gid`` (from memory, or replayed from the database)."""
        live = self.cache.get(gid)
        if live is not None:
            return live
        lock = self._loading.setdefault(gid, asyncio.Lock())
        async with lock:
            live = self.cache.get(gid)
            if live is None:
                row = await self._db(self.db.games.get, gid) if _plausible_id(gid) else None
                if row is None:
                    self._loading.pop(gid, None)
                    raise NotFound(f"there is no game {gid!r}")
                live = await self._db(self._from_row, row)
                self._remember(live)
        self._loading.pop(gid, None)
        return live

    async def reload(self, gid: str) -> LiveGame:
        """Forget the game in memory and read it again (another process moved it on)."""
        self.cache.pop(gid, None)
        return await self.load(gid)

    async def seat_of(self, live: LiveGame, token: str | None) -> int | None:
        """The seat a token belongs to; None without a token; :class:`Forbidden` if wrong."""
        if token is None:
            return None
        if not isinstance(token, str) or not token or len(token) > 200:
            raise Forbidden("that token belongs to no seat of this game")
        wanted = hash_token(token)
        found = None
        for seat, stored in live.token_hashes.items():  # every one compared: constant time
            if hmac.compare_digest(stored, wanted):
                found = seat
        if found is None:
            raise Forbidden("that token belongs to no seat of this game")
        return found

    # --- views -------------------------------------------------------------------
    def view(self, live: LiveGame, seat: int | None, lang: str = "en") -> dict[str, Any]:
        st = live.state
        to_move = st.to_move
        thinking = live.thinking or live.computer_to_move()
        mine = seat is not None and seat == to_move and not thinking
        return {
            "id": live.id,
            "game": live.game.name,
            "version": live.version,
            "to_move": to_move,
            "over": st.is_over,
            "scores": list(st.scores()),
            "winners": st.winners() if st.is_over else [],
            "end_reason": st.end_reason,
            "legal_moves": st.legal_moves() if mine else [],
            "state": st.view(seat),
            "seat": seat,
            "seats": [{"type": s["type"], "level": s["level"], "name": s["name"]}
                      for s in live.seats],
            "names": live.names(lang),
            "names_i18n": {code: live.names(code) for code in PAGE_LANGUAGES},
            "thinking": thinking,
            "options": live.options,
            "moves": list(live.moves),
            "resignable": live.game.resignable,
            "parent": live.parent,
            "rematch": live.rematch,
            "can_undo": live.undo_target(seat) is not None,
        }

    async def broadcast(self, live: LiveGame) -> None:
        await self.hub.broadcast(live.id, lambda seat: {"type": "view",
                                                        "view": self.view(live, seat)})

    # --- moves -------------------------------------------------------------------
    async def move(self, gid: str, token: str | None, move: Any,
                   version: Any) -> tuple[LiveGame, int]:
        """Play ``move`` for the seat of ``token`` if the game is still at ``version``."""
        if not isinstance(move, str) or len(move) > 200:
            raise BadRequest("'move' must be a text in the game's notation")
        live, seat = await self._seated(gid, token, version, "a move")
        async with live.lock:
            _check_version(live, version)
            state = live.state
            if state.is_over:
                raise Conflict("the game is over", version=live.version)
            if move == UNDO or move.startswith(UNDO + " "):
                raise BadRequest("to take a decision back, use POST /api/games/{id}/undo")
            if move == "resign":
                if not live.game.resignable:
                    raise BadRequest(f"{live.game.name} has no resignation")
                written = resign_move(state, seat)
            else:
                if state.to_move != seat:
                    raise Forbidden("it is not your turn")
                written = move
            try:
                new_state = apply_move(state, written)
            except IllegalMove as exc:
                raise BadRequest(str(exc)) from exc
            await self._commit(live, written, seat, new_state)
        return live, seat

    async def undo(self, gid: str, token: str | None, version: Any) -> tuple[LiveGame, int]:
        """Take back the last decision of the seat of ``token`` (and every move after it).

        Nothing is removed: the record gets a move ``undo N`` (a new version) whose
        position is the position after move N, the one before that decision. Only a
        person playing alone against computer players may undo (see
        :meth:`LiveGame.undo_target`).
        """
        live, seat = await self._seated(gid, token, version, "an undo")
        async with live.lock:
            _check_version(live, version)
            if live.over:
                raise Conflict("the game is over; its result stands", version=live.version)
            if any(s["type"] != "computer" for i, s in enumerate(live.seats) if i != seat):
                raise BadRequest("undo is possible only when one person plays against "
                                 "computer players")
            target = live.undo_target(seat)
            if target is None:
                raise BadRequest("you have made no decision that can be taken back")
            back = Record(live.game.name, live.options, live.seed, tuple(live.moves[:target]))
            state = await self._db(back.replay)
            await self._commit(live, undo_move(target), seat, state)
        return live, seat

    async def _seated(self, gid: str, token: str | None, version: Any,
                      what: str) -> tuple[LiveGame, int]:
        """The game and the seat of ``token`` for ``what`` (a move, an undo) at ``version``."""
        if isinstance(version, bool) or not isinstance(version, int):
            raise BadRequest("'version' must be the whole number of the version you saw")
        live = await self.load(gid)
        if token is None:
            raise Forbidden(f"{what} needs the token of a seat (Authorization: Bearer TOKEN)")
        seat = await self.seat_of(live, token)
        assert seat is not None
        return live, seat

    async def _commit(self, live: LiveGame, move: str, seat: int | None,
                      new_state: State) -> None:
        over = new_state.is_over
        result = result_of(new_state) if over else None
        try:
            await self.writer.append(MoveWrite(live.id, live.version, move, seat,
                                               new_state.to_move, "over" if over else "active",
                                               result))
        except StaleVersion as exc:
            self.cache.pop(live.id, None)  # another process moved it on: read it again
            raise Conflict(f"the game moved on (version {exc.current})",
                           version=exc.current) from exc
        live.state = new_state
        live.moves.append(move)
        live.version += 1
        if undo_target(move) is None:
            live.movers.append(seat)
            live.line.append(live.version)
        else:
            live.movers.append(None)
            live.line = effective_line(live.moves)
        live.thinking = False
        if self.events is not None:
            await self.events.publish(live.id, live.version)
        if over:
            try:
                await self._db(game_over, self.db, new_state, live.names(), live.id)
            except Exception:  # the move stands; a score list problem is logged
                log.exception("updating the score list of game %s failed", live.id)
        self.schedule_computer(live)  # before the broadcast, so it says "thinking"
        await self.broadcast(live)

    # --- hints ------------------------------------------------------------------------
    async def hint(self, gid: str, token: str | None) -> dict[str, Any]:
        """What the game's strong level would play for the seat of ``token``, and why.

        Only for the seat to move, and only when every other seat is a computer (in
        a game between people a hint would be help from outside). One analysis per
        position: asking again (or at the same time) gets the same answer.
        """
        live = await self.load(gid)
        if token is None:
            raise Forbidden("a hint needs the token of a seat (Authorization: Bearer TOKEN)")
        seat = await self.seat_of(live, token)
        assert seat is not None
        if any(s["type"] == "person" for i, s in enumerate(live.seats) if i != seat):
            raise Forbidden("hints are given only in games against the computer; another "
                            "seat of this game is played by a person")
        state = live.state
        if state.is_over:
            raise Conflict("the game is over", version=live.version)
        if state.to_move != seat:
            raise Forbidden("a hint is given only to the seat to move")
        version = live.version
        entry = live.hint
        if entry is None or entry[0] != version:
            level = HINT_LEVEL
            task = asyncio.get_running_loop().create_task(self.pool.analyse(
                live.game.name, state.to_json(), level, seed_for(live.seed, version) ^ 1,
                self.settings.max_computer_seconds))
            entry = live.hint = (version, task)
        try:
            result = await asyncio.shield(entry[1])
        except asyncio.CancelledError:
            raise
        except Exception:
            if live.hint is entry:
                live.hint = None
            log.exception("the hint for game %s failed", live.id)
            raise
        return {**result, "version": version, "seat": seat, "level": HINT_LEVEL}

    # --- computer players -----------------------------------------------------------
    def schedule_computer(self, live: LiveGame) -> None:
        if live.over or live.thinking or not live.computer_to_move():
            return
        live.thinking = True
        if self.jobs is not None:  # a worker of the pool plays it
            task = asyncio.get_running_loop().create_task(self.jobs.send(live.id, live.version))
        else:
            task = asyncio.get_running_loop().create_task(self._computer_turn(live))
            live.computer_task = task
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _computer_turn(self, live: LiveGame) -> None:
        version = live.version
        state = live.state
        seat = state.to_move
        assert seat is not None
        level = live.seats[seat]["level"] or "normal"
        try:
            if version == 0:
                await self.broadcast(live)  # a new game starts with the computer thinking
            try:
                move = await self.pool.choose(live.game.name, state, level,
                                              seed_for(live.seed, version),
                                              self.settings.max_computer_seconds)
                new_state = state.play(move)
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("the %s player of game %s failed; it plays a random move",
                              level, live.id)
                move = players.get(live.game.name, "random", seed=version).choose(state)
                new_state = state.play(move)
            async with live.lock:
                if live.version != version or live.state is not state:
                    # the game moved on meanwhile (an undo): unless a newer computer turn
                    # is already at work, see whether a computer is to move now
                    if live.computer_task is asyncio.current_task():
                        live.thinking = False
                        self.schedule_computer(live)
                    return
                await self._commit(live, move, seat, new_state)
        except Conflict:
            live.thinking = False
            fresh = await self.reload(live.id)
            self.schedule_computer(fresh)
        except asyncio.CancelledError:
            live.thinking = False
            raise
        except Exception:
            live.thinking = False
            log.exception("a computer turn of game %s failed", live.id)

    async def on_remote_change(self, gid: str, version: int) -> None:
        """Another process stored a move: catch up a game watched here, push its views."""
        live = self.cache.get(gid)
        if live is None or version <= live.version:
            return
        async with live.lock:
            if version <= live.version:
                return
            row = await self._db(self.db.games.get, gid)
            if row is None or row.version <= live.version:
                return
            new_moves = row.moves[live.version:]
            state, movers = live.state, list(live.movers)
            try:
                if any(undo_target(m) is not None for m in new_moves):
                    raise IllegalMove("an undo needs the whole game")
                for move in new_moves:
                    movers.append(mover_of(state, move))
                    state = apply_move(state, move)
            except IllegalMove:  # an undo (or out of step): replay the whole game
                fresh = await self._db(self._from_row, row)
                state, movers = fresh.state, fresh.movers
            live.state = state
            live.movers = movers
            live.line = effective_line(row.moves)
            live.moves = list(row.moves)
            live.version = row.version
            live.thinking = False
            if row.status == "over":
                live.rematch = await self._db(self.db.games.child_of, gid)
        await self.broadcast(live)
        if self.jobs is None:
            self.schedule_computer(live)

    async def fresh(self, live: LiveGame) -> LiveGame:
        """On a scaled-out site: the game brought up to the database first (a client that
        comes to this process after another one failed must not see an old position)."""
        if self.events is None:
            return live
        stored = await self._db(self.db.games.versions, [live.id])
        if stored.get(live.id, 0) > live.version:
            await self.on_remote_change(live.id, stored[live.id])
        return self.cache.get(live.id, live)

    async def catch_up(self) -> None:
        """Bring every game watched here up to the database (after missed change events)."""
        watched = [gid for gid in list(self.hub.rooms) if gid in self.cache]
        if not watched:
            return
        stored = await self._db(self.db.games.versions, watched)
        for gid, version in stored.items():
            live = self.cache.get(gid)
            if live is not None and version > live.version:
                await self.on_remote_change(gid, version)

    async def sweep(self) -> int:
        """Send again the jobs of computer turns that have waited too long, and catch up
        the watched games (cluster mode)."""
        if self.jobs is None:
            return 0
        await self.catch_up()
        stalled = await self._db(self.db.games.waiting_for_computer, 8.0)
        for gid, version in stalled:
            await self.jobs.send(gid, version)
        return len(stalled)

    async def resume(self) -> int:
        """After a (re)start: every game waiting for a computer move gets it. Returns how many."""
        resumed = 0
        for gid in await self._db(self.db.games.active_ids):
            try:
                live = await self.load(gid)
            except Exception:
                log.exception("game %s cannot be loaded", gid)
                continue
            if live.computer_to_move():
                self.schedule_computer(live)
                resumed += 1
        return resumed

    async def idle(self) -> None:
        """Wait until no computer turn is running (for tests)."""
        while self._tasks:
            await asyncio.gather(*list(self._tasks), return_exceptions=True)

    async def close(self) -> None:
        for task in list(self._tasks):
            task.cancel()
        await asyncio.gather(*list(self._tasks), return_exceptions=True)

    # --- listing -------------------------------------------------------------------
    async def listing(self, status: str | None, game: str | None, limit: int,
                      offset: int) -> list[dict[str, Any]]:
        rows = await self._db(self.db.games.listing, status, game, limit, offset)
        out = []
        for r in rows:
            g = get(r.game) if r.game in names() else None
            default = g.seat_names(r.options) if g else []
            out.append({
                "id": r.id, "game": r.game, "status": r.status, "version": r.version,
                "to_move": r.to_move, "result": r.result, "created": r.created,
                "updated": r.updated, "options": r.options, "parent": r.parent,
                "seats": [{"type": s["type"], "level": s["level"], "name": s["name"]}
                          for s in r.seats],
                "names": [s.get("name") or (default[i] if i < len(default) else str(i + 1))
                          for i, s in enumerate(r.seats)],
            })
        return out


def _plausible_id(gid: str) -> bool:
    return 0 < len(gid) <= 32 and gid.isascii() and gid.replace("-", "").replace("_", "").isalnum()


def _check_version(live: LiveGame, version: int) -> None:
    """:class:`Conflict` unless the game is still at the ``version`` the client saw."""
    if version != live.version:
        raise Conflict(f"the game is at version {live.version}, not {version}",
                       version=live.version)
