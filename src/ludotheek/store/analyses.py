"""Analyses kept in the database, per game and engine version.

Each studied position's measure is stored as soon as it is known (by whichever
process computed it), so a restart or a lost worker loses nothing: the analysis
goes on with the positions still missing. Once all are there the assembled
result is stored too, and a second look reads it back at once.
"""

from __future__ import annotations

import json
import time
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from sqlalchemy import Engine, func, insert, select, update
from sqlalchemy.exc import IntegrityError

from ludotheek.store.schema import analyses, analysis_positions

RUNNING, DONE, FAILED = "running", "done", "failed"


@dataclass(frozen=True)
class AnalysisRow:
    game_id: str
    engine: str
    status: str
    moves: int
    total: int
    done: int
    result: dict[str, Any] | None
    error: str | None
    updated: float


class AnalysisStore:
    def __init__(self, engine: Engine) -> None:
        self.engine = engine

    def get(self, game_id: str, engine: str) -> AnalysisRow | None:
        """The analysis of ``game_id`` by ``engine`` with the number of positions done."""
        with self.engine.connect() as conn:
            r = conn.execute(select(analyses).where(analyses.c.game_id == game_id,
                                                    analyses.c.engine == engine)).first()
            if r is None:
                return None
            done = conn.execute(select(func.count()).select_from(analysis_positions).where(
                analysis_positions.c.game_id == game_id,
                analysis_positions.c.engine == engine)).scalar()
        return AnalysisRow(r.game_id, r.engine, r.status, r.moves, r.total, int(done or 0),
                           json.loads(r.result) if r.result else None, r.error, r.updated)

    def start(self, game_id: str, engine: str, moves: int, total: int) -> None:
        """Begin (or widen, for a game that has moved on, or try again after a failure)
        the analysis of ``game_id``'s first ``moves`` record entries."""
        now = time.time()
        with self.engine.begin() as conn:
            found = conn.execute(select(analyses.c.moves).where(
                analyses.c.game_id == game_id, analyses.c.engine == engine)).first()
            if found is None:
                try:
                    conn.execute(insert(analyses).values(
                        game_id=game_id, engine=engine, status=RUNNING, moves=moves,
                        total=total, result=None, error=None, created=now, updated=now))
                    return
                except IntegrityError:  # another process began it at the same time
                    pass
            conn.execute(update(analyses).where(
                analyses.c.game_id == game_id, analyses.c.engine == engine).values(
                status=RUNNING, moves=moves, total=total, result=None, error=None,
                updated=now))

    def positions(self, game_id: str, engine: str) -> dict[int, dict[str, Any]]:
        """Every stored measure, by position."""
        with self.engine.connect() as conn:
            rows = conn.execute(select(analysis_positions.c.position,
                                       analysis_positions.c.data).where(
                analysis_positions.c.game_id == game_id,
                analysis_positions.c.engine == engine)).all()
        return {int(p): json.loads(d) for p, d in rows}

    def put_position(self, game_id: str, engine: str, position: int,
                     data: Mapping[str, Any]) -> bool:
        """Keep one position's measure; False if it was there already (a job that ran
        twice: the first one counts)."""
        try:
            with self.engine.begin() as conn:
                conn.execute(insert(analysis_positions).values(
                    game_id=game_id, engine=engine, position=position,
                    data=json.dumps(dict(data))))
                conn.execute(update(analyses).where(
                    analyses.c.game_id == game_id, analyses.c.engine == engine).values(
                    updated=time.time()))
        except IntegrityError:
            return False
        return True

    def replace_position(self, game_id: str, engine: str, position: int,
                         data: Mapping[str, Any]) -> None:
        """Keep ``data`` as the position's measure in place of the one stored (a quick
        review's screened measure, studied again with the full work), or as its first."""
        text = json.dumps(dict(data))
        with self.engine.begin() as conn:
            changed = conn.execute(update(analysis_positions).where(
                analysis_positions.c.game_id == game_id,
                analysis_positions.c.engine == engine,
                analysis_positions.c.position == position).values(data=text)).rowcount
            conn.execute(update(analyses).where(
                analyses.c.game_id == game_id, analyses.c.engine == engine).values(
                updated=time.time()))
        if not changed:
            self.put_position(game_id, engine, position, data)

    def show(self, game_id: str, engine: str, moves: int, result: Mapping[str, Any]) -> None:
        """Keep ``result`` as the analysis as it stands while it runs (a scaled-out site:
        every web process answers with it, marked provisional); not once it has ended or
        been widened (``finish`` and ``start`` write the result over it)."""
        with self.engine.begin() as conn:
            conn.execute(update(analyses).where(
                analyses.c.game_id == game_id, analyses.c.engine == engine,
                analyses.c.moves == moves, analyses.c.status == RUNNING).values(
                result=json.dumps(dict(result))))

    def finish(self, game_id: str, engine: str, moves: int, result: Mapping[str, Any]) -> None:
        """Store the assembled result of the analysis of the first ``moves`` entries (not
        if it has been widened meanwhile)."""
        with self.engine.begin() as conn:
            conn.execute(update(analyses).where(
                analyses.c.game_id == game_id, analyses.c.engine == engine,
                analyses.c.moves == moves).values(
                status=DONE, result=json.dumps(dict(result)), error=None,
                updated=time.time()))

    def fail(self, game_id: str, engine: str, error: str) -> None:
        with self.engine.begin() as conn:
            conn.execute(update(analyses).where(
                analyses.c.game_id == game_id, analyses.c.engine == engine).values(
                status=FAILED, error=error[:2000], updated=time.time()))

    def running(self) -> list[tuple[str, str]]:
        """(game, engine) of every analysis not finished (to go on after a restart)."""
        with self.engine.connect() as conn:
            rows = conn.execute(select(analyses.c.game_id, analyses.c.engine).where(
                analyses.c.status == RUNNING)).all()
        return [(g, e) for g, e in rows]
