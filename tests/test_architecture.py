"""docs/architecture.md draws the house as the contracts hold it (issue 35): its list of the
layers is the layers contract's of pyproject.toml (which `lint-imports` checks in ./test),
and its tree names every top-level part of the package; the same for the server's floors
(the server-layers contract) and its tree, and no folder of the server grows back into
dozens of modules side by side."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path
from typing import Any

import ludotheek

ROOT = Path(__file__).resolve().parents[1]
DOC = ROOT / "docs" / "architecture.md"
PACKAGE = Path(ludotheek.__file__).resolve().parent
SERVER = PACKAGE / "server"
#: the most modules and packages one folder of the server holds (it was 60 side by side)
MOST_IN_A_FOLDER = 20


def _contract(name: str) -> dict[str, Any]:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    found = [c for c in config["tool"]["importlinter"]["contracts"] if c["id"] == name]
    assert len(found) == 1
    contract: dict[str, Any] = found[0]
    return contract


def _layers(name: str = "layers") -> tuple[list[str], list[str]]:
    """A layers contract's floors (top first) and the parts it leaves out."""
    found = _contract(name)
    return [str(f) for f in found["layers"]], [str(p) for p in found.get("exhaustive_ignores", [])]


def _parts(folder: Path) -> set[str]:
    """The packages and modules of ``folder`` (its ``__init__`` apart)."""
    return {p.name for p in folder.iterdir() if (p / "__init__.py").is_file()} | \
        {p.stem for p in folder.glob("*.py") if p.stem != "__init__"}


def _blocks(section: str) -> list[str]:
    """The fenced blocks of the doc's section ``## <section>``."""
    text = DOC.read_text(encoding="utf-8")
    part = text.split(f"\n## {section}\n", 1)
    assert len(part) == 2, f"docs/architecture.md has no section '{section}'"
    body = part[1].split("\n## ", 1)[0]
    return re.findall(r"```[a-z]*\n(.*?)```", body, re.DOTALL)


def _floor(text: str) -> str:
    return " | ".join(p.strip() for p in text.split("|"))


def _drawn(block: str) -> list[str]:
    return [_floor(re.split(r"\s{2,}", line.strip())[0])
            for line in block.splitlines() if line.strip()]


def test_the_docs_layers_are_the_contracts() -> None:
    assert _drawn(_blocks("The layers")[0]) == [_floor(floor) for floor in _layers()[0]]


def test_every_part_is_on_a_floor() -> None:
    floors, ignored = _layers()
    on_floors = {p.strip() for floor in floors for p in floor.split("|")}
    assert _parts(PACKAGE) == on_floors | set(ignored)


def test_the_docs_server_floors_are_the_contracts() -> None:
    assert _contract("server-layers")["containers"] == ["ludotheek.server"]
    tree, floors = _blocks("The server's parts")[:2]
    assert tree.startswith("src/ludotheek/server/\n")
    assert _drawn(floors) == [_floor(floor) for floor in _layers("server-layers")[0]]


def test_every_part_of_the_server_is_on_a_floor() -> None:
    floors, ignored = _layers("server-layers")
    on_floors = {p.strip() for floor in floors for p in floor.split("|")}
    assert _parts(SERVER) == on_floors | set(ignored)


def test_the_docs_server_tree_names_every_part() -> None:
    tree = _blocks("The server's parts")[0]
    named = set(re.findall(r"^  (\w+)(?:/|\.py)", tree, re.MULTILINE))
    assert named == _parts(SERVER) | {"__init__"}


def test_no_folder_of_the_server_holds_dozens_of_modules() -> None:
    crowded = {str(folder.relative_to(PACKAGE)): len(_parts(folder))
               for folder in [SERVER, *SERVER.rglob("*")]
               if (folder / "__init__.py").is_file() and len(_parts(folder)) > MOST_IN_A_FOLDER}
    assert not crowded, crowded


def test_the_docs_tree_names_every_part() -> None:
    tree = re.search(r"```\nsrc/ludotheek/\n(.*?)```", DOC.read_text(encoding="utf-8"), re.DOTALL)
    assert tree is not None, "docs/architecture.md has no tree of src/ludotheek/"
    named = set(re.findall(r"^  (\w+)/", tree.group(1), re.MULTILINE))
    folders = {p.name for p in PACKAGE.iterdir() if p.is_dir() and p.name != "__pycache__"}
    assert named == folders
