"""``ludotheek analyse RECORD``: the annotated record, the counts, the progress bar."""

from __future__ import annotations

import importlib
import json
import re
from concurrent.futures import Executor
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from ludotheek.analysis.local import measure_all
from ludotheek.analysis.plan import Plan
from ludotheek.cli import cli
from ludotheek.core import resources
from ludotheek.core.record import load, to_text
from tests.analysis.helpers import finished_record


def test_analyse_writes_the_annotated_record(tmp_path: Path) -> None:
    record = finished_record("haaienzee", 3)
    path = tmp_path / "game.txt"
    path.write_text(to_text(record))
    result = CliRunner().invoke(cli, ["analyse", str(path), "--workers", "0", "--json",
                                      str(tmp_path / "a.json")], catch_exceptions=False)
    assert result.exit_code == 0, result.output
    out = tmp_path / "game.txt.analysed.txt"
    text = out.read_text()
    assert load(text) == record  # the notes do not change the game
    analysis = json.loads((tmp_path / "a.json").read_text())
    blunders = sum(s["blunder"] for s in analysis["seats"])
    assert text.count("?? {") == blunders > 0
    assert '[Analysis "strong(' in text and "[AnalysisSeats" in text
    assert re.search(r"analysing \d+ positions", result.output)  # the progress bar
    assert "?? Blunders" in result.output and "Yellow" in result.output  # the counts per seat


def test_analyse_refuses_a_bad_record(tmp_path: Path) -> None:
    path = tmp_path / "bad.json"
    path.write_text('{"game": "wari", "seed": 1, "moves": ["13"]}')
    from tests.test_cli import run

    code, out = run(["analyse", str(path)])
    assert code == 2 and "move 1 ('13') is illegal" in out


def test_analyse_speaks_the_language(tmp_path: Path) -> None:
    path = tmp_path / "game.txt"
    path.write_text(to_text(finished_record("haaienzee", 3)))
    result = CliRunner().invoke(cli, ["analyse", str(path), "--workers", "0", "--lang", "nl"],
                                catch_exceptions=False)
    assert result.exit_code == 0, result.output
    assert "stellingen analyseren" in result.output and "?? Blunders" in result.output
    assert "Gemiddeld verlies (winkans)" in result.output


def provided_here() -> str:
    return type(resources.current()).__name__


def test_analyse_gives_its_workers_the_data_folder(tmp_path: Path,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    """Its workers (forkserver: each starts afresh) get the data folder's data sets as the
    command line's process does: a pool of their own gave them none (Wari's review with
    Python's search and no endgame database)."""
    command = importlib.import_module("ludotheek.cli.analyse")
    seen: list[str] = []

    def measured(plan: Plan, workers: int, progress: Any,
                 executor: Executor | None = None) -> dict[int, dict[str, Any]]:
        assert workers == 1 and executor is not None
        seen.append(executor.submit(provided_here).result(timeout=120))
        return measure_all(plan, 0, progress)

    monkeypatch.setattr(command, "measure_all", measured)
    path = tmp_path / "game.txt"
    path.write_text(to_text(finished_record("haaienzee", 3)))
    result = CliRunner().invoke(cli, ["analyse", str(path), "--workers", "1"],
                                catch_exceptions=False)
    assert result.exit_code == 0, result.output
    assert seen == ["FolderResources"]
