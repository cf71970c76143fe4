"""The compiled rollouts (``kernel``, driven by ``fast``) against the pure engine, the
reference: at every position of random and 1987-player games, and at positions
hypothesis picks, the kernel's estimates, the one-ply purchase, the deal of the unseen
tiles and rollouts (to a depth, to the end, with the player's own purchases by the
estimate, with a guarded seat) give the engine's positions, the same random numbers
left and the same floats to the last bit; a world of every candidate is the strong
player's loop; and the strong player's analysis is the same compiled or not (the
review's marks therefore too)."""

from __future__ import annotations

from collections.abc import Iterator

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from ludotheek.core import resources
from ludotheek.core.rng import Rng
from ludotheek.games.akwaier import GAME, AkwaierState
from ludotheek.games.akwaier.classic import classic_move
from ludotheek.games.akwaier.core import BUY, END_SIZE, KEEP, MAX_TURNS, OVER, Core
from ludotheek.games.akwaier.evaluation import best_buy, estimates
from ludotheek.games.akwaier.playout import classic_playout, random_step
from ludotheek.games.akwaier.search import StrongPlayer, _Arm, candidates, play_on

fast = pytest.importorskip("ludotheek.games.akwaier.fast")
K = fast.K
T, F = fast.tables()


def positions(seed: int, classic: bool) -> Iterator[Core]:
    """Every position of a game of random decisions or of six 1987 players, to its end
    (the last one: over)."""
    s = GAME.new(seed=seed)
    rng = Rng.from_seed(seed + 1)
    core = s.core.copy()
    while True:
        yield core.copy()
        if core.phase == OVER:
            return
        if classic:
            play_on(core, classic_move(core, rng))
        else:
            random_step(core, rng)


def after(seed: int, steps: int) -> Core:
    """The position after ``steps`` random decisions of a new game (or its end)."""
    core = GAME.new(seed=seed).core.copy()
    rng = Rng.from_seed(seed)
    for _ in range(steps):
        if core.phase == OVER:
            break
        random_step(core, rng)
    return core


def kernel_estimates(core: Core) -> list[float]:
    out = np.zeros(K.SEATS)
    K.estimates(fast.pack(core), T, F, out, 0)
    values: list[float] = out.tolist()
    return values


def check_playout(core: Core, seed: int, depth: int, guarded: int, own: int,
                  own_buys: int) -> None:
    """The kernel's rollout from ``core`` is ``classic_playout``'s: the same position,
    decisions made and random numbers left, and the same estimates there."""
    pure = core.copy()
    rng = Rng(seed)
    made = classic_playout(pure, rng, depth, guarded, own, own_buys, 0.5)
    S = fast.pack(core)
    R = np.array([0, seed], dtype=np.uint64)
    X = np.zeros(K.X_SIZE, dtype=np.int64)
    Y = np.zeros(K.Y_SIZE)
    assert K.playout(S, T, F, R, depth, guarded, own, own_buys, 0.5, X, Y) == made
    assert fast.same(S, pure), (core.turn, depth, guarded, own)
    assert int(R[1]) == rng.state
    out = np.zeros(K.SEATS)
    K.estimates(S, T, F, out, 0)
    assert out.tolist() == estimates(pure)


def check_position(core: Core, seed: int) -> None:
    """Every part of the kernel at ``core`` against the engine."""
    S = fast.pack(core)
    assert fast.same(S, core)
    assert kernel_estimates(core) == estimates(core)
    if core.phase == OVER:
        return
    me = core.mover
    if core.phase == BUY:
        X = np.zeros(K.X_SIZE, dtype=np.int64)
        K.best_buy(S, T, F, 0.5, X, np.zeros(K.Y_SIZE))
        assert (int(X[K.X_TMP]), int(X[K.X_TMP + 1])) == best_buy(core, 0.5)
    check_playout(core, seed, 24, -1, me, 99)
    check_playout(core, seed ^ 1, 10_000, -1, -1, 0)
    check_playout(core, seed ^ 2, 10_000, (me + 1) % 6, me, 3)
    # the deal of the unseen tiles, for the seat to move and for another
    for seat in (me, (me + 2) % 6):
        rng = Rng(seed)
        dealt = AkwaierState(core).determinize(seat, rng).core
        R = np.array([seed, 0], dtype=np.uint64)
        S = fast.pack(core)
        K.deal(S, seat, R)
        assert fast.same(S, dealt) and int(R[0]) == rng.state


