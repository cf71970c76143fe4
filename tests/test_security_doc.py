"""docs/security.md names a test in every row: each name must be a test that exists, so the
page cannot go on naming a test that was renamed or removed."""

from __future__ import annotations

import ast
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DOC = ROOT / "docs" / "security.md"
# `test_x.py::test_name`, `tests/server/test_x.py`, `test_x.py` (all of a module), a bare
# `test_name` after a module named before it in the same cell
REF = re.compile(r"`((?:tests/[\w/]+/)?test_\w+\.py)(?:::(test_\w+))?`")
BARE = re.compile(r"`(test_\w+)`")


def _modules() -> dict[str, Path]:
    """Every test module by its file name (they are unique) and by its path from the root."""
    out: dict[str, Path] = {}
    for path in (ROOT / "tests").rglob("test_*.py"):
        out[path.name] = path
        out[str(path.relative_to(ROOT))] = path
    return out


def _tests_of(path: Path) -> set[str]:
    tree = ast.parse(path.read_text())
    return {node.name for node in tree.body
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef)
            and node.name.startswith("test_")}


def test_every_test_the_security_page_names_exists() -> None:
    modules = _modules()
    named = 0
    last: Path | None = None  # in a paragraph, a module named on a line before
    for number, line in enumerate(DOC.read_text().splitlines(), 1):
        if not line.strip() or line.startswith("|"):
            last = None  # a table's row names its own modules
        for cell in line.split("|"):
            for match in re.finditer(rf"{REF.pattern}|{BARE.pattern}", cell):
                module, test, bare = match.group(1), match.group(2), match.group(3)
                if module is not None:
                    assert module in modules, f"docs/security.md:{number}: no test module {module}"
                    last = modules[module]
                    test = test or None
                else:
                    test = bare
                if test is not None:
                    assert last is not None, f"docs/security.md:{number}: {test} of which module?"
                    assert test in _tests_of(last), (
                        f"docs/security.md:{number}: {last.relative_to(ROOT)} has no {test}")
                named += 1
    assert named > 40  # the page names its tests (and this test reads them)


def test_every_security_test_module_is_on_the_page() -> None:
    text = DOC.read_text()
    for path in sorted((ROOT / "tests" / "security").glob("test_*.py")):
        assert path.name in text, f"docs/security.md does not name {path.name}"
