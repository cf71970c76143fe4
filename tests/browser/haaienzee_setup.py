"""Haaienzee positions for browser tests and screenshots, reached by real games.

A game with a fixed seed is played by the greedy player for a given number of moves
(the six placements and possibly some turns); the record so far is imported through
the API (``POST /api/records``) with the seats given, so that the page opens exactly
there. The test computes what the page must offer from the same state, with the engine.
"""

from __future__ import annotations

from typing import Any

from ludotheek.games.haaienzee import GAME, HaaienzeeState
from ludotheek.games.haaienzee import engine as E
from ludotheek.games.haaienzee.board import DIRECTIONS
from ludotheek.games.haaienzee.players import HaaienzeeGreedy
from tests.browser.records import import_record

#: seed 3 after the greedy setup: Yellow shark 1 on J5 facing NW, hunting white, can eat
#: 1 or 2 white fish straight ahead, 1-4 after turning left, and reach I6 after turning right
SEED = 3


def greedy_moves(seed: int = SEED, plies: int = 6) -> tuple[list[str], HaaienzeeState]:
    state = GAME.new(seed=seed)
    player = HaaienzeeGreedy(seed=seed)
    moves: list[str] = []
    for _ in range(plies):
        move = player.choose(state)
        moves.append(move)
        state = state.play(move)
    return moves, state


def import_game(url: str, moves: list[str], seats: list[dict[str, Any]],
                seed: int = SEED) -> tuple[str, list[str | None]]:
    """Import the game; its id and each seat's token (None for computers)."""
    data = import_record(url, "haaienzee", {}, seed, moves, seats)
    return data["id"], [s["token"] for s in data["seats"]]


def good_spot(state: HaaienzeeState, colour: str) -> tuple[str, str]:
    """A free hex and a facing with a fish of ``colour`` right ahead (a sensible start)."""
    b = state.board
    c = E.COLOUR_INDEX[colour]
    taken = {sh.hex for sh in state.sharks}
    for h in range(b.size):
        if state.fish[h] or h in taken:
            continue
        for d, name in enumerate(DIRECTIONS):
            ahead = b.step(h, d)
            if ahead >= 0 and state.fish[ahead] == c:
                return b.names[h], name
    raise AssertionError(f"no free hex next to a {colour} fish")


def destinations(state: HaaienzeeState, prey: int = E.KEEP) -> set[str]:
    """The engine's legal end hexes of the shark to move, for one prey action."""
    b = state.board
    return {b.names[m.dest] for m in state.legal_table().values()
            if isinstance(m, E.Swim) and m.prey == prey and m.dest >= 0}


def turn_only(state: HaaienzeeState, prey: int = E.KEEP) -> dict[str, str]:
    """The engine's moves that only turn (no swim): new facing -> move."""
    shark = state.sharks[state.shark_to_move or 0]
    return {DIRECTIONS[(shark.facing + m.turn) % 6]: text for text, m in state.legal_table().items()
            if isinstance(m, E.Swim) and m.prey == prey and m.dest < 0 and m.turn}
