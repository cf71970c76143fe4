"""Wari's strong player: legal and in time, perfect with the database, tactics, hints."""

from __future__ import annotations

import gc
import time
from collections.abc import Iterator

import pytest

from ludotheek.ai import players
from ludotheek.core import resources
from ludotheek.core.rng import Rng
from ludotheek.games.wari import GAME, WariState
from ludotheek.games.wari import endgame as eg
from ludotheek.games.wari.rules import sow_and_capture
from ludotheek.games.wari.search import Searcher, expand
from ludotheek.games.wari.strong import StrongPlayer
from tests.wari.helpers import small_db

SMALL = 8  # the database built for these tests (a few seconds)


@pytest.fixture
def db() -> Iterator[eg.EndgameDB]:
    """The small database, provided to the players as the application would."""
    small = small_db(SMALL)
    with resources.using(resources.StaticResources({"wari-endgames": small})):
        yield small


BOTH = pytest.mark.parametrize("compiled", ["off", "on"])  # Python's search, the compiled one


def random_position(rng: Rng, seeds: int, mover: int) -> WariState:
    while True:
        board = [0] * 12
        for _ in range(seeds):
            board[rng.randbelow(12)] += 1
        state = GAME.position(board, to_move=mover)
        if not state.is_over:
            return state


def midgame(seed: int, plies: int) -> WariState:
    rng = Rng.from_seed(seed)
    state = GAME.new()
    for _ in range(plies):
        state = state.play(rng.choice(state.legal_moves()))
    return state


def test_registered_with_levels() -> None:
    assert "strong" in players.names("wari")
    levels = players.levels("wari")
    assert list(levels) == ["beginner", "novice", "easy", "normal", "good", "expert", "master",
                            "grandmaster", "champion", "strong"]
    assert levels["strong"].player == "strong" and levels["strong"].seconds == 1.0
    # normal (docs/rules/wari.md, DECISION): the 4-ply search choosing with a temperature of 1
    assert levels["normal"].player == "tempered"
    assert levels["normal"].params == {"inner": "strong", "depth": 4, "temperature": 1}
    player, seconds = players.for_level("wari", "expert")
    assert isinstance(player, StrongPlayer) and player.depth == 4 and seconds == 0.0
    # grandmaster (docs/rules/wari.md, DECISION): 9 plies, between master's 6 and strong;
    # its name is not on players.LADDER, so the level brings its own label
    player, seconds = players.for_level("wari", "grandmaster")
    assert isinstance(player, StrongPlayer) and player.depth == 9 and seconds == 0.0
    assert "grandmaster" not in players.LADDER
    assert levels["grandmaster"].label == {"en": "Grandmaster", "nl": "Grootmeester",
                                           "no": "Stormester"}
    # champion (docs/rules/wari.md, DECISION): 11 plies, between grandmaster and strong
    player, seconds = players.for_level("wari", "champion")
    assert isinstance(player, StrongPlayer) and player.depth == 11 and seconds == 0.0
    assert "champion" not in players.LADDER
    assert levels["champion"].label == {"en": "Champion", "nl": "Kampioen", "no": "Toppspiller"}


def test_expand_is_the_engines_legal_moves() -> None:
    rng = Rng.from_seed(4)
    for _ in range(500):
        state = random_position(rng, rng.randbelow(30) + 1, rng.randbelow(2))
        b = state.board if state.to_move == 0 else state.board[6:] + state.board[:6]
        offset = 6 * (state.to_move or 0)
        assert sorted(cup + offset for cup, _, _ in expand(b)) == state.legal_cups()
        for cup, captured, child in expand(b):
            after = state.play(str(cup + offset + 1))
            assert after.last_capture == captured
            if not after.is_over:
                mine = after.board if after.to_move == 0 else after.board[6:] + after.board[:6]
                assert mine == child


