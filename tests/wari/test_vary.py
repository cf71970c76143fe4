"""Openings that are not a trap (issue 40): Wari's ``strong`` and its fixed-depth levels
choose between moves of about equal value by their seed (``search.about_equal``).

- replay: the same seed and the same moves give the same replies (the server's way, a
  player for each move with ``seed_for(secret, move number)``, and a player kept for a
  whole game);
- variation: the same human line against a level meets other replies under other seeds
  (fails on main, where strong ignored its seed);
- margin: the move chosen is always one of the moves within the margin of the best by
  the search's own root scores, never proven worse, never a guess for a proven best;
  the database's moves exactly of the best value (and making progress where the best
  does), the book's among its moves of about equal value;
- reference: the compiled search's moves within the margin, and their values, are
  Python's search's (the pure reference).
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ludotheek.ai import players
from ludotheek.ai.arena import play_game
from ludotheek.core import resources
from ludotheek.core.rng import Rng
from ludotheek.games.wari import GAME, WariState
from ludotheek.games.wari import endgame as eg
from ludotheek.games.wari.search import MARGIN, TIE, Searcher, about_equal
from ludotheek.games.wari.strong import StrongPlayer, choose_near
from ludotheek.server.computer.turns import seed_for
from tests.wari.helpers import small_db

fast = pytest.importorskip("ludotheek.games.wari.fast")

#: the levels that play the search's move at a fixed depth
FIXED = ["expert", "master", "grandmaster", "champion"]
#: the person's moves in a line
DECISIONS = 8


@pytest.fixture
def compiled() -> Iterator[None]:
    """The compiled search, provided as the application provides it (the levels' players
    search with ``compiled=auto``)."""
    with resources.using(resources.StaticResources({"wari-search": fast})):
        yield


def _line(level: str, secret: int, fresh: bool = False) -> list[str]:
    """A game from the start against ``level`` (North), the person (South) always playing
    the first legal move: the same human line. The computer's player for each move made
    as the server makes it (``players.for_move`` with ``seed_for(secret, move number)``;
    ``fresh``: a new player each time, ``for_level``); the moves of DECISIONS rounds."""
    state = GAME.new()
    moves: list[str] = []
    while not state.is_over and len(moves) < 2 * DECISIONS:
        if state.to_move == 0:
            move = state.legal_moves()[0]
        else:
            get = players.for_level if fresh else players.for_move
            player, _ = get("wari", level, seed=seed_for(secret, state.ply))
            move = player.choose(state)
        moves.append(move)
        state = state.play(move)
    return moves


@pytest.mark.usefixtures("compiled")
@pytest.mark.parametrize("level", FIXED)
def test_rule_the_same_seed_and_moves_replay_the_same_replies(level: str) -> None:
    """Replay: the same secret seed and the same moves, the same replies, whether the
    server renews a player for each move or makes a new one."""
    for secret in (3, 11):
        first = _line(level, secret)
        assert _line(level, secret) == first
        assert _line(level, secret, fresh=True) == first


@pytest.mark.usefixtures("compiled")
def test_rule_a_player_kept_for_a_game_replays_it() -> None:
    """A player made once for a whole game (the arena, the golden games) replays it with
    the same seed: its choice depends on its seed and the position's ply only."""
    specs = ["strong:depth=4:endgames=off", "strong:depth=3:endgames=off"]
    a = play_game(GAME, {}, 1, specs, player_seed=5)
    b = play_game(GAME, {}, 1, specs, player_seed=5)
    assert a.record.moves == b.record.moves
    others = {play_game(GAME, {}, 1, specs, player_seed=s).record.moves for s in range(6, 12)}
    assert len(others | {a.record.moves}) > 1  # other seeds, other games


@pytest.mark.usefixtures("compiled")
@pytest.mark.parametrize("level", FIXED)
def test_rule_the_same_human_line_meets_other_replies_under_other_seeds(level: str) -> None:
    """Variation: 20 secret seeds, the same human line against a fixed-depth level: at
    least two different games (on main every seed gave the same game)."""
    lines = set()
    for secret in range(20):
        lines.add(tuple(_line(level, secret)))
        if len(lines) > 1:
            break
    assert len(lines) > 1, f"{level} replied the same way under 20 seeds"


def _positions(count: int, seed: int) -> list[WariState]:
    """Positions of games of greedy and random moves, with a choice of moves."""
    rng = Rng.from_seed(seed)
    greedy = players.get("wari", "greedy", seed=seed)
    out: list[WariState] = []
    while len(out) < count:
        state = GAME.new()
        for _ in range(2 + rng.randbelow(50)):
            if state.is_over:
                break
            state = state.play(greedy.choose(state) if rng.randbelow(3)
                               else rng.choice(state.legal_moves()))
        if not state.is_over and len(state.legal_moves()) > 1:
            out.append(state)
    return out


