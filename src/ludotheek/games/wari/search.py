"""Alpha-beta search for Wari: negamax with iterative deepening, a transposition
table, move ordering and a capture quiescence search, on boards seen from the
player to move (their cups first), with the endgame database at the leaves.

Values are the mover's net gain in seeds from the board onwards (what they will
capture or keep, minus what the opponent will): the endgame database's scale.
The engine's rules apply in full, the repetition rule included: a position that
would occur for the third time since the last capture (counting the game's
history before the search) ends the game there, each side keeping its seeds.

>>> from ludotheek.games.wari import GAME
>>> s = Searcher(evaluate=lambda b: 0.0)
>>> r = s.run(GAME.position([0, 0, 0, 0, 1, 1, 1, 0, 0, 0, 0, 1]), max_depth=3)
>>> r.cup, r.value, r.depth, r.ranking
(5, 4.0, 3, [(5, 4.0), (4, 2.0)])
"""

from __future__ import annotations

import gc
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from operator import add

from ludotheek.games.wari.endgame import EndgameDB
from ludotheek.games.wari.evaluate import evaluate as default_evaluate
from ludotheek.games.wari.rules import SOW, WariState

Board = tuple[int, ...]
Move = tuple[int, int, Board]  # own cup 0-5, seeds captured, the board after (opponent first)

EXACT, LOWER, UPPER = 0, 1, 2
#: entries kept in the move cache and the transposition table before they are cleared
CACHE_LIMIT = 400_000
#: a value beyond every real one (there are at most 60 seeds)
INF = 1000.0
#: the width of a null window (values differ by far more)
EPS = 1e-6


#: when a timed search stops deepening (``stop_early``): ``full`` spends its time, ``half``
#: stops once half of it is gone (the rule before issue 40, kept to compare with)
STOPS = ("full", "half")


def check_stop(stop: str) -> None:
    if stop not in STOPS:
        raise ValueError(f"stop is full or half, not {stop!r}")


#: "about equal" (issue 40): a root move whose searched value is at most this many seeds
#: below the best move's is as good a choice (``about_equal``): a quarter of a seed, one
#: cup's worth of the hand evaluation's mobility or small cups, less than any capture
MARGIN = 0.25
#: values this close are equal (Python's are sums of floats; the compiled search's
#: hundredths of a seed are exact)
TIE = 1e-9


def about_equal(ranking: list[tuple[int, float]], proven: set[int],
                margin: float | None) -> list[int]:
    """The root moves a player may choose between (issue 40), best first: those of about
    equal value to the best one of ``ranking`` (every root move with its searched value,
    best first; ``proven``: the moves whose value rests on no guess, exact under the rules):

    - a move whose value is proven is chosen only for exactly the best value: if the best
      value is proven, only moves proven to have exactly that value (a proven win is never
      left for a guess of one, nor for a lesser result);
    - otherwise a move whose value is a guess within ``margin`` seeds of the best guess
      (never one proven lower than the best, nor an upper bound: the search gives a move
      its exact value only where it is within the margin, see ``Searcher._root``);
    - ``margin`` None: the best move alone (no variation).

    >>> about_equal([(2, 1.0), (0, 0.8), (5, 0.5)], set(), 0.25)
    [2, 0]
    >>> about_equal([(2, 1.0), (0, 1.0), (5, 0.9)], {2, 0}, 0.25)
    [2, 0]
    >>> about_equal([(2, 1.0), (0, 1.0), (5, 0.9)], {2}, 0.25)
    [2]
    >>> about_equal([(2, 1.0), (0, 0.9), (5, 1.0)], {0, 5}, 0.25)
    [2, 5]
    """
    best_cup, best = ranking[0]
    if margin is None:
        return [best_cup]
    if best_cup in proven:
        return [cup for cup, v in ranking if cup in proven and v >= best - TIE]
    return [cup for cup, v in ranking
            if v >= best - TIE or (cup not in proven and v >= best - margin - TIE)]


