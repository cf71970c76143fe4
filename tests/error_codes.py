"""The error codes the source raises, read from the source itself (for the catalog tests).

Every call with a keyword ``code="..."`` (an error being made) is a use of that code;
its other keywords are the parameters its message has there. ``**name`` of a dict
written out in the same function counts with the dict's keys; any other ``**...``
makes the parameters of that use unknown (None).
"""

from __future__ import annotations

import ast
import sys
from dataclasses import dataclass
from pathlib import Path

SRC = Path(__file__).resolve().parents[1] / "src" / "ludotheek"


@dataclass(frozen=True)
class Use:
    code: str
    params: frozenset[str] | None  # None: not known from the source
    where: str


def _dicts(func: ast.AST) -> dict[str, set[str]]:
    """Names assigned a dict literal with constant keys in ``func``: their keys."""
    out: dict[str, set[str]] = {}
    for node in ast.walk(func):
        if isinstance(node, ast.Assign) and isinstance(node.value, ast.Dict) \
                and all(isinstance(k, ast.Constant) for k in node.value.keys):
            for target in node.targets:
                if isinstance(target, ast.Name):
                    out[target.id] = {str(k.value) for k in node.value.keys
                                      if isinstance(k, ast.Constant)}
    return out


def uses(root: Path = SRC) -> list[Use]:
    found = []
    for path in sorted(root.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        scopes = [n for n in ast.walk(tree)
                  if isinstance(n, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda)]
        known = {id(call): _dicts(scope) for scope in scopes for call in ast.walk(scope)
                 if isinstance(call, ast.Call)}
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call):
                continue
            code = next((k.value for k in node.keywords if k.arg == "code"), None)
            if not isinstance(code, ast.Constant) or not isinstance(code.value, str):
                continue
            params: set[str] | None = set()
            for k in node.keywords:
                if k.arg == "code":
                    continue
                if k.arg is not None:
                    if params is not None:
                        params.add(k.arg)
                elif isinstance(k.value, ast.Name) and k.value.id in known.get(id(node), {}):
                    if params is not None:
                        params |= known[id(node)][k.value.id]
                else:
                    params = None
            where = f"{path.relative_to(root.parent)}:{node.lineno}"
            found.append(Use(code.value, None if params is None else frozenset(params), where))
    return found


def game_folders() -> list[Path]:
    """The folders of the registered games that live outside the source (a test game's)."""
    from ludotheek.games import plugins

    found = []
    for plugin in plugins():
        module = sys.modules[type(plugin.game).__module__].__file__
        assert module is not None
        folder = Path(module).resolve().parent
        if not folder.is_relative_to(SRC) and folder not in found:
            found.append(folder)
    return found


def codes(root: Path | None = None) -> dict[str, list[Use]]:
    """Every code used in ``root``, with its uses; by default in the source and in the
    folders of the registered games outside it (:func:`game_folders`)."""
    out: dict[str, list[Use]] = {}
    for folder in [root] if root is not None else [SRC, *game_folders()]:
        for use in uses(folder):
            out.setdefault(use.code, []).append(use)
    return out
