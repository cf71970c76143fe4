"""players.for_move: a player for one move (the server's computer turns), renewed from the
last one of its level in the thread where it can be, choosing exactly as a new one."""

from __future__ import annotations

import threading
from typing import Any

import pytest

from ludotheek.ai import players
from ludotheek.ai.players import Level
from ludotheek.core import resources
from ludotheek.core.game import State
from ludotheek.core.rng import Rng
from ludotheek.games import get
from tests.wari.helpers import small_db


def _positions(game: str, count: int, seed: int, **options: Any) -> list[State]:
    """Positions of random games, one after another as a server meets them."""
    rng = Rng.from_seed(seed)
    out: list[State] = []
    while len(out) < count:
        state = get(game).new(**options)
        for _ in range(rng.randbelow(50)):
            if state.is_over:
                break
            out.append(state)
            state = state.play(rng.choice(state.legal_moves()))
    return out[:count]


def _inner(player: Any) -> Any:
    return player._inner


@pytest.mark.parametrize("search", ["python", "compiled"])
@pytest.mark.parametrize("level", ["novice", "normal", "expert"])
def test_each_move_is_a_new_players(level: str, search: str) -> None:
    """Wari's searching levels (the 2-ply and 4-ply tempered searches, the 4-ply search)
    renewed move after move choose what a new player with the move's seed chooses;
    their search is the one kept, not a new one."""
    provided: dict[str, Any] = {"wari-endgames": small_db(8)}
    if search == "compiled":
        from ludotheek.games.wari import fast

        provided["wari-search"] = fast
    with resources.using(resources.StaticResources(provided)):
        searchers: set[int] = set()
        positions = [*_positions("wari", 40, 1), *_positions("wari", 20, 2, rules="abapa")]
        for i, state in enumerate(positions):
            seed = 1000 + i
            new, seconds = players.for_level("wari", level, seed=seed)
            ours, our_seconds = players.for_move("wari", level, seed=seed)
            assert our_seconds == seconds
            assert ours.choose(state, seconds) == new.choose(state, seconds), (i, state)
            strong: Any = _inner(ours) if level != "expert" else ours
            searchers.update(id(s) for s in strong._searchers.values())
        # one searcher for each rule set (a new searcher when the rules change)
        assert len(searchers) <= 3, searchers


def test_a_player_that_cannot_be_renewed_is_made_anew(monkeypatch: pytest.MonkeyPatch) -> None:
    first, _ = players.for_move("wari", "strong", seed=1)  # renewable: kept
    assert players.for_move("wari", "strong", seed=2)[0] is first
    monkeypatch.setattr(players, "levels", lambda game: {"weak": Level("weak", "random")})
    a, _ = players.for_move("wari", "weak", seed=1)
    b, _ = players.for_move("wari", "weak", seed=1)
    assert not hasattr(a, "renew") and a is not b


def test_a_changed_level_is_not_renewed_from_the_old(monkeypatch: pytest.MonkeyPatch) -> None:
    before, _ = players.for_move("wari", "expert", seed=1)
    assert players.for_move("wari", "expert", seed=1)[0] is before
    changed = {**players.levels("wari"), "expert": Level("expert", "strong", {"depth": 3})}
    monkeypatch.setattr(players, "levels", lambda game: dict(changed))
    after, _ = players.for_move("wari", "expert", seed=1)
    assert after is not before and getattr(after, "depth", None) == 3


def test_each_thread_has_its_own_players() -> None:
    state = get("wari").new()
    here, _ = players.for_move("wari", "novice", seed=1)
    here.choose(state)
    search = _inner(here)
    there: list[Any] = []

    def elsewhere() -> None:
        player, _ = players.for_move("wari", "novice", seed=1)
        player.choose(state)
        there.append(_inner(player))

    worker = threading.Thread(target=elsewhere)
    worker.start()
    worker.join()
    renewed, _ = players.for_move("wari", "novice", seed=2)
    renewed.choose(state)
    assert _inner(renewed) is search and there[0] is not search
