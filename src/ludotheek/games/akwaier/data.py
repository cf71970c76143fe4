"""The data set Akwaier's players use, declared for the application
(:mod:`ludotheek.core.resources`; ``ludotheek build akwaier-rollouts`` builds it):

- ``akwaier-rollouts``: the strong player's rollouts compiled (numba's machine code for
  ``kernel``, kept in numba's cache: the application points it at the data folder).
  Without it ``strong`` (and the review, which uses it) rolls out in Python, to the same
  figures, until it is there.
"""

from __future__ import annotations

import time
from collections.abc import Mapping
from typing import Any

from ludotheek.core.resources import DataSet, Progress, Sink, Source

ROLLOUTS = "akwaier-rollouts"


def _build(sink: Sink, progress: Progress | None, params: Mapping[str, Any]) -> None:
    if progress:
        progress("compile", 0, 1)
    start = time.perf_counter()
    from ludotheek.games.akwaier import fast  # compiles the kernel (or loads it)

    fast.warm()
    seconds = time.perf_counter() - start
    import numba

    sink.put_json("compiled", {"numba": numba.__version__, "seconds": round(seconds, 2)})
    if progress:
        progress("compile", 1, 1)


def _open(source: Source) -> Any:
    if not source.json("compiled"):
        return None
    from ludotheek.games.akwaier import fast  # loads the machine code from numba's cache

    fast.warm()
    return fast


ROLLOUTS_SET = DataSet(
    ROLLOUTS, {"en": "Akwaier's compiled rollouts", "nl": "Akwaiers gecompileerde simulaties",
               "no": "Akwaiers kompilerte simuleringer"}, "1", _build, _open,
    code=("ludotheek.games.akwaier.kernel", "ludotheek.games.akwaier.fast",
          "ludotheek.games.akwaier.evaluation", "ludotheek.games.akwaier.money"),
    preload=True, machine_code=True, about="numba compiles it once: about 20 s of CPU")

DATA_SETS = (ROLLOUTS_SET,)
