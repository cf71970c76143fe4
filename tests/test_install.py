"""``./start`` installs ludotheek with its ``[project]`` dependencies only (no extras:
scripts/ensure-env without arguments), while ``./test`` adds the ``test`` and ``scale``
extras. So the program must start without any package that only an extra brings: once
openskill (the ratings) was listed under ``scale`` alone, and ``./start`` on a fresh
machine failed at its first import while every test passed."""

from __future__ import annotations

import importlib.metadata
import re
import subprocess
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).parents[1]

#: what the program does at its start: the command line, the web app, every game's levels
START = """
import sys
sys.meta_path.insert(0, Blocker())
from ludotheek.cli import cli
from ludotheek.server.app import create_app
from ludotheek.games import get, names
from ludotheek.ai import players
cli.main(["--help"], standalone_mode=False)
create_app(":memory:")
for game in names():
    get(game).new(seed=1)
    players.levels(game)
print("started")
"""

BLOCKER = """
import importlib.abc
class Blocker(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path=None, target=None):
        if name.split(".")[0] in BLOCKED:
            raise ImportError(f"{name} comes only with an extra of ludotheek")
        return None
"""


def _name(requirement: str) -> str:
    return re.split(r"[\\[<>=!~; ]", requirement, maxsplit=1)[0].lower().replace("_", "-")


def extras_only() -> set[str]:
    """The top-level modules of the distributions that only the extras name."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    base = {_name(r) for r in project["dependencies"]}
    extra = {_name(r) for reqs in project["optional-dependencies"].values() for r in reqs}
    only = extra - base - {"ludotheek"}
    modules = set()
    for module, dists in importlib.metadata.packages_distributions().items():
        if any(d.lower().replace("_", "-") in only for d in dists):
            modules.add(module)
    return modules


def test_the_extras_name_packages_this_check_can_block() -> None:
    # the check below means something only if the test environment has such packages
    assert {"pytest", "redis"} <= extras_only()


def test_the_program_starts_without_the_extras() -> None:
    blocked = extras_only()
    code = BLOCKER + f"BLOCKED = {sorted(blocked)!r}\n" + START
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          cwd=ROOT, timeout=300)
    assert done.returncode == 0 and "started" in done.stdout, done.stderr[-2000:]
