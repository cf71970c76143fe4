"""``ludotheek analyse RECORD``: the annotated record, the counts, the progress bar."""

from __future__ import annotations

import json
import re
from pathlib import Path

from click.testing import CliRunner

from ludotheek.cli import cli
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
