"""Running on several machines: change events over Redis, computer turns as jobs.

One process (the default) needs none of this. A scaled-out site runs several
web processes (``ludotheek serve --workers N --redis URL``) and worker processes
(``ludotheek worker``) sharing one database (PostgreSQL) and one Redis:

- every stored move is announced on a Redis channel; each web process updates
  the games its clients watch and pushes the new views;
- a computer's turn is a Dramatiq job (see ``ludotheek.worker.actors``); a job is sent
  once per game and version (a Redis key guards it), and a sweeper sends it again
  if nothing happened for a while (a lost job, a dead web process).

A job is sent by the names a message in Redis carries (its queue and its actor,
:data:`COMPUTER_TURN`, :data:`ANALYSE_POSITIONS`): the worker processes declare
actors of these names; the web processes never import the worker.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import json
import logging
import os
import time
import uuid
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

import dramatiq
import redis
import redis.asyncio as aioredis
from dramatiq.brokers.redis import RedisBroker

log = logging.getLogger("ludotheek.server")

CHANNEL = "ludotheek:moves"
#: the "version" of an event that is a notice to the players, not a change of the game
NOTICE = -2
#: the channel of chat lines (server/play/chat.py): each process tells its own connections
CHAT_CHANNEL = "ludotheek:chat"
GUARD = "ludotheek:turn:{gid}:{version}"
#: the claim of the push "your turn" after a worker's move (one web process sends it)
TOLD = "ludotheek:told:{gid}:{version}"
#: how long a claim of a push is kept (seconds): longer than any event may be late
TOLD_SECONDS = 24 * 3600
GUARD_SECONDS = 20


@dataclass(frozen=True)
class Job:
    """A job of the worker pool, as its messages name it."""

    queue: str
    actor: str


COMPUTER_TURN = Job("computer", "computer_turn")
ANALYSE_POSITIONS = Job("analysis", "analyse_positions")


@functools.cache
def broker() -> RedisBroker:
    """This process's Dramatiq broker: the Redis of ``LUDOTHEEK_REDIS`` (a worker silent
    for ``LUDOTHEEK_WORKER_HEARTBEAT_MS``, 5 s, is taken for dead and its jobs go to
    another)."""
    found = RedisBroker(url=os.environ.get("LUDOTHEEK_REDIS", "redis://127.0.0.1:6379/0"),
                        heartbeat_timeout=int(os.environ.get("LUDOTHEEK_WORKER_HEARTBEAT_MS",
                                                             "5000")),
                        maintenance_chance=200_000, namespace="ludotheek")
    dramatiq.set_broker(found)
    return found


def send_job(job: Job, *args: Any) -> None:
    """Send ``job`` with ``args`` to the worker pool."""
    broker().enqueue(dramatiq.Message(queue_name=job.queue, actor_name=job.actor, args=args,
                                      kwargs={}, options={}))


class RedisEvents:
    """Announce and hear of stored moves (game id and new version), and of chat lines."""

    def __init__(self, url: str) -> None:
        self.url = url
        #: this process among those publishing (it does not tell its chat lines twice)
        self.origin = uuid.uuid4().hex
        # a few connections, waited for when all are busy (a burst never fails)
        pool = aioredis.BlockingConnectionPool.from_url(url, max_connections=8, timeout=10)
        self.client = aioredis.Redis(connection_pool=pool)
        self.listener = aioredis.Redis.from_url(url)
        self._task: asyncio.Task[None] | None = None

    async def publish(self, gid: str, version: int) -> None:
        """Announce a stored move; a failure is logged, never passed on (the move stands,
        and the other processes' sweepers and reloads catch up)."""
        try:
            await self.client.publish(CHANNEL, json.dumps({"id": gid, "version": version}))
        except Exception:
            log.exception("announcing version %d of game %s failed", version, gid)

    async def publish_notice(self, gid: str, notice: dict[str, Any], origin: str) -> None:
        """Tell the other processes a person's coming or going in ``gid`` (their
        connections hear it: server/play/presence.py), from the process ``origin``; a
        failure is logged, never passed on."""
        try:
            await self.client.publish(CHANNEL, json.dumps(
                {"id": gid, "version": NOTICE, "notice": notice, "from": origin}))
        except Exception:
            log.exception("telling the other processes of a notice of game %s failed", gid)

    async def publish_chat(self, gid: str, message: dict[str, Any]) -> None:
        """Announce a chat line (told by the other processes to their connections); a
        failure is logged (the line is stored: a page opened again gets it)."""
        try:
            await self.client.publish(CHAT_CHANNEL, json.dumps(
                {"id": gid, "origin": self.origin, "message": message}))
        except Exception:
            log.exception("announcing a chat line of game %s failed", gid)

    async def claim_told(self, gid: str, version: int) -> bool:
        """Whether this process is the one to tell the person whose turn version ``version``
        of ``gid`` brought (every web process hears the worker's announcement; the first
        to set the key sends the push, so it is sent once). A failure is logged: no push."""
        try:
            return bool(await self.client.set(TOLD.format(gid=gid, version=version), "1",
                                              nx=True, ex=TOLD_SECONDS))
        except Exception:
            log.exception("claiming the push of version %d of game %s failed", version, gid)
            return False

    async def start(self, on_change: Callable[[str, int], Awaitable[None]],
                    on_reconnect: Callable[[], Awaitable[None]] | None = None,
                    on_notice: Callable[[str, dict[str, Any], str], Awaitable[None]]
                    | None = None,
                    on_chat: Callable[[str, dict[str, Any], str], Awaitable[None]]
                    | None = None,
                    on_turn: Callable[[str, int], Awaitable[None]] | None = None) -> None:
        """Listen for changes (with ``on_notice``, the notices of :meth:`publish_notice`:
        game, notice, the process it came from; with ``on_chat``, chat lines:
        ``on_chat(gid, message, origin)``; with ``on_turn``, a worker's moves that brought
        the turn to a person: ``on_turn(gid, version)``, after ``on_change``); after a lost
        connection, listen again and call ``on_reconnect`` (events may have been missed
        meanwhile)."""
        channels = [CHANNEL, CHAT_CHANNEL] if on_chat is not None else [CHANNEL]
        pubsub = self.listener.pubsub()
        await pubsub.subscribe(*channels)

        async def dispatch(message: dict[str, Any]) -> None:
            await _dispatch(message, on_change, on_notice, on_chat, on_turn)

        async def listen() -> None:
            nonlocal pubsub
            while True:
                try:
                    async for message in pubsub.listen():
                        if message.get("type") != "message":
                            continue
                        try:
                            await dispatch(message)
                        except Exception:
                            log.exception("a change event could not be handled")
                except asyncio.CancelledError:
                    raise
                except Exception:
                    log.exception("the change events' connection was lost; listening again")
                    await asyncio.sleep(1)
                    with contextlib.suppress(Exception):
                        await pubsub.aclose()
                    pubsub = self.listener.pubsub()
                    with contextlib.suppress(Exception):
                        await pubsub.subscribe(*channels)
                        if on_reconnect is not None:
                            await on_reconnect()

        self._task = asyncio.get_running_loop().create_task(listen())

    async def close(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self._task
        await self.client.aclose()
        await self.listener.aclose()


async def _dispatch(message: dict[str, Any], on_change: Callable[[str, int], Awaitable[None]],
                    on_notice: Callable[[str, dict[str, Any], str], Awaitable[None]] | None,
                    on_chat: Callable[[str, dict[str, Any], str], Awaitable[None]] | None,
                    on_turn: Callable[[str, int], Awaitable[None]] | None) -> None:
    """One message of the channels, to the callback it is for (:meth:`RedisEvents.start`)."""
    data = json.loads(message["data"])
    channel = message.get("channel")
    if isinstance(channel, bytes):
        channel = channel.decode()
    if channel == CHAT_CHANNEL:
        if on_chat is not None:
            await on_chat(str(data["id"]), dict(data["message"]), str(data["origin"]))
        return
    if data["version"] == NOTICE:
        if on_notice is not None and isinstance(data["notice"], dict):
            await on_notice(str(data["id"]), data["notice"], str(data["from"]))
        return
    await on_change(str(data["id"]), int(data["version"]))
    if data.get("turn") is True and on_turn is not None:
        await on_turn(str(data["id"]), int(data["version"]))


def publish_sync(client: redis.Redis, gid: str, version: int,
                 person_next: bool = False) -> None:
    """The same announcement from a worker (no event loop there); ``person_next``: the
    move brought the turn to a person in a game between people, whom a web process tells
    (:meth:`RedisEvents.claim_told`)."""
    message: dict[str, object] = {"id": gid, "version": version}
    if person_next:
        message["turn"] = True
    client.publish(CHANNEL, json.dumps(message))


def send_turn(client: redis.Redis, gid: str, version: int, force: bool = False) -> bool:
    """Send the job for game ``gid`` at ``version`` unless it was sent lately."""
    key = GUARD.format(gid=gid, version=version)
    if not client.set(key, str(time.time()), nx=not force, ex=GUARD_SECONDS) and not force:
        return False
    send_job(COMPUTER_TURN, gid, version)
    return True


class RedisJobs:
    """Computer turns as jobs for the worker pool."""

    def __init__(self, url: str) -> None:
        self.client = redis.Redis.from_url(url)

    async def send(self, gid: str, version: int) -> None:
        """Send a computer turn's job; a failure is logged (the sweeper sends it again)."""
        try:
            await asyncio.to_thread(send_turn, self.client, gid, version)
        except Exception:
            log.exception("sending the computer turn of game %s failed", gid)

    def close(self) -> None:
        self.client.close()
