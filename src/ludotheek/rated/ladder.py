"""Rating the computer levels: a round robin with fixed seeds, rated with openskill.

The plan (:class:`~ludotheek.ai.players.RatingPlan`, a game's ``RATING_PLAN``, declared
beside its levels) says how many players a table seats and how many games each table
plays: every set of ``seats`` different levels meets, and sets of levels close on the
ladder play more games than distant ones (the games between neighbours tell most; the
others check that the ladder is consistent). Seats rotate within a table as in ``match``,
and the games of one rotation share a deal. Every game is written to a results file as it
ends (one JSON line), so a run that stops goes on where it was, and a changed level
replays only its own games.

The ratings: openskill's Plackett-Luce model on ludotheek's scale (:mod:`ludotheek.rated.scale`,
``tau`` 0: the levels do not change). A game's result is its ranking: the winners first,
then the others by score. One pass of openskill over the games in a shuffled order leans
on the games it rates last (its steps shrink as it goes), so :func:`fit` goes on over all
the games again and again, each game updating its levels by openskill's ``rate`` with the
levels' sigma held small and alike, until the ratings settle where the games' updates
cancel out (the model's maximum-likelihood ratings); the levels average 1500. Each
rating's 95% interval comes from a bootstrap: the games drawn again with replacement and
rated again, a few hundred times (each time by the model's maximum likelihood reached
directly, :func:`mle`: the point the passes settle on, but in milliseconds); the interval
given is the farther of its 2.5% and 97.5% points from the rating.
"""

from __future__ import annotations

import itertools
import json
import math
import os
import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from typing import Any

from ludotheek.ai import players as registry
from ludotheek.ai.base import REFERENCE, implementation_of
from ludotheek.ai.players import RatingPlan
from ludotheek.core.game import State
from ludotheek.core.registry import get as get_game
from ludotheek.core.rng import Rng
from ludotheek.rated import scale as rating


@dataclass(frozen=True)
class Table:
    """Levels by seat before rotation, and how many games they play."""

    levels: tuple[str, ...]
    games: int

    @property
    def key(self) -> str:
        return ",".join(self.levels)


def tables(ladder: Sequence[str], plan: RatingPlan) -> list[Table]:
    """Every set of ``plan.seats`` levels of ``ladder`` (weakest first) with its games.

    >>> [(t.key, t.games) for t in tables(["a", "b", "c"], RatingPlan(games=(10, 4)))]
    [('a,b', 10), ('a,c', 4), ('b,c', 10)]
    >>> [(t.key, t.games) for t in tables(["a", "b", "c", "d"], RatingPlan(games=(10, 4),
    ...                                                                    ends=1.5))]
    [('a,b', 15), ('a,c', 6), ('a,d', 6), ('b,c', 10), ('b,d', 6), ('c,d', 15)]
    >>> [(t.key, t.games) for t in tables(["a", "b", "c"], RatingPlan(games=(10, 4),
    ...                                                               fixed={"a,c": 12}))]
    [('a,b', 10), ('a,c', 12), ('b,c', 10)]
    """
    if plan.seats > len(ladder):
        raise ValueError(f"{plan.seats} seats need as many levels; there are {len(ladder)}")
    out = []
    keys: set[str] = set()
    for combo in itertools.combinations(range(len(ladder)), plan.seats):
        spread = combo[-1] - combo[0] - (plan.seats - 1)
        n = plan.games[min(spread, len(plan.games) - 1)]
        names = tuple(ladder[i] for i in combo)
        if any(name in plan.slow for name in names):
            n = max(1, round(n * plan.slow_factor))
        if plan.ends != 1.0 and (ladder[0] in names or ladder[-1] in names):
            n = max(1, round(n * plan.ends))
        key = ",".join(names)
        keys.add(key)
        n = plan.fixed.get(key, n)
        if n > 0:
            out.append(Table(names, n))
    unknown = sorted(set(plan.fixed) - keys)
    if unknown:
        raise ValueError(f"the plan fixes the games of tables that are not on the ladder: "
                         f"{', '.join(unknown)}")
    return out


