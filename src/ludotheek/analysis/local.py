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
from ludotheek.analysis.quick import quick_measures, screen, screen_json
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
    not already ``known``; ``workers`` processes (0: here, one after the other; a pool made
    here gives its workers no data sets: pass ``executor``, e.g. ``data.folder.pool``'s).
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


def measure_quick(plan: Plan, workers: int = 0,
                  progress: Progress | None = None,
                  executor: Executor | None = None) -> dict[int, dict[str, Any]]:
    """The measures of the quick review (:mod:`ludotheek.analysis.quick`) of ``plan``'s
    studied positions; ``workers`` processes (0: here) or those of ``executor`` (not
    shut down here). ``progress(done, total)``: the positions screened, then those
    deepened. A pool made here gives its workers no data sets (they start afresh, from
    ``forkserver``): pass one whose workers get them (``data.folder.pool``)."""
    review = review_for(plan.record.game)
    game = plan.record.game
    own = executor is None
    pool: Executor | None = executor
    if pool is None and workers > 0:
        pool = ProcessPoolExecutor(workers, mp_context=multiprocessing.get_context("forkserver"))

    def run(positions: list[int], deep: bool) -> dict[int, dict[str, Any]]:
        out: dict[int, dict[str, Any]] = {}
        total = len(positions)
        if pool is None:
            for n in positions:
                out[n] = (study(plan.states[n], plan.seed(n), review) if deep
                          else screen(plan.states[n], plan.seed(n), review))
                if progress:
                    progress(len(out), total)
            return out
        how = study_json if deep else screen_json
        futures = {pool.submit(how, game, plan.states[n].to_json(), plan.seed(n)): n
                   for n in positions}
        for future in as_completed(futures):
            out[futures[future]] = future.result()
            if progress:
                progress(len(out), total)
        return out

    try:
        return quick_measures(plan, run, review)
    finally:
        if pool is not None and own:
            pool.shutdown(cancel_futures=True)


def analyse_record(record: Record, workers: int = 0,
                   progress: Progress | None = None, quick: bool = True,
                   executor: Executor | None = None) -> dict[str, Any]:
    """The whole analysis of ``record`` (see :mod:`ludotheek.analysis.result`); with
    ``quick`` the quick review's (screened, deepened where the value moves), else every
    position studied with the full work; ``workers`` or ``executor`` as for
    :func:`measure_quick`."""
    plan = Plan.of(record)
    review = review_for(record.game)
    measures = (measure_quick(plan, workers, progress, executor) if quick
                else measure_all(plan, workers, progress, executor=executor))
    return assemble(plan, measures, review)