@BOTH
def test_plays_legal_moves_within_its_time(compiled: str) -> None:
    """A whole game against greedy at 0.05 s a move: every move legal (the engine
    checks), and no search works on after its time by more than a little (the time is
    read every 256 nodes). Measured in this thread's CPU time, which other work on a
    busy machine does not add to (the wall-clock time of a move does grow with the
    load), nor other threads of the test process (a server or a pool left by an earlier
    test in the same worker, whose work the process's CPU time counts too: 0.60 s once
    in CI, where alone it stays under 0.07 s). Nor the collection of the garbage that
    the search left, which Python may run at the next allocation after the search (the
    search itself runs with the collector off): its time grows with everything the
    process holds, 0.7 s of this thread once in CI, in a test worker that had run a
    thousand tests; it runs here in greedy's turn, outside the measure."""
    if compiled == "on":
        from ludotheek.games.wari import fast

        fast.warm()  # compiled (or loaded) before the clock runs: ready() in play
    player = StrongPlayer(seconds=0.05, endgames="off", compiled=compiled)
    greedy = players.get("wari", "greedy", seed=1)
    state = GAME.new()
    slowest = 0.0
    while not state.is_over and state.ply < 400:
        if state.to_move == 0:
            collecting = gc.isenabled()
            gc.disable()
            try:
                t0 = time.thread_time()
                move = player.choose(state)
                slowest = max(slowest, time.thread_time() - t0)
            finally:
                if collecting:
                    gc.enable()
        else:
            move = greedy.choose(state)
        state = state.play(move)
    assert slowest < 0.05 + 0.5


@BOTH
def test_a_fixed_depth_is_repeatable(compiled: str) -> None:
    state = midgame(3, 10)
    a = StrongPlayer(depth=5, endgames="off", compiled=compiled).analyse(state)
    b = StrongPlayer(depth=5, endgames="off", compiled=compiled).analyse(state)
    assert (a.move, a.value, a.ranking) == (b.move, b.value, b.ranking)
    assert a.stats["depth"] == 5 and a.move in state.legal_moves()


def test_rule_perfect_play_with_the_database(db: eg.EndgameDB) -> None:
    """On 300 random positions with at most 8 seeds, the player's move has the best
    value the database gives (its value is the position's); the hint shows the move, and
    a move played (chosen between the best by the seed, issue 40) has that value too."""
    player = StrongPlayer()
    rng = Rng.from_seed(12)
    for _ in range(300):
        state = random_position(rng, 1 + rng.randbelow(SMALL), rng.randbelow(2))
        analysis = player.analyse(state)
        values = {str(m.cup + 1): m.value for m in db.moves(state.board, state.to_move or 0)}
        assert values[analysis.move] == max(values.values()) == analysis.value
        assert analysis.stats["database"]
        assert values[player.choose(state)] == analysis.value


@BOTH
def test_the_search_uses_the_database_at_its_leaves(db: eg.EndgameDB, compiled: str) -> None:
    """With more seeds than the database holds, the search still ends in it: a board of
    10 seeds searched 3 plies deep reads exact values below 9 seeds."""
    state = GAME.position([0, 2, 0, 1, 0, 1, 1, 1, 0, 2, 1, 1], to_move=0)
    searcher = StrongPlayer(compiled=compiled).searcher()
    assert searcher.db_max == SMALL
    result = searcher.run(state, None, 3)
    assert result.depth == 3
    plain = StrongPlayer(compiled=compiled, endgames="off").searcher().run(state, None, 3)
    assert result.nodes < plain.nodes  # the database cut the tree short


# Positions where taking the biggest capture now is a mistake. The best moves and the
# values in the comments are the full endgame database's (these boards hold 12-13 seeds;
# found by a script that drew random boards, kept those where the largest capture is
# worth at least 6 seeds less than the best move, and checked them with the database):
# strong must find a best move by search alone, without the database.
# (board, mover, the best moves, the largest capture's move)
TACTICS: list[tuple[tuple[int, ...], int, set[str], str]] = [
    # 6 captures 5 but South ends -4; 5 captures 3 and South ends +4
    ((1, 0, 1, 0, 2, 2, 2, 1, 1, 1, 2, 1), 0, {"5"}, "6"),
    # 6 captures 5: -5; the quiet 1 prepares more: +3
    ((2, 0, 0, 1, 3, 3, 0, 2, 1, 0, 2, 1), 0, {"1"}, "6"),
    # 5 captures 2: -7; the quiet 2: +1
    ((2, 1, 1, 1, 3, 3, 0, 1, 0, 1, 0, 2), 0, {"2"}, "5"),
    # 6 captures 4: -6; the quiet 1: +4
    ((2, 0, 1, 1, 2, 2, 1, 1, 3, 0, 0, 1), 0, {"1"}, "6"),
]


