"""The pushes: "your move" to the devices of the person whose turn it is.

When a move brings the turn to a person in a game between people (two seats or more played
by people; the computer's own turns are not told), :meth:`Pusher.turn` puts a job in a
bounded queue (``Settings.push_queue``: beyond it jobs are dropped and logged, so a flood of
moves makes no work without bound) and goes back to the game at once. A thread of its own,
with its own event loop, takes the jobs: it reads the seat's subscriptions (those made with
the seat's current secret: a seat taken up again on another device is not told on the old
one) and those of the profile that took the seat, and posts each push:

- the message, ``{"title", "body", "url", "tag"}`` in the language of the page that
  subscribed, says whose move it is in which game and opens the game's page
  (``/play/<id>``): no secret in it (the page finds the seat's token it keeps);
- encrypted for the device (RFC 8291, aes128gcm) by ``pywebpush``, signed with the server's
  VAPID key (:mod:`.keys`);
- posted over a connection whose resolver lets only public addresses through
  (:class:`~.endpoints.PublicResolver`), without following redirects, within
  ``Settings.push_timeout`` seconds, the answer's body not read;
- a subscription the push service says is gone (404, 410), or one the server may not post
  to, is dropped.
"""

from __future__ import annotations

import asyncio
import json
import logging
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import aiohttp
from pywebpush import WebPusher

from ludotheek.core import texts
from ludotheek.server.play.livegame import LiveGame
from ludotheek.server.push.endpoints import NotAllowed, PublicResolver, Refused, check_endpoint
from ludotheek.server.push.keys import VapidKeys
from ludotheek.server.settings import Settings
from ludotheek.store.database import Database
from ludotheek.store.paths import data_dir
from ludotheek.store.push import Stored

log = logging.getLogger("ludotheek.push")

#: how long a push service keeps a push for a device that is off (seconds): a day
TTL = 24 * 3600
#: pushes posted at once
AT_ONCE = 4
#: the subject of the VAPID claims (who runs the server: push services may write to it)
CONTACT = "mailto:push@ludotheek.invalid"


@dataclass(frozen=True)
class Job:
    """A turn to tell: ``seat`` of game ``game_id`` (its name ``game``) is to move."""

    game_id: str
    game: str
    seat: int
    version: int
    token_hash: str | None
    #: the seat that moved (its devices are at the game: they are not told)
    mover: int | None
    #: the seats' names by language (made when the job is, from the game in memory)
    names: Callable[[str], list[str]]
    #: ``turn`` (your move) or ``reminder`` (half of the time for the move is gone:
    #: server/play/timeouts.py)
    kind: str = "turn"


def message(job: Job, lang: str) -> dict[str, str]:
    """The push's words in ``lang`` (a subscription's page language)."""
    words = texts.catalog(lang if lang in texts.LANGUAGES else "en")
    game = words.get(f"{job.game}.title", job.game)
    name = job.names(lang)[job.seat]
    key = "push.reminder" if job.kind == "reminder" else "push.your_turn"
    body = words[key].replace("{name}", name).replace("{game}", game)
    return {"title": words["push.title"].replace("{game}", game), "body": body[:300],
            "url": f"/play/{job.game_id}", "tag": f"turn-{job.game_id}"}


