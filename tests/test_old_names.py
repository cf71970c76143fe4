"""The old names of moved modules that a game's plug-in imports keep working for one release
(issue 35): a plug-in installed by its entry point (``ludotheek.games``) names them in its
own code. They only re-export, and nothing of ludotheek uses them, so that they can go."""

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
