"""How well each seat stands: an estimate of its final wealth, for computer players.

A seat's final wealth is its cash, its shares at their final prices, and the merger
payouts still to come. The estimate weighs what anyone can see now (cash,
holdings, chain sizes, prices; no hidden tile is used):

    estimate = COMMON + CASH × cash
             + Σ chains  SHARE[largest] × shares × price
             + Σ chains  BONUS[largest][lead] × pot × part of the pot

- ``pot`` is what the chain would pay out if it were absorbed now
  ((tiles + shares outstanding) × price), ``part`` the seat's part of it by the
  split rules (2/3, 1/3, equal parts when tied, ...);
- ``largest``: whether the chain is the largest on the board (it is absorbed less
  often: it is usually the survivor, and the game ends once a chain has grown
  beyond 100 tiles, so a majority there may never pay);
- ``lead``: the seat's lead in shares over the next holder (0: tied or behind, 1:
  1-3 shares, 2: more), since a narrow lead is often lost before the merger;
- ``COMMON``: the wealth still to be made that is the same for every seat.

CASH and SHARE hold for the whole game; BONUS and COMMON change with the stage
of the game: there is one per 30 turns, and the weight at a turn is interpolated
between the two stages around it (so the estimate moves smoothly from turn to
turn). The weights are a least-squares fit of the final wealth on these terms
over the positions (every third turn) of 1,500 games of six 1987 players, the
stage weights fitted as a step function of the turn::

    python benchmarks/akwaier_fit_evaluation.py --games 1500 --seed 50000 \
        --iterations 0 --classic-only --blocks

with one change by hand: the fit gives a tied or trailing holder in the first
30 turns a weight of about -2.5 (the pot counting against its holder: early ties
lead to costly buying wars), which would keep the player out of every early
contest; those two weights are stage 1's. A weight above 1 means such a position
tends to grow (pots grow as chains grow and players buy); the weights also carry
what the other terms miss, so they are not probabilities. A refit in the
interpolated form on games with the estimate and strong players seated, which
keeps the negative early weights, played no better (docs/strength.md).

>>> from ludotheek.games.akwaier import GAME
>>> s = GAME.position(chains={"C": "A1-A5"}, shares={0: {"C": 6}, 1: {"C": 3}})
>>> e = estimates(s.core)
>>> e[0] > e[1] > e[2] == e[3]
True
"""

from __future__ import annotations

from ludotheek.games.akwaier.board import NUM_CHAINS
from ludotheek.games.akwaier.core import BUY, END_SIZE, MAX_TURNS, OVER, SEATS, Core
from ludotheek.games.akwaier.money import PER_SHARE, PRICE_BY_SIZE

#: turns per stage of the game (the weights change with the stage)
STAGE_TURNS = 30
STAGES = 5

# --- the fitted weights, by stage (see the module's docstring) -------------------
CASH = 1.159
#: a share's price: (in a chain that is not the largest, in the largest)
SHARE = (0.561, 0.932)
#: ((not the largest), (the largest)) × lead: tied or behind, ahead by 1-3, by more
BONUS: tuple[tuple[tuple[float, float, float], tuple[float, float, float]], ...] = (
    ((0.495, 1.245, 1.849), (0.090, 0.478, 0.785)),  # tied or behind: stage 1's (see above)
    ((0.495, 0.982, 1.555), (0.090, 0.344, 0.562)),
    ((0.879, 0.954, 1.352), (0.269, 0.296, 0.483)),
    ((0.905, 0.866, 1.104), (0.073, 0.121, 0.144)),
    ((0.940, 0.823, 0.964), (0.016, 0.032, 0.031)),
)
COMMON = (87_967, 65_853, 45_234, 26_824, 3_953)


def stage_factors(turn: int) -> list[tuple[int, float]]:
    """The stages whose weights make up the weight at ``turn``, with their factors.

    >>> stage_factors(0), stage_factors(30), stage_factors(200)
    ([(0, 1.0)], [(0, 0.5), (1, 0.5)], [(4, 1.0)])
    """
    x = min(max(turn / STAGE_TURNS - 0.5, 0.0), STAGES - 1.0)
    i = int(x)
    f = x - i
    if f == 0.0:
        return [(i, 1.0)]
    return [(i, 1.0 - f), (i + 1, f)]


def _weights(turn: int) -> tuple[float, tuple[float, float], tuple[tuple[float, ...], ...],
                                 float]:
    """CASH, SHARE, BONUS and COMMON at ``turn``."""
    factors = stage_factors(turn)
    if len(factors) == 1:
        i = factors[0][0]
        return CASH, SHARE, BONUS[i], float(COMMON[i])
    (i, a), (j, b) = factors
    bonus = tuple(tuple(a * x + b * y for x, y in zip(BONUS[i][k], BONUS[j][k]))
                  for k in (0, 1))
    return CASH, SHARE, bonus, a * COMMON[i] + b * COMMON[j]


def pot_parts(holdings: list[int]) -> list[float]:
    """Each seat's part of a merger's pot (the split rules, as floats).

    >>> pot_parts([6, 3, 1, 0, 0, 0])
    [0.6666666666666666, 0.3333333333333333, 0.0, 0.0, 0.0, 0.0]
    >>> pot_parts([2, 2, 0, 0, 0, 0])
    [0.5, 0.5, 0.0, 0.0, 0.0, 0.0]
    """
    n = len(holdings)
    out = [0.0] * n
    top = max(holdings)
    if top <= 0:
        return out
    firsts = [i for i in range(n) if holdings[i] == top]
    second = max((h for h in holdings if h < top), default=0)
    if len(firsts) > 1 or second <= 0:
        for i in firsts:
            out[i] = 1.0 / len(firsts)
        return out
    seconds = [i for i in range(n) if holdings[i] == second]
    out[firsts[0]] = 2.0 / 3.0
    for i in seconds:
        out[i] = 1.0 / (3 * len(seconds))
    return out


