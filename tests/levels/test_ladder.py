"""The round robin that rates the levels, and the fit of openskill's model to it."""

from __future__ import annotations

import json
import math
import random
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from ludotheek.ai import players
from ludotheek.ai.players import Level, RatingPlan
from ludotheek.cli import cli
from ludotheek.rated import ladder
from ludotheek.rated import scale as rating

CHEAP = {"weak": Level("weak", "random"), "fair": Level("fair", "greedy")}


def synthetic(true: dict[str, float], seats: int, games: int, seed: int
              ) -> list[dict[str, list[Any]]]:
    """Games drawn from the Plackett-Luce model itself, at ratings ``true``."""
    rnd = random.Random(seed)
    c = math.sqrt(seats) * rating.BETA
    names = list(true)
    out: list[dict[str, list[Any]]] = []
    for _ in range(games):
        table = rnd.sample(names, seats)
        # a Plackett-Luce ranking: each utility plus Gumbel noise, highest first
        u = [true[lv] / c - math.log(-math.log(rnd.random())) for lv in table]
        order = sorted(range(seats), key=lambda i: -u[i])
        ranks = [0] * seats
        for place, i in enumerate(order):
            ranks[i] = place + 1
        out.append({"seats": table, "ranks": ranks})
    return out


@pytest.mark.parametrize("seats", [2, 4])
def test_the_fit_finds_the_ratings_the_games_were_drawn_from(seats: int) -> None:
    true = {"a": 1200.0, "b": 1400.0, "c": 1600.0, "d": 1800.0}
    games = synthetic(true, seats, 800 if seats == 2 else 300, seed=seats)
    mus, passes = ladder.fit(games, list(true), seed=1)
    assert 1 < passes < 100
    assert sum(mus.values()) / 4 == pytest.approx(rating.MU)
    for lv in true:
        assert mus[lv] == pytest.approx(true[lv], abs=60), lv
    # the bootstrap's interval holds the rating and is about as wide as the fit's error
    boot = ladder.bootstrap(games, list(true), 1, 6, mus)
    for lv, (lo, hi) in boot.items():
        assert lo <= mus[lv] + 5 and hi >= mus[lv] - 5 and 5 < hi - lo < 250


@pytest.mark.parametrize("seats", [2, 4])
def test_the_direct_maximum_likelihood_is_where_the_passes_settle(seats: int) -> None:
    true = {"a": 1200.0, "b": 1450.0, "c": 1600.0, "d": 1900.0}
    games = synthetic(true, seats, 800 if seats == 2 else 300, seed=10 + seats)
    games[0] = {**games[0], "ranks": [1] * seats}  # a draw between all
    counts: dict[tuple[str, ...], float] = {}
    for g in games:
        for order, w in ladder.orderings(g):
            counts[order] = counts.get(order, 0.0) + w
    assert sum(counts.values()) == pytest.approx(len(games))
    direct = ladder.mle(counts, list(true), seats)
    passes, _ = ladder.fit(games, list(true), seed=3)
    assert sum(direct.values()) / 4 == pytest.approx(rating.MU)
    for lv in true:
        assert direct[lv] == pytest.approx(passes[lv], abs=8), lv
    # a draw against a level of 1500 for each moves hundreds of games' ratings little
    held = ladder.mle(counts, list(true), seats, prior=1.0)
    assert all(abs(held[lv] - direct[lv]) < 5 for lv in true)
    # and keeps a level that never lost finite
    assert math.isfinite(ladder.mle({("x", "y"): 6.0}, ["x", "y"], 2, prior=1.0)["x"])


def test_a_shared_place_stands_for_each_order_alike() -> None:
    assert ladder.orderings({"seats": ["x", "y"], "ranks": [1, 2]}) == [(("x", "y"), 1.0)]
    assert ladder.orderings({"seats": ["x", "y"], "ranks": [1, 1]}) == [
        (("x", "y"), 0.5), (("y", "x"), 0.5)]
    # two levels that drew every game between them come out equal
    even = ladder.mle({("x", "y"): 5.0, ("y", "x"): 5.0}, ["x", "y"], 2)
    assert even["x"] == pytest.approx(even["y"]) == pytest.approx(rating.MU)


