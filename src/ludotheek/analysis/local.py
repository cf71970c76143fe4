"""Analysing a record in this process or a pool of worker processes (the command
line, tests and benchmarks; the server has its own pool, ``server/analyses/service.py``).
"""

from __future__ import annotations

import multiprocessing
import os
from collections.abc import Callable, Iterable, Mapping
from concurrent.futures import Executor, Future, ProcessPoolExecutor, as_completed
from typing import Any

from ludotheek.analysis.measure import study, study_json
from ludotheek.analysis.plan import Plan
from ludotheek.analysis.result import assemble
from ludotheek.analysis.review import review_for
from ludotheek.core.record import Record

Progress = Callable[[int, int], None]


def default_workers() -> int:
    """The server's default number of computer processes: all cores but one."""
    return max(1, (os.cpu_count() or 2) - 1)


def measure_all(plan: Plan, workers: int = 0, progress: Progress | None = None,
                known: Mapping[int, Mapping[str, Any]] | None = None,
                executor: Executor | None = None,
                positions: Iterable[int] | None = None) -> dict[int, dict[str, Any]]:
    """The measure of every studied position of ``plan`` (or of those of ``positions``)
    not already ``known``; ``workers`` processes (0: here, one after the other).
    ``progress(done, total)`` is called after each position."""
    done: dict[int, dict[str, Any]] = {n: dict(m) for n, m in (known or {}).items()}
    studied = plan.studied()
    if positions is not None:
        wanted = set(positions)
        studied = [n for n in studied if n in wanted]
    todo = [n for n in studied if n not in done]
    total = len(studied)
    count = [total - len(todo)]

    def one_more() -> None:
        count[0] += 1
        if progress:
            progress(count[0], total)

    if progress:
        progress(count[0], total)
    game = plan.record.game
    if not todo:
        return done
    if executor is None and workers <= 0:
        for n in todo:
            done[n] = study(plan.states[n], plan.seed(n))
            one_more()
        return done
    own = executor is None
    pool = executor or ProcessPoolExecutor(
        workers, mp_context=multiprocessing.get_context("forkserver"))
    try:
        futures: dict[Future[dict[str, Any]], int] = {
            pool.submit(study_json, game, plan.states[n].to_json(), plan.seed(n)): n
            for n in todo}
        for future in as_completed(futures):
            done[futures[future]] = future.result()
            one_more()
    finally:
        if own:
            pool.shutdown(cancel_futures=True)
    return done


def analyse_record(record: Record, workers: int = 0,
                   progress: Progress | None = None) -> dict[str, Any]:
    """The whole analysis of ``record`` (see :mod:`ludotheek.analysis.result`)."""
    plan = Plan.of(record)
    review = review_for(record.game)
    return assemble(plan, measure_all(plan, workers, progress), review)