class Pusher:
    """The queue of pushes and the thread that sends them (started with the first job)."""

    def __init__(self, db: Database, settings: Settings) -> None:
        self.db = db
        self.settings = settings
        self.folder: Path = settings.push_dir or data_dir()
        self._keys: VapidKeys | None = None
        self._lock = threading.Lock()
        self._pending = 0
        self._loop: asyncio.AbstractEventLoop | None = None
        self._thread: threading.Thread | None = None
        self._slots = asyncio.Semaphore(AT_ONCE)  # bound to the thread's loop when first used
        #: what became of the pushes: sent, gone, refused, failed, dropped (for tests, logs)
        self.counts: dict[str, int] = {}
        #: called with each outcome (tests wait on it)
        self.outcome: Callable[[str], None] | None = None

    # --- the keys ----------------------------------------------------------------------
    @property
    def keys(self) -> VapidKeys:
        with self._lock:
            if self._keys is None:
                self._keys = VapidKeys.load(self.folder)
            return self._keys

    # --- from the games ------------------------------------------------------------------
    def turn(self, live: LiveGame) -> None:
        """After a move of ``live``: the person to move is told, if it is a game between
        people (called with the game's lock held: it only queues)."""
        seat = live.state.to_move
        people = [i for i, s in enumerate(live.seats) if s["type"] == "person"]
        if live.over or seat is None or seat not in people or len(people) < 2:
            return
        mover = live.movers[-1] if live.movers else None
        if mover == seat:
            return  # the same person moves again: they are at the game
        self.submit(Job(live.id, live.game.name, seat, live.version,
                        live.token_hashes.get(seat), mover, live.names))

    def remind(self, live: LiveGame, seat: int) -> None:
        """Half of ``seat``'s time for its move in ``live`` is gone: its devices are told
        (the sweep claimed the reminder: one process sends it)."""
        if live.over or not 0 <= seat < len(live.seats):
            return
        self.submit(Job(live.id, live.game.name, seat, live.version,
                        live.token_hashes.get(seat), None, live.names, "reminder"))

    def submit(self, job: Job) -> bool:
        """Queue ``job``; False (and logged) when the queue is full."""
        with self._lock:
            if self._pending >= self.settings.push_queue:
                self._count("dropped")
                log.warning("the push queue is full (%d): the turn of seat %d in game %s "
                            "is not told", self._pending, job.seat, job.game_id)
                return False
            self._pending += 1
            loop = self._start()
        delivery = self._deliver(job)
        try:
            asyncio.run_coroutine_threadsafe(delivery, loop)
        except RuntimeError:  # the loop closed meanwhile (the server stops): not sent
            delivery.close()
            with self._lock:
                self._pending -= 1
            return False
        return True

    @property
    def pending(self) -> int:
        with self._lock:
            return self._pending

    # --- the thread ------------------------------------------------------------------------
    def _start(self) -> asyncio.AbstractEventLoop:
        if self._loop is None:
            loop = asyncio.new_event_loop()
            self._thread = threading.Thread(target=self._run, args=(loop,), name="pushes",
                                            daemon=True)
            self._loop = loop
            self._thread.start()
        return self._loop

    def _run(self, loop: asyncio.AbstractEventLoop) -> None:
        asyncio.set_event_loop(loop)
        try:
            loop.run_forever()
        finally:
            # stopped: the jobs handed over meanwhile become tasks, then every task is
            # cancelled and awaited, so that no delivery is left pending when the loop closes
            try:
                loop.run_until_complete(asyncio.sleep(0))
                tasks = asyncio.all_tasks(loop)
                for task in tasks:
                    task.cancel()
                if tasks:
                    loop.run_until_complete(asyncio.gather(*tasks, return_exceptions=True))
                loop.run_until_complete(loop.shutdown_asyncgens())
            finally:
                loop.close()

    def close(self) -> None:
        """Stop the thread (pushes not sent yet are not sent)."""
        with self._lock:
            loop, thread, self._loop = self._loop, self._thread, None
        if loop is not None and thread is not None:
            loop.call_soon_threadsafe(loop.stop)
            thread.join(5)

    def _count(self, outcome: str) -> None:
        self.counts[outcome] = self.counts.get(outcome, 0) + 1
        if self.outcome is not None:
            self.outcome(outcome)

    async def _deliver(self, job: Job) -> None:
        try:
            async with self._slots:
                await self._send_all(job)
        except Exception:
            log.exception("telling seat %d of game %s its turn failed", job.seat, job.game_id)
        finally:
            with self._lock:
                self._pending -= 1

    def _subscriptions(self, job: Job) -> tuple[list[Stored], list[int]]:
        """The subscriptions to tell (one per endpoint) and those to drop (made with a
        secret the seat has no more)."""
        stale: list[Stored] = []
        found: list[Stored] = []
        for s in self.db.push.of_seat(job.game_id, job.seat):
            (found if s.token_hash == job.token_hash else stale).append(s)
        profile = self.db.games.seat_profiles(job.game_id).get(job.seat)
        if profile is not None:
            found += self.db.push.of_profile(profile)
        at_game = ({s.subscription.endpoint for s in self.db.push.of_seat(job.game_id,
                                                                         job.mover)}
                   if job.mover is not None else set())
        seen, out = set(at_game), []
        for s in found:
            if s.subscription.endpoint not in seen:
                seen.add(s.subscription.endpoint)
                out.append(s)
        return out, [s.id for s in stale]

    async def _send_all(self, job: Job) -> None:
        subs, stale = await asyncio.to_thread(self._subscriptions, job)
        gone = list(stale)
        timeout = aiohttp.ClientTimeout(total=self.settings.push_timeout)
        connector = aiohttp.TCPConnector(resolver=PublicResolver(self.settings.push_test_hosts),
                                         limit=AT_ONCE, use_dns_cache=False)
        async with aiohttp.ClientSession(connector=connector, timeout=timeout) as session:
            for sub in subs:
                outcome = await self._post(session, sub, message(job, sub.subscription.lang))
                self._count(outcome)
                if outcome in ("gone", "refused"):
                    gone.append(sub.id)
        if gone:
            await asyncio.to_thread(self.db.push.drop, gone)

    async def _post(self, session: aiohttp.ClientSession, stored: Stored,
                    msg: dict[str, str]) -> str:
        """Post one push: ``sent``, ``gone`` (the service no longer knows the device),
        ``refused`` (an endpoint the server may not post to) or ``failed``."""
        sub = stored.subscription
        try:
            endpoint = check_endpoint(sub.endpoint, self.settings.push_test_hosts)
        except NotAllowed as exc:
            log.warning("push subscription %d refused: %s", stored.id, exc)
            return "refused"
        try:
            pusher = WebPusher({"endpoint": endpoint,
                                "keys": {"p256dh": sub.p256dh, "auth": sub.auth}})
            body = pusher.encode(json.dumps(msg).encode(), "aes128gcm")["body"]
            aud = endpoint.split("/", 3)
            claims: dict[str, str | int] = {"sub": CONTACT, "aud": f"{aud[0]}//{aud[2]}",
                                            "exp": int(time.time()) + 12 * 3600}
            headers = {**self.keys.vapid.sign(claims), "Content-Encoding": "aes128gcm",
                       "TTL": str(TTL), "Urgency": "high",
                       "Content-Type": "application/octet-stream"}
        except Exception as exc:  # keys a browser could not have made
            log.warning("push subscription %d has unusable keys: %s", stored.id, exc)
            return "refused"
        try:
            async with session.post(endpoint, data=body, headers=headers,
                                    allow_redirects=False) as res:
                status = res.status
        except (aiohttp.ClientError, OSError, TimeoutError) as exc:
            log.warning("posting push subscription %d failed: %s", stored.id, exc)
            refused = isinstance(exc, Refused) or isinstance(getattr(exc, "os_error", None),
                                                             Refused)
            return "refused" if refused else "failed"
        if status in (404, 410):
            return "gone"
        if not 200 <= status < 300:
            log.warning("the push service answered %d for subscription %d", status, stored.id)
            return "failed"
        return "sent"
