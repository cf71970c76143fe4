"""How long the first computer move of Wari's strong level takes after a fresh install.

Each measurement is a new Python process (as a server's worker or ``ludotheek play``
is) on a data folder of its own: it provides the data folder's data sets
(``resources.setup``), preloads what is declared ``preload`` (the compiled search) and
asks the strong level for the first move of a game, timed from the start of the
process's work (imports included) to the move.

1. a fresh data folder: nothing compiled yet - the player searches in Python for its
   second, and a background build compiles the search (niced);
2. the same folder once that build is done: the compiled search is loaded from the
   cache.

Both times are from the start of the process's work: wall-clock (what a player waits on
an idle machine) and the process's CPU time (what it is on a busy one, where the
wall-clock time mostly measures the other programs).

    nice -n 15 .venv/bin/python benchmarks/wari_first_move.py
"""

from __future__ import annotations

import contextlib
import json
import os
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

CHILD = r"""
import json, sys, time
start, cpu = time.perf_counter(), time.process_time()
from pathlib import Path
from ludotheek import players, resources
from ludotheek.games import get
provided = resources.setup(Path(sys.argv[1]))
resources.preload()
player, seconds = players.for_level("wari", "strong", seed=1)
move = player.choose(get("wari").new(), seconds)
searcher = type(player.searcher()).__name__
print(json.dumps({"seconds": time.perf_counter() - start,
                  "cpu_seconds": time.process_time() - cpu, "move": move, "search": searcher}))
"""


def measure(folder: Path) -> dict[str, object]:
    env = dict(os.environ)
    env.pop("NUMBA_CACHE_DIR", None)
    env["LUDOTHEEK_BUILDS"] = "auto"
    out = subprocess.run([sys.executable, "-c", CHILD, str(folder)], env=env, check=True,
                         capture_output=True, text=True).stdout
    result: dict[str, object] = json.loads(out.strip().splitlines()[-1])
    return result


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        cold = measure(folder)
        lock = folder / "wari-search" / "build.lock"
        waited = time.perf_counter()
        while lock.exists():
            time.sleep(1)
        warm = measure(folder)
        log = (folder / "wari-search" / "build.log").read_text(errors="replace")
        # the other builds the first move started (the endgames, the book) are not timed
        for other in folder.glob("*/build.lock"):
            with contextlib.suppress(OSError, ValueError):
                os.killpg(int(other.read_text().strip()), signal.SIGTERM)
    print(json.dumps({"date": time.strftime("%Y-%m-%d %H:%M"), "load": os.getloadavg(),
                      "fresh_install": cold, "after_the_background_build": warm,
                      "background_build_wall_seconds": round(time.perf_counter() - waited),
                      "build_log_tail": log.strip().splitlines()[-1:]}, indent=1))


if __name__ == "__main__":
    main()