def estimates(core: Core) -> list[float]:
    """Each seat's estimated final wealth; at the end of the game, the wealth itself."""
    if core.phase == OVER:
        return [float(core.wealth(s)) for s in range(SEATS)]
    sizes, out, shares = core.sizes, core.out, core.shares
    largest = max(range(NUM_CHAINS), key=sizes.__getitem__)
    cash_w, share_w, bonus_w, common = _weights(core.turn)
    value = [common + cash_w * x for x in core.cash]
    for c in range(NUM_CHAINS):
        add_chain_terms(value, sizes[c], out[c], shares[c::NUM_CHAINS], 1 if c == largest else 0,
                        PRICE_BY_SIZE[c][sizes[c]], share_w, bonus_w)
    return value


def standing(values: list[float], seat: int, rivalry: float) -> float:
    """``seat``'s estimate minus ``rivalry`` times the best other seat's: what a player
    who wants to win (not only to be rich) maximises."""
    best_other = max(v for s, v in enumerate(values) if s != seat)
    return values[seat] - rivalry * best_other


def add_chain_terms(value: list[float], tiles: int, outstanding: int, col: list[int], big: int,
                    base_price: int, share_w: tuple[float, float],
                    bonus_w: tuple[tuple[float, ...], ...]) -> None:
    """Add one chain's part of every seat's estimate to ``value``: its shares at their
    weighed price, and each holder's weighed part of its pot (the parts of
    :func:`pot_parts`, the first's by its lead over the next holder)."""
    if not tiles or not outstanding:
        return
    price = base_price + PER_SHARE * outstanding
    share_value = share_w[big] * price
    for s in range(SEATS):
        if col[s]:
            value[s] += col[s] * share_value
    pot = (tiles + outstanding) * price
    bonus = bonus_w[big]
    top = max(col)
    firsts = [s for s in range(SEATS) if col[s] == top]
    second = max((h for h in col if h < top), default=0)
    if len(firsts) > 1:
        for s in firsts:
            value[s] += bonus[0] * pot / len(firsts)
        return
    lead = top - second
    first_w = bonus[1 if lead <= 3 else 2]
    if not second:
        value[firsts[0]] += first_w * pot
        return
    value[firsts[0]] += first_w * pot * (2.0 / 3.0)
    seconds = [s for s in range(SEATS) if col[s] == second]
    for s in seconds:
        value[s] += bonus[0] * pot / (3 * len(seconds))


def _chain_terms(tiles: int, outstanding: int, col: list[int], big: int, base_price: int,
                 share_w: tuple[float, float],
                 bonus_w: tuple[tuple[float, ...], ...]) -> list[float]:
    """One chain's part of every seat's estimate alone."""
    terms = [0.0] * SEATS
    add_chain_terms(terms, tiles, outstanding, col, big, base_price, share_w, bonus_w)
    return terms


def buy_standings(core: Core, rivalry: float) -> list[tuple[int, int, float]]:
    """For the mover in the buying phase, every purchase (chain or -1, shares) with the
    :func:`standing` of the estimates right after it (the turn ended), as the one-ply
    player judges it, but computed from the one chain a purchase changes instead of a
    copy of the position (the search's rollouts use it for the player's own seat)."""
    assert core.phase == BUY
    m = core.mover
    sizes, out, cash = core.sizes, core.out, core.cash
    options = [(-1, 0)]
    for c in range(NUM_CHAINS):
        if sizes[c]:
            most = min(3, cash[m] // (PRICE_BY_SIZE[c][sizes[c]] + PER_SHARE * out[c]))
            options.extend((c, n) for n in range(1, most + 1))
    if max(sizes) > END_SIZE or core.turn + 1 >= MAX_TURNS:  # the game ends: the wealth
        judged = []
        for c, n in options:
            after = core.copy()
            after.do_buy(c, n)
            judged.append((c, n, standing(estimates(after), m, rivalry)))
        return judged
    shares = core.shares
    largest = max(range(NUM_CHAINS), key=sizes.__getitem__)
    cash_w, share_w, bonus_w, common = _weights(core.turn + 1)
    terms = [_chain_terms(sizes[c], out[c], shares[c::NUM_CHAINS], 1 if c == largest else 0,
                          PRICE_BY_SIZE[c][sizes[c]], share_w, bonus_w)
             for c in range(NUM_CHAINS)]
    total = [common + cash_w * cash[s] + sum(t[s] for t in terms) for s in range(SEATS)]
    judged = [(-1, 0, standing(total, m, rivalry))]
    for c, n in options[1:]:
        col = shares[c::NUM_CHAINS]
        col[m] += n
        price = PRICE_BY_SIZE[c][sizes[c]] + PER_SHARE * out[c]
        new = _chain_terms(sizes[c], out[c] + n, col, 1 if c == largest else 0,
                           PRICE_BY_SIZE[c][sizes[c]], share_w, bonus_w)
        old = terms[c]
        values = [total[s] - old[s] + new[s] for s in range(SEATS)]
        values[m] -= cash_w * n * price
        judged.append((c, n, standing(values, m, rivalry)))
    return judged


def best_buy(core: Core, rivalry: float) -> tuple[int, int]:
    """The purchase :func:`buy_standings` judges best (the first of equals)."""
    best = max(buy_standings(core, rivalry), key=lambda j: j[2])
    return best[0], best[1]