@BOTH
@pytest.mark.parametrize("board, mover, best, greedy", TACTICS)
def test_finds_the_winning_line_by_search(board: tuple[int, ...], mover: int, best: set[str],
                                          greedy: str, compiled: str) -> None:
    state = GAME.position(board, to_move=mover)
    captures = {m: sow_and_capture(state.board, int(m) - 1)[1] for m in state.legal_moves()}
    assert max(captures, key=lambda m: captures[m]) == greedy  # the tempting capture
    move = StrongPlayer(depth=8, endgames="off", compiled=compiled).choose(state)
    assert move in best and greedy not in best


@BOTH
def test_hint_analysis_from_the_search(compiled: str) -> None:
    state = midgame(5, 12)
    a = StrongPlayer(depth=4, endgames="off", compiled=compiled).analyse(state)
    assert a.move in state.legal_moves() and a.value is not None
    assert sorted(m for m, _ in a.ranking) == sorted(state.legal_moves())
    assert a.ranking[0] == (a.move, a.value)
    assert [v for _, v in a.ranking] == sorted((v for _, v in a.ranking), reverse=True)
    assert "the search sees" in a.reason and "over 4 plies" in a.reason
    assert a.stats["line"][0] == a.move


def test_hint_analysis_from_the_database(db: eg.EndgameDB) -> None:
    # South captures 2 from cup 6 and North must then feed South: South gets all 3
    state = GAME.position([0, 0, 0, 0, 0, 1, 1, 0, 0, 0, 0, 1], stores=(20, 25), to_move=0)
    a = StrongPlayer().analyse(state)
    assert (a.move, a.value) == ("6", 3.0)
    assert a.reason.startswith("captures 2 now; ")
    assert "loses by 2 seeds with perfect play" in a.reason and "endgame database" in a.reason


def _game_ending_by_repetition() -> tuple[WariState, str]:
    """A random game from a small position that ends by the repetition rule: the
    position before its last move, and that move."""
    rng = Rng.from_seed(1)
    while True:
        board = [0] * 12
        for _ in range(4 + rng.randbelow(6)):
            board[rng.randbelow(12)] += 1
        state = GAME.position(board, to_move=rng.randbelow(2))
        before, move = state, ""
        while not state.is_over and state.ply < 300:
            before, move = state, rng.choice(state.legal_moves())
            state = state.play(move)
        if state.end_reason == "repetition":
            return before, move


@BOTH
def test_the_repetition_rule_in_the_search(compiled: str) -> None:
    """A move into a position met twice already ends the game (its third occurrence):
    the search values it as the repetition rule scores it, each side keeping its
    seeds, and the hint's ranking shows that value."""
    before, move = _game_ending_by_repetition()
    me = before.to_move
    assert me is not None
    after = before.play(move)
    assert after.end_reason == "repetition"
    kept = after.stores[me] - before.stores[me] - (after.stores[1 - me] - before.stores[1 - me])
    a = StrongPlayer(depth=2, endgames="off", compiled=compiled).analyse(before)
    assert dict(a.ranking)[move] == kept
    counts = Searcher.repetition_counts(before)
    assert sorted(counts.values()) == sorted(before._hist.values()) and 2 in counts.values()


def test_the_stretch_start() -> None:
    """The stop value where the capture-free stretch began, for the player to move."""
    state = GAME.position([3, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0], to_move=0)
    assert Searcher.stretch_start(state) == 2
    later = state.play("1")  # no capture: the stretch goes on, North to move
    assert later.board == (0, 1, 1, 1, 0, 0, 1, 0, 0, 0, 0, 0)
    assert Searcher.stretch_start(later) == -2


def test_the_compiled_search_comes_from_the_application() -> None:
    """``compiled=auto``: the compiled search where the application provides it (the
    data set ``wari-search``), Python's until then."""
    from ludotheek.games.wari import fast
    from ludotheek.games.wari.fast import FastSearcher

    player = StrongPlayer(depth=3)
    assert isinstance(player.searcher(), Searcher)
    with resources.using(resources.StaticResources({"wari-search": fast})):
        assert isinstance(player.searcher(), FastSearcher)
    assert isinstance(StrongPlayer(compiled="off").searcher(), Searcher)


