"""Crash safety: kill the server (SIGKILL) at random moments while scripted clients play,
restart it, and check that nothing acknowledged was lost.

Scripted clients keep ``--games`` games going: over HTTP, Wari between two people, Wari
against a computer (easy, normal, or strong in a worker process), Akwaier with six
people, Akwaier with one person and five computers; over the game's WebSocket with
``views=1``, a person against instant computers (Wari against easy and novice, Akwaier
against five easy ones), where a move and the computer's reply are stored in one
transaction and told as one ``views`` message once the level is asked on the event loop.
A client writes down a move only when the server has acknowledged it (HTTP 200; on the
WebSocket, a view that holds it), and on the WebSocket every move it is told of (the
computers' replies too). A finished game is replaced by a new one.
After a random time of play (``--min``..``--max`` seconds) the whole server process group
gets SIGKILL, mid-request. Then:

- SQLite's ``PRAGMA integrity_check`` on the database file is "ok";
- every acknowledged move, and every move told over the WebSocket, is in the database, at
  its place;
- the server restarts, and every game in the database loads (it is replayed from its
  moves) with the moves the database holds;
- games where a computer was to move when the server died get their move after the
  restart (the server resumes them by itself);

and after the last kill every game still in progress takes new moves. The command:

    python -m benchmarks.crash_soak --kills 100 --games 50 [--seed 1] [--json]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import sqlite3
import sys
import tempfile
import time
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

import httpx
import websockets

from benchmarks.looprun import in_own_loop
from tests.serverproc import ServerProcess

#: the kinds of games the clients play: (game, seats, over the WebSocket); "p" a person,
#: else a computer level. A WebSocket game has one person, whose connection asks views=1.
KINDS: list[tuple[str, list[str], bool]] = [
    ("wari", ["p", "p"], False),
    ("wari", ["p", "easy"], True),
    ("wari", ["p", "easy"], False),
    ("akwaier", ["p"] * 6, False),
    ("wari", ["novice", "p"], True),
    ("wari", ["normal", "p"], False),
    ("akwaier", ["p", "normal", "normal", "easy", "normal", "normal"], False),
    ("akwaier", ["p"] + ["easy"] * 5, True),
    ("wari", ["p", "strong"], False),
]
#: no limits per address (all clients are one) nor per WebSocket connection: a scripted
#: client against an instant computer moves more often than 20 times a second, as no person
#: does (on a quiet machine the small soak of the tests got "more than 20 messages per second")
SERVER_ARGS = ("--requests-per-second", "0", "--max-games-per-client", "1000000",
               "--ws-rate", "0", "--max-sockets-per-address", "0",
               "--max-computer-seconds", "0.2")


#: idle connections are dropped before uvicorn's own 5 s keep-alive ends, so that no request
#: goes out on a connection the server is closing at that moment (on a loaded machine that
#: race ended a run: "Server disconnected without sending a response", 2026-12-02)
LIMITS = httpx.Limits(keepalive_expiry=2.0)


class Lost(AssertionError):
    """Something acknowledged is missing, or a game does not load."""


@dataclass
class Game:
    id: str
    game: str
    tokens: list[str | None]
    #: acknowledged moves: version before the move -> the move
    acked: dict[int, str] = field(default_factory=dict)
    over: bool = False
    #: played over the WebSocket (views=1)
    live: bool = False
    #: moves told over the WebSocket (the computers' among them): version before -> move
    told: dict[int, str] = field(default_factory=dict)


@dataclass
class Report:
    kills: int = 0
    games: int = 0
    games_finished: int = 0
    moves_acknowledged: int = 0
    #: of them over the WebSocket, and of those told in one views message with a reply
    moves_acknowledged_live: int = 0
    moves_acknowledged_with_reply: int = 0
    #: moves of others (the computers' replies) told over the WebSocket, checked as well
    moves_told_live: int = 0
    moves_checked: int = 0
    moves_in_database: int = 0
    computer_turns_pending_at_kill: int = 0
    computer_turns_resumed: int = 0
    games_loaded: int = 0
    games_continued_at_end: int = 0
    integrity_checks: int = 0
    refused_moves: int = 0
    seconds: float = 0.0
    restart_seconds: list[float] = field(default_factory=list)
    moves_per_round: list[int] = field(default_factory=list)

    def summary(self) -> str:
        restart = sorted(self.restart_seconds)
        median = restart[len(restart) // 2] if restart else 0.0
        return (f"{self.kills} kills survived in {self.seconds:.0f} s: "
                f"{self.moves_acknowledged} acknowledged moves in {self.games} games "
                f"({self.games_finished} finished; {self.moves_acknowledged_live} over the "
                f"WebSocket, {self.moves_acknowledged_with_reply} told with the computer's "
                f"reply), all present after every kill "
                f"({self.moves_checked} checks, {self.moves_in_database} moves in the database); "
                f"{self.games_loaded} game loads after restarts; "
                f"{self.computer_turns_pending_at_kill} computer turns pending at a kill, "
                f"{self.computer_turns_resumed} resumed after the restart; "
                f"{self.games_continued_at_end} games continued after the last restart; "
                f"{self.integrity_checks} integrity checks ok; median restart {median:.1f} s")


class Soak:
    def __init__(self, db: Path, games: int, seed: int, pace: tuple[float, float]) -> None:
        self.db = db
        self.target = games
        self.rng = random.Random(seed)
        self.pace = pace
        self.games: dict[str, Game] = {}
        self.report = Report()
        self.server = ServerProcess(db, workers=1, args=SERVER_ARGS)
        self.kinds = 0

    # --- the clients ----------------------------------------------------------------
    async def create(self, http: httpx.AsyncClient) -> Game:
        game, seats, live = KINDS[self.kinds % len(KINDS)]
        self.kinds += 1
        body: dict[str, Any] = {"game": game, "seats": [
            {"type": "person"} if s == "p" else {"type": "computer", "level": s}
            for s in seats]}
        seed = self.rng.randrange(2**31)  # drawn always: the sequence as before
        if seats.count("p") <= 1:  # a seed of one's own only for practice (issue 34)
            body["seed"] = seed
        r = await http.post("/api/games", json=body)
        r.raise_for_status()
        data = r.json()
        g = self.games[data["id"]] = Game(data["id"], game,
                                          [s["token"] for s in data["seats"]], live=live)
        self.report.games += 1
        return g

    async def play(self, http: httpx.AsyncClient, g: Game, rng: random.Random) -> Game:
        """Play ``g`` until it is over, then start another game and return it."""
        while True:
            view = (await http.get(f"/api/games/{g.id}")).json()
            if view["over"]:
                g.over = True
                self.report.games_finished += 1
                return await self.create(http)
            token = g.tokens[view["to_move"]]
            if token is None or view["thinking"]:
                await asyncio.sleep(0.05)  # a computer's turn
                continue
            auth = {"Authorization": f"Bearer {token}"}
            mine = (await http.get(f"/api/games/{g.id}", headers=auth)).json()
            if not mine["legal_moves"]:
                continue
            move = rng.choice(mine["legal_moves"])
            r = await http.post(f"/api/games/{g.id}/moves", headers=auth,
                                json={"move": move, "version": mine["version"]})
            if r.status_code == 200:
                g.acked[mine["version"]] = move
                self.report.moves_acknowledged += 1
            elif r.status_code == 409:
                self.report.refused_moves += 1  # a computer moved first: look again
            else:
                raise Lost(f"game {g.id}: {move!r} at version {mine['version']} got "
                           f"{r.status_code} {r.text}")

    async def play_live(self, http: httpx.AsyncClient, g: Game, rng: random.Random) -> Game:
        """Play ``g`` (one person) over its WebSocket with views=1 until it is over, then
        start another game and return it. A move is acknowledged by a view that holds it."""
        seat = next(i for i, t in enumerate(g.tokens) if t is not None)
        url = (self.server.url.replace("http", "ws", 1)
               + f"/api/games/{g.id}/live?token={g.tokens[seat]}&views=1")
        async with websockets.connect(url, max_size=2**22, compression=None,
                                      open_timeout=30) as ws:
            sent: tuple[int, str] | None = None  # (version before it, the move)
            while True:
                msg = json.loads(await asyncio.wait_for(ws.recv(), 60))
                if msg["type"] == "views":
                    views = msg["views"]
                elif msg["type"] == "view":
                    views = [msg["view"]]
                elif msg["type"] == "error" and msg.get("status") == 409 and sent:
                    self.report.refused_moves += 1  # a computer moved first: look again
                    sent = None
                    await ws.send(json.dumps({"type": "view"}))
                    continue
                elif msg["type"] == "error":
                    raise Lost(f"game {g.id}: {sent!r} over the WebSocket got {msg}")
                else:
                    continue  # a notice
                for view in views:
                    moves = view["moves"]
                    if sent is not None and view["version"] > sent[0]:
                        if moves[sent[0]] != sent[1]:
                            raise Lost(f"game {g.id}: {sent[1]!r} sent at version "
                                       f"{sent[0]}, the view holds {moves[sent[0]]!r}")
                        g.acked[sent[0]] = sent[1]
                        self.report.moves_acknowledged += 1
                        self.report.moves_acknowledged_live += 1
                        if len(views) > 1:
                            self.report.moves_acknowledged_with_reply += 1
                        sent = None
                    for at, move in enumerate(moves):
                        if at not in g.acked and at not in g.told:
                            g.told[at] = move
                            self.report.moves_told_live += 1
                last = views[-1]
                if last["over"]:
                    g.over = True
                    self.report.games_finished += 1
                    return await self.create(http)
                if sent is None and last["legal_moves"] and not last["thinking"]:
                    move = rng.choice(last["legal_moves"])
                    sent = (last["version"], move)
                    await ws.send(json.dumps({"type": "move", "move": move,
                                              "version": last["version"]}))

    async def round(self, seconds: float) -> None:
        """Play for ``seconds``, then kill the server in the middle of it all."""
        async with httpx.AsyncClient(base_url=self.server.url, timeout=30, limits=LIMITS) as http:
            while sum(not g.over for g in self.games.values()) < self.target:
                await self.create(http)

            async def forever(g: Game) -> None:
                rng = random.Random(self.rng.random())
                while True:
                    g = await (self.play_live if g.live else self.play)(http, g, rng)

            tasks = [asyncio.create_task(forever(g)) for g in list(self.games.values())
                     if not g.over]
            done, _ = await asyncio.wait(tasks, timeout=seconds,
                                         return_when=asyncio.FIRST_EXCEPTION)
            for t in done:  # before the kill, no client may fail in any way
                error = t.exception()
                if error is not None:
                    self.server.kill()
                    raise error
            self.server.kill()  # SIGKILL, requests in flight
            self.report.kills += 1
            for t in tasks:
                t.cancel()
            await asyncio.gather(*tasks, return_exceptions=True)

    # --- the checks ------------------------------------------------------------------
    def check_database(self) -> dict[str, tuple[int, str, int | None, list[str]]]:
        """Integrity, and every acknowledged move in place; the games as stored."""
        conn = sqlite3.connect(self.db)
        try:
            result = conn.execute("PRAGMA integrity_check").fetchone()[0]
            if result != "ok":
                raise Lost(f"integrity check after kill {self.report.kills}: {result}")
            self.report.integrity_checks += 1
            stored: dict[str, tuple[int, str, int | None, list[str]]] = {}
            for gid, version, status, to_move in conn.execute(
                    "SELECT id, version, status, to_move FROM games"):
                stored[gid] = (version, status, to_move, [])
            for gid, number, move in conn.execute(
                    "SELECT game_id, number, move FROM moves ORDER BY game_id, number"):
                moves = stored[gid][3]
                if number != len(moves) + 1:
                    raise Lost(f"game {gid}: move {number} follows move {len(moves)}")
                moves.append(move)
        finally:
            conn.close()
        for g in self.games.values():
            if g.id not in stored:
                raise Lost(f"game {g.id} (acknowledged as created) is not in the database")
            version, _status, _to_move, moves = stored[g.id]
            if version != len(moves):
                raise Lost(f"game {g.id}: version {version} with {len(moves)} moves")
            for at, move in g.acked.items():
                if at >= len(moves) or moves[at] != move:
                    raise Lost(f"game {g.id}: acknowledged move {at + 1} ({move!r}) is "
                               f"{'missing' if at >= len(moves) else repr(moves[at])}")
                self.report.moves_checked += 1
            for at, move in g.told.items():
                if at >= len(moves) or moves[at] != move:
                    raise Lost(f"game {g.id}: move {at + 1} ({move!r}), told over the "
                               f"WebSocket, is "
                               f"{'missing' if at >= len(moves) else repr(moves[at])}")
                self.report.moves_checked += 1
        self.report.moves_in_database = sum(len(s[3]) for s in stored.values())
        return stored

    def pending_computer_turns(self, stored: dict[str, tuple[int, str, int | None, list[str]]]
                               ) -> dict[str, int]:
        pending = {}
        for g in self.games.values():
            version, status, to_move, _ = stored[g.id]
            if status == "active" and to_move is not None and g.tokens[to_move] is None:
                pending[g.id] = version
        return pending

    async def check_loads(self, stored: dict[str, tuple[int, str, int | None, list[str]]]
                          ) -> None:
        """Every game in the database loads, with the moves the database holds."""
        limit = asyncio.Semaphore(16)
        async with httpx.AsyncClient(base_url=self.server.url, timeout=60, limits=LIMITS) as http:
            async def load(gid: str) -> None:
                async with limit:
                    r = await http.get(f"/api/games/{gid}")
                if r.status_code != 200:
                    raise Lost(f"game {gid} does not load: {r.status_code} {r.text}")
                moves = stored[gid][3]
                if r.json()["moves"][:len(moves)] != moves:
                    raise Lost(f"game {gid} loads with other moves than the database holds")
                self.report.games_loaded += 1
            await asyncio.gather(*(load(gid) for gid in stored))

    async def resumed(self, pending: dict[str, int], timeout: float = 60) -> None:
        """The computer turns pending at the kill are played after the restart."""
        deadline = time.monotonic() + timeout
        left = dict(pending)
        async with httpx.AsyncClient(base_url=self.server.url, timeout=30, limits=LIMITS) as http:
            while left and time.monotonic() < deadline:
                for gid, version in list(left.items()):
                    if (await http.get(f"/api/games/{gid}")).json()["version"] > version:
                        del left[gid]
                        self.report.computer_turns_resumed += 1
                if left:
                    await asyncio.sleep(0.1)
        if left:
            raise Lost(f"computer turns not resumed after the restart: {sorted(left)[:3]}")

    async def continues(self, timeout: float = 120) -> None:
        """After the last restart every game in progress takes two more moves."""
        start = [g.id for g in self.games.values() if not g.over]
        async with httpx.AsyncClient(base_url=self.server.url, timeout=30, limits=LIMITS) as http:
            async def on(g: Game) -> None:
                rng = random.Random(1)
                first = (await http.get(f"/api/games/{g.id}")).json()["version"]
                deadline = time.monotonic() + timeout
                while time.monotonic() < deadline:
                    view = (await http.get(f"/api/games/{g.id}")).json()
                    if view["over"] or view["version"] >= first + 2:
                        self.report.games_continued_at_end += 1
                        return
                    token = g.tokens[view["to_move"]]
                    if token is None or view["thinking"]:
                        await asyncio.sleep(0.05)
                        continue
                    auth = {"Authorization": f"Bearer {token}"}
                    mine = (await http.get(f"/api/games/{g.id}", headers=auth)).json()
                    move = rng.choice(mine["legal_moves"])
                    r = await http.post(f"/api/games/{g.id}/moves", headers=auth,
                                        json={"move": move, "version": mine["version"]})
                    if r.status_code == 200:
                        g.acked[mine["version"]] = move
                        self.report.moves_acknowledged += 1
                raise Lost(f"game {g.id} does not continue after the restart")
            await asyncio.gather(*(on(self.games[gid]) for gid in start))

    # --- the whole soak ----------------------------------------------------------------
    async def run(self, kills: int, log: bool = False) -> Report:
        began = time.monotonic()
        t = time.monotonic()
        self.server.start(timeout=120)
        self.report.restart_seconds.append(time.monotonic() - t)
        pending: dict[str, int] = {}
        for _ in range(kills):
            moves = self.report.moves_acknowledged
            play = self.rng.uniform(*self.pace)
            await self.round(play)
            self.report.moves_per_round.append(self.report.moves_acknowledged - moves)
            stored = self.check_database()
            fresh = self.pending_computer_turns(stored)
            self.report.computer_turns_pending_at_kill += len(fresh)
            t = time.monotonic()
            self.server.start(timeout=120)
            self.report.restart_seconds.append(time.monotonic() - t)
            await self.check_loads(stored)
            pending = fresh
            await self.resumed(pending)
            if log:
                print(f"kill {self.report.kills} after {play:.1f} s of play: "
                      f"{self.report.moves_per_round[-1]} moves acknowledged in the round, "
                      f"{self.report.moves_acknowledged} in all, {len(stored)} games, "
                      f"{len(fresh)} computer turns pending", file=sys.stderr, flush=True)
        await self.continues()
        self.server.stop()
        self.check_database()
        self.report.seconds = time.monotonic() - began
        return self.report


def soak(kills: int, games: int, seed: int = 1, pace: tuple[float, float] = (0.5, 3.0),
         folder: Path | None = None, log: bool = False) -> Report:
    """Run the soak in ``folder`` (default: a temporary one); the report, or :class:`Lost`."""
    with tempfile.TemporaryDirectory() as tmp:
        where = folder or Path(tmp)
        s = Soak(where / "soak.sqlite3", games, seed, pace)
        try:
            return in_own_loop(s.run(kills, log))
        finally:
            s.server.kill()


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--kills", type=int, default=100)
    ap.add_argument("--games", type=int, default=50)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--min", type=float, default=0.5, help="least seconds of play per round")
    ap.add_argument("--max", type=float, default=3.0, help="most seconds of play per round")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    report = soak(args.kills, args.games, args.seed, (args.min, args.max), log=True)
    data: dict[str, Any] = asdict(report)
    if args.json:
        print(json.dumps(data, indent=1))
    else:
        print(report.summary())


if __name__ == "__main__":
    main()
