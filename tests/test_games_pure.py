"""games/ stays pure (issue 22, docs/architecture.md): the rules engines and players do no
I/O of their own: no files, environment, global random, locks, subprocesses or database.
What they need from outside (the data sets, the data folder) the application provides
(``ludotheek.core.resources``). A plug-in module may name its own folders."""

from __future__ import annotations

import ast
from pathlib import Path

import ludotheek.games

GAMES = Path(ludotheek.games.__file__).parent
#: modules a game may not import: I/O, processes, threads, the global random and the
#: application's layers (the clock is not among them: a player's search keeps to its time
#: budget; the rules engines read none, which their replay tests would show)
FORBIDDEN = ("os", "subprocess", "sqlite3", "threading", "multiprocessing", "socket",
             "shutil", "tempfile", "random", "pathlib", "ludotheek.store",
             "ludotheek.server", "ludotheek.cli", "ludotheek.data", "ludotheek.worker")
#: calls that read or write files
IO_CALLS = ("open", "write_text", "read_text", "write_bytes", "read_bytes", "mkdir")


def _problems(path: Path) -> list[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found = []
    for node in ast.walk(tree):
        names: list[str] = []
        if isinstance(node, ast.Import):
            names = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            names = [node.module]
        for name in names:
            if any(name == f or name.startswith(f + ".") for f in FORBIDDEN):
                found.append(f"{path.name}:{getattr(node, 'lineno', 0)} imports {name}")
        if isinstance(node, ast.Call):
            func = node.func
            called = func.id if isinstance(func, ast.Name) else \
                func.attr if isinstance(func, ast.Attribute) else ""
            if called in IO_CALLS:
                found.append(f"{path.name}:{node.lineno} calls {called}()")
    return found


def test_the_search_finds_io() -> None:
    sample = GAMES.parent / "data" / "folder.py"  # the application's side: it does I/O
    assert _problems(sample)


def test_games_do_no_io_of_their_own() -> None:
    problems = []
    for path in sorted(GAMES.rglob("*.py")):
        found = _problems(path)
        if path.name == "plugin.py":  # a declaration names its folders: Path(__file__)
            found = [p for p in found if not p.endswith("imports pathlib")]
        problems += [f"{path.relative_to(GAMES)}: {p}" for p in found]
    assert problems == []