def test_ranks_put_winners_first_then_scores() -> None:
    from ludotheek.games import get

    final = get("wari").from_json(json.loads(json.dumps(get("wari").new().to_json())))
    assert ladder.ranks_of(final) == [1, 1]


def test_the_round_robin_goes_on_where_it_stopped(tmp_path: Path,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(players, "levels", lambda game: dict(CHEAP))
    plan = RatingPlan(seats=2, games=(4,))
    path = str(tmp_path / "games.jsonl")
    played = ladder.run_round_robin("wari", plan, 3, path)
    assert len(played) == 4 and {tuple(sorted(r["seats"])) for r in played} == {("fair", "weak")}
    assert [r["seats"][0] for r in played] == ["weak", "fair", "weak", "fair"]  # seats rotate
    lines = Path(path).read_text().splitlines()
    again = ladder.run_round_robin("wari", plan, 3, path)
    assert again == played and Path(path).read_text().splitlines() == lines  # nothing replayed
    # a level defined anew replays its games; another seed is another round robin
    monkeypatch.setattr(players, "levels", lambda game: {
        **CHEAP, "weak": Level("weak", "tempered", {"temperature": 3})})
    assert len(ladder.run_round_robin("wari", plan, 3, path)) == 4
    assert len(Path(path).read_text().splitlines()) == 8
    summary = ladder.summarise("wari", plan, played, 3, 4, "test")
    assert set(summary["levels"]) == {"weak", "fair"}
    entry = summary["levels"]["fair"]
    assert entry["definition"] == CHEAP["fair"].definition() and entry["games"] == 4
    assert entry["interval"] > 0 and len(entry["bootstrap"]) == 2
    assert summary["gaps"][0]["levels"] == ["weak", "fair"]
    assert summary["pairs"][0]["games"] == 4


def test_a_level_put_between_two_keeps_their_games_when_the_plan_fixes_their_table(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    plan = RatingPlan(seats=2, games=(4, 2))
    path = str(tmp_path / "games.jsonl")
    monkeypatch.setattr(players, "levels", lambda game: dict(CHEAP))
    before = ladder.run_round_robin("wari", plan, 3, path)
    assert len(before) == 4
    # a level between weak and fair: their table spans a step more, and plays 2 games...
    between = {"weak": CHEAP["weak"], "mid": Level("mid", "tempered", {"temperature": 3}),
               "fair": CHEAP["fair"]}
    monkeypatch.setattr(players, "levels", lambda game: dict(between))
    spread = {t.key: t.games for t in ladder.tables(list(between), plan)}
    assert spread == {"weak,mid": 4, "weak,fair": 2, "mid,fair": 4}
    assert [r["table"] for r in ladder.run_round_robin("wari", plan, 3, str(tmp_path / "b"))
            ].count("weak,fair") == 2
    # ...unless the plan fixes it: its 4 games stay in, none played again
    fixed = RatingPlan(seats=2, games=(4, 2), fixed={"weak,fair": 4})
    lines = len(Path(path).read_text().splitlines())
    after = ladder.run_round_robin("wari", fixed, 3, path)
    assert [r for r in after if r["table"] == "weak,fair"] == before
    assert len(Path(path).read_text().splitlines()) == lines + 8  # only mid's games
    assert fixed.describe()["fixed"] == {"weak,fair": 4} and "fixed" not in plan.describe()
    # a fixed table that is not on the ladder is a mistake in the plan, said as such
    with pytest.raises(ValueError, match="not on the ladder: fair,weak"):
        ladder.tables(list(between), RatingPlan(games=(4,), fixed={"fair,weak": 3}))


def test_rate_writes_ratings_the_levels_read(tmp_path: Path,
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(players, "levels", lambda game: dict(CHEAP))
    monkeypatch.setattr(ladder, "rating_plan",
                        lambda game: RatingPlan(seats=2, games=(6,)))
    out, results = tmp_path / "ratings.json", tmp_path / "games.jsonl"
    runner = CliRunner()
    shown = runner.invoke(cli, ["rate", "wari", "--plan"])
    assert shown.exit_code == 0 and "weak,fair" in shown.output and "6 games" in shown.output
    done = runner.invoke(cli, ["rate", "wari", "--seed", "2", "--results", str(results),
                               "--out", str(out), "--bootstrap", "5"])
    assert done.exit_code == 0, done.output
    data = json.loads(out.read_text())
    assert data["games"] == 6 and data["seed"] == 2 and data["measured"]
    rated = players.with_ratings(CHEAP, data["levels"])
    # (greedy won all 6: every resampling is the same, so the bootstrap's interval is 0)
    assert all(lv.rating is not None and lv.rating_interval is not None
               for lv in rated.values())
    fair, weak = rated["fair"].rating, rated["weak"].rating
    assert fair is not None and weak is not None and fair > weak  # greedy beats random at Wari
    assert "weak -> fair" in done.output and "s/decision" in done.output


def test_rate_speaks_the_language(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(players, "levels", lambda game: dict(CHEAP))
    monkeypatch.setattr(ladder, "rating_plan",
                        lambda game: RatingPlan(seats=2, games=(6,)))
    shown = CliRunner().invoke(cli, ["rate", "wari", "--plan", "--lang", "nl"])
    assert shown.exit_code == 0, shown.output
    assert "2 niveaus, 1 tafels van 2, 6 partijen" in shown.output
    shown = CliRunner().invoke(cli, ["rate", "wari", "--plan", "--lang", "no"])
    assert "2 nivåer, 1 bord med 2, 6 partier" in shown.output


def test_plans_cover_every_level() -> None:
    from ludotheek.games import names

    for game in names():
        plan = ladder.rating_plan(game)
        levels = list(players.levels(game))
        tables = ladder.tables(levels, plan)
        assert {lv for t in tables for lv in t.levels} == set(levels), game


def test_every_game_with_its_own_levels_offers_a_ladder_of_six() -> None:
    from ludotheek.games import names

    order = list(players.LADDER)
    for game in names():
        module = players.game_module(game)
        if module is None or not hasattr(module, "LEVELS"):
            continue  # the generic three (a test game)
        # six or more levels, those of their own (Akwaier's 1987 players, Wari's
        # grandmaster) counted; the ladder's names among them in the ladder's order
        offered = list(players.levels(game))
        assert len(offered) >= 6, game
        ladder_names = [n for n in offered if n in players.LADDER]
        assert ladder_names == sorted(ladder_names, key=order.index), game
        assert {"easy", "normal", "strong"} <= set(ladder_names), game


def test_a_random_opening_makes_games_of_fixed_players_differ() -> None:
    table = ladder.Table(("a", "b"), 4)
    # players that draw no lots (Wari's strong varies by its seed since issue 40: not here)
    fixed = {"a": Level("a", "strong", {"depth": 1, "vary": "off"}),
             "b": Level("b", "strong", {"depth": 2, "vary": "off"})}
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(players, "levels", lambda game: dict(fixed))
        plain = [ladder.play_one("wari", {}, 1, 0, table, g) for g in (0, 2)]
        opened = [ladder.play_one("wari", {}, 1, 0, table, g, opening=4) for g in (0, 2)]
    assert plain[0]["scores"] == plain[1]["scores"]  # the same game twice
    assert plain[0]["moves"] == plain[1]["moves"]
    assert opened[0]["moves"] != opened[1]["moves"] or opened[0]["scores"] != opened[1]["scores"]
