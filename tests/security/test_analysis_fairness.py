"""Issue 34, hole 6: analysis without a limit.

One imported 262-move Akwaier game held the analysis worker for about 213 s while another
game's analysis waited at 0 of 19 the whole time: every position of the first went to
the pool before any of the second. Now the positions of the analyses are studied in turn,
client by client and game by game (``server/analyses/queue.py``), an analysis studies at
most ``max_analysis_positions`` positions and a client may have at most
``max_analyses_per_client`` analyses running at once (``server/analyses/service.py``).

The attack scaled down: the study of a position made slow (0.1 s more each, a thread of
its own), a long game of one client and a short one of another.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Coroutine, Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any, TypeVar

import pytest
from starlette.testclient import TestClient

import ludotheek.server.analyses.service as server_analysis
from ludotheek.ai import players
from ludotheek.analysis.measure import study_json
from ludotheek.analysis.plan import Plan
from ludotheek.core.record import Record, ResignAction
from ludotheek.games import get
from ludotheek.server import Settings, create_app
from tests.analysis.helpers import finished_record

#: the seconds the slowed study of a position takes more than its own
SLOWER = 0.1
#: two clients behind the proxy on this host (trusted by default)
ALICE = {"X-Forwarded-For": "203.0.113.1"}
BOB = {"X-Forwarded-For": "203.0.113.2"}


@pytest.fixture
def slow_study(monkeypatch: pytest.MonkeyPatch) -> None:
    def slow(game: str, state_json: dict[str, Any], seed: int) -> dict[str, Any]:
        time.sleep(SLOWER)
        return study_json(game, state_json, seed)

    monkeypatch.setattr(server_analysis, "study_json", slow)

T = TypeVar("T")


def _run(coro: Coroutine[Any, Any, T]) -> T:
    """``asyncio.run(coro)`` on a loop of its own in another thread: the test's thread may
    already run one (a browser test's, earlier on the same worker)."""
    with ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, coro).result()


def _app(tmp_path: Path, **settings: Any) -> Iterator[TestClient]:
    app = create_app(tmp_path / "db.sqlite3", Settings(computer_workers=0,
                                                       requests_per_second=0, **settings))
    with TestClient(app, client=("127.0.0.1", 50000)) as client:
        yield client


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    yield from _app(tmp_path)


def _import(client: TestClient, record: Record) -> str:
    r = client.post("/api/records", json=record.to_json())
    assert r.status_code == 201, r.text
    gid: str = r.json()["id"]
    return gid


def _status(client: TestClient, gid: str) -> dict[str, Any]:
    answer: dict[str, Any] = client.get(f"/api/games/{gid}/analysis").json()
    return answer


def _positions(record: Record) -> int:
    return len(Plan.of(record).studied())


#: a long game (Haaienzee's greedy players: 70 positions, 0.05 s each) and a short one,
#: resigned after 12 moves
LONG = finished_record("haaienzee", 0)
SHORT = Record("haaienzee", LONG.options, 1,
               (*finished_record("haaienzee", 1).moves[:12], ResignAction()))


def test_the_records_are_long_and_short() -> None:
    assert _positions(LONG) >= 5 * _positions(SHORT) >= 50


def test_a_long_analysis_does_not_hold_back_another_clients(client: TestClient,
                                                            slow_study: None) -> None:
    """Counted in positions of the long analysis, which makes the bounds hold on a loaded
    machine too: while the short one runs, the long one studies one position for each of
    its (one worker: every other position)."""
    long, short = _import(client, LONG), _import(client, SHORT)
    assert client.post(f"/api/games/{long}/analysis", headers=ALICE).status_code == 202
    while _status(client, long)["done"] < 3:  # the long one is under way
        time.sleep(0.02)
    begun = _status(client, long)["done"]
    start = time.monotonic()
    assert client.post(f"/api/games/{short}/analysis", headers=BOB).status_code == 202
    at_first = None
    while (answer := _status(client, short))["status"] != "done":
        if at_first is None and answer["done"] > 0:
            at_first = _status(client, long)["done"] - begun
        assert time.monotonic() - start < 60, "the short analysis did not finish"
        time.sleep(0.02)
    other = _status(client, long)
    # before: the short analysis stayed at 0 until the long one was done (67 positions)
    assert at_first is None or at_first <= 3, \
        f"the long analysis studied {at_first} positions before the short one's first"
    assert other["status"] == "running" and other["done"] < other["total"], other
    assert other["done"] - begun <= _positions(SHORT) + 3, (other, begun)
    assert time.monotonic() - start < 30


def test_too_many_analyses_at_once_are_refused(tmp_path: Path, slow_study: None) -> None:
    for client in _app(tmp_path, max_analyses_per_client=1):
        long, short, third = (_import(client, r) for r in (LONG, SHORT, SHORT))
        assert client.post(f"/api/games/{long}/analysis", headers=ALICE).status_code == 202
        r = client.post(f"/api/games/{short}/analysis", headers=ALICE)
        assert r.status_code == 429, r.text
        assert r.json()["code"] == "analysis.too_many" and r.json()["params"] == {"most": 1}
        assert _status(client, short)["status"] == "none"  # nothing began
        # asking again for one's own analysis is no new one; another client may begin
        assert client.post(f"/api/games/{long}/analysis", headers=ALICE).status_code == 202
        assert client.post(f"/api/games/{short}/analysis", headers=BOB).status_code == 202
        # over the WebSocket too
        with client.websocket_connect(f"/api/games/{third}/live", headers=ALICE) as ws:
            assert ws.receive_json()["type"] == "view"
            ws.send_json({"type": "analyse"})
            error = ws.receive_json()
            assert error["type"] == "error" and error["status"] == 429
            assert error["code"] == "analysis.too_many"


