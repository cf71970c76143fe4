"""Which implementation a player uses is said and recorded, never unseen: Wari's strong
player names the search that decided each move (``compiled`` or Python's reference), the
tempered levels say their inner player's, a rating's game rows and its summary carry it, and
``ludotheek rate`` and ``benchmarks/rate_part.py`` refuse to rate with a level that would
play with the reference because the compiled search is not built in the data folder (until
2026-12-07 rate_part.py played with no data sets at all: Python's search, no endgame
database, no book)."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from benchmarks import rate_part
from ludotheek.ai import players
from ludotheek.ai.base import REFERENCE, implementation_of
from ludotheek.ai.players import RatingPlan
from ludotheek.cli import cli
from ludotheek.core import resources
from ludotheek.games.wari import GAME
from ludotheek.games.wari.data import SEARCH
from ludotheek.games.wari.players import LEVELS
from ludotheek.games.wari.strong import StrongPlayer
from ludotheek.rated import ladder

fast = pytest.importorskip("ludotheek.games.wari.fast")

#: what the data folder provides once Wari's compiled search is built, and before
BUILT = resources.StaticResources({SEARCH: fast})
NOT_BUILT = resources.StaticResources({})
#: the levels that search: every Wari level (the tempered ones through their inner player)
SEARCHING = list(LEVELS)


def test_strong_says_which_search_decided_each_move() -> None:
    state = GAME.new().play("3").play("9")
    for provided, kind in ((NOT_BUILT, REFERENCE), (BUILT, "compiled")):
        with resources.using(provided):
            player = StrongPlayer(depth=3)
            assert player.implementation(state) == kind
            assert implementation_of(player, state) == kind
            seen = player.decide(state)
            assert seen.stats["search"] == kind and seen.stats["depth"] == 3
    with resources.using(BUILT):  # compiled=off asks for the reference even where built
        player = StrongPlayer(depth=3, compiled="off")
        assert player.implementation(state) == REFERENCE
        assert player.decide(state).stats["search"] == REFERENCE


def test_the_tempered_levels_say_their_inner_players_search() -> None:
    state = GAME.new()
    for provided, kind in ((NOT_BUILT, REFERENCE), (BUILT, "compiled")):
        with resources.using(provided):
            for name in ("beginner", "normal", "champion", "strong"):
                player, _ = players.for_level("wari", name, seed=1)
                assert implementation_of(player, state) == kind, name
    greedy = players.get("wari", "greedy")
    assert implementation_of(greedy, state) is None  # no compiled path, nothing to say


def test_the_levels_that_would_play_with_the_reference_are_named() -> None:
    with resources.using(NOT_BUILT):
        assert ladder.reference_levels("wari", {}) == SEARCHING
    with resources.using(BUILT):
        assert ladder.reference_levels("wari", {}) == []
    assert ladder.reference_levels("nim", {}) == []


def test_a_rating_records_which_search_each_level_played(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    two = {name: LEVELS[name] for name in ("beginner", "easy")}
    monkeypatch.setattr(players, "levels", lambda game: dict(two))
    plan = RatingPlan(seats=2, games=(2,), opening=4)
    table = ladder.tables(list(two), plan)[0]
    with resources.using(BUILT):
        played = [ladder.play_one("wari", {}, 1, 0, table, g, (), plan.opening)
                  for g in range(2)]
    assert [r["implementations"] for r in played] == [["compiled", "compiled"]] * 2
    with resources.using(NOT_BUILT):
        played.append(ladder.play_one("wari", {}, 1, 0, table, 2, (), plan.opening))
    assert played[-1]["implementations"] == [REFERENCE, REFERENCE]
    summary = ladder.summarise("wari", plan, played, 1, 0, "test")
    assert summary["levels"]["easy"]["implementation"] == ["compiled", REFERENCE]
    # a game of players without an implementation to name keeps its old row
    monkeypatch.setattr(players, "levels", lambda game: {
        "weak": players.Level("weak", "random", {}), "fair": players.Level("fair", "greedy", {})})
    row = ladder.play_one("wari", {}, 1, 0, ladder.Table(("weak", "fair"), 1), 0)
    assert "implementations" not in row


def test_rate_refuses_to_rate_levels_playing_with_the_reference(tmp_path: Path) -> None:
    # the tests' data folder has no compiled search (LUDOTHEEK_BUILDS=off)
    out, results = tmp_path / "ratings.json", tmp_path / "games.jsonl"
    for lang, words in (("en", "pure-Python"), ("nl", "puur Python"), ("no", "ren Python")):
        done = CliRunner().invoke(cli, ["rate", "wari", "--results", str(results), "--out",
                                        str(out), "--scale", "0.001", "--lang", lang])
        assert done.exit_code != 0
        assert words in done.output and "beginner" in done.output and "--reference" in \
            done.output, done.output
    assert not out.exists() and not results.exists()  # nothing played, nothing written
    shown = CliRunner().invoke(cli, ["rate", "wari", "--plan"])  # the plan is still shown
    assert shown.exit_code == 0, shown.output


def test_rate_part_refuses_too_and_plays_with_the_data_folder(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    results = tmp_path / "games.jsonl"
    monkeypatch.setattr(sys, "argv", ["rate_part.py", "wari", "--results", str(results)])
    with pytest.raises(SystemExit) as stopped:
        rate_part.main()
    assert stopped.value.code == 2 and "--reference" in capsys.readouterr().err
    assert not results.exists()
    # it provides the data folder as the command line does (once none at all)
    assert type(resources.current()).__name__ == "FolderResources"


def test_rate_writes_which_search_played_into_the_ratings(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    two = {name: LEVELS[name] for name in ("beginner", "easy")}
    monkeypatch.setattr(players, "levels", lambda game: dict(two))
    monkeypatch.setattr(ladder, "rating_plan", lambda game: RatingPlan(seats=2, games=(2,)))
    out = tmp_path / "ratings.json"
    done = CliRunner().invoke(cli, ["rate", "wari", "--results", str(tmp_path / "g.jsonl"),
                                    "--out", str(out), "--bootstrap", "0", "--reference"])
    assert done.exit_code == 0, done.output
    levels = json.loads(out.read_text())["levels"]
    assert levels["beginner"]["implementation"] == [REFERENCE]
