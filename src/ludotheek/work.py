"""What a computer worker process runs: its start, its warm-up, a move, a hint.

The server's computer pool (``server/computer/pool.py``) starts worker processes and
sends them these functions. They live outside ``ludotheek.server`` on purpose: a worker
imports the module of each function it is sent, and ``ludotheek.server`` imports the whole
web server (SQLAlchemy, Alembic, aiohttp, the API: 0.9 s of a worker's start before
issue 39, none of it used there). A worker imports only what playing and analysing need.

The warm-up (:func:`warm_up`, sent once to each worker as the server starts, before anyone
asks) loads what the first move and the first analysis would otherwise load on the way:
the players, the compiled code the data folder provides (``preload``), every data set whose
copy is there (Wari's endgame databases: 0.3 s of checksums), the analysis and each game's
declaration of it. What it did is kept in :data:`WARMED` and returned.
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

from ludotheek.ai import players
from ludotheek.core.game import State

#: what this process's warm-up did (:func:`warm_up`): empty until it has run
WARMED: dict[str, Any] = {}


def compute_move(game: str, state_json: dict[str, Any] | State, level: str, seed: int,
                 max_seconds: float) -> str:
    """Runs in a worker: the move the player of ``level`` chooses."""
    from ludotheek.games import get

    state = state_json if isinstance(state_json, State) else get(game).from_json(state_json)
    # the move of a new player of the level with this seed; its costly parts are kept
    # between the moves of each thread (players.for_move)
    player, seconds = players.for_move(game, level, seed=seed)
    if seconds is not None:
        seconds = min(seconds, max_seconds)
    return player.choose(state, seconds)


def analyse_move(game: str, state_json: dict[str, Any], level: str, seed: int,
                 max_seconds: float) -> dict[str, Any]:
    """Runs in a worker: the player's analysis (for hints)."""
    from ludotheek.games import get

    state = get(game).from_json(state_json)
    player, seconds = players.for_level(game, level, seed=seed)
    seconds = max_seconds if seconds is None else min(seconds, max_seconds)
    analyse = getattr(player, "analyse", None)
    if analyse is None:
        return {"move": player.choose(state, seconds), "value": None, "reason": "",
                "ranking": [], "seconds": seconds}
    a = analyse(state, seconds)
    return {"move": a.move, "value": a.value, "reason": a.reason,
            "ranking": [[m, v] for m, v in a.ranking[:5]], "seconds": seconds}


def start_worker(data_folder: str, owner: str | None = None) -> None:
    """A worker process's start: its players get the data folder's data sets (the builds
    it starts are the server's: ``owner``). Ctrl+C in the server's terminal reaches every
    process of its group: the worker leaves it to the server, which stops its pool (the
    worker's KeyboardInterrupt printed a traceback)."""
    import signal

    from ludotheek.data import folder as resources

    signal.signal(signal.SIGINT, signal.SIG_IGN)

    resources.setup(Path(data_folder), owner)


def warm_up() -> dict[str, Any]:
    """Load now what the first move and the first analysis need (see the module's text);
    what was done, with the seconds each step took (also kept in :data:`WARMED`)."""
    from ludotheek.data import folder as resources
    from ludotheek.games import names, plugin

    steps: dict[str, float] = {}
    t0 = last = time.perf_counter()

    def step(name: str) -> None:
        nonlocal last
        now = time.perf_counter()
        steps[name] = round(now - last, 3)
        last = now

    for game in names():  # each game's players (their modules import the rules)
        players.game_module(game)
    step("players")
    resources.preload()  # compiled searches: loaded now, not at the first move
    step("compiled")
    opened = resources.open_present()
    step("data")
    from ludotheek.analysis import quick, stream  # noqa: F401  (the review's modules)
    from ludotheek.analysis.measure import _review

    for game in names():
        if plugin(game).review is not None:
            _review(game)  # the game's declaration, kept for the positions it studies
    step("analysis")
    WARMED.update(seconds=round(last - t0, 3), steps=steps, data=opened)
    return dict(WARMED)
