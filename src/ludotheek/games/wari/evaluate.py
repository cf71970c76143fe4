"""How good a Wari board is for the player to move, in seeds: the search's leaf value.

Boards are seen from the player to move (their six cups first, in sowing order,
then the opponent's six). The value estimates the mover's net gain from the
seeds still on the board - the same scale as the search's values and the
endgame database's - as a weighted sum of features (``Weights``):

- ``material``: own seeds minus the opponent's (at the end each side's seeds go
  to its owner, and seeds are what moves and captures are made of);
- ``threat``: the most the opponent could capture with one move if it were
  their turn (the mover must answer it), minus the same for the mover;
- ``mobility``: own non-empty cups minus the opponent's (a player with few
  moves is forced into bad ones, and one who runs dry gives the rest away);
- ``kroo``: seeds in own cups holding 12 or more (a sowing that goes round the
  board and can capture along the opponent's row), minus the opponent's;
- ``small``: own cups holding 1 or 2 seeds, minus the opponent's (small sowings
  that keep a move in hand; one or two more seeds and the opponent can capture
  them, yet matches found them worth more than they risk).

Matches chose the weights (docs/strength.md, "Wari"): ``threat`` and ``kroo`` made
the player weaker and are off (a zero weight skips their work).

>>> round(evaluate((4,) * 12), 3)
0.0
>>> evaluate((6, 6, 6, 0, 0, 0) + (3, 3, 3, 3, 3, 3))  # more seeds, fewer cups in use
-0.75
>>> features((0, 0, 0, 0, 0, 1) + (1, 0, 0, 0, 0, 0))[1]  # the mover threatens 2
-2.0
"""

from __future__ import annotations

from dataclasses import dataclass

from ludotheek.games.wari.rules import SOW


@dataclass(frozen=True)
class Weights:
    material: float = 0.1
    threat: float = 0.0
    mobility: float = 0.25
    kroo: float = 0.0
    small: float = 0.25


DEFAULT = Weights()


def best_capture(b: tuple[int, ...], lo: int) -> int:
    """The most the owner of cups ``lo``..``lo+5`` captures with one sowing (ignoring the
    feeding and grand-slam rules: a threat, not a move)."""
    best = 0
    opp = 6 - lo  # the other row starts here
    for cup in range(lo, lo + 6):
        n = b[cup]
        if not n:
            continue
        delta, last = SOW[cup][n]
        if not opp <= last < opp + 6:
            continue
        taken = 0
        while opp <= last and 2 <= b[last] + delta[last] <= 3:
            taken += b[last] + delta[last]
            last -= 1
        if taken > best:
            best = taken
    return best


def features(b: tuple[int, ...]) -> tuple[float, float, float, float, float]:
    """(material, threat, mobility, kroo, small) of board ``b`` (see the module's text)."""
    own, opp = b[:6], b[6:]
    material = sum(own) - sum(opp)
    threat = best_capture(b, 6) - best_capture(b, 0)
    mobility = sum(1 for x in own if x) - sum(1 for x in opp if x)
    kroo = sum(x for x in own if x >= 12) - sum(x for x in opp if x >= 12)
    small = sum(1 for x in own if 0 < x < 3) - sum(1 for x in opp if 0 < x < 3)
    return float(material), float(threat), float(mobility), float(kroo), float(small)


def evaluate(b: tuple[int, ...], w: Weights = DEFAULT) -> float:
    """The estimated net gain of the player to move from the seeds on board ``b``."""
    own, opp = b[:6], b[6:]
    value = (w.material * (sum(own) - sum(opp))
             + w.mobility * (sum(1 for x in own if x) - sum(1 for x in opp if x))
             + w.small * (sum(1 for x in own if 0 < x < 3) - sum(1 for x in opp if 0 < x < 3)))
    if w.threat:
        value -= w.threat * (best_capture(b, 6) - best_capture(b, 0))
    if w.kroo:
        value += w.kroo * (sum(x for x in own if x >= 12) - sum(x for x in opp if x >= 12))
    return value
