"""Fast simulation of Haaienzee for the computer players, and the ``strong`` player.

:class:`Sim` is a mutable copy of a position with make/unmake (the mechanics of
``engine.py`` without notation or events), fast enough for thousands of shark
turns per second. On it:

- the greedy policy (:func:`greedy_values`, :func:`place_values`): the most fish
  now, then the best spot for the next turn (what the ``greedy`` player plays);
- :class:`StrongPlayer`: a search whose leaves are evaluated by playing the game
  on with the greedy policy for every shark (a deterministic play-out of
  ``horizon`` shark turns, 12 = two rounds by default) and scoring where it
  stops: a won or lost game beyond everything, else the health difference plus
  each shark's reachable prey (its best catch next turn, less the one health a
  turn costs). With ``depth=1`` (the default) every legal move is followed by
  one play-out; with ``depth`` > 1 the first shark turns are searched by
  alpha-beta (the searching side maximises, the other minimises). The work is
  fixed (no clock), so matches replay exactly; ``seconds`` only stops a search
  that would run too long (then the deepest finished iteration counts).
"""

from __future__ import annotations

import math
from typing import TypeVar

from ludotheek.ai.base import Analysis, Deadline, near_best, seeded, tie_margin
from ludotheek.core.game import State
from ludotheek.games.haaienzee import engine as E
from ludotheek.games.haaienzee.board import DIRECTIONS, Board
from ludotheek.games.haaienzee.engine import Place, Swim

WIN = 1_000_000.0
#: weight of the next turn's best catch in the greedy policy (a tie-break: below one fish)
SPOT_WEIGHT = 0.01
#: weight of fish of the prey's colour next to a starting hex (a tie-break between spots)
NEAR_WEIGHT = 0.1

#: a turn inside the search: (fish it eats, prey action, turn, end hex)
SimMove = tuple[int, int, int, int]
_M = TypeVar("_M")
#: what ``Sim.unmake`` needs: shark, its hex, facing, prey, taken, the mover's health, step,
#: round, start player, over, winner, hexes eaten, their colour, hexes grown per colour
Undo = tuple[int, int, int, int, int, int, int, int, int, bool, int, list[int], int,
             list[list[int]]]


class _OutOfBudget(Exception):
    """The time ran out in the middle of a deepening iteration."""


