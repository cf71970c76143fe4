"""The error codes the source raises, read from the source itself (for the catalog tests).

Every call with a keyword ``code="..."`` (an error being made) is a use of that code;
its other keywords are the parameters its message has there. ``**name`` of a dict
written out in the same function counts with the dict's keys; any other ``**...``
makes the parameters of that use unknown (None).
"""

from __future__ import annotations

import ast
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


def codes(root: Path = SRC) -> dict[str, list[Use]]:
    """Every code used in the source, with its uses."""
    out: dict[str, list[Use]] = {}
    for use in uses(root):
        out.setdefault(use.code, []).append(use)
    return out
