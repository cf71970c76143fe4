"""Tables the compiled code reads, made from the rules engine's own (pure Python: no
compiler is loaded by importing this)."""

from __future__ import annotations

import numpy as np
import numpy.typing as npt


def sow_table() -> npt.NDArray[np.int64]:
    """``[6, 61, 14]``: for an own cup and its count, the change of each of the 12 cups,
    the last cup sown and the seeds sown into the opponent's row, from the rules
    engine's ``SOW``."""
    from ludotheek.games.wari.rules import SOW

    out = np.zeros((6, 61, 14), dtype=np.int64)
    for cup in range(6):
        for n in range(61):
            delta, last = SOW[cup][n]
            out[cup, n, :12] = delta
            out[cup, n, 12] = last
            out[cup, n, 13] = sum(delta[6:])
    return out
