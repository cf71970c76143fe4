"""Wari's ``strong`` player: alpha-beta search within its time, the endgame database
at the leaves and, when few seeds are left, perfect play from it.

- With at most ``db.max_seeds`` seeds on the board it plays the database's move:
  perfect play (docs/rules/wari.md, "Endgame database"), except that a move into a
  position that would end the game by repetition is valued as the rule ends it.
- Otherwise it searches: the compiled search (``fast.FastSearcher``, numba) where the
  application provides it (the data set ``wari-search``), else the same search in
  Python (``search.Searcher``): iterative deepening until its time is up (the depth
  under way then is abandoned, but a better move it found already is played), or
  earlier where more time cannot help (``search.stop_early``: a single legal move, or
  a depth whose result is proven, resting on no evaluated leaf), alpha-beta with a
  transposition table,
  captures / the previous best move / killer moves / history first, a quiescence
  search of captures, the evaluation of ``evaluate.py`` at the leaves and the
  database's values where a line reaches it.

- In the first moves of a game of 4 seeds a cup it plays the openings book's move
  (``book``: made by searches of 18 plies), where the position is in it.

It varies (issue 40): where several moves are of about equal value, the seed chooses
between them, so that a line that beats it once does not beat it every time. "About
equal" (``search.about_equal``): a root move whose searched value is within ``margin``
seeds (``search.MARGIN``, a quarter of a seed) of the best move's, both guesses of the
evaluation; where a value is proven (it rests on no guess: the game's end, a repetition,
the database), only exactly the best value, and a proven best value only for moves
proven to have it. The database's moves: exactly the best value, and where the best
move is one that makes progress (the value is one the mover must force), only moves
that make progress too. The book's: the moves the book's search found within the margin.
The choice is a pure function of the player's seed and the position's ply
(``choose_near``): a server gives each move the seed ``seed_for(game's secret seed,
move number)``, so options, seed and moves replay a game. Hints (``analyse``) do not
vary: they show the best move of the search.

The data sets come from the application (:func:`ludotheek.core.resources.current`):
``wari-search``, ``wari-endgames``, ``wari-book`` (``-abapa`` for ``rules=abapa``).

Parameters: ``depth=N`` searches exactly N plies whatever the time (repeatable: for
tests and golden games); ``seconds`` is the time per move otherwise; ``endgames``:
``auto`` (the database the application provides) or ``off``; ``max_seeds``: use the
database only up to this many seeds; ``compiled``: ``auto`` (the compiled search when
provided, else Python's), ``on`` (compile it here if need be) or ``off`` (Python's);
``book``: ``auto`` (the openings book the application provides; not with ``depth``, nor
for hints) or ``off``; ``stop``: ``full`` (spend the time, as above) or ``half`` (stop
deepening once half the time is gone: ``strong`` before issue 40, kept to compare with,
``strong:stop=half``); the evaluation's weights; ``quiescence`` (plies of captures);
``eval``: ``hand`` (``evaluate.py`` with those weights) or ``learned`` (``learned.py``'s
model of the game's rules, ours or Abapa's, fitted on positions valued by that rule set's
endgame database and by deep searches: the player ``strong-learned``, issue 40); ``vary``:
``on`` (choose between moves of about equal value, see above) or ``off`` (the best move of
the search, the first of equal ones: strong before issue 40's variation,
``strong:vary=off``); ``margin``: "about equal", in seeds.

Its analysis's ``stats`` say how the search went: ``depth`` (plies completed), ``nodes``,
``seconds``, ``stop`` (why it stopped: ``time``, ``proven``, ``single``, ``half`` or
``depth``, see ``search.SearchResult``), ``search`` (which search decided: ``compiled`` or
``python``, see :meth:`StrongPlayer.implementation`) and ``endgames`` (the most seeds of the
endgame database it had: -1 none, fewer than 18 while it is being built).
"""

from __future__ import annotations

from typing import Any

from ludotheek.ai.base import Analysis
from ludotheek.core import resources
from ludotheek.core.game import State
from ludotheek.core.rng import Rng
from ludotheek.games.wari.book import Book
from ludotheek.games.wari.data import SEARCH, book_name, endgames_name
from ludotheek.games.wari.endgame import EndgameDB
from ludotheek.games.wari.evaluate import DEFAULT, Weights, evaluate
from ludotheek.games.wari.learned import Model
from ludotheek.games.wari.rules import WariState, sow_and_capture
from ludotheek.games.wari.search import (
    MARGIN,
    Searcher,
    SearchResult,
    check_stop,
    stop_value,
)


