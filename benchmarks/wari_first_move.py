"""How long the first computer move of Wari's strong level takes after a fresh install.

Each measurement is a new Python process (as a server's worker or ``ludotheek play``
is) on a data folder of its own: it provides the data folder's data sets
(``resources.setup``), preloads what is declared ``preload`` (the compiled search) and
asks the strong level for the first move of a game, timed from the start of the
process's work (imports included) to the move.

1. the install: ``ludotheek build --preloaded`` on a new data folder (what
   ``scripts/ensure-env`` runs once after installing: numba compiles the search into the
   data folder's cache), timed on its own;
2. the first move on that folder: the compiled search is loaded from the cache (the
   move also starts the background builds of the endgame database and the book, which
   are stopped, not timed);
3. for comparison, the first move on a data folder without the compiled search (an
   install that skipped step 1; ``LUDOTHEEK_BUILDS=load``, so nothing is built): the
   player searches in Python.

Every time is from the start of the process's work: wall-clock (what a player waits on
an idle machine) and the process's CPU time (what it is on a busy one, where the
wall-clock time mostly measures the other programs).

    nice -n 5 .venv/bin/python benchmarks/wari_first_move.py
"""

from __future__ import annotations

import contextlib
import json
import os
import resource
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
from ludotheek.data import folder as resources
from ludotheek.ai import players
from ludotheek.games import get
provided = resources.setup(Path(sys.argv[1]))
resources.preload()
player, seconds = players.for_level("wari", "strong", seed=1)
move = player.choose(get("wari").new(), seconds)
searcher = type(player.searcher()).__name__
print(json.dumps({"seconds": time.perf_counter() - start,
                  "cpu_seconds": time.process_time() - cpu, "move": move, "search": searcher}))
"""


def measure(folder: Path, builds: str = "auto") -> dict[str, object]:
    env = dict(os.environ)
    env.pop("NUMBA_CACHE_DIR", None)
    env["LUDOTHEEK_BUILDS"] = builds
    out = subprocess.run([sys.executable, "-c", CHILD, str(folder)], env=env, check=True,
                         capture_output=True, text=True).stdout
    result: dict[str, object] = json.loads(out.strip().splitlines()[-1])
    return result


def install(folder: Path) -> dict[str, float]:
    """``ludotheek build --preloaded`` into ``folder``: wall-clock and CPU seconds."""
    env = dict(os.environ)
    env.pop("NUMBA_CACHE_DIR", None)
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run([sys.executable, "-m", "ludotheek", "build", "--preloaded", "--quiet",
                    "--folder", str(folder)], env=env, check=True, capture_output=True)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return {"seconds": round(time.perf_counter() - start, 2), "cpu_seconds": round(cpu, 2)}


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        installed, bare = Path(tmp) / "installed", Path(tmp) / "bare"
        compiling = install(installed)
        first = measure(installed)
        python = measure(bare, builds="load")
        # the other builds the first move started (the endgames, the book) are not timed
        for other in installed.glob("*/build.lock"):
            with contextlib.suppress(OSError, ValueError):
                os.killpg(int(other.read_text().strip()), signal.SIGTERM)
    print(json.dumps({"date": time.strftime("%Y-%m-%d %H:%M"), "load": os.getloadavg(),
                      "install_compile": compiling, "first_move_after_install": first,
                      "first_move_without_the_compiled_search": python}, indent=1))


if __name__ == "__main__":
    main()