def _check_within_margin(state: WariState, player: StrongPlayer) -> tuple[str, list[str]]:
    """The player's move is one of the moves within the margin of the best by its search's
    own root scores (exact there; the others' values bounds below the margin), and those
    follow ``about_equal``'s rule; the move and the moves within the margin."""
    a = player.decide(state)
    values = dict(a.ranking)
    best_move, best = a.ranking[0]
    near = a.stats.get("near", [best_move])
    assert a.move in near and a.value == values[a.move]
    assert near[0] == best_move
    for m in near:
        assert values[m] >= best - MARGIN - TIE
    for m, v in a.ranking:
        if m not in near:  # not chosen: its value (or bound) is below the margin's reach,
            # or equal to a proven best while itself a guess
            assert v < best - MARGIN - TIE or v >= best - TIE
    return a.move, near


@pytest.mark.parametrize("depth", [2, 4, 7])
def test_rule_the_move_is_always_within_the_margin(depth: int) -> None:
    """Margin, a seeded sample: 30 positions, 6 seeds each, fixed depths; the move chosen
    is one of those within the margin (by the search's root scores); some positions offer
    more than one, and the seeds then choose more than one."""
    offered = varied = 0
    for state in _positions(30, depth):
        chosen = set()
        for seed in range(6):
            player = StrongPlayer(depth=depth, endgames="off", compiled="on", seed=seed)
            move, near = _check_within_margin(state, player)
            chosen.add(move)
        offered += len(near) > 1
        varied += len(chosen) > 1
    assert offered >= 3 and varied >= 2


def test_rule_a_timed_search_chooses_within_the_margin() -> None:
    """The timed player (``strong`` with a short time) too, and ``vary=off`` always plays
    the search's best move."""
    for i, state in enumerate(_positions(12, 40)):
        _check_within_margin(state, StrongPlayer(seconds=0.02, endgames="off",
                                                 compiled="on", seed=i))
        fixed = StrongPlayer(depth=4, endgames="off", compiled="on", seed=i, vary="off")
        a = fixed.decide(state)
        assert a.move == a.ranking[0][0] and "near" not in a.stats


@settings(max_examples=300, deadline=None)
@given(st.lists(st.tuples(st.integers(-300, 300), st.booleans()), min_size=1, max_size=6),
       st.sampled_from([0.0, 0.1, MARGIN, 1.0]))
def test_rule_about_equal(values: list[tuple[int, bool]], margin: float) -> None:
    """``about_equal`` on any root scores (hundredths of a seed, proven or not): the best
    first; every move within the margin; a proven best only with moves proven to have
    exactly its value; a proven move only at exactly the best value."""
    ranking = sorted(((cup, v / 100) for cup, (v, _) in enumerate(values)),
                     key=lambda cv: -cv[1])
    proven = {cup for cup, (_, p) in enumerate(values) if p}
    near = about_equal(ranking, proven, margin)
    best_cup, best = ranking[0]
    assert near[0] == best_cup and len(set(near)) == len(near)
    value = dict(ranking)
    for cup in near:
        assert value[cup] >= best - margin - TIE
        if best_cup in proven or cup in proven:
            assert value[cup] == best and (cup in proven) >= (best_cup in proven)
    for cup, v in ranking:  # every guess within the margin of a guessed best is offered
        if best_cup not in proven and cup not in proven and v >= best - margin - TIE:
            assert cup in near
    assert about_equal(ranking, proven, None) == [best_cup]


@pytest.mark.parametrize("depth", [1, 2, 3, 4])
def test_the_compiled_searchs_moves_within_the_margin_are_pythons(depth: int) -> None:
    """Reference: at fixed depths, with the table only ordering the moves (both return the
    depth-limited minimax values), the compiled search's moves within the margin and their
    values are the Python search's, with the margin and without (``exact``)."""
    compared = 0
    for state in _positions(30, 100 + depth):
        for margin in (0.0, MARGIN, 1.0):
            py = Searcher(tt_cutoffs=False).run(state, None, depth, margin=margin)
            ours = fast.FastSearcher(tt_cutoffs=False, tt_bits=12).run(
                state, max_depth=depth, margin=margin)
            assert ours.near == py.near, (state.board, ours.ranking, py.ranking)
            assert all(abs(dict(ours.ranking)[c] - dict(py.ranking)[c]) < 1e-6
                       for c in py.near)
            # every move's exact value: the same moves within the margin
            full = Searcher(tt_cutoffs=False).run(state, None, depth, exact=True)
            assert set(about_equal(full.ranking, set(full.proven), margin)) == set(py.near)
            compared += len(py.near) > 1
    assert compared > 5


