"""Quick estimates of how well a seat stands, for the computer players."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ludotheek.games.aqua_romana.rules import podium_for
from ludotheek.games.aqua_romana.site import OPEN

if TYPE_CHECKING:
    from ludotheek.games.aqua_romana.rules import AquaState


def values(state: AquaState) -> list[float]:
    """Each seat's points on the podiums plus what its open aqueducts would score if
    they were all closed now (longest first), a simple estimate of the final score."""
    totals = [float(x) for x in state.scores()]
    if state.to_move is None:
        return totals
    podiums = [p[:] for p in state.podiums]
    seat_of = state.table.seat_of
    open_ = sorted((w for w, st in enumerate(state.wstate) if st == OPEN),
                   key=lambda w: -state.lengths[w])
    for w in open_:
        v = podium_for(podiums, state.lengths[w])
        if v:
            podiums[v].append(w)
        totals[seat_of[w]] += v
    return totals


def lead(state: AquaState, seat: int) -> float:
    """``seat``'s estimate minus the best other seat's."""
    v = values(state)
    others = [x for i, x in enumerate(v) if i != seat]
    return v[seat] - max(others)
