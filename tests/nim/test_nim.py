"""Nim, the test game, through every layer without an edit outside tests/nim/: its rules,
the command line (play, match, bench, replay) and the server. (The conformance suite,
records and secrets tests take it from names() like every game; its page: test_page.py.)"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from ludotheek.ai import players
from ludotheek.cli import main
from ludotheek.core.errors import IllegalMove
from ludotheek.core.record import Record, to_text
from ludotheek.games import get, names, plugin
from ludotheek.server import Settings, create_app
from tests.narrow import narrow
from tests.nim.plugin import PLUGIN
from tests.nim.rules import NimState


def cli(args: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str]:
    try:
        main(args)
        code = 0
    except SystemExit as exc:
        code = int(exc.code or 0)
    captured = capsys.readouterr()
    return code, captured.out + captured.err


def test_the_registry_finds_the_test_game() -> None:
    assert "nim" in names()
    assert plugin("nim") is PLUGIN and get("nim") is PLUGIN.game


def test_rule_a_move_takes_counters_from_one_heap() -> None:
    state = narrow(NimState, get("nim").new(seed=1).play("3-5"))
    assert state.heaps == (3, 4, 0) and state.to_move == 1
    with pytest.raises(IllegalMove, match="heap 3 has 0 counters"):
        state.play("3-1")
    with pytest.raises(IllegalMove, match="there is no heap 4"):
        state.play("4-1")


def test_rule_who_takes_the_last_counter_wins_or_in_misere_loses() -> None:
    # the second seat takes the last counter
    for misere, winner in ((False, 1), (True, 0)):
        state = get("nim").new(seed=1, heaps="1-3-5-7", misere=misere)
        for move in ("1-1", "2-3", "3-5", "4-7"):
            state = state.play(move)
        assert state.is_over and state.winners() == [winner], misere
        assert list(state.scores()) == [1.0 - winner, float(winner)]


def test_the_command_line_plays_matches_benches_and_replays(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    saved = tmp_path / "nim.txt"
    code, out = cli(["play", "nim", "--watch", "--seed", "3", "--save", str(saved)], capsys)
    assert code == 0 and saved.exists()
    code, out = cli(["replay", str(saved), "--all"], capsys)
    assert code == 0 and "1:" in out
    code, out = cli(["match", "nim", "--players", "greedy,random", "-n", "4", "--json"],
                    capsys)
    data = json.loads(out[out.index("{"):out.rindex("}") + 1])
    assert code == 0 and data["games"] == 4
    code, out = cli(["bench", "nim", "--seconds", "0.2"], capsys)
    assert code == 0 and "nim" in out
    code, out = cli(["play", "nim", "-o", "heaps=9"], capsys)
    assert code == 2 and "heaps must be one of" in out


def test_the_levels_are_the_generic_ones() -> None:
    assert list(players.levels("nim")) == list(players.DEFAULT_LEVELS)


def test_the_server_plays_it(tmp_path: Path) -> None:
    app = create_app(tmp_path / "nim.sqlite3", Settings(computer_workers=0,
                                                        requests_per_second=0))
    with TestClient(app) as client:
        meta = {g["name"]: g for g in client.get("/api/meta").json()["games"]}
        assert meta["nim"]["page"] is True
        r = client.post("/api/games", json={"game": "nim", "seats": [
            {"type": "person"}, {"type": "computer", "level": "easy"}]})
        assert r.status_code == 201
        gid, token = r.json()["id"], r.json()["seats"][0]["token"]
        r = client.post(f"/api/games/{gid}/moves", json={"move": "1-3", "version": 0},
                        headers={"Authorization": f"Bearer {token}"})
        assert r.status_code == 200 and r.json()["state"]["heaps"][0] == 0
        r = client.post(f"/api/games/{gid}/moves", json={"move": "1-1", "version": 1},
                        headers={"Authorization": f"Bearer {token}"})
        assert r.status_code in (400, 403, 409)
        assert client.get("/static/js/games/nim.js").status_code == 200
        assert client.get("/static/js/games/nim/../../../../plugin.py").status_code == 404
        catalog = client.get("/static/i18n/nl.json").json()
        assert catalog["nim.heap"] == "Hoop {n}"
        record = Record("nim", {}, 1, ("1-3", "2-4", "3-5"))
        r = client.post("/api/records", content=to_text(record),
                        headers={"content-type": "text/plain"})
        assert r.status_code == 201


def test_the_test_game_declares_a_build_target(tmp_path: Path,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    """``ludotheek build nim-wins --most 5``: the generic command builds what the plug-in
    declares, with its declared parameter (range checked); the table agrees with Bouton's
    rule (the player to move wins when the heaps' exclusive or is not 0)."""
    from ludotheek.data import folder as resources
    from tests.nim.data import DATA_SETS, NAME

    assert resources.data_sets()[NAME] is DATA_SETS[0]
    code, out = cli(["build", NAME, "--most", "5", "--folder", str(tmp_path), "--lang", "en"],
                    capsys)
    assert code == 0 and "Nim's won positions: built" in out, out
    ds = resources.data_set(NAME)
    store = resources.FolderStore.open(tmp_path / NAME, NAME, resources.version_of(ds))
    assert store is not None
    wins = ds.open(store)
    assert wins.shape == (6, 6, 6)
    assert all(bool(wins[a, b, c]) == (a ^ b ^ c != 0)
               for a in range(6) for b in range(6) for c in range(6))
    code, out = cli(["build", NAME, "--most", "13", "--folder", str(tmp_path)], capsys)
    assert code == 2 and "0 to 12" in out, out
    code, out = cli(["build", NAME, "--most=5", "--depth", "3", "--folder", str(tmp_path)],
                    capsys)
    assert code == 0 and "already there" in out, out  # another data set's parameter
    code, out = cli(["build", NAME, "--heaps", "3", "--folder", str(tmp_path)], capsys)
    assert code == 2 and "--heaps" in out, out
    code, out = cli(["build", "--help"], capsys)
    assert code == 0 and "--most N" in out and "the most counters in a heap" in out, out
