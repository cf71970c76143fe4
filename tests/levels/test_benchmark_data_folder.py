"""The benchmark scripts that measure players as the application plays them give them the
data folder's data sets, as the command line does (``folder.setup``): until 2026-12-07 a
script that never called it had none at all, so its players used Python's reference
search or rollouts, no endgame database and no book, unseen (``rate_part.py`` was the
first found). Those that measure a player with a compiled path record which implementation
played (``ai.base.implementation_of``). Each script's ``main()`` runs with the smallest
arguments, its heavy part stubbed where it has one."""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from benchmarks import (
    akwaier_fit_evaluation,
    akwaier_paired,
    analysis_marks,
    analysis_speed,
    aqua_romana_speed,
    haaienzee_calibrate,
    resumable_match,
)
from ludotheek.ai import arena
from ludotheek.ai.base import REFERENCE, implementation_of
from ludotheek.core import resources
from ludotheek.data import folder
from ludotheek.games.akwaier import GAME as AKWAIER
from ludotheek.games.akwaier.data import ROLLOUTS
from ludotheek.games.akwaier.search import StrongPlayer


class Stop(Exception):
    """Raised by a stub in place of a script's heavy work: what was provided then."""


def provided() -> str:
    return type(resources.current()).__name__


def stop(*args: Any, **kwargs: Any) -> Any:
    raise Stop(provided())


@pytest.fixture(autouse=True)
def _nothing_provided(monkeypatch: pytest.MonkeyPatch) -> None:
    """Each test starts as a plain script does (nothing provided), whatever an earlier test
    provided, and leaves the process as it found it."""
    monkeypatch.setattr(resources, "_current", [resources.NoResources()])
    monkeypatch.delenv("NUMBA_CACHE_DIR", raising=False)


#: script -> (its arguments, the function stubbed: None when main() is cheap as it is)
SCRIPTS: dict[str, tuple[ModuleType, list[str], str | None]] = {
    "akwaier_fit_evaluation": (akwaier_fit_evaluation, ["--games", "1"], "collect"),
    "akwaier_paired": (akwaier_paired, ["--games", "0"], None),
    "analysis_marks": (analysis_marks, ["haaienzee", "--players", "greedy,greedy",
                                        "--games", "0", "--workers", "0"], None),
    "analysis_speed": (analysis_speed, ["wari"], "via_server"),
    "aqua_romana_speed": (aqua_romana_speed, ["--games", "1", "--repeat", "1"], "best"),
    "haaienzee_calibrate": (haaienzee_calibrate, ["--games", "0"], None),
    "resumable_match": (resumable_match, ["wari", "--players", "greedy,greedy", "--games", "1",
                                          "--results", "{tmp}/games.jsonl"], "play_game"),
}


@pytest.mark.parametrize("name", sorted(SCRIPTS))
def test_the_script_gives_its_players_the_data_folder(
        name: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    module, args, heavy = SCRIPTS[name]
    monkeypatch.setattr(sys, "argv", [name] + [a.format(tmp=tmp_path) for a in args])
    assert provided() == "NoResources"
    if heavy is None:
        module.main()
        seen = provided()
    else:
        monkeypatch.setattr(module, heavy, stop)
        with pytest.raises(Stop) as stopped:
            module.main()
        seen = str(stopped.value)  # what its players would have been given
    assert seen == "FolderResources"


def test_a_resumable_match_records_which_implementation_each_seat_used(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    results = tmp_path / "games.jsonl"
    real: Callable[..., Any] = arena.play_game

    def greedy_play(game: Any, options: Any, seed: int, specs: list[str], *args: Any,
                    **kwargs: Any) -> Any:  # the same game's seats, played quickly
        return real(game, options, seed, ["greedy"] * len(specs), *args, **kwargs)

    monkeypatch.setattr(resumable_match, "play_game", greedy_play)
    monkeypatch.setattr(sys, "argv", ["resumable_match.py", "wari", "--players", "novice,greedy",
                                      "--games", "2", "--results", str(results)])
    resumable_match.main()
    lines = [json.loads(line) for line in results.read_text().splitlines()]
    # novice's inner strong player: the reference (the tests build no compiled search);
    # greedy has no compiled path
    assert [line["implementation"] for line in lines] == [[REFERENCE, None], [None, REFERENCE]]


def test_analysis_marks_analyses_with_workers_of_the_data_folder(
        monkeypatch: pytest.MonkeyPatch) -> None:
    made: list[int] = []

    def pool(workers: int) -> str:
        made.append(workers)
        return "the pool"

    monkeypatch.setattr(folder, "pool", pool)

    def analysed(record: Any, workers: int, executor: Any = None) -> Any:
        raise Stop(executor)

    monkeypatch.setattr(analysis_marks, "analyse_record", analysed)
    monkeypatch.setattr(sys, "argv", ["analysis_marks.py", "haaienzee", "--players",
                                      "greedy,greedy", "--games", "1", "--workers", "1"])
    with pytest.raises(Stop) as stopped:
        analysis_marks.main()
    assert made == [1] and str(stopped.value) == "the pool"


def worker_provided() -> str:
    return provided()


def test_a_pool_of_the_data_folder_gives_its_workers_the_data_folder_too() -> None:
    """``folder.pool``: the analysis's workers of ``analysis_marks.py`` and ``ludotheek
    analyse``. A pool of ``analysis.local`` starts its workers afresh (forkserver): they had
    no data sets even where the script had provided them."""
    folder.setup()
    pool = folder.pool(1)
    try:
        assert pool.submit(worker_provided).result(timeout=120) == "FolderResources"
    finally:
        pool.shutdown()


def test_akwaiers_strong_player_says_which_rollouts_it_uses() -> None:
    state = AKWAIER.new(1)
    assert implementation_of(StrongPlayer(), state) == REFERENCE  # nothing provided
    with resources.using(resources.StaticResources({ROLLOUTS: object()})):
        assert implementation_of(StrongPlayer(), state) == "compiled"
        assert implementation_of(StrongPlayer(compiled="off"), state) == REFERENCE
        assert implementation_of(StrongPlayer(place=1), state) == REFERENCE
        assert implementation_of(StrongPlayer(win=0), state) == REFERENCE  # by chance: Python's
        assert implementation_of(StrongPlayer(win=100), state) == "compiled"
