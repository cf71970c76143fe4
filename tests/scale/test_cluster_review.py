"""The quick review on a scaled-out site (issue 39): the worker pool screens every position
and studies with the full work only those the quick review deepens
(``analysis/quick.py``), a game that declares a first look gets one first
(``analysis/stream.py``), the analysis as it stands is shown while the workers study,
and the end is the quick review made in one process; a rated game in progress is still
refused."""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

import httpx
import pytest

from ludotheek.analysis.local import analyse_record
from ludotheek.analysis.quick import screened
from ludotheek.analysis.review import review_for
from ludotheek.analysis.stream import PREVIEW_KEY, is_preview
from ludotheek.core.record import Record
from ludotheek.store.database import open_database
from tests.analysis.helpers import opening
from tests.serverproc import ServerProcess, WorkerProcess
from tests.services import Postgres, Redis

#: a game against the computer may be analysed while it runs
PERSON = {"type": "person", "name": "Ann"}
COMPUTER = {"type": "computer", "level": "normal"}


class Site:
    def __init__(self, db: str, web: ServerProcess) -> None:
        self.db = db
        self.web = web

    def stored(self, gid: str, engine: str) -> dict[int, dict[str, Any]]:
        """The measures kept in the database for the analysis of ``gid`` by ``engine``."""
        db = open_database(self.db)
        try:
            return db.analyses.positions(gid, engine)
        finally:
            db.close()

    def review(self, record: Record) -> tuple[str, list[dict[str, Any]], dict[str, Any]]:
        """Import ``record`` (a person, to move, against computers), ask for its review and poll it
        to the end: the game's id, every answer while it ran and the last."""
        data = record.to_json()
        state = record.replay()
        # the person's turn: the computers do not move on while the review runs
        data["seats"] = [PERSON if seat == state.to_move else COMPUTER
                         for seat in range(state.num_players)]
        r = httpx.post(f"{self.web.url}/api/records", json=data, timeout=30)
        assert r.status_code == 201, r.text
        gid: str = r.json()["id"]
        answer: dict[str, Any] = httpx.post(f"{self.web.url}/api/games/{gid}/analysis",
                                            timeout=30).json()
        seen = []
        deadline = time.monotonic() + 600  # a loaded machine
        while answer["status"] == "running":
            assert time.monotonic() < deadline, answer
            seen.append(answer)
            time.sleep(0.05)
            answer = httpx.get(f"{self.web.url}/api/games/{gid}/analysis", timeout=30).json()
        assert answer["status"] == "done", answer
        return gid, seen, answer


@pytest.fixture(scope="module")
def site(postgres: Postgres, redis_server: Redis,
         tmp_path_factory: pytest.TempPathFactory) -> Iterator[Site]:
    db = postgres.new_database("q")
    logs = tmp_path_factory.mktemp("review")
    web = ServerProcess(db, workers=0, log_dir=logs, args=("--redis", redis_server.url)).start()
    workers = [WorkerProcess(db, redis_server.url, logs / f"worker{i}.log").start()
               for i in range(2)]
    try:
        yield Site(db, web)
    finally:
        for w in workers:
            w.stop()
        web.stop()


def as_seen(result: dict[str, Any], hidden: bool) -> dict[str, Any]:
    """``result`` as a spectator sees it while a game with hidden information runs."""
    if not hidden:
        return result
    return {**result, "hidden": True,
            "decisions": [{**d, "best": None, "better": None, "best_value": None}
                          for d in result["decisions"]],
            "positions": [{**p, "best": None} for p in result["positions"]]}


def test_the_worker_pool_screens_and_deepens_as_one_process_does(site: Site) -> None:
    review = review_for("aqua_romana")
    assert review.screen is not None
    record = opening("aqua_romana", 30)
    gid, seen, answer = site.review(record)
    result = answer["result"]
    assert "provisional" not in result
    assert result == as_seen(analyse_record(record), bool(result.get("hidden")))
    # the quick review's measures, not the full work everywhere: screened ones are kept
    stored = site.stored(gid, review.engine())
    assert any(screened(m) for m in stored.values())
    assert any(not screened(m) for m in stored.values())  # and deepened ones
    # the analysis as it stood was shown while the workers studied, by the web process
    shown = [a for a in seen if "result" in a]
    assert shown and all(a["result"]["provisional"] is True for a in shown)
    assert any(p["standing"] for p in shown[0]["result"]["positions"])
    dones = [a["done"] for a in seen]
    assert dones == sorted(dones) and all(0 <= a["done"] <= a["total"] for a in seen)


def test_a_first_look_on_the_worker_pool_is_shown_never_kept(site: Site) -> None:
    review = review_for("akwaier")
    assert review.preview is not None
    # 40 positions of the full work (about 7 s of CPU, 3.5 s on the two workers) against the
    # web process's look every WATCH_EVERY: with 16 (1.5 s) a loaded machine once let the
    # workers finish between two looks, and nothing was shown before the end
    record = opening("akwaier", 40)
    gid, seen, answer = site.review(record)
    result = answer["result"]
    assert result == as_seen(analyse_record(record), bool(result.get("hidden")))
    looks = site.stored(gid, review.engine() + PREVIEW_KEY)
    stored = site.stored(gid, review.engine())
    assert looks and all(is_preview(m) for m in looks.values())  # the workers looked first
    assert stored and not any(is_preview(m) for m in stored.values())  # kept apart
    shown = [a for a in seen if "result" in a]
    assert shown, "no analysis was shown before the review ended"
    # shown with a standing at every position before every position had its measure
    assert any(a["done"] < a["total"] and all(p["standing"] for p in a["result"]["positions"])
               for a in shown)


def test_no_review_of_a_rated_game_in_progress_on_the_worker_pool(site: Site) -> None:
    url = site.web.url
    me = httpx.post(f"{url}/api/profiles", json={"name": "Ann"}).json()
    r = httpx.post(f"{url}/api/games", json={
        "game": "wari", "rated": True,
        "seats": [{"type": "person", "profile": me["secret"]}, COMPUTER]})
    assert r.status_code == 201, r.text
    gid = r.json()["id"]
    token = r.json()["seats"][0]["token"]
    for ask in (httpx.post, httpx.get):
        for headers in ({}, {"Authorization": f"Bearer {token}"}):
            answer = ask(f"{url}/api/games/{gid}/analysis", headers=headers)
            assert answer.status_code == 403, answer.text
            assert answer.json()["code"] == "ratings.no_hints"