def ranks_of(state: State) -> list[int]:
    """Each seat's place, 1 first: the winners, then the others by score (equal scores
    share a place). A draw between all gives everyone place 1.

    >>> from ludotheek.games import get
    >>> ranks_of(get("wari").new())  # not over: scores 0-0, nobody won
    [1, 1]
    """
    winners = set(state.winners())
    scores = list(state.scores())
    key = [(0 if s in winners else 1, -scores[s]) for s in range(state.num_players)]
    return [1 + sum(1 for k in key if k < mine) for mine in key]


def game_seed(seed: int, table: int, g: int, seats: int) -> int:
    """The deal of game ``g`` of table ``table``: one per rotation of the seats."""
    return (seed * 1_000_003 + table * 10_007 + g // seats) % 2**62


def random_opening(state: State, plies: int, seed: int) -> tuple[State, int]:
    """``state`` after up to ``plies`` random legal moves drawn from ``seed``; the moves
    made.

    >>> from ludotheek.games import get
    >>> after, made = random_opening(get("wari").new(), 4, 7)
    >>> made, after == random_opening(get("wari").new(), 4, 7)[0]
    (4, True)
    """
    rng = Rng.from_seed(seed ^ 0x0BE7)
    made = 0
    while made < plies and not state.is_over:
        state = state.play(rng.choice(state.legal_moves()))
        made += 1
    return state, made


def play_one(game_name: str, options: Mapping[str, Any], seed: int, table_index: int,
             table: Table, g: int, timed: Sequence[str] = (), opening: int = 0
             ) -> dict[str, Any]:
    """Game ``g`` of ``table``: after ``opening`` random plies, the levels play as on the
    pages (their players, their parameters; their time per move only for the ``timed``
    ones, see :class:`RatingPlan`); the result as one JSON-able line."""
    game = get_game(game_name)
    k = len(table.levels)
    rotation = g % k
    seated = [table.levels[(seat - rotation) % k] for seat in range(k)]
    deal = game_seed(seed, table_index, g, k)
    state, moves = random_opening(game.new(deal, **dict(options)), opening, deal)
    seat_players = []
    seat_seconds: list[float | None] = []
    for seat, level in enumerate(seated):
        player, seconds = registry.for_level(
            game_name, level, seed=(seed * 100_003 + table_index * 1_009 + g) * 7_919 + seat)
        seat_players.append(player)
        seat_seconds.append(seconds if level in timed else math.inf)
    implementations = [implementation_of(p, state) for p in seat_players]
    spent = [0.0] * k
    slowest = [0.0] * k
    decisions = [0] * k
    while not state.is_over:
        if moves >= game.max_moves:
            state = state.adjudicate()
            break
        mover = state.to_move
        assert mover is not None
        seat = mover
        t0 = time.perf_counter()
        move = seat_players[seat].choose(state, seat_seconds[seat])
        dt = time.perf_counter() - t0
        spent[seat] += dt
        slowest[seat] = max(slowest[seat], dt)
        decisions[seat] += 1
        state = state.play(move)
        moves += 1
    played = {"table": table.key, "g": g, "seats": seated, "ranks": ranks_of(state),
              "scores": list(state.scores()), "moves": moves,
              "seconds": [round(s, 4) for s in spent],
              "slowest": [round(s, 4) for s in slowest], "decisions": decisions}
    if any(implementations):
        played["implementations"] = implementations  # compiled or the reference, per seat
    return played


def reference_levels(game_name: str, options: Mapping[str, Any]) -> list[str]:
    """The levels of ``game_name`` that would play with their pure-Python reference here
    (:data:`~ludotheek.ai.base.REFERENCE`: their compiled path is not built in the data
    folder), in ladder order: a rating must not measure them so unseen."""
    state = get_game(game_name).new(0, **dict(options))
    found = []
    for level in registry.levels(game_name):
        player, _ = registry.for_level(game_name, level, seed=0)
        if implementation_of(player, state) == REFERENCE:
            found.append(level)
    return found


def _play_job(args: tuple[str, dict[str, Any], int, int, Table, int, tuple[str, ...], int]
              ) -> dict[str, Any]:
    return play_one(*args)


def definitions(game: str) -> dict[str, dict[str, Any]]:
    return {name: lv.definition() for name, lv in registry.levels(game).items()}


def read_results(path: str | os.PathLike[str]) -> list[dict[str, Any]]:
    if not os.path.exists(path):
        return []
    out = []
    with open(path, encoding="utf-8") as fh:
        for line in fh:
            line = line.strip()
            if line:
                try:
                    out.append(json.loads(line))
                except json.JSONDecodeError:
                    continue  # a line cut off by a stop
    return out


def still_valid(result: Mapping[str, Any], defs: Mapping[str, Any], seed: int,
                options: Mapping[str, Any], opening: int = 0) -> bool:
    """Whether a stored game was played by the levels as they are now, on this plan."""
    if result.get("seed") != seed or result.get("options") != dict(options) \
            or result.get("opening", 0) != opening:
        return False
    played = result.get("definitions", {})
    return all(played.get(lv) == defs.get(lv) for lv in result["seats"])


def append_result(path: str | os.PathLike[str], result: Mapping[str, Any], seed: int,
                  plan: RatingPlan, defs: Mapping[str, Any]) -> dict[str, Any]:
    """Append one played game to the results file ``path`` as the line that
    :func:`still_valid` reads back (its seed, options, opening and the definitions of its
    levels); the line."""
    line = {**result, "seed": seed, "options": dict(plan.options),
            "definitions": {lv: defs[lv] for lv in result["seats"]}}
    if plan.opening:
        line["opening"] = plan.opening
    with open(path, "a", encoding="utf-8") as fh:
        fh.write(json.dumps(line) + "\n")
    return line


def run_round_robin(game: str, plan: RatingPlan, seed: int, results_path: str,
                    jobs: int = 1, progress: Callable[[int], None] | None = None,
                    scale: float = 1.0) -> list[dict[str, Any]]:
    """Play every game of the plan not yet in ``results_path`` (appending each as it
    ends) and return all the games of the plan, in plan order."""
    ladder = list(registry.levels(game))
    defs = definitions(game)
    plan_tables = tables(ladder, plan)
    done: dict[tuple[str, int], dict[str, Any]] = {}
    for r in read_results(results_path):
        if still_valid(r, defs, seed, plan.options, plan.opening):
            done[(r["table"], r["g"])] = r
    todo = []
    for ti, table in enumerate(plan_tables):
        for g in range(max(1, round(table.games * scale))):
            if (table.key, g) not in done:
                todo.append((game, dict(plan.options), seed, ti, table, g, tuple(plan.timed),
                             plan.opening))
    if progress:
        progress(sum(max(1, round(t.games * scale)) for t in plan_tables) - len(todo))

    def store(r: dict[str, Any]) -> None:
        done[(r["table"], r["g"])] = append_result(results_path, r, seed, plan, defs)
        if progress:
            progress(1)

    if jobs <= 1:
        for job in todo:
            store(_play_job(job))
    else:
        with ProcessPoolExecutor(jobs) as pool:
            for r in pool.map(_play_job, todo, chunksize=1):
                store(r)
    ordered = []
    for table in plan_tables:
        for g in range(max(1, round(table.games * scale))):
            ordered.append(done[(table.key, g)])
    return ordered


def rate(results: Sequence[Mapping[str, Any]], levels: Iterable[str], seed: int
         ) -> dict[str, tuple[float, float]]:
    """Each level's (mu, sigma) after one pass of openskill over ``results`` in an order
    shuffled by ``seed``, every level starting as a newcomer (1500)."""
    model = rating.model(tau=0.0)
    ratings = {lv: model.rating(name=lv) for lv in levels}
    order = list(range(len(results)))
    Rng.from_seed(seed).shuffle(order)
    for i in order:
        r = results[i]
        new = model.rate([[ratings[lv]] for lv in r["seats"]], ranks=list(r["ranks"]))
        for lv, [updated] in zip(r["seats"], new):
            ratings[lv] = updated
    return {lv: (x.mu, x.sigma) for lv, x in ratings.items()}


def fit(results: Sequence[Mapping[str, Any]], levels: Sequence[str], seed: int,
        start: Mapping[str, float] | None = None, tolerance: float = 0.5,
        max_passes: int = 100) -> tuple[dict[str, float], int]:
    """The levels' ratings that openskill's updates settle on: from one pass of
    :func:`rate` (or from ``start``), passes over all the games (each in a new shuffled
    order) in which every game updates its levels by openskill's ``rate`` with each
    level's sigma held at one small value ``s``, until no level moves more than
    ``tolerance`` points in a pass. Held alike, every game counts alike, and the ratings
    reached are where the games' updates cancel out: the maximum-likelihood ratings of
    openskill's Plackett-Luce model (one pass alone leans on the games it rates last).
    Centred so that the levels average 1500. Returns the ratings and the passes made."""
    model = rating.model(tau=0.0)
    rng = Rng.from_seed(seed)
    if start is None:
        mus = {lv: mu for lv, (mu, _) in rate(results, levels, rng.next64()).items()}
    else:
        mus = dict(start)
    seats = sum(len(r["seats"]) for r in results)
    per_level = max(1.0, seats / max(1, len(levels)))
    # small enough that a pass moves a level by about half its distance from where the
    # updates cancel, so the passes settle without swinging past it
    s = math.sqrt(2.0) * rating.BETA * math.sqrt(2.5 / per_level)
    order = list(range(len(results)))
    passes = 0
    while passes < max_passes:
        passes += 1
        rng.shuffle(order)
        before = dict(mus)
        for i in order:
            r = results[i]
            teams = [[model.rating(mu=mus[lv], sigma=s)] for lv in r["seats"]]
            for lv, [updated] in zip(r["seats"], model.rate(teams, ranks=list(r["ranks"]))):
                mus[lv] = updated.mu
        if max(abs(mus[lv] - before[lv]) for lv in levels) < tolerance:
            break
    shift = rating.MU - sum(mus[lv] for lv in levels) / len(levels)
    return {lv: mus[lv] + shift for lv in levels}, passes


def orderings(result: Mapping[str, Any]) -> list[tuple[tuple[str, ...], float]]:
    """A game's result as the orders of finish it stands for, each with its weight: one
    order when no places are shared, else every order of the levels sharing a place,
    alike (a draw of two: each ahead half the time).

    >>> orderings({"seats": ["a", "b", "c"], "ranks": [2, 1, 2]})
    [(('b', 'a', 'c'), 0.5), (('b', 'c', 'a'), 0.5)]
    """
    groups: dict[int, list[str]] = {}
    for lv, place in zip(result["seats"], result["ranks"]):
        groups.setdefault(place, []).append(lv)
    out: list[tuple[tuple[str, ...], float]] = [((), 1.0)]
    for place in sorted(groups):
        perms = list(itertools.permutations(groups[place]))
        out = [(head + p, w / len(perms)) for head, w in out for p in perms]
    return out


def mle(counts: Mapping[tuple[str, ...], float], levels: Sequence[str], seats: int,
        start: Mapping[str, float] | None = None, tolerance: float = 0.01,
        max_steps: int = 10_000, prior: float = 0.0) -> dict[str, float]:
    """The maximum-likelihood ratings of openskill's Plackett-Luce model (the levels' sigma
    going to 0) for orders of finish with their weights, by Hunter's MM algorithm (each
    level's strength: its wins over the sum, over the stages of the orders it was still
    in, of the share the stage gives it); averaging 1500, to ``tolerance`` points. Where
    :func:`fit` gets by openskill's own updates, this is the same point reached directly,
    fast enough to be done again for every resampling of the games (:func:`bootstrap`).
    ``prior``: games each level is taken to have drawn against a fixed level of 1500 (then
    the levels are centred again), which keeps a level that never won, or never lost,
    finite; 0 for the likelihood itself."""
    c = math.sqrt(seats) * rating.BETA
    index = {lv: i for i, lv in enumerate(levels)}
    rows = [([index[lv] for lv in order], w) for order, w in counts.items() if w > 0]
    n = len(levels)
    strength = [math.exp(((start or {}).get(lv, rating.MU) - rating.MU) / c) for lv in levels]
    wins = [prior / 2] * n
    for order, w in rows:
        for i in order[:-1]:
            wins[i] += w
    for _ in range(max_steps):
        denominator = [prior / (1.0 + x) for x in strength]
        for order, w in rows:
            rest = sum(strength[i] for i in order)
            for j in range(len(order) - 1):
                share = w / rest
                for i in order[j:]:
                    denominator[i] += share
                rest -= strength[order[j]]
        new = [max(wins[i], 1e-9) / denominator[i] if denominator[i] else strength[i]
               for i in range(n)]
        if not prior:
            mean_log = sum(math.log(x) for x in new) / n
            new = [x / math.exp(mean_log) for x in new]
        moved = max(c * abs(math.log(a / b)) for a, b in zip(new, strength, strict=True))
        strength = new
        if moved < tolerance:
            break
    shift = sum(math.log(x) for x in strength) / n
    return {lv: rating.MU + c * (math.log(strength[index[lv]]) - shift) for lv in levels}


#: the bootstrap's :func:`mle` takes each level to have drawn one game against a level of
#: 1500: next to a ladder's hundreds of games it moves no rating by a point, and a
#: resampling in which a level never won (or never lost) still has a finite rating
PRIOR = 1.0


def bootstrap(results: Sequence[Mapping[str, Any]], levels: Sequence[str], seed: int,
              rounds: int, centre: Mapping[str, float],
              progress: Callable[[int], None] | None = None
              ) -> dict[str, tuple[float, float]]:
    """The 2.5% and 97.5% points of each level's rating when the games are drawn again
    with replacement and rated again, ``rounds`` times, about ``centre`` (the ratings of
    all the games): each resampling is rated by :func:`mle` (the point :func:`fit`'s
    passes settle on, reached directly: a pass of openskill's updates over thousands of
    games, again and again, would cost minutes a resampling), and its difference from
    :func:`mle` of all the games is laid on ``centre`` (both with :data:`PRIOR`)."""
    rng = Rng.from_seed(seed ^ 0x5EED)
    seats = len(results[0]["seats"]) if results else 2
    games = [orderings(r) for r in results]
    whole: dict[tuple[str, ...], float] = {}
    for game in games:
        for order, w in game:
            whole[order] = whole.get(order, 0.0) + w
    base = mle(whole, levels, seats, centre, prior=PRIOR)
    samples: dict[str, list[float]] = {lv: [] for lv in levels}
    n = len(results)
    for _ in range(rounds):
        counts: dict[tuple[str, ...], float] = {}
        for _ in range(n):
            for order, w in games[rng.randbelow(n)]:
                counts[order] = counts.get(order, 0.0) + w
        mus = mle(counts, levels, seats, base, prior=PRIOR)
        for lv in levels:
            samples[lv].append(centre[lv] + mus[lv] - base[lv])
        if progress:
            progress(1)
    out = {}
    for lv, xs in samples.items():
        xs.sort()
        lo = xs[int(0.025 * (len(xs) - 1))]
        hi = xs[math.ceil(0.975 * (len(xs) - 1))]
        out[lv] = (lo, hi)
    return out


def pair_table(results: Sequence[Mapping[str, Any]], mus: Mapping[str, float]
               ) -> list[dict[str, Any]]:
    """For each pair of levels that met: games, the first's score (1 for finishing
    ahead, ½ for equal) observed and as the ratings expect it."""
    seen: dict[tuple[str, str], list[float]] = {}
    players = 2
    for r in results:
        players = len(r["seats"])
        seats, ranks = r["seats"], r["ranks"]
        for i, j in itertools.combinations(range(len(seats)), 2):
            a, b = seats[i], seats[j]
            s = 1.0 if ranks[i] < ranks[j] else 0.0 if ranks[i] > ranks[j] else 0.5
            if (b, a) in seen:
                a, b, s = b, a, 1.0 - s
            seen.setdefault((a, b), []).append(s)
    out = []
    for (a, b), scores in seen.items():
        out.append({"levels": [a, b], "games": len(scores),
                    "score": round(sum(scores) / len(scores), 3),
                    "expected": round(rating.expected(mus[a] - mus[b], players), 3)})
    return out


def summarise(game: str, plan: RatingPlan, results: Sequence[Mapping[str, Any]], seed: int,
              rounds: int, command: str, progress: Callable[[int], None] | None = None
              ) -> dict[str, Any]:
    """What ``ludotheek rate`` writes to the game's ratings.json."""
    table = registry.levels(game)
    ladder = list(table)
    one_pass = rate(results, ladder, seed)
    mus, passes = fit(results, ladder, seed)
    boot = bootstrap(results, ladder, seed, rounds, mus, progress) if rounds else {}
    levels: dict[str, Any] = {}
    for lv in ladder:
        mine = [(r, r["seats"].index(lv)) for r in results if lv in r["seats"]]
        made = sum(r["decisions"][i] for r, i in mine)
        spent = sum(r["seconds"][i] for r, i in mine)
        entry: dict[str, Any] = {
            "definition": table[lv].definition(), "rating": round(mus[lv], 1),
            "games": len(mine),
            "seconds_per_decision": round(spent / made, 4) if made else 0.0,
            "slowest_decision": max((r["slowest"][i] for r, i in mine), default=0.0),
            "one_pass": {"mu": round(one_pass[lv][0], 1), "sigma": round(one_pass[lv][1], 1)}}
        used = sorted({r["implementations"][i] for r, i in mine
                       if r.get("implementations") and r["implementations"][i]})
        if used:
            entry["implementation"] = used  # which search played its games
        if lv in boot:
            lo, hi = boot[lv]
            entry["bootstrap"] = [round(lo, 1), round(hi, 1)]
            entry["interval"] = round(max(mus[lv] - lo, hi - mus[lv]), 1)
        else:
            entry["interval"] = round(rating.Z95 * one_pass[lv][1], 1)
        levels[lv] = entry
    return {
        "game": game,
        "measured": time.strftime("%Y-%m-%d"),
        "command": command,
        "seed": seed,
        "plan": plan.describe(),
        "games": len(results),
        "scale": {"mu": rating.MU, "sigma": round(rating.SIGMA, 3),
                  "beta": round(rating.BETA, 3), "model": "PlackettLuce", "tau": 0.0},
        "passes": passes,
        "interval": f"95%: the bootstrap's 2.5%-97.5% over {rounds} resamplings of the "
                    "games, the farther end from the rating" if rounds else
                    "95%: ± 1.96 sigma of one pass of openskill",
        "levels": levels,
        "gaps": [{"levels": [a, b], "points": round(mus[b] - mus[a], 1)}
                 for a, b in itertools.pairwise(ladder)],
        "pairs": pair_table(results, mus),
    }


def rating_plan(game: str) -> RatingPlan:
    """The game's ``RATING_PLAN`` (its players module), else two seats and the defaults."""
    module = registry.game_module(game)
    plan = getattr(module, "RATING_PLAN", None) if module is not None else None
    return plan if isinstance(plan, RatingPlan) else RatingPlan()
