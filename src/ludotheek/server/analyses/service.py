"""Analyses over the API: who may ask, starting them, their progress and result.

A game is analysed by its strong engine (``ludotheek.analysis``), one position at
a time in the computer pool (a one-process site) or as Dramatiq jobs (a
scaled-out site, ``ludotheek.worker``). Every position's measure is stored as it
comes, per game and engine version, so a second look is instant and a restart
loses nothing: the analysis goes on where it was.

**No help from outside**: a game in progress that is rated, or in which two or
more seats are people, cannot be analysed, by anyone (403, the hint's refusal:
``server/play/fairplay.py``); a finished game can, and so can an unrated game against
computers, at any time. While such a game runs, a game with
hidden information (its seed is secret) shows nobody the better moves of another
seat (they would tell what that seat holds).
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Awaitable, Callable
from typing import Any

from ludotheek.analysis.measure import study_json
from ludotheek.analysis.plan import Plan
from ludotheek.analysis.quick import screen_json, screened, to_deepen
from ludotheek.analysis.result import assemble
from ludotheek.analysis.review import NoAnalysis, review_for
from ludotheek.analysis.stream import PREVIEW_KEY, as_shown, batches, first_looks_json
from ludotheek.server.analyses.jobs import DEEP, PREVIEW, SCREEN, complete, missing, plan_of
from ludotheek.server.analyses.queue import FairQueue
from ludotheek.server.edge.offload import blocking
from ludotheek.server.errors import Invalid, TooMany
from ludotheek.server.play.fairplay import check_no_engine_help, engine_help_refused
from ludotheek.server.play.livegame import LiveGame
from ludotheek.server.play.service import GameService
from ludotheek.store.analyses import DONE, FAILED, RUNNING, AnalysisRow

log = logging.getLogger("ludotheek.server")

#: positions per Dramatiq job (a second or two: a computer turn waits for one at most)
CHUNK = 4
#: seconds between two provisional analyses shown while a review runs
SHOW_EVERY = 0.5
#: seconds without progress after which a scaled-out site sends the missing jobs again
STALLED = 60.0
#: seconds between two looks at the database while the worker pool studies an analysis
WATCH_EVERY = 0.5

def check_allowed(live: LiveGame) -> None:
    """:class:`Forbidden` for a rated game in progress or one between people."""
    check_no_engine_help(live)


def visible(result: dict[str, Any], live: LiveGame, seat: int | None) -> dict[str, Any]:
    """What ``seat`` may see of ``result``: while a game with hidden information runs,
    no better move of another seat (it would name what that seat holds)."""
    if live.over or not live.game.secret_seed:
        return result
    out = dict(result)
    out["decisions"] = [d if d["seat"] == seat else
                        {**d, "best": None, "better": None, "best_value": None}
                        for d in result["decisions"]]
    out["positions"] = [p if p["to_move"] == seat else {**p, "best": None}
                        for p in result["positions"]]
    out["hidden"] = True
    return out


class Analyses:
    """Starts, runs and reports the analyses of one web process."""

    def __init__(self, service: GameService) -> None:
        self.service = service
        self.db = service.db
        #: (game, engine) -> the moves it covers, its task and the client it runs for
        self._runs: dict[tuple[str, str], tuple[int, asyncio.Task[None], str]] = {}
        #: the positions of this process's analyses, round robin over clients and games,
        #: at most one per computer worker at a time (computer turns go in between)
        self._queue = FairQueue(service.settings.computer_workers)
        #: (game, engine) -> [positions studied, positions to study] of a quick review here
        self._work: dict[tuple[str, str], list[int]] = {}
        #: (game, engine) -> the analysis as it stands while its review runs here
        self._provisional: dict[tuple[str, str], dict[str, Any]] = {}

    def _engine(self, live: LiveGame) -> str:
        try:
            return review_for(live.game.name).engine()
        except NoAnalysis as exc:
            raise Invalid.of(exc) from exc

    # --- asking -----------------------------------------------------------------
    async def _game(self, gid: str, token: str | None) -> tuple[LiveGame, int | None]:
        live = await self.service.fresh(await self.service.load(gid))
        seat = await self.service.seat_of(live, token)
        check_allowed(live)
        return live, seat

    async def status(self, gid: str, token: str | None) -> dict[str, Any]:
        """The analysis of game ``gid``: ``none``, ``running`` (``done`` of ``total``
        positions), ``done`` (with the ``result``) or ``failed``."""
        live, seat = await self._game(gid, token)
        engine = self._engine(live)
        row = await blocking(self.db.analyses.get, live.id, engine)
        return self._answer(live, seat, engine, row)

    async def start(self, gid: str, token: str | None,
                    client: str = "unknown") -> dict[str, Any]:
        """Begin the analysis of the game as it is now (nothing new if it has been made or
        is being made), and answer as :meth:`status`. A new analysis counts against
        ``client`` (its address) until it ends: :class:`TooMany` past
        ``max_analyses_per_client`` at once; :class:`Invalid` for a game of more positions
        to study than ``max_analysis_positions``."""
        live, seat = await self._game(gid, token)
        engine = self._engine(live)
        moves = live.version
        row = await blocking(self.db.analyses.get, live.id, engine)
        if row is None or row.moves < moves or row.status == FAILED:
            self._check_room(live.id, engine, client)
            plan = await blocking(plan_of, self.db, live.id, moves)
            if plan is None:
                raise Invalid("the game cannot be read from the database",
                              code="analysis.unreadable")
            total = len(plan.studied())
            most = self.service.settings.max_analysis_positions
            if total > most:
                raise Invalid(f"the game has {total} positions to study; an analysis "
                              f"studies at most {most}", code="analysis.too_long",
                              positions=total, most=most)
            self._check_room(live.id, engine, client)  # again: others may have begun
            await blocking(self.db.analyses.start, live.id, engine, moves, total)
            self._launch(live.id, engine, moves, plan, client)
            row = await blocking(self.db.analyses.get, live.id, engine)
        elif row.status == RUNNING and (live.id, engine) not in self._runs:
            self._check_room(live.id, engine, client)
            self._launch(live.id, engine, row.moves, None, client)  # after a restart
        return self._answer(live, seat, engine, row)

    def running_for(self, client: str) -> int:
        """The analyses running (or waiting for their turn) for ``client``."""
        return sum(1 for _, task, who in self._runs.values()
                   if who == client and not task.done())

    def _check_room(self, gid: str, engine: str, client: str) -> None:
        """:class:`TooMany` if ``client`` may not begin another analysis now (going on
        with one of its own is never refused)."""
        most = self.service.settings.max_analyses_per_client
        current = self._runs.get((gid, engine))
        if current is not None and current[2] == client and not current[1].done():
            return
        if self.running_for(client) >= most:
            raise TooMany(f"{most} analyses of yours are running already; ask again once "
                          f"one is done", code="analysis.too_many", most=most)

    async def for_record(self, live: LiveGame) -> dict[str, Any] | None:
        """The finished analysis of the whole game as it is, for its text record (none
        while a game with hidden information runs, a rated one or one between people)."""
        if engine_help_refused(live) is not None or (not live.over and live.game.secret_seed):
            return None
        try:
            engine = review_for(live.game.name).engine()
        except NoAnalysis:
            return None
        row = await blocking(self.db.analyses.get, live.id, engine)
        if row is None or row.status != DONE or row.moves != live.version:
            return None
        return row.result

    def _answer(self, live: LiveGame, seat: int | None, engine: str,
                row: AnalysisRow | None) -> dict[str, Any]:
        if row is None:
            return {"id": live.id, "status": "none", "engine": engine, "moves": 0,
                    "version": live.version, "done": 0, "total": 0}
        done, total = self._counts(row)
        answer: dict[str, Any] = {"id": live.id, "status": row.status, "engine": engine,
                                  "moves": row.moves, "version": live.version,
                                  "done": done, "total": total}
        if row.status == DONE and row.result is not None:
            answer["result"] = visible(row.result, live, seat)
        # this process's quick review, or (a scaled-out site) the one the database keeps
        provisional = self._provisional.get((live.id, engine), row.result)
        if row.status == RUNNING and provisional is not None:
            answer["result"] = {**visible(provisional, live, seat), "provisional": True}
        if row.status == FAILED:
            answer["error"] = "the analysis failed; ask again to try once more"
        return answer

    # --- running ----------------------------------------------------------------
    def _launch(self, gid: str, engine: str, moves: int, plan: Plan | None,
                client: str) -> None:
        key = (gid, engine)
        current = self._runs.get(key)
        if current is not None:
            if current[0] >= moves and not current[1].done():
                return
            current[1].cancel()
        task = asyncio.get_running_loop().create_task(
            self._cluster(gid, engine, moves, plan) if self.service.scale_out is not None
            else self._local(gid, engine, moves, plan, client))
        self._runs[key] = (moves, task, client)

        def forget(t: asyncio.Task[None]) -> None:
            current = self._runs.get(key)
            if current is not None and current[1] is t:
                del self._runs[key]

        task.add_done_callback(forget)

    def _counts(self, row: AnalysisRow) -> tuple[int, int]:
        """(done, total) of an analysis: while a quick review runs here, the positions
        studied of those to study (screens and deepenings), else the positions stored."""
        work = self._work.get((row.game_id, row.engine))
        if row.status == RUNNING and work is not None:
            return min(work[0], work[1]), work[1]
        return min(row.done, row.total), row.total

    async def _progress(self, gid: str, engine: str) -> None:
        row = await blocking(self.db.analyses.get, gid, engine)
        if row is None:
            return
        done, total = self._counts(row)
        message = {"type": "analysis", "id": gid, "status": row.status,
                   "done": done, "total": total, "moves": row.moves,
                   "provisional": (gid, engine) in self._provisional
                   or (row.status == RUNNING and row.result is not None)}
        await self.service.hub.broadcast(gid, lambda seat: message)

    async def _local(self, gid: str, engine: str, moves: int, plan: Plan | None,
                     client: str) -> None:
        """The quick review (:mod:`ludotheek.analysis.quick`) of the missing positions in
        the computer pool, in the fair queue of ``client``: one position per worker at a
        time, the clients' and their games' positions in turn (computer turns of other
        games go in between). A game that declares a first look has every position
        looked at with little work first, in growing batches (``analysis/stream.py``:
        only shown, never kept); then every position is screened, then those where the
        value moves are studied with the full work; while it runs, the analysis as it
        stands is shown (``provisional``), the first as soon as one position has a
        measure. A full measure is stored as it comes; the screened ones that stay are
        stored at the end."""
        key = (gid, engine)
        job = None
        try:
            if plan is None:
                plan = await blocking(plan_of, self.db, gid, moves)
                if plan is None:
                    return
            review = review_for(plan.record.game)
            measures: dict[int, dict[str, Any]] = dict(
                await blocking(self.db.analyses.positions, gid, engine))
            stored = set(measures)
            game = plan.record.game
            studied = plan
            todo = [n for n in plan.studied() if n not in measures]
            work = self._work[key] = [len(stored), len(stored) + len(todo)]
            previews: dict[int, dict[str, Any]] = {}
            shown = [0.0]

            async def show(force: bool = False) -> None:
                now = time.monotonic()
                if force or now - shown[0] >= SHOW_EVERY:
                    shown[0] = now
                    # off the event loop (262 positions: milliseconds, every half second)
                    self._provisional[key] = await blocking(
                        assemble, studied, as_shown(measures, previews), review)

            async def one(n: int, deep: bool) -> None:
                how = study_json if deep else screen_json
                data = await self.service.pool.run(how, game, studied.states[n].to_json(),
                                                   studied.seed(n))
                measures[n] = data
                if not screened(data):
                    await blocking(self.db.analyses.put_position, gid, engine, n, data)
                    stored.add(n)
                work[0] += 1
                await show()
                await self._progress(gid, engine)

            if review.preview is not None and todo:
                await self._first_looks(key, client, plan, todo, previews, show)
                await show(force=True)
            deep = review.screen is None
            job = self._queue.submit(key, client, todo, lambda n: one(n, deep))
            await job.finished
            while True:
                await show(force=True)
                deeper = await blocking(to_deepen, plan, measures, review)
                if not deeper:
                    break
                work[1] += len(deeper)
                job = self._queue.submit(key, client, deeper, lambda n: one(n, True))
                await job.finished
            for n, data in measures.items():
                if n not in stored:
                    await blocking(self.db.analyses.put_position, gid, engine, n, data)
            await blocking(complete, self.db, gid, engine, moves, plan)
        except asyncio.CancelledError:
            raise
        except Exception as exc:
            log.exception("the analysis of game %s failed", gid)
            await blocking(self.db.analyses.fail, gid, engine, repr(exc))
        finally:
            if job is not None:
                self._queue.drop(job)
            self._work.pop(key, None)
            self._provisional.pop(key, None)
        await self._progress(gid, engine)

    async def _first_looks(self, key: tuple[str, str], client: str, plan: Plan,
                           todo: list[int], previews: dict[int, dict[str, Any]],
                           show: Callable[..., Awaitable[None]]) -> None:
        """A first look at each position of ``todo`` (``analysis/stream.py``), in growing
        batches in the fair queue of ``client``, the first batch of one position; each
        batch's into ``previews``, then shown at once. A batch that fails is left out (the
        first look is only shown)."""
        gid, engine = key
        game = plan.record.game
        parts = batches(todo)

        async def look(part: list[int]) -> None:
            try:
                got = await self.service.pool.run(
                    first_looks_json, game,
                    [(plan.states[n].to_json(), plan.seed(n)) for n in part])
            except Exception:  # only shown: the review goes on without it
                log.exception("a first look at game %s failed", gid)
                return
            previews.update(zip(part, got, strict=True))
            # each batch at once, not every SHOW_EVERY: the first marks may be in the next
            # batch (a few dozen assemblies for the longest game, milliseconds each)
            await show(force=True)
            await self._progress(gid, engine)

        job = self._queue.submit(key, client, range(len(parts)), lambda i: look(parts[i]))
        try:
            await job.finished
        finally:
            self._queue.drop(job)  # cancelled: none of its batches begins after

    async def _cluster(self, gid: str, engine: str, moves: int, plan: Plan | None) -> None:
        """The quick review on the worker pool, driven from here: the missing positions
        sent as jobs (a first look at each where the game declares one, then the screen),
        then the database watched: the analysis as it stands stored for every web
        process to show (``AnalysisStore.show``) and the progress told to the watchers
        here whenever a measure comes; once every position has one, the positions the
        quick review deepens (:func:`~ludotheek.analysis.quick.to_deepen`) sent as jobs
        of the full work, round after round, until none is asked for and the analysis
        is finished; the jobs sent again if nothing moves for ``STALLED`` seconds."""
        key = (gid, engine)
        try:
            if plan is None:
                plan = await blocking(plan_of, self.db, gid, moves)
                if plan is None:
                    return
            review = review_for(plan.record.game)
            studied = plan.studied()
            await self._send(gid, engine, moves, plan, preview=review.preview is not None)
            last = (0, 0, 0)  # nothing to show yet
            since = time.monotonic()
            deep: dict[int, float] = {}  # position -> when its job of the full work was sent
            while True:
                await asyncio.sleep(WATCH_EVERY)
                row = await blocking(self.db.analyses.get, gid, engine)
                if row is None or row.status != RUNNING or row.moves != moves:
                    break
                known, looks = await blocking(self._stored, gid, engine, len(studied),
                                              review.preview is not None)
                firm = sum(1 for n in deep if n in known and not screened(known[n]))
                self._work[key] = [len(known) + firm, len(studied) + len(deep)]
                now = (len(known), firm, len(looks))
                if now != last:
                    last, since = now, time.monotonic()
                    shown = await blocking(assemble, plan, as_shown(known, looks), review)
                    await blocking(self.db.analyses.show, gid, engine, moves, shown)
                    await self._progress(gid, engine)
                if any(n not in known for n in studied):
                    if time.monotonic() - since > STALLED:
                        since = time.monotonic()
                        await self._send(gid, engine, moves, plan)
                    continue
                deeper = await blocking(to_deepen, plan, known, review)
                if not deeper:
                    await blocking(complete, self.db, gid, engine, moves, plan)
                    continue
                due = [n for n in deeper if time.monotonic() - deep.get(n, -STALLED) >= STALLED]
                if due:
                    from ludotheek.server.scaleout.cluster import ANALYSE_POSITIONS, send_job

                    for i in range(0, len(due), CHUNK):
                        await blocking(send_job, ANALYSE_POSITIONS, gid, engine, moves,
                                       due[i:i + CHUNK], DEEP)
                    deep.update(dict.fromkeys(due, time.monotonic()))
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("watching the analysis of game %s failed", gid)
        finally:
            self._work.pop(key, None)
        await self._progress(gid, engine)

    def _stored(self, gid: str, engine: str, total: int, previews: bool
                ) -> tuple[dict[int, dict[str, Any]], dict[int, dict[str, Any]]]:
        """The measures stored and the first looks (none once every position has a
        measure: they are no longer shown)."""
        known = self.db.analyses.positions(gid, engine)
        looks = (self.db.analyses.positions(gid, engine + PREVIEW_KEY)
                 if previews and len(known) < total else {})
        return known, looks

    async def _send(self, gid: str, engine: str, moves: int, plan: Plan,
                    preview: bool = False) -> None:
        """The jobs of the missing positions: with ``preview`` first a first look at
        each, in growing batches, then their screens (the full work if the game has no
        screen), ``CHUNK`` a job."""
        todo = await blocking(missing, self.db, gid, engine, plan)
        from ludotheek.server.scaleout.cluster import (  # Redis only when used
            ANALYSE_POSITIONS,
            send_job,
        )

        if preview:
            for part in batches(todo):
                await blocking(send_job, ANALYSE_POSITIONS, gid, engine, moves, part, PREVIEW)
        for i in range(0, len(todo), CHUNK):
            await blocking(send_job, ANALYSE_POSITIONS, gid, engine, moves, todo[i:i + CHUNK],
                           SCREEN)

    async def resume(self) -> int:
        """After a (re)start: go on with every analysis that was not finished."""
        resumed = 0
        for gid, engine in await blocking(self.db.analyses.running):
            try:
                live = await self.service.load(gid)
                if self._engine(live) != engine:
                    continue  # made by another engine version: left as it was
                row = await blocking(self.db.analyses.get, gid, engine)
            except Exception:
                log.exception("the analysis of game %s cannot go on", gid)
                continue
            if row is not None:
                # nobody asked in this process: each its own client, in turn with the rest
                self._launch(gid, engine, row.moves, None, f"resumed {gid}")
                resumed += 1
        return resumed

    async def close(self) -> None:
        tasks = [t for _, t, _ in self._runs.values()]
        for t in tasks:
            t.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        await self._queue.close()
