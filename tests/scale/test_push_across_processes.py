""""Your turn" after a computer's move on a scaled-out site (issue 37): the move is made by a
worker, every web process hears of it, and the person whose turn it brought is told once,
by the one web process that claims it in Redis, although no page of the game is open
anywhere (two web processes, a worker, PostgreSQL, Redis, the tests' own push service)."""

from __future__ import annotations

import time
from pathlib import Path

import httpx

from tests.pushservice import Device, PushService
from tests.serverproc import ServerProcess, WorkerProcess
from tests.services import Postgres, Redis


def _move(web: ServerProcess, gid: str, token: str) -> int:
    view = httpx.get(f"{web.url}/api/games/{gid}",
                     headers={"Authorization": f"Bearer {token}"}).json()
    r = httpx.post(f"{web.url}/api/games/{gid}/moves",
                   headers={"Authorization": f"Bearer {token}"},
                   json={"move": view["legal_moves"][0], "version": view["version"]})
    assert r.status_code == 200, r.text
    return int(r.json()["version"])


def test_a_workers_move_is_told_to_the_next_person_once(postgres: Postgres,
                                                        redis_server: Redis,
                                                        tmp_path: Path) -> None:
    db = postgres.new_database("p")
    service = PushService()
    # the web processes share the data folder (the push keys), as a site's do
    env = {"LUDOTHEEK_DATA": str(tmp_path / "data"), "LUDOTHEEK_PUSH_TEST_HOSTS": service.host}
    webs = [ServerProcess(db, workers=0, extra_env=env, log_dir=tmp_path,
                          args=("--redis", redis_server.url)).start() for _ in range(2)]
    worker = WorkerProcess(db, redis_server.url, tmp_path / "worker.log", extra_env=env).start()
    try:
        a, b = webs
        made = httpx.post(f"{a.url}/api/games", json={
            "game": "aqua_romana", "options": {"players": 3, "first": 1},
            "seats": [{"type": "person"}, {"type": "computer", "level": "beginner"},
                      {"type": "person"}]})
        assert made.status_code == 201, made.text
        gid = made.json()["id"]
        tokens = [s.get("token") for s in made.json()["seats"]]
        third = Device()
        r = httpx.post(f"{b.url}/api/games/{gid}/push",
                       headers={"Authorization": f"Bearer {tokens[2]}"},
                       json=third.subscription(service.url("/third"), "en"))
        assert r.status_code == 200, r.text
        moved = _move(a, gid, tokens[0])  # the computer's turn: nobody is told
        deadline = time.monotonic() + 60
        while httpx.get(f"{b.url}/api/games/{gid}").json()["version"] <= moved:
            assert time.monotonic() < deadline, (tmp_path / "worker.log").read_text()[-3000:]
            time.sleep(0.2)
        posted = service.wait(1, timeout=20)
        time.sleep(2)  # the other web process heard it too: it must not tell again
        assert [p.path for p in service.posted] == ["/third"]
        msg = third.read(posted[0])
        assert msg["url"] == f"/play/{gid}" and "Aqua Romana" in msg["title"]
    finally:
        worker.stop()
        for web in webs:
            web.stop()
        service.close()
