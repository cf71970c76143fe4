"""Fast playouts on a core, for search players (MCTS rollouts).

``random_step`` makes one uniformly random legal decision in place, with the
same choice among the legal moves as the generic random player, but without
building the moves as text or copying the position. ``fast_rollout`` is a
rollout function for :class:`ludotheek.ai.mcts.MCTSPlayer`.

>>> from ludotheek.games.akwaier import GAME
>>> end = fast_rollout(GAME.new(seed=1), Rng.from_seed(2), 10_000)
>>> end.is_over, end.core.problem()
(True, None)
"""

from __future__ import annotations

from ludotheek.core.game import State
from ludotheek.core.rng import Rng
from ludotheek.games.akwaier.board import LOOSE, NEIGH, NUM_CHAINS
from ludotheek.games.akwaier.core import BUY, END_STOPPED, HAND, KEEP, OVER, PLACE, Core
from ludotheek.games.akwaier.money import price_of


def random_step(core: Core, rng: Rng) -> None:
    """One random legal decision of the player to move, played on ``core`` itself."""
    phase = core.phase
    if phase == PLACE:
        m = core.mover
        board, sizes = core.board, core.sizes
        free_chains = [c for c in range(NUM_CHAINS) if not sizes[c]]
        options: list[tuple[int, int, int, list[int], list[int]]] = []
        for slot, cell in enumerate(core.hands[m * HAND:m * HAND + HAND]):
            if cell < 0:
                continue
            chains: list[int] = []
            loose: list[int] = []
            for n in NEIGH[cell]:
                v = board[n]
                if v < LOOSE:
                    if v not in chains:
                        chains.append(v)
                elif v == LOOSE:
                    loose.append(n)
            if chains or not loose:
                options.append((slot, cell, -1, chains, loose))
                if not chains:
                    options.extend((slot, cell, c, chains, loose) for c in free_chains)
        if options:
            core.do_place(*rng.choice(options))
        else:
            core.do_pass()
    elif phase == KEEP:
        assert core.pending is not None
        core.do_keep(rng.choice(core.pending[4]))
    elif phase == BUY:
        m = core.mover
        cash = core.cash[m]
        buys = [(-1, 0)]
        for c in range(NUM_CHAINS):
            tiles = core.sizes[c]
            if tiles:
                most = min(3, cash // price_of(c, tiles, core.out[c]))
                buys.extend((c, n) for n in range(1, most + 1))
        core.do_buy(*rng.choice(buys))


def playout(core: Core, rng: Rng, max_moves: int) -> int:
    """Random decisions on ``core`` until the game ends or ``max_moves`` were made;
    the number made."""
    made = 0
    while core.phase != OVER and made < max_moves:
        random_step(core, rng)
        made += 1
    return made


def fast_rollout(state: State, rng: Rng, max_moves: int) -> State:
    """A rollout for :class:`~ludotheek.ai.mcts.MCTSPlayer`: random play to the end, or
    ``max_moves`` decisions and then the game is scored as it stands (wealth)."""
    from ludotheek.games.akwaier.rules import AkwaierState

    if not isinstance(state, AkwaierState):
        raise TypeError("fast_rollout plays Akwaier only")
    core = state.core.copy()
    playout(core, rng, max_moves)
    if core.phase != OVER:
        core.finish(END_STOPPED)
    return AkwaierState(core)