def _seeds(n: float) -> str:
    n = round(n, 1)
    text = f"{abs(n):g}"
    return f"{text} seed" if abs(n) == 1 else f"{text} seeds"


def _signed(n: float) -> str:
    return f"{round(n, 1):+g}"


def choose_near(seed: int, ply: int, count: int) -> int:
    """Which of ``count`` moves of about equal value a player with ``seed`` plays at
    ``ply``: a pure function of the two (no state kept between moves, no clock), the
    same index every time for the same seed and ply.

    >>> [choose_near(7, ply, 3) for ply in range(6)]
    [1, 1, 0, 1, 1, 0]
    """
    if count <= 1:
        return 0
    return Rng.from_seed(Rng.from_seed(seed).next64() ^ ply).randbelow(count)


class StrongPlayer:
    """Alpha-beta search with the endgame database (see the module's text)."""

    name = "strong"

    def __init__(self, seed: int | None = None, seconds: float = 1.0, depth: int | None = None,
                 endgames: str = "auto", material: float = DEFAULT.material,
                 threat: float = DEFAULT.threat, mobility: float = DEFAULT.mobility,
                 kroo: float = DEFAULT.kroo, small: float = DEFAULT.small,
                 quiescence: int = 4, compiled: str = "auto",
                 max_seeds: int | None = None, book: str = "auto",
                 stop: str = "full", eval: str = "hand", vary: str = "on",
                 margin: float = MARGIN) -> None:
        self.seed = 0 if seed is None else int(seed)
        if vary not in ("on", "off"):
            raise ValueError(f"vary is on or off, not {vary!r}")
        if not float(margin) >= 0:
            raise ValueError("margin must be 0 or more")
        self.vary = vary
        self.margin = float(margin)
        self.seconds = float(seconds)
        self.depth = None if depth is None else int(depth)
        if self.depth is not None and self.depth < 1:
            raise ValueError("depth must be at least 1")
        if endgames not in ("auto", "off"):
            raise ValueError(f"endgames is auto or off, not {endgames!r}")
        if compiled not in ("auto", "on", "off"):
            raise ValueError(f"compiled is auto, on or off, not {compiled!r}")
        if book not in ("auto", "off"):
            raise ValueError(f"book is auto or off, not {book!r}")
        check_stop(stop)
        if eval not in ("hand", "learned"):
            raise ValueError(f"eval is hand or learned, not {eval!r}")
        self.eval = eval
        self.stop = stop
        self.book = book
        self.endgames = endgames
        self.compiled = compiled
        self.max_seeds = None if max_seeds is None else int(max_seeds)
        self.weights = Weights(float(material), float(threat), float(mobility), float(kroo),
                               float(small))
        self.quiescence = int(quiescence)
        self._searchers: dict[tuple[Any, ...], Any] = {}

    def renew(self, seed: int | None = None) -> StrongPlayer:
        """A player that plays exactly as a new one with this one's parameters and
        ``seed``: this one, with that seed, its searchers reset to the state of new ones
        (``reset``: the transposition table emptied, the memory kept). A new searcher
        costs more than a shallow search (its table's memory is faulted in afresh). For
        a server that asks for a new player for every move
        (:func:`ludotheek.ai.players.for_move`); whoever held this player before must not
        use it again."""
        self.seed = 0 if seed is None else int(seed)
        for s in self._searchers.values():
            s.reset()
        return self

    @property
    def _margin(self) -> float | None:
        """The root's margin for a move to play (None: no variation)."""
        return self.margin if self.vary == "on" else None

    def _pick(self, state: WariState, near: list[str]) -> str:
        """The move of ``near`` (moves of about equal value) this player's seed chooses
        at this position."""
        return near[choose_near(self.seed, state.ply, len(near))]

    # --- the data ------------------------------------------------------------------------
    def database(self, abapa: bool = False) -> EndgameDB | None:
        """The endgame database this player uses now (None: none yet, or switched off)."""
        if self.endgames == "off":
            return None
        db = resources.current().get(endgames_name(abapa))
        if not isinstance(db, EndgameDB):
            return None
        return db if self.max_seeds is None else db.limited(self.max_seeds)

    def _kernel(self) -> Any:
        """The compiled search's module (``fast``), or None: Python's search then."""
        if self.compiled == "off":
            return None
        if self.compiled == "on":
            from ludotheek.games.wari import fast

            return fast
        return resources.current().get(SEARCH)

    def implementation(self, state: State) -> str:
        """Which search this player uses for ``state`` now: ``compiled`` (numba's) or
        ``python`` (the reference search: where the compiled one is not built for this
        checkout in the data folder, or with ``compiled=off``; far fewer nodes a second).
        Ratings and matches record it (``ludotheek.ai.base.implementation_of``)."""
        return "python" if self._kernel() is None else "compiled"

    def searcher(self, abapa: bool = False) -> Any:
        """The search this player uses now: a ``FastSearcher`` or a ``Searcher`` (both
        keep their transposition table between moves)."""
        db = self.database(abapa)
        fast = self._kernel()
        # the learned evaluation has a model for each rule set (learned.Model.load)
        rules = bool(abapa) if self.eval == "learned" else None
        key = (fast is not None, id(db), db.max_seeds if db is not None else -1, rules)
        s = self._searchers.get(key)
        if s is None:
            self._searchers.clear()
            w = self.weights
            model = Model.load(bool(abapa)) if self.eval == "learned" else None
            if fast is not None:
                tables = db.kernel_tables() if db is not None else None
                s = fast.FastSearcher(w, tables, self.quiescence, learned=model)
            elif model is not None:
                s = Searcher(model.value, db, self.quiescence)
            else:
                s = Searcher((lambda b: evaluate(b, w)) if w != DEFAULT else evaluate, db,
                             self.quiescence)
            self._searchers[key] = s
        return s

    # --- playing ---------------------------------------------------------------------------
    def choose(self, state: State, seconds: float | None = None) -> str:
        return self._analyse(state, seconds, exact=False).move

    def decide(self, state: State, seconds: float | None = None) -> Analysis:
        """The move ``choose`` makes, with what it saw (the search's ``stats``, or
        ``book`` / ``database`` where those decided; nothing for a single legal move):
        for benchmarks of the search (benchmarks/wari_time_use.py)."""
        return self._analyse(state, seconds, exact=False)

    def analyse(self, state: State, seconds: float | None = None) -> Analysis:
        """The move, its expected gain in seeds (the mover's captures and kept seeds from
        now on, minus the opponent's), every move's value and the reason in words."""
        return self._analyse(state, seconds, exact=True)

    def _analyse(self, state: State, seconds: float | None, exact: bool) -> Analysis:
        assert isinstance(state, WariState), "the Wari player plays Wari"
        mover = state.to_move
        assert mover is not None, "the game is over"
        names = state.legal_moves()
        if len(names) == 1 and not exact:
            return Analysis(names[0], None, [(names[0], 0.0)], "the only legal move")
        db = self.database(state.abapa)
        if db is not None and sum(state.board) <= db.max_seeds:
            return self._from_database(state, db, playing=not exact)
        known = self._from_book(state, exact)
        if known is not None:
            return known
        searcher = self.searcher(state.abapa)
        margin = None if exact else self._margin
        if self.depth is not None:
            result = searcher.run(state, None, self.depth, exact, margin=margin)
        else:
            result = searcher.run(state, self.seconds if seconds is None else seconds,
                                  exact=exact, stop=self.stop, margin=margin)
        found = self._from_search(state, result)
        found.stats["search"] = "python" if isinstance(searcher, Searcher) else "compiled"
        found.stats["endgames"] = db.max_seeds if db is not None else -1
        return found

    def _from_book(self, state: WariState, exact: bool) -> Analysis | None:
        """The openings book's move (not for a hint: it ranks no alternatives)."""
        if self.book == "off" or exact or self.depth is not None:
            return None
        found = resources.current().get(book_name(state.abapa))
        if not isinstance(found, Book):
            return None
        near = found.near(state) if self._margin is not None else None
        if near is None:
            hit = found.move(state)
            if hit is None:
                return None
            near = [hit]
        move, value = near[choose_near(self.seed, state.ply, len(near))]
        stats: dict[str, Any] = {"book": True}
        if len(near) > 1:
            stats["near"] = [m for m, _ in near]
        return Analysis(move, value, list(near),
                        f"the openings book: a search of {found.depth} plies sees "
                        f"{_signed(value)} seeds for this side", stats)

    def _cup_name(self, state: WariState, own_cup: int) -> str:
        return str(own_cup + 1 + (6 if state.to_move == 1 else 0))

    def _from_search(self, state: WariState, r: SearchResult) -> Analysis:
        """The search's move: its best, or where ``r.near`` holds several moves of about
        equal value (a search with a margin), the one the seed chooses."""
        ranking = [(self._cup_name(state, cup), v) for cup, v in r.ranking]
        near = [self._cup_name(state, cup) for cup in r.near] or [ranking[0][0]]
        move = self._pick(state, near)
        value = dict(ranking)[move]
        _, captured = _after(state, move)
        words = f"captures {captured} now; " if captured else ""
        reason = (f"{words}the search sees {_signed(value)} seeds for this side "
                  f"over {r.depth} plies")
        line = r.line if self._cup_name(state, r.cup) == move else [int(move) - 1 - 6 * (
            state.to_move or 0)]
        stats: dict[str, Any] = {"depth": r.depth, "nodes": r.nodes,
                                 "seconds": round(r.seconds, 3), "stop": r.stop, "line": [
                                     self._line_name(state, i, cup)
                                     for i, cup in enumerate(line)]}
        if len(near) > 1:
            stats["near"] = near
        return Analysis(move, value, ranking, reason, stats)

    @staticmethod
    def _line_name(state: WariState, i: int, cup: int) -> str:
        mover = state.to_move if i % 2 == 0 else 1 - (state.to_move or 0)
        return str(cup + 1 + (6 if mover == 1 else 0))

    def _from_database(self, state: WariState, db: EndgameDB, playing: bool = False
                       ) -> Analysis:
        """The database's move (``playing``, not a hint, with ``vary`` on: one of its
        moves of exactly the best value, see the module's text, chosen by the seed)."""
        mover = state.to_move
        assert mover is not None
        start = Searcher.stretch_start(state)
        counts = Searcher.repetition_counts(state)
        seen_limit = 1 if state.abapa else 2  # a position met this often ends the game
        moves = db.moves(state.board, mover, start)
        ranked: list[tuple[str, float, int, bool]] = []
        for i, m in enumerate(moves):
            name = str(m.cup + 1)
            value = float(m.value)
            after, captured = _after(state, name)
            child = after if mover == 1 else (*after[6:], *after[:6])
            if not captured and counts.get((child, 1 - mover), 0) >= seen_limit:
                value = -float(stop_value(child))  # this move ends the game by repetition
            ranked.append((name, value, i, m.progress))
        ranked.sort(key=lambda r: (-r[1], r[2]))
        move, value = ranked[0][0], ranked[0][1]
        near = [move]
        if playing and self._margin is not None:
            # exactly the best value; where the best move makes progress (a value the
            # mover must force), only moves that make progress too, lest the game go
            # round and end by repetition on other terms
            progress = ranked[0][3]
            near = [n for n, v, _, p in ranked if v == value and (p or not progress)]
            move = self._pick(state, near)
        exact = db.exact(state.board, mover)
        lead = state.stores[mover] - state.stores[1 - mover]
        final = lead + value
        outcome = ("wins by " + _seeds(final) if final > 0 else
                   "loses by " + _seeds(-final) if final < 0 else "draws")
        _, captured = _after(state, move)
        words = f"captures {captured} now; " if captured else ""
        if exact:
            reason = (f"{words}exact: {outcome} with perfect play, gaining "
                      f"{_signed(value)} from the board (endgame database)")
        elif exact is None:
            reason = (f"{words}{outcome} with perfect play, gaining {_signed(value)} from the "
                      f"board (endgame database)")
        else:
            reason = (f"{words}{outcome} with perfect play, gaining {_signed(value)} from the "
                      f"board (endgame database; neither side can force a capture on better "
                      f"terms, so the game ends by repetition, each side keeping its seeds)")
        stats: dict[str, Any] = {"database": True, "exact": exact}  # (None: not known)
        if len(near) > 1:
            stats["near"] = near
        return Analysis(move, value, [(n, v) for n, v, _, _ in ranked], reason, stats)


def _after(state: WariState, move: str) -> tuple[tuple[int, ...], int]:
    """The board (cup 1 first) after ``move``, before any end of the game, and the seeds
    it captures."""
    nb, captured = sow_and_capture(state.board, int(move) - 1, state.abapa)
    return tuple(nb), captured