def stop_early(stop: str, seconds: float | None, elapsed: float, depth: int, moves: int,
               proven: bool) -> str | None:
    """Why iterative deepening stops after it completed ``depth`` plies in ``elapsed``
    seconds, or None to go on (a timed search then goes on until ``seconds`` are up and
    abandons the unfinished depth; a search without a time goes on to its ``max_depth``):

    - ``single``: the mover has one legal move (after 2 plies, for its value);
    - ``proven`` (``stop=full`` with a time): the depth rested on no guess (no leaf
      evaluated: every line ended the game, repeated or reached the endgame database),
      so its result is exact and a deeper search cannot change it;
    - ``half`` (``stop=half`` with a time): half the time is gone, and the next depth,
      which takes about twice as long as all before it, would not finish.

    A search to a fixed depth (no ``seconds``) stops early only for a single move, as it
    always did: its moves are repeatable (tests, golden games)."""
    if moves == 1 and depth >= 2:
        return "single"
    if seconds is None:
        return None
    if stop == "half":
        return "half" if elapsed > seconds * 0.5 else None
    return "proven" if proven else None


class Timeout(Exception):
    """The time for this move is up (raised inside the search, caught by ``run``).

    ``partial``: the root moves searched to the unfinished depth so far."""

    def __init__(self, partial: list[tuple[int, float]] | None = None) -> None:
        super().__init__()
        self.partial = partial or []


def expand(b: Board) -> list[Move]:
    """The legal moves of the player to move on ``b``, by the rules file's three steps:
    non-empty cups; if the opponent's row is empty, only those that feed it; no grand
    slam unless every remaining candidate is one."""
    moves: list[Move] = []
    slams: list[Move] = []
    starving = not any(b[6:])
    for cup in range(6):
        n = b[cup]
        if not n:
            continue
        delta, last = SOW[cup][n]
        nb = list(map(add, b, delta))
        if starving and not any(nb[6:]):
            continue  # does not feed the empty row
        captured = 0
        if last >= 6:
            while last >= 6 and 2 <= nb[last] <= 3:
                captured += nb[last]
                nb[last] = 0
                last -= 1
            if captured and not any(nb[6:]):
                slams.append((cup, captured, (*nb[6:], *nb[:6])))
                continue
        moves.append((cup, captured, (*nb[6:], *nb[:6])))
    return moves or slams


def stop_value(b: Board) -> int:
    """Own seeds minus the opponent's: the value if the game ended here."""
    return sum(b[:6]) - sum(b[6:])


@dataclass
class SearchResult:
    """What a search found at the root."""

    cup: int  # own cup 0-5 of the player to move
    value: float
    depth: int
    #: every root move searched at the deepest completed depth: (own cup, value), best first
    ranking: list[tuple[int, float]]
    nodes: int
    seconds: float
    #: the principal variation, as own cups of each mover in turn
    line: list[int] = field(default_factory=list)
    #: the database decided at the root (exact perfect play)
    from_database: bool = False
    #: why the deepening stopped: ``time`` (the time ran out during a depth), ``depth``
    #: (``max_depth`` done), or a reason of ``stop_early``
    stop: str = ""
    #: the root moves of about equal value to the best (``about_equal`` with the search's
    #: margin), best first: the best alone without a margin, or where the best move came
    #: from the unfinished depth
    near: list[int] = field(default_factory=list)
    #: the root moves whose value at the deepest completed depth is proven (rests on no
    #: guess: exact under the rules)
    proven: list[int] = field(default_factory=list)