@pytest.mark.parametrize(("seed", "classic"), [(1, False), (2, False), (3, True), (4, True)])
def test_every_position_of_a_game_is_the_engines(seed: int, classic: bool) -> None:
    rng = Rng.from_seed(seed)
    seen = {"keep": 0, "buy": 0}
    for core in positions(seed, classic):
        check_position(core, rng.next64())
        seen["keep"] += core.phase == KEEP
        seen["buy"] += core.phase == BUY
    assert seen["buy"] > 50 and (classic or seen["keep"] >= 1), seen


def test_the_last_purchase_is_judged_by_the_wealth() -> None:
    """A purchase after which the game ends (a chain over 100 tiles, the last turn) is
    judged by the wealth, from a copy of the position (``buy_standings``' other branch)."""
    rng = Rng.from_seed(11)
    by_chain = by_turn = 0
    for seed in (1, 3, 4, 6):
        for core in positions(seed, seed % 2 == 0):
            if core.phase != BUY:
                continue
            if max(core.sizes) > END_SIZE:
                check_position(core, rng.next64())
                by_chain += 1
            elif core.turn % 4 == 0:  # the same position in the last turn
                core.turn = MAX_TURNS - 1
                check_position(core, rng.next64())
                by_turn += 1
    assert by_chain >= 1 and by_turn > 20, (by_chain, by_turn)


@given(st.integers(0, 2**32), st.integers(0, 1400), st.integers(0, 2**64 - 1))
def test_positions_hypothesis_picks_are_the_engines(game: int, steps: int, seed: int) -> None:
    check_position(after(game, steps), seed)


def test_a_world_of_every_candidate_is_the_strong_players_loop() -> None:
    """``Worlds.run``: the deal, the rollout seed, each candidate played on a copy of the
    world and rolled out, the estimates at the end; the player's generator left as the
    engine leaves it; the sums the player adds up. Also with a world dealt already
    (``dealt``) and a guarded seat."""
    rng = Rng.from_seed(9)
    checked = 0
    for core in positions(5, True):
        if core.phase == OVER or core.turn % 3:
            continue
        me = core.mover
        moves = candidates(core, True)
        worlds = fast.Worlds(core, me, moves)
        arms = list(range(len(moves)))[::2] if len(moves) > 2 else list(range(len(moves)))
        sums = {a: _Arm(moves[a], 0.0) for a in arms}
        for guarded, dealt in ((-1, False), (me, True)):
            seed = rng.next64()
            ours, theirs = Rng(seed), Rng(seed)
            # a world dealt already: by another generator (the search's inferred deals)
            world = AkwaierState(core).determinize(me, Rng(~seed) if dealt else theirs).core
            got = worlds.run(ours, arms, 24, guarded, 99, 0.5, world if dealt else None)
            rollout = theirs.next64()
            want = []
            for a in arms:
                sim = world.copy()
                play_on(sim, moves[a])
                classic_playout(sim, Rng(rollout), 24, guarded, me, 99, 0.5)
                want.append(estimates(sim))
                StrongPlayer()._count(sums[a], want[-1], me)
            assert got == want and ours.state == theirs.state
            checked += 1
        for a, arm in sums.items():  # the sums kept in the kernel: the player's own
            assert worlds.sums(a) == (arm.total, arm.wealth, arm.lead, arm.seats, arm.visits)
    assert checked > 50


@pytest.mark.parametrize("params", [{}, {"guard": 1, "two": 1}, {"finish": 40, "top": 3}])
def test_the_strong_players_analysis_is_the_same_compiled_or_not(
        params: dict[str, int]) -> None:
    for turns in (0, 40, 90, 150, 200):
        state = GAME.new(seed=turns + 7)
        rng = Rng.from_seed(turns)
        while state.turn < turns and not state.is_over:
            state = state.play(classic_move(state.core, rng))
        if state.is_over:
            continue
        found = []
        for compiled in ("off", "on"):
            a = StrongPlayer(seed=turns, iterations=60, seconds=60, compiled=compiled,
                             **params).analyse(state)
            found.append((a.move, a.value, a.ranking, a.reason, a.stats))
        assert found[0] == found[1]


def test_auto_uses_the_data_set_the_application_provides() -> None:
    """``compiled=auto`` rolls out in the kernel only where the application provides the
    data set ``akwaier-rollouts`` (the server's processes; the same figures either way)."""
    player = StrongPlayer(seed=1)
    assert player._kernel() is None
    with resources.using(resources.StaticResources({"akwaier-rollouts": fast})):
        assert player._kernel() is fast
        assert StrongPlayer(seed=1, compiled="off")._kernel() is None
        assert StrongPlayer(seed=1, place=3)._kernel() is None  # Python's rollouts only
    with pytest.raises(ValueError, match="compiled is auto, on or off"):
        StrongPlayer(compiled="sometimes")
