"""Every machine installs the same versions: ``uv.lock`` pins them (scripts/ensure-env installs
with ``uv sync --locked``) and ``requirements/pinned.txt`` holds the same versions for pip
(where uv cannot be had). Both are written by ``scripts/lock``; these tests fail when either
no longer matches ``pyproject.toml``, so that a dependency added without re-locking is found
by ``./test``, not by a person's first start."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import tomllib
from pathlib import Path
from typing import Any

import pytest
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name
from packaging.version import Version

ROOT = Path(__file__).parents[1]
RELOCK = "uv.lock is stale: run scripts/lock and commit uv.lock and requirements/pinned.txt"

#: (extra or "" for the dependencies, name, extras, specifier)
Wanted = tuple[str, str, tuple[str, ...], str]
Toml = dict[str, Any]


def declared(pyproject: Toml) -> set[Wanted]:
    """What ``pyproject.toml`` asks for, requirement by requirement."""
    project = pyproject["project"]
    groups: dict[str, list[str]] = {"": list(project["dependencies"]),
                                    **project.get("optional-dependencies", {})}
    out: set[Wanted] = set()
    for group, reqs in groups.items():
        for text in reqs:
            r = Requirement(text)
            out.add((group, str(canonicalize_name(r.name)), tuple(sorted(r.extras)),
                     str(r.specifier)))
    return out


def _own(lock: Toml, project: str = "ludotheek") -> Toml:
    own: Toml = next(p for p in lock["package"] if p["name"] == project)
    return own


def locked_for(lock: Toml) -> set[Wanted]:
    """What the lock was made for: its record of the project's requirements."""
    out: set[Wanted] = set()
    for r in _own(lock)["metadata"]["requires-dist"]:
        extra = re.search(r"extra == '([^']+)'", r.get("marker", ""))
        out.add((str(extra.group(1)) if extra else "", str(canonicalize_name(r["name"])),
                 tuple(sorted(r.get("extras", []))), str(Requirement(
                     f"x{r.get('specifier', '')}").specifier)))
    return out


def pinned(text: str) -> dict[str, str]:
    """``name==version`` of each line of a pip requirements file."""
    out = {}
    for line in text.splitlines():
        m = re.match(r"([A-Za-z0-9._-]+)==([^\s;]+)", line)
        if m:
            out[str(canonicalize_name(m.group(1)))] = m.group(2)
    return out


def _lock() -> Toml:
    return tomllib.loads((ROOT / "uv.lock").read_text(encoding="utf-8"))


def test_the_lock_was_made_for_these_dependencies() -> None:
    pyproject = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    want, have = declared(pyproject), locked_for(_lock())
    assert want == have, (f"{RELOCK}\n not locked: {sorted(want - have)}\n"
                          f" locked but no longer asked for: {sorted(have - want)}")
    extras = set(pyproject["project"]["optional-dependencies"])
    assert set(_own(_lock())["metadata"]["provides-extras"]) == extras, RELOCK


def test_the_check_finds_a_dependency_added_without_locking() -> None:
    pyproject = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    pyproject["project"]["dependencies"].append("no-such-package-ludotheek>=1")
    assert declared(pyproject) != locked_for(_lock())
    pyproject["project"]["dependencies"].pop()
    pyproject["project"]["dependencies"][0] = "click>=9"
    assert declared(pyproject) != locked_for(_lock())


def test_pips_versions_are_the_locks() -> None:
    """requirements/pinned.txt (the pip fallback's constraints) pins every locked package
    at the locked version, and nothing else."""
    versions = {str(canonicalize_name(p["name"])): str(p["version"])
                for p in _lock()["package"] if "version" in p and p["name"] != "ludotheek"}
    pins = pinned((ROOT / "requirements" / "pinned.txt").read_text(encoding="utf-8"))
    assert pins, "requirements/pinned.txt pins nothing"
    wrong = {n: (v, versions.get(n)) for n, v in pins.items()
             if n not in versions or Version(versions[n]) != Version(v)}
    assert not wrong, f"{RELOCK}\n pinned, locked: {wrong}"
    assert set(versions) <= set(pins), f"{RELOCK}\n not pinned: {set(versions) - set(pins)}"


def _uv() -> str | None:
    for candidate in (shutil.which("uv"), ROOT / ".venv" / "bin" / "uv"):
        if candidate and Path(candidate).exists():
            return str(candidate)
    return None


@pytest.mark.skipif(_uv() is None, reason="uv is not installed (the checks above still ran)")
def test_uv_finds_the_lock_up_to_date(tmp_path: Path) -> None:
    """uv's own check, as `uv sync --locked` makes it, without the network; and the pinned
    file is exactly what `uv export` writes from the lock."""
    uv = _uv()
    assert uv is not None
    env = {**os.environ, "UV_CACHE_DIR": str(tmp_path / "cache"), "UV_NO_PROGRESS": "1"}
    check = subprocess.run([uv, "lock", "--check", "--offline"], cwd=ROOT, env=env,
                           capture_output=True, text=True, timeout=120)
    assert check.returncode == 0, f"{RELOCK}\n{check.stderr[-2000:]}"
    out = tmp_path / "pinned.txt"
    export = subprocess.run(
        [uv, "export", "--frozen", "--all-extras", "--no-emit-project", "--no-hashes",
         "--quiet", "--output-file", str(out)], cwd=ROOT, env=env, capture_output=True,
        text=True, timeout=120)
    assert export.returncode == 0, export.stderr[-2000:]
    body = [line for line in out.read_text().splitlines() if not line.startswith("#")]
    kept = [line for line in (ROOT / "requirements" / "pinned.txt").read_text().splitlines()
            if not line.startswith("#")]
    assert body == kept, RELOCK
