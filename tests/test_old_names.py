"""The old names of moved modules that a game's plug-in imports keep working for one release
(issue 35): a plug-in installed by its entry point (``ludotheek.games``) names them in its
own code. They only re-export, and nothing of ludotheek uses them, so that they can go.

When server/ was split into packages by job, what something outside the repository may name
of it stayed where it was (docs/architecture.md, "The server's parts"): those names are held
here, so that no old name of the server needs keeping."""

from __future__ import annotations

import importlib
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
#: old name -> (new name, what a plug-in imports from it)
OLD = {
    "ludotheek.players": ("ludotheek.ai.players", ["Level", "PlayerInfo", "level", "LADDER",
                                                    "get", "levels"]),
    "ludotheek.lessons": ("ludotheek.learn.lessons", ["Diagram", "Frame", "HowTo", "Lesson",
                                                      "Section", "Step", "lesson", "howto"]),
    "ludotheek.ai.ladder": ("ludotheek.ai.players", ["RatingPlan"]),
}


@pytest.mark.parametrize("old", sorted(OLD))
def test_an_old_name_gives_the_same_objects(old: str) -> None:
    new, names = OLD[old]
    before, after = importlib.import_module(old), importlib.import_module(new)
    for name in names:
        assert getattr(before, name) is getattr(after, name), f"{old}.{name}"


def test_nothing_of_ludotheek_imports_an_old_name() -> None:
    pattern = re.compile("|".join(
        rf"from {re.escape(old.rpartition('.')[0])} import {re.escape(old.rpartition('.')[2])}\b"
        rf"|(from|import) {re.escape(old)}\b" for old in OLD))
    shims = {ROOT / "src" / (old.replace(".", "/") + ".py") for old in OLD}
    found = [f"{path.relative_to(ROOT)}:{n}"
             for folder in ("src", "tests", "benchmarks", "scripts")
             for path in sorted((ROOT / folder).rglob("*.py"))
             if path not in shims and path != Path(__file__).resolve()
             for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
             if pattern.search(line)]
    assert not found, found


#: what of the server something outside the repository may name: a script or a test that makes
#: the app, a deployment's own command line (uvicorn's factory, the limits' file); a job
#: waiting in Redis names only its queue and actor (tests/scale/test_jobs.py)
SERVER_KEPT = {
    "ludotheek.server": ["Settings", "create_app"],
    "ludotheek.server.app": ["create_app"],
    "ludotheek.server.factory": ["app_from_env"],
    "ludotheek.server.config": ["LIMITS", "settings_from", "settings_from_env", "read_config"],
    "ludotheek.server.settings": ["Settings"],
}


@pytest.mark.parametrize("module", sorted(SERVER_KEPT))
def test_the_servers_names_outside_the_repository_stay(module: str) -> None:
    found = importlib.import_module(module)
    missing = [name for name in SERVER_KEPT[module] if not hasattr(found, name)]
    assert not missing, f"{module}: {missing}"


def test_the_factory_ludotheek_serve_names_is_there() -> None:
    source = (ROOT / "src" / "ludotheek" / "cli" / "serve.py").read_text(encoding="utf-8")
    named = re.findall(r"\"(ludotheek\.server\.[\w.]+):(\w+)\"", source)
    assert named == [("ludotheek.server.factory", "app_from_env")]
    module, name = named[0]
    assert callable(getattr(importlib.import_module(module), name))
