"""The Wari match runner on an opening set (benchmarks/wari_match.py, issue 40), on a tiny
run: two openings of near-equal value, each played twice with the colours swapped (no game
twice), every game a JSON line, a second run playing nothing again, and the report."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from benchmarks import wari_match as M
from ludotheek.games.wari import GAME

A = "strong:depth=2:endgames=off:book=off"
B = "strong:depth=3:endgames=off:book=off"


def test_the_opening_set_is_the_nearest_to_equal_of_every_position() -> None:
    made = M.make_openings("applet", plies=(2,), depth=3, count=4, log=io.StringIO())
    # every position after 2 plies, each once: 6 x 6 move pairs, none a transposition
    assert made["positions"] == 36 and made["plies"] == [2] and made["depth"] == 3
    values = [abs(o["south"]) for o in made["openings"]]
    assert values == sorted(values) and made["largest"] == values[-1]
    assert len({tuple(o["moves"]) for o in made["openings"]}) == 4
    for o in made["openings"]:
        assert len(o["moves"]) == 2
        state = M.after("applet", o["moves"])
        assert not state.is_over and state.to_move == 0


def test_the_shipped_opening_sets_are_distinct_positions_of_2_to_4_plies() -> None:
    for rules in ("applet", "abapa"):
        path = M.openings_path(rules)
        if not path.exists():
            pytest.fail(f"{path} is missing: benchmarks/wari_match.py --make-openings")
        data = json.loads(path.read_text(encoding="utf-8"))
        assert data["rules"] == rules and len(data["openings"]) == 150
        keys = set()
        for o in data["openings"]:
            assert 2 <= len(o["moves"]) <= 4 and abs(o["south"]) <= data["largest"] <= 1.0
            state = GAME.new(rules=rules)
            for move in o["moves"]:
                state = state.play(move)
            keys.add((state.board, state.stores, state.to_move))
        assert len(keys) == 150


def test_a_tiny_match_plays_each_opening_twice_and_resumes(tmp_path: Path) -> None:
    openings = [["2", "12"], ["1", "12", "1", "7"]]
    out = tmp_path / "match.jsonl"
    rows = M.run(A, B, openings, "applet", None, out, log=io.StringIO())
    assert sorted((r["opening"], r["swap"]) for r in rows) == [
        (0, False), (0, True), (1, False), (1, True)]
    for r in rows:
        assert r["a_seat"] == int(r["swap"]) and r["opening_moves"] == openings[r["opening"]]
        state = M.after("applet", r["opening_moves"] + r["moves"])
        assert state.is_over and list(state.stores) == r["stores"]
        assert r["result_a"] in (0.0, 0.5, 1.0) and len(r["load"]) == 3
        depths = {m["depth"] for m in r["log"][1 - r["a_seat"]] if m["kind"] == "search"}
        assert depths == {3}  # B searched its 3 plies
    assert len({tuple(r["opening_moves"] + r["moves"]) for r in rows}) == 4  # none twice
    # run again: nothing new is played
    before = out.read_text(encoding="utf-8")
    again = M.run(A, B, openings, "applet", None, out, log=io.StringIO())
    assert out.read_text(encoding="utf-8") == before and len(again) == 4
    s = M.summarise(again)
    assert s["games"] == 4 and s["pairs"] == 2
    assert s["wins_a"] + s["draws"] + s["losses_a"] == 4
    assert s["score_a"] == sum(r["result_a"] for r in rows) / 4
    assert s["interval_95"][0] <= s["score_a"] <= s["interval_95"][1]
    assert s["player_a"]["depth_mean"] == 2.0 and s["player_b"]["depth_mean"] == 3.0
    assert "share_mean" not in s["player_a"]  # a fixed depth has no budget
    assert s["a"] == A and s["load"]["min"] <= s["load"]["max"]


def test_parts_share_the_games_and_a_timed_player_spends_its_time(tmp_path: Path) -> None:
    """Two parts play the games between them, each once; a timed strong player's share of
    its budget is reported (it spends its time: every searched move at least its budget,
    short of a proven result)."""
    openings = [["2", "12"]]
    out = tmp_path / "timed.jsonl"
    timed = "strong:endgames=off:book=off"
    for part in ((0, 2), (1, 2)):
        M.run(timed, A, openings, "applet", 0.01, out, part=part, log=io.StringIO())
    rows = M.read(out)
    assert sorted((r["opening"], r["swap"]) for r in rows) == [(0, False), (0, True)]
    s = M.summarise(rows)
    assert s["player_a"]["share_median"] >= 0.9 and s["player_a"]["searched"] > 10
    assert s["seconds"] == 0.01
    text = M.table(s)
    assert f"`{timed}`" in text and "score" in text


def test_each_game_says_which_search_played_and_a_python_search_can_be_refused(
        tmp_path: Path) -> None:
    """A match of the application's players measures the compiled search: a data folder
    without it built (the version is the kernel's source, place and time) made `strong`
    search with Python's reference search, some six plies shallower at the same time,
    unseen (2026-12-07). Each game's row names the search of A and B; with ``compiled`` the
    match stops before its first game where a player would use Python's."""
    python = "strong:compiled=off:endgames=off:book=off:depth=2"
    assert M.searches([python, "greedy"], "applet") == ["python", None]
    out = tmp_path / "m.jsonl"
    with pytest.raises(SystemExit, match="Python's search"):
        M.run(python, A, [["2", "12"]], "applet", None, out, log=io.StringIO(), compiled=True)
    assert not out.exists()  # nothing was played
    rows = M.run(python, B, [["2", "12"]], "applet", None, out, log=io.StringIO())
    assert len(rows) == 2 and all(r["search"][0] == "python" for r in rows)
    assert all(r["search"][1] in ("python", "compiled") for r in rows)
