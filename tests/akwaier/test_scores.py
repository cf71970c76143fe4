"""The score list: filled when a game finishes, shown, exported and imported."""

from __future__ import annotations

import datetime
import json
import os
from pathlib import Path

import pytest

from ludotheek.cli import main
from ludotheek.games.akwaier import GAME
from ludotheek.rated.hooks import game_over
from ludotheek.store import ScoreEntry, open_database
from tests.akwaier.helpers import cli, pos


def finished() -> object:
    return pos(hands={0: "H8"}, turn=209, cash={0: 30_000, 3: 30_000, 5: 1}).play("H8")


def test_rule_all_six_results_enter_the_score_list(tmp_path: Path) -> None:
    db = open_database(tmp_path / "s.sqlite3")
    state = finished()
    game_over(db, state, GAME.seat_names({}), "g1")  # type: ignore[arg-type]
    top = db.scores.top("akwaier")
    assert [(e.name, e.value, e.seat, e.game_id) for e in top] == [
        ("OPA", 30_000, 0, "g1"), ("ZUS", 30_000, 3, "g1"), ("OMA", 25_000, 1, "g1"),
        ("BROER", 25_000, 2, "g1"), ("PA", 25_000, 4, "g1"), ("MA", 1, 5, "g1")]
    assert top[0].date == datetime.date.today().isoformat()
    # a game not finished adds nothing
    game_over(db, GAME.new(), GAME.seat_names({}))
    assert len(db.scores.top("akwaier")) == 6
    db.close()


def test_rule_score_list_keeps_30_best_older_first_on_equal_wealth(tmp_path: Path) -> None:
    db = open_database(tmp_path / "s.sqlite3")
    for _ in range(6):
        game_over(db, finished(), ["A", "B", "C", "D", "E", "F"])  # type: ignore[arg-type]
    top = db.scores.top("akwaier")
    assert len(top) == 30
    assert [e.value for e in top[:12]] == [30_000] * 12
    assert [e.game_id for e in top] == [None] * 30
    # equal wealth: older entries first, one game's entries in their standing order
    assert [e.name for e in top[:4]] == ["A", "D", "A", "D"]
    db.close()


def test_finished_command_line_games_fill_the_list(tmp_path: Path,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    db = str(tmp_path / "s.sqlite3")
    assert cli(["play", "akwaier", "--watch", "--seed", "4", "--db", db, "--lang", "en"]) == 0
    out = capsys.readouterr().out
    assert "Game over." in out and "GRANDPA" in out
    assert cli(["scores", "akwaier", "--db", db, "--lang", "en"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].split() == ["name", "wealth", "date"] and len(lines) == 7
    names = {line.split()[1] for line in lines[1:]}
    assert names == {"GRANDPA", "GRANDMA", "BROTHER", "SISTER", "DAD", "MUM"}


def test_scores_export_and_import_the_ports_file(tmp_path: Path,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    db = str(tmp_path / "s.sqlite3")
    store = open_database(db)
    store.scores.add("akwaier", [ScoreEntry("OPA", 41_000, "2026-01-02"),
                                 ScoreEntry("JAN", 39_500.0, "2026-01-02")])
    store.close()
    out = tmp_path / "akwaier-scores.json"
    assert cli(["scores", "akwaier", "--db", db, "--export", str(out), "--lang", "nl"]) == 0
    data = json.loads(out.read_text(encoding="utf-8"))
    assert data == {"taal": "nl", "scores": [{"naam": "OPA", "vermogen": 41_000},
                                             {"naam": "JAN", "vermogen": 39_500}]}
    printed = capsys.readouterr().out.splitlines()
    assert printed[1].split() == ["1", "OPA", "41.000", "2026-01-02"]
    # a list from the Windows port replaces ours
    port = tmp_path / "port.json"
    rows = [{"naam": f"N{i}", "vermogen": 1000 * (i % 35)} for i in range(40)]
    port.write_text(json.dumps({"taal": "en", "scores": rows}), encoding="utf-8")
    assert cli(["scores", "akwaier", "--db", db, "--import", str(port)]) == 0
    store = open_database(db)
    top = store.scores.top("akwaier")
    store.close()
    assert len(top) == 30 and top[0].value == 34_000 and top[0].name == "N34"
    assert [e.name for e in top[1:3]] == ["N33", "N32"]
    assert top[0].date == ""
    # the old format, a bare list, is read too
    port.write_text(json.dumps([{"naam": "ZUS", "vermogen": 5}]), encoding="utf-8")
    assert cli(["scores", "akwaier", "--db", db, "--import", str(port)]) == 0
    assert "ZUS" in capsys.readouterr().out


BAD_FILES = [
    ("not json", "{scores: ["),
    ("a game record", json.dumps({"format": "ludotheek-record", "game": "wari", "moves": []})),
    ("wrong language", json.dumps({"taal": "de", "scores": []})),
    ("scores not a list", json.dumps({"taal": "nl", "scores": {"OPA": 1}})),
    ("entry without wealth", json.dumps({"scores": [{"naam": "OPA"}]})),
    ("wealth as text", json.dumps({"scores": [{"naam": "OPA", "vermogen": "9"}]})),
    ("negative wealth", json.dumps({"scores": [{"naam": "OPA", "vermogen": -9}]})),
    ("name not text", json.dumps({"scores": [{"naam": 3, "vermogen": 9}]})),
    ("a number", "42"),
]


@pytest.mark.parametrize("what, text", BAD_FILES, ids=[b[0] for b in BAD_FILES])
def test_a_corrupt_or_foreign_file_is_refused_and_nothing_changes(
        what: str, text: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    db = str(tmp_path / "s.sqlite3")
    store = open_database(db)
    store.scores.add("akwaier", [ScoreEntry("OPA", 41_000, "2026-01-02")])
    store.close()
    bad = tmp_path / "bad.json"
    bad.write_text(text, encoding="utf-8")
    assert cli(["scores", "akwaier", "--db", db, "--import", str(bad)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: ") and ("score file" in err or "JSON" in err
                                          or "negative" in err)
    store = open_database(db)
    assert [(e.name, e.value) for e in store.scores.top("akwaier")] == [("OPA", 41_000)]
    store.close()


def test_a_binary_file_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "bad.json"
    bad.write_bytes(b"\xff\xfe\x00garbage")
    assert cli(["scores", "akwaier", "--db", str(tmp_path / "s.db"), "--import",
                str(bad)]) == 2
    assert "not a text file" in capsys.readouterr().err


def test_export_is_atomic(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    db = str(tmp_path / "s.sqlite3")
    out = tmp_path / "akwaier-scores.json"
    out.write_text("the old file", encoding="utf-8")

    def broken_replace(*_: object) -> None:
        raise OSError("disk full")

    monkeypatch.setattr(os, "replace", broken_replace)
    with pytest.raises(OSError, match="disk full"):
        main(["scores", "akwaier", "--db", db, "--export", str(out)])
    assert out.read_text(encoding="utf-8") == "the old file"
    assert sorted(p.name for p in tmp_path.iterdir() if p.name.startswith(".tmp")) == []


def test_games_without_a_score_list(capsys: pytest.CaptureFixture[str],
                                    tmp_path: Path) -> None:
    assert cli(["scores", "wari", "--db", str(tmp_path / "s.db")]) == 2
    assert "wari keeps no score list" in capsys.readouterr().err
    assert cli(["scores", "akwaier", "--db", str(tmp_path / "s.db"), "--export", "a",
                "--import", __file__]) == 2