def test_the_compiled_searchs_proven_moves_are_pythons_with_the_database() -> None:
    """Reference, with the endgame database at the leaves (proven values): the moves within
    the margin and the proven moves of the compiled search are Python's."""
    db = small_db(7)
    tables = db.kernel_tables()
    rng = Rng.from_seed(8)
    compared = proven = 0
    while compared < 40:
        board = [0] * 12
        for _ in range(9 + rng.randbelow(4)):
            board[rng.randbelow(12)] += 1
        state = GAME.position(board, to_move=rng.randbelow(2))
        if state.is_over or len(state.legal_moves()) < 2:
            continue
        py = Searcher(db=db, tt_cutoffs=False).run(state, None, 3, exact=True, margin=MARGIN)
        ours = fast.FastSearcher(tables=tables, tt_cutoffs=False, tt_bits=12).run(
            state, max_depth=3, exact=True, margin=MARGIN)
        assert ours.near == py.near and ours.proven == py.proven, (board, ours, py)
        compared += 1
        proven += len(py.proven) > 0
    assert proven > 5


@pytest.fixture
def db() -> Iterator[eg.EndgameDB]:
    small = small_db(8)
    with resources.using(resources.StaticResources({"wari-endgames": small})):
        yield small


def test_rule_the_database_varies_only_between_moves_of_exactly_the_best_value(
        db: eg.EndgameDB) -> None:
    """With at most 8 seeds (the database decides) the move chosen has exactly the best
    value; where the best move makes progress, so does the move chosen; the seeds choose
    between such moves in some positions; a hint shows the database's first move."""
    rng = Rng.from_seed(21)
    varied = 0
    for _ in range(120):
        while True:
            board = [0] * 12
            for _ in range(3 + rng.randbelow(6)):
                board[rng.randbelow(12)] += 1
            state = GAME.position(board, to_move=rng.randbelow(2))
            if not state.is_over and len(state.legal_moves()) > 1:
                break
        mover = state.to_move or 0
        moves = {str(m.cup + 1): m for m in db.moves(state.board, mover)}
        first = db.moves(state.board, mover)[0]
        chosen = set()
        for seed in range(8):
            a = StrongPlayer(seed=seed).decide(state)
            m = moves[a.move]
            assert m.value == first.value == a.value
            assert m.progress or not first.progress
            chosen.add(a.move)
        assert StrongPlayer(seed=3).analyse(state).move == str(first.cup + 1)
        varied += len(chosen) > 1
    assert varied >= 5


def test_rule_the_book_varies_between_its_moves_of_about_equal_value() -> None:
    """A small book (searches of 5 plies, margin as strong's): its positions include those
    after each of its moves of about equal value; strong plays one of them, the seeds
    choosing more than one somewhere; ``vary=off`` plays the book's first."""
    from ludotheek.core.resources import MemoryStore
    from ludotheek.games.wari import book as wb

    store = MemoryStore()
    wb.build(store, None, {"first_plies": 2, "second_plies": 1, "depth": 5})
    opened = wb.open_book(store)
    assert opened is not None and opened.alternatives
    varied = 0
    with resources.using(resources.StaticResources({"wari-book": opened})):
        for key, alternatives in opened.alternatives.items():
            state = GAME.position(list(key), to_move=0)
            near = opened.near(state)
            assert near is not None and len(near) == 1 + len(alternatives)
            best = near[0][1]
            assert all(best - MARGIN - TIE <= v <= best + TIE for _, v in near)
            chosen = set()
            for seed in range(8):
                a = StrongPlayer(seed=seed, seconds=0.01, compiled="on").decide(state)
                assert a.stats["book"] and a.move in dict(near)
                chosen.add(a.move)
            off = StrongPlayer(seed=1, seconds=0.01, compiled="on", vary="off").decide(state)
            assert off.move == near[0][0]
            varied += len(chosen) > 1
    assert varied >= 1
    # the positions after the first player's moves of about equal value are in the book
    start = GAME.new()
    near = opened.near(start)
    assert near is not None
    for move, _ in near:
        after = start.play(move)
        for reply in after.legal_moves():
            assert opened.move(after.play(reply)) is not None


def test_choose_near_is_a_function_of_seed_and_ply() -> None:
    picks = {choose_near(seed, ply, 3) for seed in range(20) for ply in range(5)}
    assert picks == {0, 1, 2}
    assert all(choose_near(s, p, 3) == choose_near(s, p, 3) for s in range(5) for p in range(5))
    assert choose_near(9, 4, 1) == 0
