"""docs/architecture.md draws the house as the contracts hold it (issue 35): its list of the
layers is the layers contract's of pyproject.toml (which `lint-imports` checks in ./test),
and its tree names every top-level part of the package."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import ludotheek

ROOT = Path(__file__).resolve().parents[1]
DOC = ROOT / "docs" / "architecture.md"
PACKAGE = Path(ludotheek.__file__).resolve().parent


def _layers() -> tuple[list[str], list[str]]:
    """The layers contract's floors (top first) and the parts it leaves out."""
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    found = [c for c in config["tool"]["importlinter"]["contracts"] if c["id"] == "layers"]
    assert len(found) == 1
    return [str(f) for f in found[0]["layers"]], [str(p) for p in found[0]["exhaustive_ignores"]]


def _blocks(section: str) -> list[str]:
    """The fenced blocks of the doc's section ``## <section>``."""
    text = DOC.read_text(encoding="utf-8")
    part = text.split(f"\n## {section}\n", 1)
    assert len(part) == 2, f"docs/architecture.md has no section '{section}'"
    body = part[1].split("\n## ", 1)[0]
    return re.findall(r"```[a-z]*\n(.*?)```", body, re.DOTALL)


def _floor(text: str) -> str:
    return " | ".join(p.strip() for p in text.split("|"))


def test_the_docs_layers_are_the_contracts() -> None:
    drawn = [_floor(re.split(r"\s{2,}", line.strip())[0])
             for line in _blocks("The layers")[0].splitlines() if line.strip()]
    assert drawn == [_floor(floor) for floor in _layers()[0]]


def test_every_part_is_on_a_floor() -> None:
    floors, ignored = _layers()
    on_floors = {p.strip() for floor in floors for p in floor.split("|")}
    parts = {p.name for p in PACKAGE.iterdir() if (p / "__init__.py").is_file()} | \
        {p.stem for p in PACKAGE.glob("*.py") if p.stem != "__init__"}
    assert parts == on_floors | set(ignored)


def test_the_docs_tree_names_every_part() -> None:
    tree = re.search(r"```\nsrc/ludotheek/\n(.*?)```", DOC.read_text(encoding="utf-8"), re.DOTALL)
    assert tree is not None, "docs/architecture.md has no tree of src/ludotheek/"
    named = set(re.findall(r"^  (\w+)/", tree.group(1), re.MULTILINE))
    folders = {p.name for p in PACKAGE.iterdir() if p.is_dir() and p.name != "__pycache__"}
    assert named == folders
