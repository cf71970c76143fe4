"""The web processes send the worker pool's jobs by name (server/scaleout/cluster.py) and never
import the worker; the worker declares its actors by the same names. A message in Redis
names only its queue and its actor, so these names are what a job waiting there keeps."""

from __future__ import annotations

import importlib

from ludotheek.server.scaleout import cluster


def test_the_worker_declares_an_actor_for_every_job_the_web_processes_send() -> None:
    importlib.import_module("ludotheek.worker.actors")  # declares its actors on the broker
    jobs = [cluster.COMPUTER_TURN, cluster.ANALYSE_POSITIONS]
    for job in jobs:
        actor = cluster.broker().get_actor(job.actor)
        assert actor.queue_name == job.queue
    assert set(cluster.broker().get_declared_actors()) == {job.actor for job in jobs}
    assert (cluster.COMPUTER_TURN.actor, cluster.ANALYSE_POSITIONS.actor) == \
        ("computer_turn", "analyse_positions")  # the names jobs waiting in Redis carry
