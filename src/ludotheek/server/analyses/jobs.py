"""The analysis's work against the database: shared by the web process (one-process
site) and the Dramatiq workers (scaled-out site).

An analysis of game ``gid`` by ``engine`` covers the record's first ``moves``
entries. Each studied position's measure is stored on its own; whoever stores the
last one (and, in a quick review, the last one studied again with the full work:
nothing left to deepen) assembles the result and stores it too (``finish`` is
idempotent: the result is the same whoever makes it).
"""

from __future__ import annotations

import logging
from typing import Any

from ludotheek.analysis.measure import study
from ludotheek.analysis.plan import Plan
from ludotheek.analysis.quick import screen, screened, to_deepen
from ludotheek.analysis.result import assemble
from ludotheek.analysis.review import review_for
from ludotheek.analysis.stream import PREVIEW_KEY, first_look
from ludotheek.core.record import Record
from ludotheek.store.database import Database

log = logging.getLogger("ludotheek.analysis")


def plan_of(db: Database, gid: str, moves: int) -> Plan | None:
    """The plan of the first ``moves`` entries of game ``gid`` (None: no such game)."""
    row = db.games.get(gid)
    if row is None or row.version < moves:
        return None
    return Plan.of(Record(row.game, row.options, row.seed, row.moves[:moves]))


def missing(db: Database, gid: str, engine: str, plan: Plan) -> list[int]:
    """The studied positions whose measure is not stored yet."""
    known = db.analyses.positions(gid, engine)
    return [n for n in plan.studied() if n not in known]


def complete(db: Database, gid: str, engine: str, moves: int,
             plan: Plan) -> dict[str, Any] | None:
    """Assemble and store the result once every position is there and the quick review
    asks for no position to be studied again (:func:`~ludotheek.analysis.quick.to_deepen`);
    None before."""
    known = db.analyses.positions(gid, engine)
    if any(n not in known for n in plan.studied()):
        return None
    review = review_for(plan.record.game)
    if to_deepen(plan, known, review):
        return None
    result = assemble(plan, known, review)
    db.analyses.finish(gid, engine, moves, result)
    return result


#: what a worker's job does with its positions (``run_positions``): a first look (only
#: shown, kept apart), the quick review's screen (the full work if the game has none),
#: or the full work in place of a screened measure
PREVIEW, SCREEN, DEEP = "preview", "screen", "deep"


def run_positions(db: Database, gid: str, engine: str, moves: int,
                  positions: list[int], kind: str = SCREEN) -> None:
    """A worker's job: study ``positions`` of the analysis as ``kind`` says (those not
    stored yet; with ``DEEP`` those whose stored measure is screened), store each, and
    finish the analysis if it is complete."""
    row = db.analyses.get(gid, engine)
    if row is None or row.status != "running" or row.moves < moves:
        return  # finished, failed, or widened (a newer job covers these positions)
    plan = plan_of(db, gid, moves)
    if plan is None:
        return
    review = review_for(plan.record.game)
    if review.engine() != engine:
        log.warning("analysis %s of game %s: this worker's engine differs", engine, gid)
        return
    known = db.analyses.positions(gid, engine)
    if kind == PREVIEW:
        looked = db.analyses.positions(gid, engine + PREVIEW_KEY)
        for n in positions:
            if n not in known and n not in looked:
                db.analyses.put_position(gid, engine + PREVIEW_KEY, n,
                                         first_look(plan.states[n], plan.seed(n), review))
        return
    for n in positions:
        if kind == DEEP and screened(known.get(n)):
            db.analyses.replace_position(gid, engine, n,
                                         study(plan.states[n], plan.seed(n), review))
        elif kind != DEEP and n not in known:
            db.analyses.put_position(gid, engine, n,
                                     screen(plan.states[n], plan.seed(n), review))
    complete(db, gid, engine, moves, plan)