class Sim:
    """A position for the players (setup or turn phase); ``make``/``unmake`` a turn,
    ``place``/``unplace`` a shark during the setup."""

    __slots__ = ("_places", "b", "face", "fish", "health", "nb", "occ", "over", "pos", "prey",
                 "round", "setup", "start", "step", "taken", "winner")

    def __init__(self, state: State) -> None:
        from ludotheek.games.haaienzee.rules import HaaienzeeState

        assert isinstance(state, HaaienzeeState) and state.phase != "over"
        b = state.board
        self.b: Board = b
        self.nb = b.nb
        self.fish = bytearray(state.fish)
        self.pos = [s.hex for s in state.sharks]
        self.face = [s.facing for s in state.sharks]
        self.prey = [s.prey for s in state.sharks]
        self.taken = [s.taken for s in state.sharks]
        self.occ = bytearray(b.size)
        for h in self.pos:
            if h >= 0:
                self.occ[h] = 1
        self.health = list(state.health)
        self.setup = state.phase == "setup"
        self.round, self.start, self.step = state.round, state.start, state.step
        self.over = False
        self.winner = -1
        self._places: list[tuple[float, int, int, int]] | None = None

    def index(self) -> int:
        """The shark to move (0-5: Y1 Y2 Y3 R1 R2 R3)."""
        if self.setup:
            return (self.step % 2) * 3 + self.step // 2
        seat = self.start if self.step % 2 == 0 else 1 - self.start
        return seat * 3 + self.step // 2

    # --- turns -------------------------------------------------------------------------
    def moves(self) -> list[SimMove]:
        """The legal turns of the shark to move, in the order ``legal_moves`` lists them."""
        i = self.index()
        p, f, pr = self.pos[i], self.face[i], self.prey[i]
        nb, fish, occ = self.nb, self.fish, self.occ
        out: list[SimMove] = []
        if pr:
            acts = [(E.KEEP, pr), (E.TAKE_OUT, 0)]
        else:
            acts = [(E.KEEP, 0)] + [(c, 0) for c in E.FISH_COLOURS if c != self.taken[i]]
        for act, eat in acts:
            for turn in E.TURNS:
                d = (f + turn) % 6
                out.append((0, act, turn, E.STAY))
                h = nb[p][d]
                if h < 0 or occ[h]:
                    continue
                c = fish[h]
                if not c:
                    out.append((0, act, turn, h))
                elif c == eat:
                    n = 0
                    while h >= 0 and fish[h] == eat:
                        n += 1
                        out.append((n, act, turn, h))
                        h = nb[h][d]
        return out

    def make(self, move: SimMove) -> Undo:
        _, act, turn, dest = move
        i = self.index()
        seat = i // 3
        undo = (i, self.pos[i], self.face[i], self.prey[i], self.taken[i], self.health[seat],
                self.step, self.round, self.start, self.over, self.winner)
        d = (self.face[i] + turn) % 6
        self.face[i] = d
        if act == E.TAKE_OUT:
            self.taken[i], self.prey[i] = self.prey[i], 0
        elif act != E.KEEP:
            self.prey[i], self.taken[i] = act, 0
        eaten: list[int] = []
        colour = 0
        if dest >= 0:
            fish, nb = self.fish, self.nb
            h = self.pos[i]
            while h != dest:
                h = nb[h][d]
                if fish[h]:
                    colour = fish[h]
                    fish[h] = 0
                    eaten.append(h)
            self.occ[self.pos[i]] = 0
            self.occ[dest] = 1
            self.pos[i] = dest
        hp = self.health[seat] + len(eaten) - 1
        self.health[seat] = hp
        grown: list[list[int]] = []
        if hp >= E.WIN_HEALTH:
            self.over, self.winner = True, seat
        elif hp <= 0:
            self.over, self.winner = True, 1 - seat
        else:
            self.step += 1
            if self.step == 6:
                grown = self._end_round()
        return (*undo, eaten, colour, grown)

    def _end_round(self) -> list[list[int]]:
        fish, occ, pairs = self.fish, self.occ, self.b.pairs
        empty = [h for h in range(self.b.size) if not fish[h] and not occ[h]]
        grown = []
        for colour in E.FISH_COLOURS:
            new = [h for h in empty
                   if any(fish[x] == colour and fish[y] == colour for x, y in pairs[h])]
            for h in new:
                fish[h] = colour
            if new:
                empty = [h for h in empty if not fish[h]]
            grown.append(new)
        h0, h1 = self.health
        if abs(h0 - h1) >= E.WIN_LEAD:
            self.over, self.winner = True, (0 if h0 > h1 else 1)
        elif self.round >= E.MAX_ROUNDS:
            self.over, self.winner = True, -1
        else:
            self.start = E.next_start_player(self.health, self.start)
            self.round += 1
            self.step = 0
        return grown

    def unmake(self, undo: Undo) -> None:
        (i, pos, face, prey, taken, hp, step, rnd, start, over, winner,
         eaten, colour, grown) = undo
        for new in grown:
            for h in new:
                self.fish[h] = 0
        for h in eaten:
            self.fish[h] = colour
        self.occ[self.pos[i]] = 0
        self.occ[pos] = 1
        self.pos[i] = pos
        self.face[i] = face
        self.prey[i] = prey
        self.taken[i] = taken
        self.health[i // 3] = hp
        self.step, self.round, self.start = step, rnd, start
        self.over, self.winner = over, winner

    # --- setup -------------------------------------------------------------------------
    def place_table(self) -> list[tuple[float, int, int, int]]:
        """Every starting spot (value, hex, facing, colour), best first.

        The fish do not change during the setup (and sharks stand on empty hexes
        only), so the table holds for the whole setup.
        """
        if self._places is None:
            table = []
            fish, b = self.fish, self.b
            for h in range(b.size):
                if fish[h]:
                    continue
                for c in E.FISH_COLOURS:
                    near = NEAR_WEIGHT * sum(1 for n in b.neighbours[h] if fish[n] == c)
                    runs = [run(fish, self.nb, h, d, c) for d in range(6)]
                    for d in range(6):
                        best = max(runs[d], runs[(d + 1) % 6], runs[(d - 1) % 6])
                        table.append((best + near, h, d, c))
            table.sort(key=lambda t: -t[0])
            self._places = table
        return self._places

    def free(self, seat: int) -> list[int]:
        used = {self.prey[j] for j in range(seat * 3, seat * 3 + 3) if self.pos[j] >= 0}
        return [c for c in E.FISH_COLOURS if c not in used]

    def place(self, h: int, d: int, c: int) -> None:
        i = self.index()
        self.pos[i], self.face[i], self.prey[i], self.taken[i] = h, d, c, 0
        self.occ[h] = 1
        self.step += 1
        if self.step == 6:
            self.setup, self.round, self.step, self.start = False, 1, 0, E.YELLOW

    def unplace(self) -> None:
        if not self.setup:
            self.setup, self.round, self.step, self.start = True, 0, 6, E.YELLOW
        self.step -= 1
        i = self.index()
        self.occ[self.pos[i]] = 0
        self.pos[i], self.face[i], self.prey[i] = -1, 0, 0

    # --- the greedy policy and the evaluation -----------------------------------------
    def line(self, h: int, d: int, colour: int) -> int:
        """The most fish of ``colour`` a shark on ``h`` facing ``d`` can eat in one turn."""
        nb, fish = self.nb, self.fish
        return max(run(fish, nb, h, (d + t) % 6, colour) for t in E.TURNS)

    def spot(self, h: int, d: int, prey: int, taken: int) -> float:
        """How good a shark's spot is for its next turn: its best catch there; when empty,
        half the best catch of a colour it may choose (it eats a turn later)."""
        if prey:
            return float(self.line(h, d, prey))
        return 0.5 * max(self.line(h, d, c) for c in E.FISH_COLOURS if c != taken)

    def evaluate(self, seat: int, w_line: float) -> float:
        """For ``seat``: the health difference plus each shark's reachable prey (its best
        catch next turn, less the one health a turn costs), won or lost games beyond all."""
        if self.over:
            if self.winner < 0:
                return 0.0
            return WIN if self.winner == seat else -WIN
        value = float(self.health[seat] - self.health[1 - seat])
        if w_line:
            for i in range(6):
                if self.pos[i] < 0:
                    continue
                pot = w_line * (self.spot(self.pos[i], self.face[i], self.prey[i],
                                          self.taken[i]) - 1)
                value += pot if i // 3 == seat else -pot
        return value


def run(fish: bytearray | bytes, nb: tuple[tuple[int, ...], ...], h: int, d: int,
        colour: int) -> int:
    """How many fish of ``colour`` lie in a row from ``h`` (excluded) towards ``d``."""
    n = 0
    h = nb[h][d]
    while h >= 0 and fish[h] == colour:
        n += 1
        h = nb[h][d]
    return n


def greedy_values(sim: Sim) -> list[tuple[float, SimMove]]:
    """Each legal turn with the greedy player's value: fish eaten now, then (below one
    fish) the value of the spot it ends on."""
    i = sim.index()
    p, f, prey0, taken0 = sim.pos[i], sim.face[i], sim.prey[i], sim.taken[i]
    out = []
    for m in sim.moves():
        n, act, turn, dest = m
        if act == E.TAKE_OUT:
            prey, taken = 0, prey0
        elif act != E.KEEP:
            prey, taken = act, 0
        else:
            prey, taken = prey0, taken0
        # the fish eaten lie behind the shark, so the spot is judged on the board as it is
        out.append((n + SPOT_WEIGHT * sim.spot(dest if dest >= 0 else p, (f + turn) % 6,
                                               prey, taken), m))
    return out


def greedy_move(sim: Sim) -> SimMove:
    """The greedy policy's turn (the first of equal ones)."""
    best, best_value = None, -math.inf
    for value, m in greedy_values(sim):
        if value > best_value:
            best, best_value = m, value
    assert best is not None
    return best


def place_values(sim: Sim) -> list[tuple[float, tuple[int, int, int]]]:
    """The legal starting spots (hex, facing, colour) with their value, best first."""
    seat = sim.index() // 3
    free = sim.free(seat)
    occ = sim.occ
    return [(v, (h, d, c)) for v, h, d, c in sim.place_table() if not occ[h] and c in free]


def greedy_place(sim: Sim) -> tuple[int, int, int]:
    seat = sim.index() // 3
    free = sim.free(seat)
    occ = sim.occ
    for _, h, d, c in sim.place_table():
        if not occ[h] and c in free:
            return h, d, c
    raise AssertionError("no empty hex to place a shark")  # pragma: no cover


def playout(sim: Sim, turns: int, seat: int, w_line: float) -> float:
    """Play on greedily for at most ``turns`` shark turns, score it for ``seat``, undo."""
    placed = 0
    while sim.setup:
        sim.place(*greedy_place(sim))
        placed += 1
    undos = []
    for _ in range(turns):
        if sim.over:
            break
        undos.append(sim.make(greedy_move(sim)))
    value = sim.evaluate(seat, w_line)
    if sim.over and sim.winner >= 0:
        # a sooner win is a surer one (and a later loss leaves more hope), then the margin
        value += (-100.0 if sim.winner == seat else 100.0) * len(undos)
        value += sim.health[seat] - sim.health[1 - seat]
    for undo in reversed(undos):
        sim.unmake(undo)
    for _ in range(placed):
        sim.unplace()
    return value


class StrongPlayer:
    """Alpha-beta over ``depth`` shark turns, leaves scored by greedy playouts.

    ``horizon``: shark turns played out after the search (12: two rounds);
    ``w_line``: weight of reachable prey where a playout stops before the end;
    ``setup_candidates``: starting spots tried by playouts in the setup (the best
    by the greedy value). ``seconds`` is a safety limit per move (default 1 s).

    Between moves of equal value (a quarter of its decisions have two or more) it chooses
    with its seeded generator, so that in a server's game the game's secret seed decides
    and the same line of play does not meet the same replies (issue 34); the values are
    exact for every move that ties with the best (the search's window is opened just below
    it), so no worse move is ever taken for a tie.
    """

    name = "strong"

    def __init__(self, seed: int | None = None, depth: int = 1, horizon: int = 12,
                 w_line: float = 0.6, setup_candidates: int = 40, seconds: float = 1.0
                 ) -> None:
        self.depth = max(1, int(depth))
        self.horizon = int(horizon)
        self.w_line = float(w_line)
        self.setup_candidates = int(setup_candidates)
        self.seconds = float(seconds)
        self.deadline = Deadline(None)
        self.playouts = 0
        self.abortable = False
        self.rng = seeded(seed)

    def choose(self, state: State, seconds: float | None = None) -> str:
        return self.analyse(state, seconds).move

    def analyse(self, state: State, seconds: float | None = None) -> Analysis:
        from ludotheek.games.haaienzee.rules import HaaienzeeState

        assert isinstance(state, HaaienzeeState) and not state.is_over
        self.deadline = Deadline(self.seconds if seconds is None else seconds)
        self.playouts = 0
        sim = Sim(state)
        if sim.setup:
            return self._place(state, sim)
        legal = state.legal_table()
        names = {}
        for text, m in legal.items():
            assert isinstance(m, Swim)
            names[(m.prey, m.turn, m.dest)] = text
        me = sim.index() // 3
        root = sim.moves()
        scored: list[tuple[float, SimMove]] = []
        reached = 0
        for depth in range(1, self.depth + 1):
            self.abortable = depth > 1  # the first iteration always finishes
            try:
                scored = self._root(sim, root, depth, me)
            except _OutOfBudget:
                break
            reached = depth
            root = [m for _, m in scored]
        value, best = self._tie_break(scored)
        ranking = [(names[m[1:]], v) for v, m in scored]
        return Analysis(names[best[1:]], value, ranking, self._reason(value, reached),
                        {"depth": reached, "playouts": self.playouts})

    def _tie_break(self, scored: list[tuple[float, _M]]) -> tuple[float, _M]:
        """One of the moves of ``scored`` (best first) that tie with the best, chosen with
        the seeded generator; it is put first in ``scored``."""
        top = near_best([(i, v) for i, (v, _) in enumerate(scored)])
        pick = top[self.rng.randbelow(len(top))] if len(top) > 1 else 0
        scored.insert(0, scored.pop(pick))
        return scored[0]

    def _reason(self, value: float, depth: int) -> str:
        if value > WIN / 2:
            return "this wins if both sides play on greedily"
        if value < -WIN / 2:
            return "every move loses if both sides play on greedily; this one loses least"
        return (f"the best health difference ({value:+.1f}) after greedy play-outs"
                + (f", searched {depth} shark turns deep" if depth > 1 else ""))

    def _leaf(self, sim: Sim, me: int) -> float:
        self.playouts += 1
        if self.abortable and self.playouts & 15 == 0 and self.deadline.passed():
            raise _OutOfBudget
        return playout(sim, self.horizon, me, self.w_line)

    def _root(self, sim: Sim, moves: list[SimMove], depth: int, me: int
              ) -> list[tuple[float, SimMove]]:
        """Every root move with its value for ``me``, best first (stable: ties keep the
        order of ``moves``); the values after the best are bounds."""
        out = []
        best = -math.inf
        for m in moves:
            undo = sim.make(m)
            try:  # a window just below the best: a move that ties with it gets its value
                v = self._ab(sim, depth - 1, best - tie_margin(best), math.inf, me)
            finally:
                sim.unmake(undo)
            out.append((v, m))
            best = max(best, v)
        if depth == 1:  # search the most promising first next time: the most fish
            out.sort(key=lambda vm: (-vm[0], -vm[1][0]))
        else:
            out.sort(key=lambda vm: -vm[0])
        return out

    def _ab(self, sim: Sim, depth: int, alpha: float, beta: float, me: int) -> float:
        """Negamax-free alpha-beta with values for ``me`` (``me``'s sharks maximise)."""
        if depth == 0 or sim.over:
            return self._leaf(sim, me)
        mine = sim.index() // 3 == me
        best = -math.inf if mine else math.inf
        moves = sorted(sim.moves(), key=lambda m: -m[0])
        for m in moves:
            undo = sim.make(m)
            try:
                v = self._ab(sim, depth - 1, alpha, beta, me)
            finally:
                sim.unmake(undo)
            if mine:
                best = max(best, v)
                alpha = max(alpha, best)
            else:
                best = min(best, v)
                beta = min(beta, best)
            if alpha >= beta:
                break
        return best

    def _place(self, state: State, sim: Sim) -> Analysis:
        from ludotheek.games.haaienzee.rules import HaaienzeeState

        assert isinstance(state, HaaienzeeState)
        me = sim.index() // 3
        candidates = place_values(sim)[: self.setup_candidates]
        scored = []
        for _, (h, d, c) in candidates:
            sim.place(h, d, c)
            try:
                scored.append((playout(sim, self.horizon, me, self.w_line), (h, d, c)))
            finally:
                sim.unplace()
            self.playouts += 1
            if self.deadline.passed():
                break
        scored.sort(key=lambda vm: -vm[0])
        b = state.board

        def text(p: tuple[int, int, int]) -> str:
            return f"{b.names[p[0]]} {DIRECTIONS[p[1]]} {E.COLOUR_NAMES[p[2]]}"

        value, best = self._tie_break(scored)
        return Analysis(text(best), value, [(text(p), v) for v, p in scored],
                        self._reason(value, 1), {"playouts": self.playouts})


__all__ = ["Place", "Sim", "StrongPlayer", "greedy_move", "greedy_values", "place_values",
           "playout"]
