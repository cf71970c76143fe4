"""A Wari evaluation learned from perfect play (issue 40): the features of a board, the
models (made by ``benchmarks/wari_learn.py fit``: ``learned_model.py`` for our rules,
``learned_model_abapa.py`` for the Abapa rules, each fitted on its own rules' endgame
database and searches) and their value.

Boards are seen from the player to move (their six cups first, in sowing order, then the
opponent's six), as in ``evaluate.py``; the value has the same meaning and scale as the
endgame database's and the search's: the mover's net gain in seeds from the seeds still
on the board, with good play by both.

The model is a sum over the twelve cups of a value that depends on the cup and its seeds
(a table ``table[phase][cup][seeds]``), plus the material (own seeds minus the opponent's)
times the seeds on the board, plus the most each side could capture with one sowing now
(``evaluate.best_capture``); the phase is chosen by the seeds on the board (``phases``:
the most seeds of each). The table is fitted through features of each cup (its seeds,
whether it is empty: mobility; holds 1-2 seeds: vulnerable; 12 or more: a kroo building
up; and buckets of its count), so it holds exactly what a linear model of those features
would. Every number is kept in ten-thousandths of a seed (integers), so that the compiled
search (``kernel.evaluate_learned``) and this module give the same value to the
hundredth: :func:`value_hundredths` is its reference.

>>> m = Model.load()
>>> v = m.value((4,) * 12)
>>> -2 < v < 2
True
>>> features((0, 0, 0, 0, 1, 13) + (2, 0, 0, 0, 0, 0))["vulnerable"]  # own 1, theirs 1
0
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cache
from typing import Any

import numpy as np
import numpy.typing as npt

from ludotheek.games.wari.evaluate import best_capture

#: ten-thousandths of a seed: the unit of the model's integers
UNIT = 10_000
#: the most seeds a cup's table covers (48: every count a board can hold)
MAXC = 48
#: the buckets of a cup's count the fit uses (their lower bounds): 0, 1, ..., 11, 12-14, 15+
BUCKETS = (0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 15)
FORMAT = 1


def features(b: Sequence[int]) -> dict[str, int]:
    """The named features of board ``b`` (mover first), each own minus the opponent's
    where it has two sides: ``material`` (seeds), ``mobility`` (non-empty cups),
    ``vulnerable`` (cups of 1-2 seeds, capturable by one more), ``kroo`` (cups of 12
    or more: a sowing that goes round), ``kroo_seeds`` (their seeds), ``threat`` (the
    most the mover captures with one sowing now, minus the opponent's); ``own`` and
    ``opponent``: the seeds on each side; ``board``: all of them (48 minus the stores).

    >>> features((4,) * 12)["board"], features((1, 0, 0, 0, 0, 0) + (0,) * 6)["mobility"]
    (48, 1)
    """
    own, opp = list(b[:6]), list(b[6:])
    return {
        "own": sum(own),
        "opponent": sum(opp),
        "board": sum(own) + sum(opp),
        "material": sum(own) - sum(opp),
        "mobility": sum(1 for x in own if x) - sum(1 for x in opp if x),
        "vulnerable": sum(1 for x in own if 0 < x < 3) - sum(1 for x in opp if 0 < x < 3),
        "kroo": sum(1 for x in own if x >= 12) - sum(1 for x in opp if x >= 12),
        "kroo_seeds": sum(x for x in own if x >= 12) - sum(x for x in opp if x >= 12),
        "threat": best_capture(tuple(b), 0) - best_capture(tuple(b), 6),
    }


# --- the fit's design ---------------------------------------------------------------------
#: per cup: seeds, empty, 1-2 seeds, 12 or more, seeds over 11, then one column a bucket
PER_CUP = 5 + len(BUCKETS)
#: after the cups: material x seeds on the board / 48, own best capture, the opponent's
GLOBALS = ("material_x_board", "own_capture", "opponent_capture")


def _bucket_of(c: npt.NDArray[np.int64]) -> npt.NDArray[np.int64]:
    return np.searchsorted(np.asarray(BUCKETS), c, side="right") - 1


def cup_basis(c: npt.NDArray[np.int64]) -> npt.NDArray[np.float64]:
    """The fit's columns of one cup for counts ``c`` (shape ``c.shape + (PER_CUP,)``)."""
    c = np.asarray(c, dtype=np.int64)
    out = np.zeros((*c.shape, PER_CUP))
    out[..., 0] = c
    out[..., 1] = c == 0
    out[..., 2] = (c > 0) & (c < 3)
    out[..., 3] = c >= 12
    out[..., 4] = np.maximum(c - 11, 0)
    out[..., 5:] = np.eye(len(BUCKETS))[_bucket_of(c)]
    return out


def captures(boards: npt.NDArray[np.int64]) -> npt.NDArray[np.int64]:
    """``[own, opponent]`` best captures with one sowing of each board (N x 12)."""
    out = np.zeros((len(boards), 2), dtype=np.int64)
    for k, b in enumerate(boards):
        t = tuple(int(x) for x in b)
        out[k] = best_capture(t, 0), best_capture(t, 6)
    return out


def design(boards: npt.NDArray[np.int64], caps: npt.NDArray[np.int64]
           ) -> npt.NDArray[np.float64]:
    """The fit's matrix for one phase: N x (12 * PER_CUP + 3)."""
    n = len(boards)
    cups = cup_basis(boards).reshape(n, 12 * PER_CUP)
    mat = boards[:, :6].sum(1) - boards[:, 6:].sum(1)
    seeds = boards.sum(1)
    g = np.stack([mat * seeds / 48.0, caps[:, 0], caps[:, 1]], axis=1)
    return np.concatenate([cups, g], axis=1)


def ridge(x: npt.NDArray[np.float64], y: npt.NDArray[np.float64], lam: float
          ) -> npt.NDArray[np.float64]:
    """Least squares with an L2 penalty ``lam`` on every coefficient."""
    a = x.T @ x + lam * np.eye(x.shape[1])
    return np.asarray(np.linalg.solve(a, x.T @ y), dtype=np.float64)


def compile_phase(coef: npt.NDArray[np.float64]) -> tuple[list[list[int]], list[int]]:
    """A phase's coefficients as the kernel's integers: the table (12 x 49, UNIT) and
    the three global weights (UNIT per unit of feature; material x board without the
    division by 48, which is folded into its weight)."""
    counts = np.arange(MAXC + 1)
    basis = cup_basis(counts)  # 49 x PER_CUP
    table = []
    for cup in range(12):
        w = coef[cup * PER_CUP:(cup + 1) * PER_CUP]
        table.append([int(np.rint(v * UNIT)) for v in basis @ w])
    g = coef[12 * PER_CUP:]
    return table, [int(np.rint(g[0] / 48.0 * UNIT)), int(np.rint(g[1] * UNIT)),
                   int(np.rint(g[2] * UNIT))]


# --- the model ----------------------------------------------------------------------------
@dataclass(frozen=True)
class Model:
    """The fitted model as integers: ``phases[k]`` the most seeds of phase k (ascending,
    the last 48), ``tables[k][cup][seeds]`` and ``globals[k]`` (material x board, own
    capture, opponent's capture), all in ten-thousandths of a seed."""

    phases: tuple[int, ...]
    tables: tuple[tuple[tuple[int, ...], ...], ...]
    globals: tuple[tuple[int, int, int], ...]
    meta: dict[str, Any] = field(default_factory=dict, compare=False)

    @staticmethod
    def from_json(data: dict[str, Any]) -> Model:
        if data.get("format") != FORMAT:
            raise ValueError(f"learned model format {data.get('format')!r}, not {FORMAT}")
        phases = tuple(int(p) for p in data["phases"])
        tables = tuple(tuple(tuple(int(v) for v in row) for row in t) for t in data["tables"])
        gl = tuple((int(g[0]), int(g[1]), int(g[2])) for g in data["globals"])
        if (not phases or phases[-1] != MAXC or len(tables) != len(phases)
                or len(gl) != len(phases)
                or any(len(t) != 12 or any(len(r) != MAXC + 1 for r in t) for t in tables)):
            raise ValueError("a learned model needs a 12 x 49 table and 3 weights a phase")
        meta = {k: v for k, v in data.items() if k not in ("phases", "tables", "globals")}
        return Model(phases, tables, gl, meta)

    def to_json(self) -> dict[str, Any]:
        return {**self.meta, "format": FORMAT, "phases": list(self.phases),
                "tables": [[list(r) for r in t] for t in self.tables],
                "globals": [list(g) for g in self.globals]}

    @staticmethod
    def load(abapa: bool = False) -> Model:
        """The package's model of our rules (``learned_model.py``) or with ``abapa`` of
        the Abapa rules (``learned_model_abapa.py``), made by ``benchmarks/wari_learn.py
        fit``."""
        return _load(bool(abapa))

    def phase(self, n: int) -> int:
        for k, top in enumerate(self.phases):
            if n <= top:
                return k
        return len(self.phases) - 1

    def value_hundredths(self, b: Sequence[int]) -> int:
        """The value of board ``b`` (mover first) in hundredths of a seed, exactly as the
        compiled search computes it."""
        n = 0
        mat = 0
        for i in range(6):
            n += b[i] + b[6 + i]
            mat += b[i] - b[6 + i]
        k = self.phase(n)
        t = self.tables[k]
        g = self.globals[k]
        total = 0
        for i in range(12):
            total += t[i][b[i]]
        total += g[0] * mat * n
        if g[1] or g[2]:
            board = tuple(b)
            total += g[1] * best_capture(board, 0) + g[2] * best_capture(board, 6)
        return total // 100

    def value(self, b: Sequence[int]) -> float:
        """The value of board ``b`` (mover first) in seeds (see ``value_hundredths``)."""
        return self.value_hundredths(b) / 100

    def kernel_array(self) -> npt.NDArray[np.int64]:
        """The model as the kernel reads it (``kernel.O_LEARN``): per phase its most seeds,
        the three global weights and the 12 x 49 table."""
        out = []
        for top, g, t in zip(self.phases, self.globals, self.tables, strict=True):
            out += [top, *g]
            for row in t:
                out += list(row)
        return np.asarray(out, dtype=np.int64)


#: numbers a phase takes in the kernel's array: its top, 3 weights, the table
PHASE_SIZE = 4 + 12 * (MAXC + 1)
#: the most phases the kernel has room for
MAX_PHASES = 4


@cache
def _load(abapa: bool) -> Model:
    if abapa:
        from ludotheek.games.wari.learned_model_abapa import MODEL_JSON
    else:
        from ludotheek.games.wari.learned_model import MODEL_JSON

    return Model.from_json(json.loads(MODEL_JSON))
