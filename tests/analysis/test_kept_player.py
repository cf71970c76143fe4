"""The review renews one player per thread and work (``analysis.measure.player_for``, issue
39): a Wari game's positions are searched by one searcher, its table emptied between them,
and every measure is the one a new player would give."""

from __future__ import annotations

import dataclasses
import threading
from typing import Any

import pytest

from ludotheek.ai import players
from ludotheek.analysis import measure
from ludotheek.analysis.local import measure_all
from ludotheek.analysis.plan import Plan
from ludotheek.analysis.review import review_for
from ludotheek.analysis.stream import first_look
from ludotheek.core.resources import StaticResources, using
from ludotheek.games.wari import players as wari_players
from ludotheek.games.wari import strong
from tests.analysis.helpers import opening


def _fresh_thread_players() -> None:
    measure._KEPT.__dict__.pop("players", None)


def _new_each(plan: Plan, positions: list[int]) -> dict[int, dict[str, Any]]:
    """Each position's measure by a new player (the review before issue 39's renewing)."""
    review = review_for(plan.record.game)
    out = {}
    for n in positions:
        player: Any = players.get(plan.record.game, review.player, seed=plan.seed(n),
                                  **dict(review.params))
        state = plan.states[n]
        a = player.analyse(state, review.seconds)
        m = review.measure(state, a)
        values = sorted(m.values.items(), key=lambda mv: -mv[1])
        out[n] = {"best": a.move, "values": [[mv, float(v)] for mv, v in values],
                  "standing": [float(v) for v in m.standing], "reason": a.reason}
    return out


def _counted(monkeypatch: pytest.MonkeyPatch, module: Any, name: str) -> list[int]:
    """Count the constructions of ``module.name`` (a class) from now on."""
    made: list[int] = []
    cls = getattr(module, name)

    class Counted(cls):  # type: ignore[misc, valid-type]
        def __init__(self, *args: Any, **kwargs: Any) -> None:
            made.append(1)
            super().__init__(*args, **kwargs)

    monkeypatch.setattr(module, name, Counted)
    return made


def _players_counted(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Count the ``strong`` players of Wari made from now on."""
    made: list[int] = []
    info = wari_players.PLAYERS["strong"]

    def factory(**params: Any) -> Any:
        made.append(1)
        return info.factory(**params)

    monkeypatch.setitem(wari_players.PLAYERS, "strong", dataclasses.replace(info, factory=factory))
    return made


def test_a_wari_review_searches_with_one_renewed_searcher(
        monkeypatch: pytest.MonkeyPatch) -> None:
    plan = Plan.of(opening("wari", 8))
    positions = plan.studied()
    assert len(positions) >= 6
    expected = _new_each(plan, positions)
    _fresh_thread_players()
    made = _counted(monkeypatch, strong, "Searcher")
    players_made = _players_counted(monkeypatch)
    measures = measure_all(plan)
    # one player, one search (Python's: nothing compiled is provided here) for 8 positions
    assert len(players_made) == 1 and len(made) == 1
    for n in positions:
        got = {k: measures[n][k] for k in ("best", "values", "standing", "reason")}
        assert got == expected[n], n


def test_the_first_look_and_the_full_work_keep_players_of_their_own(
        monkeypatch: pytest.MonkeyPatch) -> None:
    plan = Plan.of(opening("wari", 6))
    _fresh_thread_players()
    players_made = _players_counted(monkeypatch)
    for n in plan.studied():
        first_look(plan.states[n], plan.seed(n))
        measure.study(plan.states[n], plan.seed(n))
    assert len(players_made) == 2  # depth 4 and depth 9, each renewed since


def test_a_player_that_cannot_be_renewed_is_made_anew_and_not_kept() -> None:
    plan = Plan.of(opening("haaienzee", 2))
    _fresh_thread_players()
    n = plan.studied()[0]
    measure.study(plan.states[n], plan.seed(n))
    assert not hasattr(players.get("haaienzee", review_for("haaienzee").player), "renew")
    assert measure._KEPT.players == {}


def test_each_thread_has_its_own_players() -> None:
    plan = Plan.of(opening("wari", 2))
    n = plan.studied()[0]
    _fresh_thread_players()
    measure.study(plan.states[n], plan.seed(n))
    mine = dict(measure._KEPT.players)
    theirs: list[dict[Any, Any]] = []

    def other() -> None:
        measure.study(plan.states[n], plan.seed(n))
        theirs.append(dict(measure._KEPT.players))

    t = threading.Thread(target=other)
    t.start()
    t.join()
    assert mine.keys() == theirs[0].keys()
    assert all(mine[k] is not theirs[0][k] for k in mine)


def test_a_wari_review_with_the_compiled_search_uses_one_fast_searcher(
        monkeypatch: pytest.MonkeyPatch) -> None:
    fast = pytest.importorskip("ludotheek.games.wari.fast")
    fast.warm()
    plan = Plan.of(opening("wari", 10))
    positions = plan.studied()
    with using(StaticResources({"wari-search": fast})):
        expected = _new_each(plan, positions)
        _fresh_thread_players()
        made = _counted(monkeypatch, fast, "FastSearcher")
        python = _counted(monkeypatch, strong, "Searcher")
        measures = measure_all(plan)
    assert len(made) == 1 and not python
    for n in positions:
        got = {k: measures[n][k] for k in ("best", "values", "standing", "reason")}
        assert got == expected[n], n
