"""Does play slow while a review runs (issue 39)? A real ``ludotheek serve`` (its default
computer workers); a person plays Wari against ``normal`` over HTTP and the time from
each move to the computer's reply is kept (polled every 5 ms): first with nothing else
running, then while the server reviews the 262-move Akwaier game
(``benchmarks/records/review-akwaier-262.json``), the heaviest review there is. The same
for today's review: ``--src`` names another checkout's ``src`` (main's) to run its server.

The person keeps one connection, as a page does (one ``httpx.Client``). Until 2026-12-07
every request made a new client and connection (``httpx.get``): 45-80 ms each on the loaded
machine, most of the "reply" measured (``--new-connections`` measures that way again). A page
hears of the reply on its WebSocket; the polls here (every 5 ms) are more than the server's
50 API requests a second per address, so its server has no such limit.

    nice .venv/bin/python -m benchmarks.review_play --replies 40 --out <file>
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


class Person:
    """The person's requests: over one connection (``client``), or each over a new one."""

    def __init__(self, client: httpx.Client | None) -> None:
        self.client = client

    def __call__(self, method: str, url: str, **kw: Any) -> httpx.Response:
        if self.client is None:
            answer = httpx.request(method, url, **kw)
        else:
            answer = self.client.request(method, url, **kw)
        return answer.raise_for_status()  # a refused move measured as a reply: never


def replies(url: str, count: int, seed: int, during: str | None = None,
            http: Person | None = None) -> list[float]:
    """Seconds from each of the person's moves to the computer's reply (while the
    analysis of game ``during`` runs, if given: stops when it ends)."""
    request = http or Person(None)
    out: list[float] = []
    rng = random.Random(seed)
    game = 0
    while len(out) < count:
        game += 1
        r = request("POST", f"{url}/api/games", json={
            "game": "wari", "seed": seed + game, "seats": [
                {"type": "person", "name": "Ann"}, {"type": "computer", "level": "normal"}]})
        gid, token = r.json()["id"], r.json()["seats"][0]["token"]
        headers = {"Authorization": f"Bearer {token}"}
        view = request("GET", f"{url}/api/games/{gid}", headers=headers).json()
        while view["status"] == "active" and len(out) < count:
            if during is not None and request(
                    "GET", f"{url}/api/games/{during}/analysis").json()["status"] != "running":
                return out
            if view["to_move"] != 0:
                time.sleep(0.005)
                view = request("GET", f"{url}/api/games/{gid}", headers=headers).json()
                continue
            t0 = time.monotonic()
            request("POST", f"{url}/api/games/{gid}/moves", headers=headers,
                    json={"move": rng.choice(view["legal_moves"]),
                          "version": view["version"]})
            while True:
                view = request("GET", f"{url}/api/games/{gid}", headers=headers).json()
                if view["to_move"] == 0 or view["status"] != "active":
                    break
                time.sleep(0.005)
            if view["status"] == "active":
                out.append(time.monotonic() - t0)
    return out


def summary(xs: list[float]) -> dict[str, Any]:
    s = sorted(xs)
    return {"replies": len(s), "median_ms": round(1000 * statistics.median(s), 1),
            "p95_ms": round(1000 * s[min(len(s) - 1, int(0.95 * len(s)))], 1),
            "max_ms": round(1000 * s[-1], 1)}


def main() -> None:
    from ludotheek.analysis.local import default_workers
    from ludotheek.core.record import Record
    from tests.serverproc import ServerProcess

    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--replies", type=int, default=40)
    ap.add_argument("--out", type=Path, default=None)
    ap.add_argument("--src", default=None, help="the server of these sources (main's src)")
    ap.add_argument("--new-connections", action="store_true",
                    help="a new client and connection for every request (as before 2026-12-07)")
    args = ap.parse_args()
    record = Record.from_json((ROOT / "benchmarks/records/review-akwaier-262.json").read_text())
    env = {"LUDOTHEEK_LIMITS": json.dumps({"requests_per_second": 0})}
    if args.src:
        env["PYTHONPATH"] = args.src
    with tempfile.TemporaryDirectory() as tmp, \
            ServerProcess(Path(tmp) / "bench.sqlite3", workers=default_workers(),
                          extra_env=env) as server:
        client = None if args.new_connections else httpx.Client(timeout=60)
        http = Person(client)
        quiet = replies(server.url, args.replies, 1, http=http)
        data = record.to_json()
        data["seats"] = [{"type": "computer", "level": "strong"}] * 6
        gid = httpx.post(f"{server.url}/api/records", json=data, timeout=60).json()["id"]
        httpx.post(f"{server.url}/api/games/{gid}/analysis", timeout=60)
        busy = replies(server.url, args.replies, 2, during=gid, http=http)
        if client is not None:
            client.close()
    row = {"command": "python -m benchmarks.review_play " + " ".join(sys.argv[1:]),
           "date": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()),
           "server": args.src or __import__("ludotheek").__file__, "workers": default_workers(),
           "connections": "new for every request" if args.new_connections else "one",
           "quiet": summary(quiet), "during_review": summary(busy)}
    print(json.dumps(row))
    if args.out:
        args.out.write_text(json.dumps(row, indent=1) + "\n")


if __name__ == "__main__":
    main()