def test_an_analysis_of_too_many_positions_is_refused(tmp_path: Path,
                                                      slow_study: None) -> None:
    most = _positions(SHORT) + 1
    for client in _app(tmp_path, max_analysis_positions=most):
        long, short = _import(client, LONG), _import(client, SHORT)
        r = client.post(f"/api/games/{long}/analysis")
        assert r.status_code == 400, r.text
        assert r.json()["code"] == "analysis.too_long"
        assert r.json()["params"] == {"positions": _positions(LONG), "most": most}
        assert _status(client, long)["status"] == "none"
        assert client.post(f"/api/games/{short}/analysis").status_code == 202


def _long_akwaier() -> Record:
    """A game of Akwaier longer than the longest real one (262 moves): random players'
    of seed 4, 287 moves."""
    state = get("akwaier").new(seed=4)
    moves: list[str] = []
    while not state.is_over:
        move = players.get("akwaier", "random", seed=len(moves)).choose(state)
        moves.append(move)
        state = state.play(move)
    return Record("akwaier", dict(state.options), 4, tuple(moves))


def test_the_longest_real_game_can_be_reviewed(client: TestClient,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    def waiting(*args: Any) -> dict[str, Any]:
        time.sleep(SLOWER)  # it does not finish here: the answer is no measure
        return {}

    monkeypatch.setattr(server_analysis, "study_json", waiting)
    record = _long_akwaier()
    assert len(record.moves) > 262
    gid = _import(client, record)
    r = client.post(f"/api/games/{gid}/analysis")
    assert r.status_code == 202, r.text
    assert r.json()["total"] == _positions(record) <= Settings().max_analysis_positions


# --- the queue itself (server/analyses/queue.py) ----------------------------------------------

def _order(slots: int, jobs: dict[tuple[str, str], list[int]]) -> list[str]:
    """The order in which a queue of ``slots`` studies the positions of ``jobs`` ((client,
    game) -> positions), all queued at once."""
    from ludotheek.server.analyses.queue import FairQueue

    async def run() -> list[str]:
        seen: list[str] = []
        queue = FairQueue(slots)

        def study(name: str) -> Any:
            async def one(n: int) -> None:
                seen.append(f"{name}{n}")
                await asyncio.sleep(0)
            return one

        done = [queue.submit((game, "e"), who, todo, study(game)).finished
                for (who, game), todo in jobs.items()]
        await asyncio.gather(*done)
        await queue.close()
        return seen

    return _run(run())


def test_clients_take_turns_and_so_do_each_clients_games() -> None:
    order = _order(1, {("a", "A"): [1, 2, 3, 4], ("a", "B"): [1, 2], ("b", "C"): [1, 2, 3]})
    # client b's game every second position, client a's two games in turn
    assert order == ["A1", "C1", "B1", "C2", "A2", "C3", "B2", "A3", "A4"]


def test_a_failed_study_fails_its_analysis_only() -> None:
    from ludotheek.server.analyses.queue import FairQueue

    async def run() -> tuple[BaseException | None, list[int]]:
        queue = FairQueue(1)
        seen: list[int] = []

        async def bad(n: int) -> None:
            raise ValueError("broken")

        async def good(n: int) -> None:
            seen.append(n)

        failing = queue.submit(("x", "e"), "a", [1, 2, 3], bad)
        fine = queue.submit(("y", "e"), "b", [1, 2, 3], good)
        await fine.finished
        error = failing.finished.exception()
        await queue.close()
        return error, seen

    error, seen = _run(run())
    assert isinstance(error, ValueError) and seen == [1, 2, 3]


def test_a_dropped_analysis_studies_no_more() -> None:
    from ludotheek.server.analyses.queue import FairQueue

    async def run() -> list[int]:
        queue = FairQueue(1)
        seen: list[int] = []

        async def one(n: int) -> None:
            seen.append(n)
            if n == 2:
                queue.drop(job)
            await asyncio.sleep(0)

        job = queue.submit(("x", "e"), "a", [1, 2, 3, 4], one)
        await asyncio.sleep(0.05)
        assert job.finished.cancelled() and queue.waiting() == 0
        await queue.close()
        return seen

    assert _run(run()) == [1, 2]


def test_the_queue_serves_again_after_close_on_another_loop() -> None:
    """An app whose lifespan runs twice (a test's second client, a restart in-process)
    closes its queue and uses it again from a new event loop."""
    from ludotheek.server.analyses.queue import FairQueue

    queue = FairQueue(1)

    async def run() -> list[int]:
        seen: list[int] = []

        async def one(n: int) -> None:
            seen.append(n)
            await asyncio.sleep(0)

        await queue.submit(("x", "e"), "a", [1, 2], one).finished
        await queue.close()
        return seen

    assert _run(run()) == [1, 2] and _run(run()) == [1, 2]
