"""The worker pool of a scaled-out site: computer turns and analyses as Dramatiq jobs.

Why Dramatiq: a small, well-kept task library whose Redis broker acknowledges a
message only after its job has run and hands the messages of a worker that
stopped sending heartbeats (a crash, a SIGKILL, a lost machine) to another
worker; jobs are plain functions, workers are plain processes on any machine
that reaches Redis and the database. Celery would do too, with more to
configure; arq and Ray were passed over (arq's retries after a crash depend on
job timeouts; Ray is a cluster framework, far more than this needs).

    ludotheek worker --db postgresql://… --redis redis://… [--processes N]

Configuration comes from the environment (``LUDOTHEEK_DB``, ``LUDOTHEEK_REDIS``),
which ``ludotheek worker`` sets from its options.
"""

from __future__ import annotations

import logging
import os
from functools import cache

import dramatiq
import redis

from ludotheek.server.analyses.jobs import SCREEN, run_positions
from ludotheek.server.computer.turns import TurnRunner
from ludotheek.server.scaleout.cluster import (
    ANALYSE_POSITIONS,
    COMPUTER_TURN,
    broker,
    publish_sync,
    send_turn,
)
from ludotheek.server.settings import test_clock
from ludotheek.store.database import Database, open_database

log = logging.getLogger("ludotheek.worker")

REDIS_URL = os.environ.get("LUDOTHEEK_REDIS", "redis://127.0.0.1:6379/0")

# the broker the web processes send on (server/scaleout/cluster.py), this process's: the actors
# below are declared on it, by the names the web processes send
broker()


@cache
def _runner() -> TurnRunner:
    return TurnRunner(_database(), clock=test_clock())


@cache
def _database() -> Database:
    return open_database(os.environ.get("LUDOTHEEK_DB"))


@cache
def _redis() -> redis.Redis:
    return redis.Redis.from_url(REDIS_URL)


@dramatiq.actor(actor_name=COMPUTER_TURN.actor, queue_name=COMPUTER_TURN.queue, max_retries=3,
                min_backoff=200, max_backoff=2000, time_limit=60_000)
def computer_turn(game_id: str, version: int) -> None:
    """Play the computer's move of ``game_id`` at ``version`` (nothing if it was played)."""
    result = _runner().run(game_id, version)
    if result is None:
        return
    publish_sync(_redis(), game_id, result.version, person_next=result.person_next)
    if result.computer_next:
        send_turn(_redis(), game_id, result.version)


@dramatiq.actor(actor_name=ANALYSE_POSITIONS.actor, queue_name=ANALYSE_POSITIONS.queue,
                max_retries=3, min_backoff=1000, max_backoff=10000, time_limit=600_000,
                priority=100)  # after any computer turn waiting
def analyse_positions(game_id: str, engine: str, moves: int, positions: list[int],
                      kind: str = SCREEN) -> None:
    """Study ``positions`` of the analysis of ``game_id`` as ``kind`` says: a first look,
    the quick review's screen or the full work (server/analyses/jobs.py; a job sent
    before there were kinds screens)."""
    run_positions(_database(), game_id, engine, moves, positions, kind)
