"""Wari's openings book: the first moves, chosen by a deep search from the start.

Built once (the data sets ``wari-book`` and ``wari-book-abapa``, ``ludotheek build``)
for 4 seeds a cup, for either side starting (a board is seen from the player to move,
so South starting and North starting are the same positions): for the player who
starts, the positions after 0, 2, ... plies in which they played one of the book's
moves and the opponent anything; for the other player, those after 1, 3, ... plies.
Each position gets the move of a compiled search to a fixed depth (``depth``, default 18
plies: repeatable, unlike a time), with its value, and (format 2, issue 40) the moves of
about equal value with theirs (``search.about_equal`` with the margin ``margin``,
default ``search.MARGIN``; the root's moves within the margin searched to their exact
value): ``strong`` chooses between those by its seed, as between a search's, so the
book follows each of them.

``strong`` plays the book's move where the position is in it (and the game is the one
the book was made for: 4 seeds a cup, the same rules). A book of format 1 (one move a
position) is still read: its moves have no alternatives.

>>> from ludotheek.core.resources import MemoryStore
>>> store = MemoryStore()
>>> build(store, None, {"first_plies": 0, "second_plies": 1, "depth": 4})
>>> book = open_book(store)
>>> len(book), book.depth
(7, 4)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

import numpy as np
import numpy.typing as npt

from ludotheek.core.resources import Progress, Sink, Source
from ludotheek.games.wari.rules import GAME, WariState

FORMAT = 2
#: the formats read (1: one move a position, no alternatives)
READ = (1, 2)
#: the seeds a cup the book is made for
SEEDS = 4


def _key(state: WariState) -> tuple[int, ...]:
    b = state.board
    return b if state.to_move == 0 else (*b[6:], *b[:6])


def positions(first_plies: int, second_plies: int, choose: Any,
              abapa: bool = False) -> list[WariState]:
    """The book's positions (see the module's text), each once; ``choose(state)`` gives
    the book's moves (a list: the best and those of about equal value) where the book's
    side is to move."""
    out: dict[tuple[int, ...], WariState] = {}
    start = GAME.new(seeds_per_cup=SEEDS, rules="abapa" if abapa else "applet")
    assert isinstance(start, WariState)
    for ours_first, top in ((True, first_plies), (False, second_plies)):
        level = [start]
        for ply in range(top + 1):
            ours = (ply % 2 == 0) == ours_first
            nxt: list[WariState] = []
            for state in level:
                if state.is_over:
                    continue
                if ours:
                    out.setdefault(_key(state), state)
                    if ply < top:
                        nxt.extend(state.play(m) for m in choose(state))
                elif ply < top:
                    nxt.extend(state.play(m) for m in state.legal_moves())
            level = nxt
    return list(out.values())


def build(sink: Sink, progress: Progress | None, params: Mapping[str, Any]) -> None:
    """Search every position of the book to ``params["depth"]`` plies and keep the
    moves (``params``: ``first_plies``, ``second_plies``, ``depth``, ``abapa``,
    ``margin``: seeds, "about equal")."""
    from ludotheek.games.wari.fast import FastSearcher
    from ludotheek.games.wari.search import MARGIN

    depth = int(params.get("depth", 18))
    abapa = bool(params.get("abapa", False))
    margin = float(params.get("margin", MARGIN))
    searcher = FastSearcher()
    #: board -> (best cup, its value, nodes, the values of the cups of about equal value)
    chosen: dict[tuple[int, ...], tuple[int, float, int, list[float]]] = {}
    fp, sp = int(params.get("first_plies", 4)), int(params.get("second_plies", 3))
    expected = (sum(6 ** (k // 2) for k in range(0, fp + 1, 2))
                + sum(6 ** ((k + 1) // 2) for k in range(1, sp + 1, 2)))

    def keep(keys: list[tuple[int, ...]], total: int) -> None:
        """The positions searched so far, usable at once (a checkpoint)."""
        keys = sorted(keys)
        boards = np.array(keys, dtype=np.uint8).reshape(-1, 12)
        sink.put_array("boards", boards)
        sink.put_array("moves", np.array([chosen[k][0] for k in keys], dtype=np.uint8))
        sink.put_array("values", np.array([chosen[k][1] for k in keys], dtype=np.float32))
        sink.put_array("near", np.array([chosen[k][3] for k in keys],
                                        dtype=np.float32).reshape(-1, 6))
        sink.put_json("info", {"format": FORMAT, "depth": depth, "abapa": abapa,
                               "seeds": SEEDS, "margin": margin, "positions": len(keys),
                               "expected": total,
                               "nodes": int(sum(chosen[k][2] for k in keys))})
        sink.checkpoint()

    def choose(state: WariState) -> list[str]:
        key = _key(state)
        if key not in chosen:
            r = searcher.run(state, max_depth=depth, margin=margin)
            values = dict(r.ranking)
            near = [values[cup] if cup in r.near else np.nan for cup in range(6)]
            chosen[key] = (r.cup, r.value, r.nodes, near)
            # (more positions than ``expected`` where moves of about equal value branch)
            keep(list(chosen), max(expected, len(chosen) + 1))
            if progress:
                progress("book", len(chosen), max(expected, len(chosen) + 1))
        near = chosen[key][3]
        return [str(cup + 1 + 6 * (state.to_move or 0)) for cup in _near_cups(
            chosen[key][0], near)]

    found = positions(fp, sp, choose, abapa)
    for state in found:
        choose(state)
    keys = [_key(s) for s in found]
    keep(keys, len(keys))


def _near_cups(best: int, near: Any) -> list[int]:
    """The cups of about equal value, the best first, from a row of six values (NaN: not
    of about equal value), best value first."""
    others = sorted((cup for cup in range(6) if cup != best and not np.isnan(near[cup])),
                    key=lambda cup: (-float(near[cup]), cup))
    return [best, *others]


@dataclass
class Book:
    """Book moves by board (seen from the mover): own cup 0-5 and the search's value, and
    the moves of about equal value (own cup and value, the best first; the best alone in
    a book of format 1)."""

    entries: dict[tuple[int, ...], tuple[int, float]]
    depth: int
    abapa: bool
    #: every position is there (False while it is being built: the positions searched so
    #: far are used, and the application opens it again now and then)
    complete: bool = True
    alternatives: dict[tuple[int, ...], tuple[tuple[int, float], ...]] = field(
        default_factory=dict)

    def __len__(self) -> int:
        return len(self.entries)

    def near(self, state: WariState) -> list[tuple[str, float]] | None:
        """The book's moves of about equal value for ``state`` (in notation, with their
        values, the best first), or None where the position is not in the book."""
        hit = self.move(state)
        if hit is None:
            return None
        assert state.to_move is not None
        legal = state.legal_moves()
        out = [hit]
        for cup, value in self.alternatives.get(_key(state), ()):
            name = str(cup + 1 + 6 * state.to_move)
            if name != hit[0] and name in legal:
                out.append((name, value))
        return out

    def move(self, state: WariState) -> tuple[str, float] | None:
        """The book's move for ``state`` (in notation) and its value, or None."""
        if state.abapa != self.abapa or state._options["seeds_per_cup"] != SEEDS \
                or state.to_move is None:
            return None
        hit = self.entries.get(_key(state))
        if hit is None:
            return None
        name = str(hit[0] + 1 + 6 * state.to_move)
        return (name, hit[1]) if name in state.legal_moves() else None


def open_book(source: Source, abapa: bool = False) -> Book | None:
    info = source.json("info")
    if not isinstance(info, dict) or info.get("format") not in READ \
            or bool(info.get("abapa")) != abapa:
        return None
    boards: npt.NDArray[np.uint8] = source.array("boards")
    moves = source.array("moves")
    values = source.array("values")
    entries = {tuple(int(x) for x in b): (int(m), float(v))
               for b, m, v in zip(boards, moves, values, strict=True)}
    alternatives: dict[tuple[int, ...], tuple[tuple[int, float], ...]] = {}
    if info["format"] >= 2:
        for b, m, row in zip(boards, moves, source.array("near"), strict=True):
            cups = _near_cups(int(m), row)
            if len(cups) > 1:
                alternatives[tuple(int(x) for x in b)] = tuple(
                    (cup, float(row[cup])) for cup in cups[1:])
    return Book(entries, int(info["depth"]), abapa,
                complete=int(info.get("positions", 0)) >= int(info.get("expected", 0)),
                alternatives=alternatives)
