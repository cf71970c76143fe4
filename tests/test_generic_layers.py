"""The generic layers name no game (issue 22): every part of the package but games/ (the
floors of docs/architecture.md) reads the games' declarations. Their code - string
constants other than docstrings, names and imports - is searched for the names of the
registered games; docstrings may name a game as an example."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

import ludotheek
from ludotheek.games import names

LAYERS = ("server", "cli", "worker", "rated", "data", "store", "analysis", "learn", "ai", "core")
ROOT = Path(ludotheek.__file__).resolve().parent


def _docstrings(tree: ast.AST) -> set[int]:
    out = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Module | ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef) \
                and node.body and isinstance(node.body[0], ast.Expr) \
                and isinstance(node.body[0].value, ast.Constant):
            out.add(id(node.body[0].value))
    return out


def _mentions(source: str, pattern: re.Pattern[str]) -> list[str]:
    """What in ``source``'s code (not its docstrings) matches ``pattern``."""
    tree = ast.parse(source)
    docs = _docstrings(tree)
    found = []
    for node in ast.walk(tree):
        words: list[str] = []
        if isinstance(node, ast.Constant) and isinstance(node.value, str) \
                and id(node) not in docs:
            words = [node.value]
        elif isinstance(node, ast.Name):
            words = [node.id]
        elif isinstance(node, ast.Attribute):
            words = [node.attr]
        elif isinstance(node, ast.Import | ast.ImportFrom):
            words = [f"{getattr(node, 'module', None) or ''}.{a.name}" for a in node.names]
        line = getattr(node, "lineno", 0)
        found += [f"line {line}: {w[:60]!r}" for w in words if pattern.search(w)]
    return found


def _pattern(games: list[str]) -> re.Pattern[str]:
    words = "|".join(g.replace("_", "[_ ]") for g in games)
    return re.compile(rf"(?<![a-z])({words})(?![a-z])", re.IGNORECASE)


def test_the_search_finds_a_game_named_in_code_but_not_in_a_docstring() -> None:
    pattern = _pattern(["wari", "aqua_romana"])
    source = ('"""Wari, as an example."""\nfrom ludotheek.games.wari import rules\n'
              'def f():\n    """Aqua Romana too."""\n    return {"game": "aqua romana"}\n')
    assert [m.split(":")[0] for m in _mentions(source, pattern)] == ["line 2", "line 5"]


@pytest.mark.parametrize("layer", LAYERS)
def test_generic_layer_names_no_game(layer: str) -> None:
    pattern = _pattern(list(names()))
    found = {str(path.relative_to(ROOT)): hits for path in sorted((ROOT / layer).rglob("*.py"))
             if (hits := _mentions(path.read_text(encoding="utf-8"), pattern))}
    assert not found, found
