"""The command line: exit statuses and messages (play, match, bench, replay)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from ludotheek.ai import players
from ludotheek.cli import main
from ludotheek.core.record import Record, ResignAction, to_text
from ludotheek.games import names


def run(args: list[str], stdin: str = "") -> tuple[int, str]:
    runner = CliRunner()
    result = runner.invoke(_entry, args, input=stdin, catch_exceptions=False)
    return result.exit_code, result.output


import click  # noqa: E402


@click.command(context_settings={"ignore_unknown_options": True})
@click.argument("args", nargs=-1, type=click.UNPROCESSED)
def _entry(args: tuple[str, ...]) -> None:
    main(list(args))


@pytest.mark.parametrize("args, message", [
    (["play", "chess"], "unknown game 'chess'"),
    (["play", "wari", "-o", "seeds_per_cup=6"], "seeds_per_cup must be between 3 and 5"),
    (["play", "wari", "-o", "speed=1"], "unknown option 'speed'"),
    (["match", "wari", "--players", "random,zz", "-n", "1"], "unknown player 'zz'"),
])
def test_bad_input_exits_with_status_2(args: list[str], message: str) -> None:
    code, out = run(args)
    assert code == 2 and message in out


def test_play_refuses_wrong_entries_and_goes_on(tmp_path: Path) -> None:
    record = tmp_path / "game.json"
    code, out = run(["play", "wari", "--seed", "1", "--level", "easy", "--save", str(record)],
                    stdin="13\n0\nx\n8\n\n3\nresign\n")
    assert code == 0
    assert "there is no cup 13" in out and "there is no cup 0" in out
    assert "'x' is not a cup number" in out and "cup 8 is not South's" in out
    saved = Record.from_json(record.read_text())
    assert saved.moves[0] == "3" and saved.moves[-1] == ResignAction()
    assert saved.replay().winners() == [1]


def test_match_json_has_the_documented_keys() -> None:
    code, out = run(["match", "wari", "--players", "greedy,random", "-n", "4", "--json"])
    assert code == 0
    data = json.loads(out[out.index("{"):])
    assert {"game", "games", "players", "wins", "draws", "mean_score",
            "seconds_per_move"} <= set(data)
    assert data["games"] == 4 and sum(data["wins"]) + data["draws"] == pytest.approx(4)


def test_match_plays_levels_as_the_pages_do() -> None:
    from ludotheek.ai.arena import make_player

    for game in names():
        for name, level in players.levels(game).items():
            player, seconds = make_player(game, name, 1)
            if name not in players.names(game):  # a level, not a player of that name
                assert type(player) is type(players.get(game, level.player, seed=1))
                assert seconds == level.seconds
    code, out = run(["match", "wari", "--players", "easy,normal", "-n", "2"])
    assert code == 0 and "easy" in out and "normal" in out
    code, out = run(["match", "wari", "--players", "easy,legend", "-n", "2"])
    assert code != 0 and f"the levels: {', '.join(players.levels('wari'))}" in out


def test_replay_steps_through_a_record(tmp_path: Path) -> None:
    path = tmp_path / "r.txt"
    path.write_text(to_text(Record("wari", {}, 0, ("3", "9", "1"))))
    code, out = run(["replay", str(path), "--all"])
    assert code == 0 and "after move 3: 1 (3/3)" in out
    code, out = run(["replay", str(path)], stdin="n\nb\n2\nq\n")
    assert code == 0 and "after move 2: 9" in out
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(Record("wari", {}, 0, ("3", "3")).to_json()))
    code, out = run(["replay", str(bad), "--all"])
    assert code == 2 and "move 2 ('3') is illegal" in out