class Searcher:
    """One search at a time; the transposition table is kept between moves."""

    def __init__(self, evaluate: Callable[[Board], float] = default_evaluate,
                 db: EndgameDB | None = None, quiescence: int = 4,
                 tt_cutoffs: bool = True) -> None:
        """``tt_cutoffs=False``: the transposition table only orders the moves, so that
        a search to a fixed depth returns exactly the depth-limited minimax value (the
        compiled search is compared with that)."""
        self.evaluate = evaluate
        self.tt_cutoffs = tt_cutoffs
        self.db = db
        self.db_max = db.max_seeds if db is not None else -1
        self.quiescence = quiescence
        #: board -> (depth, value, kind of bound, best cup, proven: nothing below was a guess)
        self.tt: dict[Board, tuple[int, float, int, int, bool]] = {}
        self.cache: dict[Board, list[Move]] = {}
        self.scores: dict[Board, float] = {}
        self.killers: list[list[int]] = []
        self.nodes = 0
        #: values of this depth that rest on a guess (see ``kernel``'s ``P_GUESS``)
        self.guesses = 0
        self._deadline = 0.0
        self._counts: dict[tuple[Board, int], int] = {}
        self._next_check = 0

    def reset(self) -> None:
        """Back to the state of a new searcher: the next search finds what a new
        ``Searcher`` would, node for node. Its tables are emptied too, not kept: kept
        between the moves of a server, hundreds of thousands of boards' moves grew the
        heap that every full garbage collection of the server walks (a 500-game soak
        spent more CPU a move than with a new searcher for every move)."""
        self.tt.clear()
        self.cache.clear()
        self.scores.clear()
        self.killers = []
        self.nodes = 0

    def _trim(self) -> None:
        """Empty a table that is more than half full before a search, not during one:
        freeing a few hundred thousand entries takes a noticeable part of a second
        (more on a busy machine), which counts in this move's time, where a search
        can still plan for it. A one-second search adds fewer entries than half a
        table, so the clearing inside the search (which bounds the memory) is rare."""
        for table in (self.tt, self.cache, self.scores):
            if len(table) > CACHE_LIMIT // 2:
                table.clear()

    # --- the pieces -------------------------------------------------------------------
    def moves(self, b: Board) -> list[Move]:
        """``expand(b)``, captures first (largest first), cached."""
        found = self.cache.get(b)
        if found is None:
            if len(self.cache) > CACHE_LIMIT:
                self.cache.clear()
            found = self.cache[b] = sorted(expand(b), key=lambda m: -m[1])
        return found

    def leaf(self, b: Board, c: int) -> float | None:
        """The database's value of ``b`` (``c``: the mover's stop value where the
        capture-free stretch began), or None if the database does not cover it."""
        db = self.db
        if db is None or sum(b) > self.db_max:
            return None
        f, g = db.bounds_of(b)
        return float(min(max(c, f), g))

    def _tick(self) -> None:
        self.nodes += 1
        if self.nodes >= self._next_check:
            self._check_time()

    def _check_time(self) -> None:
        self._next_check = self.nodes + 256
        if time.monotonic() >= self._deadline:
            raise Timeout

    # --- the search -------------------------------------------------------------------
    def quiesce(self, b: Board, alpha: float, beta: float, depth: int, c: int) -> float:
        self._tick()
        known = self.leaf(b, c)
        if known is not None:
            return known
        moves = self.moves(b)
        if not moves:
            return float(stop_value(b))
        best = self.scores.get(b)
        if best is None:
            if len(self.scores) > CACHE_LIMIT:
                self.scores.clear()
            best = self.scores[b] = self.evaluate(b)
        self.guesses += 1
        if best >= beta or depth <= 0:
            return best
        if best > alpha:
            alpha = best
        for _cup, captured, child in sorted(moves, key=lambda m: -m[1]):
            if not captured:
                break
            v = captured - self.quiesce(child, captured - beta, captured - alpha, depth - 1,
                                        stop_value(child))
            if v > best:
                best = v
                if v > alpha:
                    alpha = v
                    if v >= beta:
                        break
        return best

    def negamax(self, b: Board, depth: int, alpha: float, beta: float, ply: int,
                c: int, mover: int) -> float:
        """The value of ``b`` for its mover (``mover``: 0 or 1, for the repetition
        counts), searched ``depth`` plies deep, within ``(alpha, beta)``. Principal
        variation search: the first move with the full window, the others with a
        null window first."""
        self.nodes += 1
        if self.nodes >= self._next_check:
            self._check_time()
        if sum(b) <= self.db_max:
            assert self.db is not None
            f, g = self.db.bounds_of(b)
            return float(min(max(c, f), g))
        moves = self.cache.get(b)
        if moves is None:
            moves = self.moves(b)
        if not moves:
            return float(stop_value(b))
        if depth <= 0:
            return self.quiesce(b, alpha, beta, self.quiescence, c)
        alpha0 = alpha
        guesses = self.guesses
        entry = self.tt.get(b)
        tt_cup = -1
        if entry is not None:
            e_depth, e_value, e_flag, tt_cup, e_proven = entry
            if e_depth >= depth and self.tt_cutoffs and (
                    e_flag == EXACT or (e_flag == LOWER and e_value >= beta)
                    or (e_flag == UPPER and e_value <= alpha)):
                if not e_proven:
                    self.guesses += 1
                return e_value
        ordered = self._order(moves, tt_cup, ply)
        counts = self._counts
        best, best_cup = -INF, ordered[0][0]
        other = 1 - mover
        first = True
        for cup, captured, child in ordered:
            key = (child, other)
            seen = counts.get(key, 0)
            if captured:
                counts[key] = seen + 1
                cc = stop_value(child)
                if first:
                    v = captured - self.negamax(child, depth - 1, captured - beta,
                                                captured - alpha, ply + 1, cc, other)
                else:
                    v = captured - self.negamax(child, depth - 1, captured - alpha - EPS,
                                                captured - alpha, ply + 1, cc, other)
                    if alpha < v < beta:
                        v = captured - self.negamax(child, depth - 1, captured - beta,
                                                    captured - v, ply + 1, cc, other)
                counts[key] = seen
            elif seen >= 2:  # a third occurrence: the game ends, each keeps their seeds
                v = -float(stop_value(child))
            else:
                counts[key] = seen + 1
                if first:
                    v = -self.negamax(child, depth - 1, -beta, -alpha, ply + 1, -c, other)
                else:
                    v = -self.negamax(child, depth - 1, -alpha - EPS, -alpha, ply + 1, -c,
                                      other)
                    if alpha < v < beta:
                        v = -self.negamax(child, depth - 1, -beta, -v, ply + 1, -c, other)
                counts[key] = seen
            first = False
            if v > best:
                best, best_cup = v, cup
                if v > alpha:
                    alpha = v
                    if v >= beta:
                        if not captured:
                            self._killer(ply, cup)
                        break
        flag = UPPER if best <= alpha0 else LOWER if best >= beta else EXACT
        if len(self.tt) > CACHE_LIMIT:
            self.tt.clear()
        self.tt[b] = (depth, best, flag, best_cup, self.guesses == guesses)
        return best

    def _order(self, moves: list[Move], tt_cup: int, ply: int) -> list[Move]:
        """The transposition table's move, then captures (largest first), then the
        killer moves of this ply, then the rest in cup order (``moves`` comes sorted
        by capture)."""
        killers = self.killers[ply] if ply < len(self.killers) else ()
        if tt_cup < 0 and not killers:
            return moves
        head = [m for m in moves if m[0] == tt_cup]
        captures = [m for m in moves if m[1] and m[0] != tt_cup]
        quiet = [m for m in moves if not m[1] and m[0] != tt_cup]
        if killers:
            quiet.sort(key=lambda m: m[0] not in killers)
        return head + captures + quiet

    def _killer(self, ply: int, cup: int) -> None:
        while len(self.killers) <= ply:
            self.killers.append([])
        k = self.killers[ply]
        if cup not in k:
            k.insert(0, cup)
            del k[2:]

    # --- the root ---------------------------------------------------------------------
    def run(self, state: WariState, seconds: float | None = None,
            max_depth: int = 64, exact: bool = False, stop: str = "full",
            margin: float | None = None) -> SearchResult:
        """Search the position of ``state`` by iterative deepening until ``seconds`` are
        up or ``max_depth`` is done; the best move of the deepest completed depth (or of
        the unfinished one, where it found a better move). When to stop early:
        :func:`stop_early` (``stop``: ``full`` or ``half``). ``margin`` (seeds): every
        root move within it of the best gets its exact value, and ``near`` says which
        they are (:func:`about_equal`); None: only the best move's value is exact.

        Python's cyclic garbage collector is paused meanwhile: the tables hold hundreds
        of thousands of tuples (none in a cycle), and a full collection over them can
        take longer than the time a move has left."""
        collecting = gc.isenabled()
        gc.disable()
        try:
            return self._run(state, seconds, max_depth, exact, stop, margin)
        finally:
            if collecting:
                gc.enable()

    def _run(self, state: WariState, seconds: float | None, max_depth: int,
             exact: bool, stop: str, margin: float | None) -> SearchResult:
        check_stop(stop)
        mover = state.to_move
        assert mover is not None, "the game is over"
        start = time.monotonic()
        self._deadline = start + (seconds if seconds is not None else 1e9)
        self._trim()
        self._next_check = 0
        self.nodes = 0
        b = state.board if mover == 0 else (*state.board[6:], *state.board[:6])
        c = self.stretch_start(state)
        self._counts = self.repetition_counts(state)
        moves = self.moves(b)
        ranking: list[tuple[int, float]] = [(m[0], 0.0) for m in moves]
        proven: set[int] = set()
        near: list[int] | None = None
        done_depth = 0
        line: list[int] = []
        reason = "depth"
        for depth in range(1, max_depth + 1):
            self.guesses = 0
            try:
                ranking, proven = self._root(b, moves, ranking, depth, c, mover, exact,
                                             margin)
            except Timeout as out:
                # a move of the unfinished depth that beats the previous best there is
                # better founded than the previous depth's choice
                if out.partial and done_depth:
                    top = max(out.partial, key=lambda cv: cv[1])
                    if top[0] != ranking[0][0] and top[1] > out.partial[0][1]:
                        ranking = [top, *(r for r in ranking if r[0] != top[0])]
                        near = [top[0]]
                reason = "time"
                break
            done_depth = depth
            first = next(m for m in moves if m[0] == ranking[0][0])
            line = [first[0], *self.principal_line(first[2], depth - 1)]
            early = stop_early(stop, seconds, time.monotonic() - start, depth, len(moves),
                               self.guesses == 0)
            if early:
                reason = early
                break
        best_cup, best_value = ranking[0]
        if near is None:
            near = about_equal(ranking, proven, margin) if done_depth else [best_cup]
        return SearchResult(best_cup, best_value, done_depth, ranking, self.nodes,
                            time.monotonic() - start, line, stop=reason, near=near,
                            proven=sorted(proven))

    def _root(self, b: Board, moves: list[Move], previous: list[tuple[int, float]],
              depth: int, c: int, mover: int, exact: bool, margin: float | None = None
              ) -> tuple[list[tuple[int, float]], set[int]]:
        """Every root move searched to ``depth``, the previous best first, and the moves
        whose value is proven (no guess below it). With ``exact`` every move gets its
        exact value (a hint ranks the alternatives); otherwise the others only an upper
        bound once a better move is known, or with a ``margin`` once one better by more
        than the margin is known (the bound is then below ``about_equal``'s reach)."""
        order = {cup: i for i, (cup, _) in enumerate(previous)}
        counts = self._counts
        other = 1 - mover
        scored: list[tuple[int, float]] = []
        proven: set[int] = set()
        alpha = -INF
        below = 0.0 if margin is None else margin + EPS
        for cup, captured, child in sorted(moves, key=lambda m: order.get(m[0], 9)):
            key = (child, other)
            seen = counts.get(key, 0)
            guesses = self.guesses
            if not captured and seen >= 2:
                v = -float(stop_value(child))
            else:
                counts[key] = seen + 1
                lo = alpha - below if not exact and scored else -INF
                try:
                    if captured:
                        v = captured - self.negamax(child, depth - 1, -INF, captured - lo, 1,
                                                    stop_value(child), other)
                    else:
                        v = -self.negamax(child, depth - 1, -INF, -lo, 1, -c, other)
                except Timeout:
                    raise Timeout(scored) from None
                finally:
                    counts[key] = seen
            scored.append((cup, v))
            if self.guesses == guesses:
                proven.add(cup)
            alpha = max(alpha, v)
        scored.sort(key=lambda cv: (-cv[1], order.get(cv[0], 9)))
        return scored, proven

    def principal_line(self, b: Board, depth: int) -> list[int]:
        """The expected line, from the transposition table."""
        line: list[int] = []
        seen = set()
        for _ in range(depth):
            entry = self.tt.get(b)
            if entry is None or b in seen:
                break
            seen.add(b)
            cup = entry[3]
            nxt = next((m for m in self.moves(b) if m[0] == cup), None)
            if nxt is None:
                break
            line.append(cup)
            b = nxt[2]
        return line

    @staticmethod
    def stretch_start(state: WariState) -> int:
        """The mover's stop value at the position where the capture-free stretch began
        (the first position of the repetition history), or at this position."""
        mover = state.to_move
        assert mover is not None
        first = next(iter(state._hist), None)
        board = state.board if first is None else first[:12]
        south = sum(board[:6]) - sum(board[6:])
        return south if mover == 0 else -south

    @staticmethod
    def repetition_counts(state: WariState) -> dict[tuple[Board, int], int]:
        """The game's repetition history, keyed by (board seen from its mover, mover)."""
        counts: dict[tuple[Board, int], int] = {}
        for key, n in state._hist.items():
            board, who = key[:12], key[12]
            b = board if who == 0 else (*board[6:], *board[:6])
            counts[(b, who)] = n
        return counts