def test_rule_perfect_play_with_the_abapa_database() -> None:
    """rules=abapa: the Abapa database (a grand slam captures nothing) decides."""
    abapa = small_db(6, abapa=True)
    player = StrongPlayer()
    rng = Rng.from_seed(5)
    with resources.using(resources.StaticResources({"wari-endgames-abapa": abapa})):
        for _ in range(100):
            while True:
                board = [0] * 12
                for _ in range(1 + rng.randbelow(6)):
                    board[rng.randbelow(12)] += 1
                state = GAME.position(board, (20, 22), rng.randbelow(2), rules="abapa")
                if not state.is_over:
                    break
            a = player.analyse(state)
            values = {str(m.cup + 1): m.value for m in abapa.moves(state.board,
                                                                   state.to_move or 0)}
            assert a.stats["database"] and values[a.move] == max(values.values())
    assert player.database(abapa=False) is None  # the applet's rules have their own


def test_the_old_strong_player_is_kept_by_name() -> None:
    """Today's strong of before the compiled search, for comparisons: Python's search
    and the database up to 15 seeds."""
    old = players.get("wari", "strong-v1")
    assert isinstance(old, StrongPlayer) and old.compiled == "off" and old.max_seeds == 15
    assert old.vary == "off"  # as it played then (issue 40's variation came later)


def test_the_openings_book() -> None:
    """A small book (searches of 5 plies): its positions are those after the book's
    moves (each of those of about equal value, issue 40) and any replies, for either
    side; strong plays one of its moves there, with either side starting, and searches
    elsewhere."""
    from ludotheek.core.resources import MemoryStore
    from ludotheek.games.wari import book as wb

    store = MemoryStore()
    wb.build(store, None, {"first_plies": 2, "second_plies": 1, "depth": 5})
    opened = wb.open_book(store)
    assert opened is not None and opened.depth == 5
    near = opened.near(GAME.new())
    assert near is not None
    # ply 0 and 2 for the first player (after each of its moves at 0), ply 1 for the second
    assert 7 <= len(opened) <= 7 + 6 * len(near)
    assert wb.open_book(store, abapa=True) is None  # made for the applet's rules
    player = StrongPlayer(seconds=0.01, compiled="on")
    with resources.using(resources.StaticResources({"wari-book": opened})):
        for first in ("south", "north"):
            state = GAME.new(first=first)
            a = player.analyse(state)  # a hint searches: it ranks every move
            assert "book" not in a.stats
            chosen = player._analyse(state, None, exact=False)
            assert chosen.stats["book"] and "openings book" in chosen.reason
            assert chosen.move in dict(opened.near(state) or [])
        later = GAME.new().play("1").play("7").play("2").play("8")
        assert opened.move(later) is None
        assert "book" not in player._analyse(later, None, exact=False).stats
        assert opened.move(GAME.new(seeds_per_cup=5)) is None


def test_the_abapa_rules_have_their_own_openings_book() -> None:
    """Under rules=abapa strong plays the moves of ``wari-book-abapa`` (made for those
    rules), never those of the applet's book, with either side starting; a game under
    the applet's rules does not use the Abapa book."""
    from ludotheek.core.resources import MemoryStore
    from ludotheek.games.wari import book as wb

    store = MemoryStore()
    wb.build(store, None, {"first_plies": 0, "second_plies": 1, "depth": 4, "abapa": True})
    abapa = wb.open_book(store, abapa=True)
    assert abapa is not None and abapa.abapa and wb.open_book(store) is None
    player = StrongPlayer(seconds=0.01, compiled="on")
    with resources.using(resources.StaticResources({"wari-book-abapa": abapa})):
        for first in ("south", "north"):
            state = GAME.new(first=first, rules="abapa")
            chosen = player._analyse(state, None, exact=False)
            assert chosen.stats["book"]
            assert chosen.move in dict(abapa.near(state) or [])
            applet = GAME.new(first=first)
            assert abapa.move(applet) is None
            assert "book" not in player._analyse(applet, None, exact=False).stats
