"""Aqua Romana, as docs/rules/aqua-romana.md describes it (from ../shared/rules/aqua-romana.md).

A state is a step of a turn where one seat decides: placing master builders (setup
and reserve builders), building, laying a bonus tile, closing voluntarily, picking
from the reserve. Everything that follows a decision without a choice (the water
flowing, builders moving on, scoring, the next turn) happens inside ``play``; the
``events`` of the new state say what it was.

Moves are kept inside as small tuples (see :mod:`.notation` for the text):

* ``(PLACE, kind, space)``       place a master builder
* ``(BUILD, worker, space, kind, code, square)``
* ``(MOVE, space)``              move a builder when no build is possible
* ``(BONUS, kind, square, code)``
* ``(CLOSE, worker)``            worker -1: close none
* ``(PICK, kind)``               kind -1: pick none

>>> s = GAME.new(seed=1, first=1)
>>> s.phase, s.to_move, s.legal_moves()[:3]
('setup', 0, ['place straight T1', 'place straight T2', 'place straight T3'])
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ludotheek.core.errors import BadOption, IllegalMove
from ludotheek.core.game import JSON, Game, SeededState, load_json
from ludotheek.core.options import IntOption, Option
from ludotheek.core.rng import Rng
from ludotheek.games.aqua_romana.geometry import (
    CODES_BY_KIND,
    CODES_ENTERING,
    JOKER,
    KIND_NAMES,
    NEIGHBOUR,
    NUM_SQUARES,
    SIGHT,
    TILE_KINDS,
    TILES,
    TILES_PER_KIND,
    TRACK,
    next_free,
    square_name,
)
from ludotheek.games.aqua_romana.notation import (
    BONUS,
    BUILD,
    CLOSE,
    MOVE,
    PICK,
    PLACE,
    describe,
    format_move,
    illegal_error,
    parse_move,
)
from ludotheek.games.aqua_romana.site import (
    CLOSED,
    EMPTY,
    FINAL,
    OPEN,
    RETIRED,
    VOLUNTARY,
    Flow,
    Refusal,
    flow,
)
from ludotheek.games.aqua_romana.tables import (
    CAPACITY,
    RANK_BONUS,
    SETUP_PER_KIND,
    TABLES,
    TOP_PODIUM,
    Table,
)

Move = tuple[int, ...]
#: the end reason of a resigned game
RESIGNED = "resigned"

SETUP, PLACE_TURN, BUILD_STEP, BONUS_STEP, CLOSE_STEP, PICK_STEP, PLACE_NOW, OVER = (
    "setup", "place", "build", "bonus", "close", "pick", "place_now", "over")

#: a game never needs this many decisions; matches stop there (it cannot happen)
MOVE_LIMIT = 3000


class FirstOption(Option):
    """The start player: ``random`` (drawn by the seed) or a seat number 1-4."""

    def check(self, value: Any) -> Any:
        if value in (None, "", "random", 0, "0"):
            return "random"
        if isinstance(value, str) and value.strip().isdigit():
            value = int(value.strip())
        if isinstance(value, int) and not isinstance(value, bool) and 1 <= value <= 4:
            return value
        raise BadOption(f"option first must be random or a seat number 1-4, not {value!r}",
                        code="option.first", last=4)

    def describe(self) -> dict[str, Any]:
        return {**super().describe(), "type": "choice", "choices": ["random", 1, 2, 3, 4]}


def podium_for(podiums: Sequence[Sequence[int]], length: int) -> int:
    """The podium a worker with an aqueduct of ``length`` retires to (0: none with room)."""
    v = min(length, TOP_PODIUM)
    while v >= 1 and len(podiums[v]) >= CAPACITY[v]:
        v -= 1
    return max(v, 0)


class AquaState(SeededState):
    """An Aqua Romana position. Immutable from outside; ``play`` returns a new state."""

    __slots__ = (
        "_builds_cache",
        "_legal",
        "_options",
        "_seed",
        "_to_move",
        "bonus_kind",
        "bonus_left",
        "bonus_squares",
        "closed_own",
        "current",
        "end",
        "ends",
        "events",
        "final",
        "first",
        "held",
        "last_tile",
        "lengths",
        "no_tile",
        "owner",
        "phase",
        "picks",
        "ply",
        "podium_of",
        "podiums",
        "reserve",
        "setup_left",
        "sides",
        "supply",
        "table",
        "tile_laid",
        "tiles",
        "track",
        "turn_closed",
        "wstate",
    )

    table: Table
    tiles: list[int]
    owner: list[int]
    ends: list[int]
    sides: list[int]
    lengths: list[int]
    wstate: list[int]
    podium_of: list[int]
    podiums: list[list[int]]
    track: list[int]
    setup_left: list[int]
    reserve: list[int]
    held: list[list[int]]
    supply: list[int]
    bonus_squares: list[int]
    phase: str
    current: int
    _to_move: int | None
    bonus_left: int
    bonus_kind: int
    closed_own: bool
    turn_closed: list[int]
    picks: list[int]
    tile_laid: bool
    no_tile: list[bool]
    last_tile: int
    first: int
    ply: int
    events: list[dict[str, Any]]
    final: dict[str, Any] | None
    end: str | None
    _options: dict[str, Any]
    _seed: int
    _legal: list[Move] | None
    _builds_cache: dict[tuple[int, int], list[Flow] | Refusal] | None

    # --- the contract ----------------------------------------------
    @property
    def to_move(self) -> int | None:
        return self._to_move

    @property
    def num_players(self) -> int:
        return self.table.players

    @property
    def end_reason(self) -> str | None:
        return self.end

    def legal_moves(self) -> list[str]:
        return [format_move(self.table, m) for m in self.legal()]

    def play(self, move: str) -> AquaState:
        return self.apply(parse_move(self, move))

    def parse_move(self, text: str) -> Move:
        """The text as the small tuple the rules keep (:mod:`.notation`), legal here."""
        return parse_move(self, text)

    def format_move(self, move: Move) -> str:
        return format_move(self.table, move)

    def scores(self) -> list[int]:
        totals = [0] * self.num_players
        seat_of = self.table.seat_of
        for w, v in enumerate(self.podium_of):
            if v > 0:
                totals[seat_of[w]] += v
        if self.final is not None:
            for b in self.final["bonuses"]:
                totals[b["seat"]] += b["bonus"]
        return totals

    def winners(self) -> list[int]:
        if self._to_move is not None:
            return []
        if self.end == RESIGNED and self.final is not None:
            return [s for s in range(self.num_players) if s != self.final["resigned"]]
        s = self.scores()
        best = max(s)
        return [i for i, v in enumerate(s) if v == best]

    def resign(self, seat: int) -> AquaState:
        """``seat`` gives up and the other player wins, whatever the points (a DECISION:
        the rule book has no resignation). Only in a game of two: with more players a
        seat that leaves is played on by a computer player (the server's rule)."""
        if self._to_move is None:
            raise IllegalMove("the game is over", code="move.game_over")
        if self.num_players != 2:
            raise IllegalMove("only a game of two players can be resigned; with more players "
                              "a computer player takes a seat over",
                              code="aqua_romana.resign_players", players=self.num_players)
        if seat not in (0, 1):
            raise IllegalMove(f"there is no seat {seat}; this game has seats 0 and 1",
                              code="aqua_romana.no_seat", number=seat)
        new = self._copy()
        new.ply += 1
        new.events = [{"type": "resigned", "seat": seat},
                      {"type": "game_over", "reason": RESIGNED}]
        new.phase = OVER
        new._to_move = None
        new._legal = []
        new.end = RESIGNED
        new.turn_closed = []
        new.picks = []
        totals = new.scores()
        tally = [{"seat": s, "workers": [{"worker": new.table.names[w], "podium": new.podium_of[w]}
                                         for w in new.table.workers_of[s]],
                  "podium_points": totals[s], "bonus": 0, "total": totals[s]} for s in range(2)]
        new.final = {"reason": RESIGNED, "resigned": seat, "start": new.current, "podiums": [],
                     "bonuses": [], "totals": totals, "tally": tally}
        return new

    def adjudicate(self) -> AquaState:
        """Stop here: every aqueduct not yet scored is closed and scored as at the end."""
        if self._to_move is None:
            return self
        new = self._copy()
        new.events = []
        new._finish("stopped")
        return new

    # --- helpers ---------------------------------------------------
    def workers(self, seat: int) -> tuple[int, ...]:
        return self.table.workers_of[seat]

    def active(self, seat: int) -> list[int]:
        """The seat's workers on open aqueducts."""
        ws = self.wstate
        return [w for w in self.table.workers_of[seat] if ws[w] == OPEN]

    def front(self, w: int) -> int:
        """The square in front of worker ``w`` (where its aqueduct goes on)."""
        return NEIGHBOUR[self.ends[w]][self.sides[w]]

    def sight(self, w: int) -> list[int]:
        """The track spaces (indices) with a builder that worker ``w`` sees."""
        track = self.track
        return [i for i in SIGHT[self.ends[w]] if track[i] >= 0]

    def kinds_for(self, builder: int) -> tuple[int, ...]:
        """The tile kinds a builder of kind ``builder`` lets one take now."""
        supply = self.supply
        if builder != JOKER and supply[builder] > 0:
            return (builder,)
        return tuple(k for k in TILE_KINDS if supply[k] > 0)

    def order_from(self, seat: int) -> list[int]:
        n = self.num_players
        return [(seat + i) % n for i in range(n)]

    def trial(self, sq: int, code: int) -> list[Flow] | Refusal:
        """What laying tile ``code`` on the empty square ``sq`` would do (cached)."""
        cache = self._builds_cache
        if cache is None:
            cache = self._builds_cache = {}
        key = (sq, code)
        hit = cache.get(key)
        if hit is None:
            ws = self.wstate
            involved = [w for w in range(len(ws))
                        if ws[w] == OPEN and NEIGHBOUR[self.ends[w]][self.sides[w]] == sq]
            hit = cache[key] = flow(self.tiles, self.owner, self.ends, self.sides, involved,
                                    sq, code, self.table.outlet_at)
        return hit

    def builds(self) -> list[Move]:
        """Every legal build of the player to move, in notation order."""
        out: list[Move] = []
        track = self.track
        for w in self.active(self.current):
            sq = self.front(w)
            enter = (self.sides[w] + 2) % 4
            for idx in SIGHT[self.ends[w]]:
                b = track[idx]
                if b < 0:
                    continue
                for kind in self.kinds_for(b):
                    for code in CODES_ENTERING[kind][enter]:
                        if not isinstance(self.trial(sq, code), Refusal):
                            out.append((BUILD, w, idx, kind, code, sq))
        return out

    def bonus_kinds(self) -> tuple[int, ...]:
        return self.kinds_for(self.bonus_kind)

    def bonus_targets(self) -> list[int]:
        """The squares a bonus tile may take: empty, not in front of an outlet or an open end."""
        blocked = set(self.table.outlet_fronts)
        ws = self.wstate
        for w in range(len(ws)):
            if ws[w] == OPEN:
                blocked.add(NEIGHBOUR[self.ends[w]][self.sides[w]])
        tiles = self.tiles
        return [sq for sq in range(NUM_SQUARES) if tiles[sq] == EMPTY and sq not in blocked]

    def free_spaces(self) -> list[int]:
        return [i for i in range(TRACK) if self.track[i] < 0]

    def legal(self) -> list[Move]:
        """The legal moves as tuples (see the module doc), in notation order."""
        if self._legal is not None:
            return self._legal
        phase = self.phase
        out: list[Move]
        if phase == OVER:
            out = []
        elif phase == SETUP:
            free = self.free_spaces()
            out = [(PLACE, k, i) for k in TILE_KINDS if self.setup_left[k] for i in free]
        elif phase in (PLACE_TURN, PLACE_NOW):
            free = self.free_spaces()
            seat = self._to_move
            assert seat is not None
            out = [(PLACE, k, i) for k in sorted(set(self.held[seat])) for i in free]
        elif phase == BUILD_STEP:
            out = self.builds()
            if not out:
                out = [(MOVE, i) for i in range(TRACK) if self.track[i] >= 0]
        elif phase == BONUS_STEP:
            targets = self.bonus_targets()
            out = [(BONUS, k, sq, c) for k in self.bonus_kinds() for sq in targets
                   for c in CODES_BY_KIND[k]]
        elif phase == CLOSE_STEP:
            out = [(CLOSE, -1)]
            out.extend((CLOSE, w) for w in self.active(self.current))
        else:  # PICK_STEP
            out = [(PICK, -1)]
            out.extend((PICK, k) for k in self.reserve)
        self._legal = out
        return out

    # --- playing -----------------------------------------------------
    def apply(self, mv: Move) -> AquaState:
        """The state after the legal move ``mv`` (a tuple); IllegalMove if it is not legal."""
        if mv not in self.legal():
            raise illegal_error(self, mv)
        return self.apply_unchecked(mv)

    def apply_unchecked(self, mv: Move) -> AquaState:
        """The state after ``mv``, which the caller knows to be legal (searches use this)."""
        new = self._copy()
        new.events = []
        new.ply += 1
        if mv[0] == BUILD:  # the trial of the tile was made here: reuse it
            new._builds_cache = self._builds_cache
        _HANDLERS[mv[0]](new, mv)
        return new

    def _copy(self) -> AquaState:
        new = object.__new__(AquaState)
        new.table = self.table
        new._options = self._options
        new._seed = self._seed
        new.first = self.first
        new.tiles = self.tiles[:]
        new.owner = self.owner[:]
        new.ends = self.ends[:]
        new.sides = self.sides[:]
        new.lengths = self.lengths[:]
        new.wstate = self.wstate[:]
        new.podium_of = self.podium_of[:]
        new.podiums = [p[:] for p in self.podiums]
        new.track = self.track[:]
        new.setup_left = self.setup_left[:]
        new.reserve = self.reserve[:]
        new.held = [h[:] for h in self.held]
        new.supply = self.supply[:]
        new.bonus_squares = self.bonus_squares[:]
        new.phase = self.phase
        new.current = self.current
        new._to_move = self._to_move
        new.bonus_left = self.bonus_left
        new.bonus_kind = self.bonus_kind
        new.closed_own = self.closed_own
        new.turn_closed = self.turn_closed[:]
        new.picks = self.picks[:]
        new.tile_laid = self.tile_laid
        new.no_tile = self.no_tile[:]
        new.last_tile = self.last_tile
        new.ply = self.ply
        new.events = self.events
        new.final = self.final
        new.end = self.end
        new._legal = None
        new._builds_cache = None
        return new

    # the handlers change ``self``, a fresh copy
    def _do_place(self, mv: Move) -> None:
        _, kind, idx = mv
        seat = self._to_move
        assert seat is not None
        self.track[idx] = kind
        phase = self.phase
        self.events.append({"type": "place", "seat": seat, "kind": KIND_NAMES[kind],
                            "space": idx + 1, "from": "supply" if phase == SETUP else "reserve"})
        if phase == SETUP:
            self.setup_left[kind] -= 1
            if sum(self.setup_left):
                self._to_move = (seat + 1) % self.num_players
            else:
                self._begin_turn(self.first)
            return
        self.held[seat].remove(kind)
        if phase == PLACE_TURN:
            if not self.held[seat]:
                self._enter_build()
        else:
            self._next_place_now()

    def _do_build(self, mv: Move) -> None:
        _, w, idx, kind, code, sq = mv
        result = self.trial(sq, code)
        assert not isinstance(result, Refusal)
        seat = self.current
        self.events.append({
            "type": "build", "seat": seat, "worker": self.table.names[w], "builder": idx + 1,
            "builder_kind": KIND_NAMES[self.track[idx]], "kind": KIND_NAMES[kind],
            "square": _sq(sq), "rotation": TILES[code].rotation})
        self._builds_cache = None
        self._lay(sq, code, kind, result)
        self.tile_laid = True
        b = self.track[idx]
        self.track[idx] = -1
        to, corners = next_free(self.track, idx)
        self.track[to] = b
        self.events.append({"type": "builder", "kind": KIND_NAMES[b], "from": idx + 1,
                            "to": to + 1, "corners": corners})
        self.bonus_left = corners
        self.bonus_kind = b
        self._after_tiles()

    def _lay(self, sq: int, code: int, kind: int, flows: list[Flow]) -> None:
        self.tiles[sq] = code
        self.supply[kind] -= 1
        seat_of = self.table.seat_of
        names = self.table.names
        for f in flows:
            w = f.worker
            for cid in f.channels:
                self.owner[cid] = w
            self.lengths[w] += len(f.channels)
            self.ends[w] = f.end
            self.sides[w] = f.side
            if f.channels:
                self.events.append({
                    "type": "flow", "worker": names[w], "seat": seat_of[w],
                    "squares": [_sq(cid // 2) for cid in f.channels],
                    "added": len(f.channels), "length": self.lengths[w],
                    "end": _sq(f.end), "side": "NESW"[f.side], "closed": f.closed})
            if f.closed is not None:
                self._close(w, f.closed)

    def _close(self, w: int, reason: str) -> None:
        self.wstate[w] = CLOSED
        self.turn_closed.append(w)
        seat = self.table.seat_of[w]
        if seat == self.current and reason != VOLUNTARY:
            self.closed_own = True
        self.events.append({"type": "closed", "worker": self.table.names[w], "seat": seat,
                            "reason": reason, "length": self.lengths[w]})

    def _do_move(self, mv: Move) -> None:
        idx = mv[1]
        b = self.track[idx]
        self.track[idx] = -1
        to, corners = next_free(self.track, idx)
        self.track[to] = b
        self.events.append({"type": "move_builder", "seat": self.current,
                            "kind": KIND_NAMES[b], "from": idx + 1, "to": to + 1,
                            "corners": corners})
        self._enter_close()

    def _do_bonus(self, mv: Move) -> None:
        _, kind, sq, code = mv
        self.tiles[sq] = code
        self.supply[kind] -= 1
        self.bonus_squares.append(sq)
        self.bonus_squares.sort()
        self.bonus_left -= 1
        self.events.append({"type": "bonus", "seat": self.current, "kind": KIND_NAMES[kind],
                            "square": _sq(sq), "rotation": TILES[code].rotation})
        self._after_tiles()

    def _do_close(self, mv: Move) -> None:
        w = mv[1]
        if w < 0:
            self.events.append({"type": "keep", "seat": self.current})
        else:
            self._close(w, VOLUNTARY)
        self._score()

    def _do_pick(self, mv: Move) -> None:
        kind = mv[1]
        seat = self.picks.pop(0)
        if kind >= 0:
            self.reserve.remove(kind)
            self.held[seat].append(kind)
        self.events.append({"type": "pick", "seat": seat,
                            "kind": KIND_NAMES[kind] if kind >= 0 else None})
        self._next_pick()

    # --- the steps of a turn -----------------------------------------
    def _begin_turn(self, seat: int) -> None:
        self.current = seat
        self._to_move = seat
        self.tile_laid = False
        self.closed_own = False
        self.turn_closed = []
        self.bonus_left = 0
        self.events.append({"type": "turn", "seat": seat})
        if self.held[seat]:
            self.phase = PLACE_TURN
        else:
            self._enter_build()

    def _enter_build(self) -> None:
        self.phase = BUILD_STEP
        self._to_move = self.current
        self._legal = None
        self._builds_cache = None

    def _after_tiles(self) -> None:
        while self.bonus_left > 0:
            if sum(self.supply) and self.bonus_targets():
                self.phase = BONUS_STEP
                self._to_move = self.current
                self._legal = None
                return
            self.events.append({"type": "bonus_lost", "seat": self.current,
                                "reason": "no_square" if sum(self.supply) else "no_tiles"})
            self.bonus_left -= 1
        self._enter_close()

    def _enter_close(self) -> None:
        if not self.closed_own and self.active(self.current):
            self.phase = CLOSE_STEP
            self._to_move = self.current
            self._legal = None
        else:
            self._score()

    def _retire(self, w: int, final: bool = False) -> dict[str, Any]:
        v = podium_for(self.podiums, self.lengths[w])
        self.wstate[w] = RETIRED
        self.podium_of[w] = v
        if v:
            self.podiums[v].append(w)
        event = {"type": "retire", "worker": self.table.names[w],
                 "seat": self.table.seat_of[w], "length": self.lengths[w], "podium": v,
                 "points": v, "final": final}
        self.events.append(event)
        return event

    def _score_order(self, workers: Sequence[int], start: int) -> list[int]:
        rank = {s: i for i, s in enumerate(self.order_from(start))}
        seat_of = self.table.seat_of
        return sorted(workers, key=lambda w: (rank[seat_of[w]], -self.lengths[w], w))

    def _score(self) -> None:
        order = self._score_order(self.turn_closed, self.current)
        for w in order:
            self._retire(w)
        self.turn_closed = []
        self.picks = [self.table.seat_of[w] for w in order]
        self._next_pick()

    def _next_pick(self) -> None:
        if self.picks and self.reserve:
            self.phase = PICK_STEP
            self._to_move = self.picks[0]
            self._legal = None
            return
        self.picks = []
        self._next_place_now()

    def _next_place_now(self) -> None:
        for seat in self.order_from(self.current):
            if self.held[seat] and not self.active(seat):
                self.phase = PLACE_NOW
                self._to_move = seat
                self._legal = None
                return
        self._end_turn()

    def _end_turn(self) -> None:
        cur = self.current
        if self.tile_laid:
            self.no_tile = [False] * self.num_players
            self.last_tile = cur
        else:
            self.no_tile[cur] = True
        in_game = [s for s in range(self.num_players) if self.active(s)]
        if not in_game:
            self._finish("no_workers")
        elif all(self.no_tile[s] for s in in_game):
            self._finish("no_tile_round")
        else:
            nxt = next(s for s in [*self.order_from(cur)[1:], cur] if s in in_game)
            self._begin_turn(nxt)

    def _finish(self, reason: str) -> None:
        start = self.last_tile if self.last_tile >= 0 else self.first
        self.events.append({"type": "game_over", "reason": reason})
        pending = [w for w, st in enumerate(self.wstate) if st != RETIRED]
        steps = []
        for w in self._score_order(pending, start):
            if self.wstate[w] == OPEN:
                self.events.append({"type": "closed", "worker": self.table.names[w],
                                    "seat": self.table.seat_of[w], "reason": FINAL,
                                    "length": self.lengths[w]})
            steps.append(self._retire(w, final=True))
        ranked = [w for v in range(TOP_PODIUM, 0, -1) for w in self.podiums[v]]
        bonuses: list[dict[str, Any]] = []
        for rank, (w, bonus) in enumerate(zip(ranked, RANK_BONUS), 1):
            bonuses.append({"worker": self.table.names[w], "seat": self.table.seat_of[w],
                            "podium": self.podium_of[w], "rank": rank, "bonus": bonus})
        self.final = {"reason": reason, "start": start,
                      "podiums": [{k: e[k] for k in ("worker", "seat", "length", "podium")}
                                  for e in steps],
                      "bonuses": bonuses, "totals": [], "tally": []}
        self.phase = OVER
        self._to_move = None
        self._legal = []
        self.end = reason
        self.turn_closed = []
        self.picks = []
        self.final["totals"] = self.scores()
        tally = []
        for seat in range(self.num_players):
            mine = self.table.workers_of[seat]
            points = sum(max(self.podium_of[w], 0) for w in mine)
            bonus = sum(int(b["bonus"]) for b in bonuses if b["seat"] == seat)
            tally.append({"seat": seat,
                          "workers": [{"worker": self.table.names[w],
                                       "podium": self.podium_of[w]} for w in mine],
                          "podium_points": points, "bonus": bonus, "total": points + bonus})
        self.final["tally"] = tally
        for b in bonuses:
            self.events.append({"type": "rank_bonus", **b})

    # --- serialisation -------------------------------------------------
    def to_json(self) -> JSON:
        from ludotheek.games.aqua_romana.view import state_to_json

        return state_to_json(self)

    def view(self, seat: int | None) -> JSON:
        from ludotheek.games.aqua_romana.view import state_view

        return state_view(self, seat)

    def render(self, seat: int | None = None, lang: str = "en") -> str:
        from ludotheek.games.aqua_romana.render import render

        return render(self, seat, lang)

    def describe_move(self, move: str, lang: str = "en") -> str:
        return describe(self, move, lang)

    def heuristic(self, seat: int) -> float:
        from ludotheek.games.aqua_romana.evaluate import lead

        return lead(self, seat)


_HANDLERS = {
    PLACE: AquaState._do_place,
    BUILD: AquaState._do_build,
    MOVE: AquaState._do_move,
    BONUS: AquaState._do_bonus,
    CLOSE: AquaState._do_close,
    PICK: AquaState._do_pick,
}


def _sq(sq: int) -> str:
    return square_name(sq)


class AquaGame(Game[AquaState]):
    name = "aqua_romana"
    #: a game of two can be resigned (:meth:`AquaState.resign`)
    resignable = True
    title = {"en": "Aqua Romana", "nl": "Aqua Romana", "no": "Aqua Romana"}
    min_players = 2
    max_players = 4
    max_moves = MOVE_LIMIT
    #: chance decides nothing after the setup: any move can be taken back (docs/rules)
    takebacks = True
    option_specs = (
        IntOption("players", 2, {"en": "Players", "nl": "Spelers", "no": "Spillere"}, 2, 4),
        FirstOption("first", "random", {"en": "Start player", "nl": "Startspeler",
                                        "no": "Startspiller"}),
    )

    def check_options(self, options: Mapping[str, Any]) -> dict[str, Any]:
        opts = super().check_options(options)
        if opts["first"] != "random" and opts["first"] > opts["players"]:
            raise BadOption(f"option first must be random or a seat number 1-{opts['players']}"
                            f", not {opts['first']}", code="option.first", last=opts["players"])
        return opts

    def num_players(self, options: Mapping[str, Any]) -> int:
        return int(self.check_options(options)["players"])

    def seat_names(self, options: Mapping[str, Any], lang: str = "en") -> list[str]:
        table = TABLES[self.num_players(options)]
        return [table.seat_name(s, lang) for s in range(table.players)]

    def _new(self, seed: int, options: dict[str, Any]) -> AquaState:
        n = options["players"]
        table = TABLES[n]
        first = (Rng.from_seed(seed).randbelow(n) if options["first"] == "random"
                 else options["first"] - 1)
        s = object.__new__(AquaState)
        s.table = table
        s._options = options
        s._seed = seed
        s.first = first
        s.tiles = list(table.start_tiles)
        s.owner = [-1] * (2 * NUM_SQUARES)
        nw = len(table.names)
        s.ends = [o.square for o in table.layout.outlets]
        s.sides = [o.side for o in table.layout.outlets]
        s.lengths = [0] * nw
        s.wstate = [OPEN] * nw
        s.podium_of = [-1] * nw
        s.podiums = [[] for _ in range(TOP_PODIUM + 1)]
        s.track = [-1] * TRACK
        s.setup_left = [SETUP_PER_KIND] * len(TILE_KINDS)
        s.reserve = [*TILE_KINDS, JOKER]
        s.held = [[] for _ in range(n)]
        s.supply = [TILES_PER_KIND] * len(TILE_KINDS)
        s.bonus_squares = []
        s.phase = SETUP
        s.current = first
        s._to_move = first
        s.bonus_left = 0
        s.bonus_kind = -1
        s.closed_own = False
        s.turn_closed = []
        s.picks = []
        s.tile_laid = False
        s.no_tile = [False] * n
        s.last_tile = -1
        s.ply = 0
        s.events = []
        s.final = None
        s.end = None
        s._legal = None
        s._builds_cache = None
        return s

    def from_json(self, data: JSON | str) -> AquaState:
        from ludotheek.games.aqua_romana.view import state_from_json

        d = load_json(data)
        try:
            return state_from_json(self, d)
        except (KeyError, TypeError, ValueError, IndexError) as exc:
            raise ValueError(f"not an Aqua Romana state: {exc}") from exc

    def position(self, **spec: Any) -> AquaState:
        """A constructed position for tests and puzzles (see :mod:`.position`)."""
        from ludotheek.games.aqua_romana.position import build_position

        return build_position(self, **spec)


GAME = AquaGame()
AquaState.game = GAME
