"""Computer players against each other: single games and whole matches.

Seats rotate so that each player sits in each seat equally often; the games
of one rotation share a seed, so a deal that favours a seat favours each
player once.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from ludotheek.ai import players as registry
from ludotheek.ai.base import Player
from ludotheek.core.errors import UnknownPlayer
from ludotheek.core.game import Game, State
from ludotheek.core.record import Record, result_of


@dataclass
class GameResult:
    record: Record
    final: State
    #: by seat: the player spec that sat there
    seated: list[int]
    #: by seat: seconds spent per decision
    times: list[list[float]]


@dataclass
class MatchResult:
    game: str
    games: int
    players: list[str]
    wins: list[float]
    draws: int
    mean_score: list[float]
    seconds_mean: list[float]
    seconds_max: list[float]
    results: list[GameResult] = field(default_factory=list, repr=False)

    def win_interval(self, i: int) -> tuple[float, float]:
        """Wilson 95% interval of player ``i``'s win rate (shared wins count 1/k)."""
        n = self.games
        if n == 0:
            return (0.0, 1.0)
        p, z = self.wins[i] / n, 1.96
        centre = (p + z * z / (2 * n)) / (1 + z * z / n)
        half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
        return (max(0.0, centre - half), min(1.0, centre + half))

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "games": self.games,
            "players": self.players,
            "wins": self.wins,
            "draws": self.draws,
            "mean_score": self.mean_score,
            "win_rate_interval": [list(self.win_interval(i)) for i in range(len(self.players))],
            "seconds_per_move": [
                {"mean": m, "max": x} for m, x in zip(self.seconds_mean, self.seconds_max)
            ],
        }


def expand_specs(specs: Sequence[str]) -> list[str]:
    """``["strong", "classic*5"]`` -> strong and five classics.

    >>> expand_specs(["strong", "classic*2"])
    ['strong', 'classic', 'classic']
    """
    out: list[str] = []
    for spec in specs:
        name, star, count = spec.rpartition("*")
        if star and count.isdigit():
            out.extend([name] * int(count))
        else:
            out.append(spec)
    return out


def make_player(game: str, spec: str, seed: int) -> tuple[Player, float | None]:
    """The player of ``spec`` and its own time per move (None: the player's default).

    ``spec`` names a player (``strong:iterations=60``) or, where no player has that
    name, a level (``easy``, ``normal``, ``strong``), whose player, parameters and time
    per move are the level's (the pages' levels: docs/strength.md).

    >>> make_player("wari", "greedy", 1)[0].name, make_player("wari", "greedy", 1)[1]
    ('greedy', None)
    >>> make_player("wari", "novice", 1)[0].name, make_player("wari", "novice", 1)[1]
    ('tempered', 0.0)
    """
    name, params = registry.parse_spec(spec)
    params.setdefault("seed", seed)
    if name not in registry.names(game):
        level = registry.levels(game).get(name)
        if level is not None:
            return registry.get(game, level.player, **{**dict(level.params), **params}), \
                level.seconds
        raise UnknownPlayer(
            f"unknown player {name!r} for {game}; the players are: "
            f"{', '.join(registry.names(game))}; the levels: {', '.join(registry.levels(game))}")
    return registry.get(game, name, **params), None


def play_game(
    game: Game,
    options: Mapping[str, Any],
    seed: int,
    specs: Sequence[str],
    seconds: float | None = None,
    player_seed: int = 0,
) -> GameResult:
    """One game; ``specs[seat]`` plays ``seat`` (``name`` or ``name:key=value``)."""
    state = game.new(seed, **dict(options))
    n = state.num_players
    if len(specs) != n:
        raise ValueError(f"{game.name} with these options has {n} seats, not {len(specs)}")
    seat_players = []
    seat_seconds: list[float | None] = []
    for seat, spec in enumerate(specs):
        player, own = make_player(game.name, spec, player_seed * 7919 + seat)
        seat_players.append(player)
        seat_seconds.append(own if seconds is None else seconds)
    times: list[list[float]] = [[] for _ in range(n)]
    moves: list[str] = []
    while not state.is_over:
        if len(moves) >= game.max_moves:
            state = state.adjudicate()
            break
        mover = state.to_move
        assert mover is not None
        seat = mover
        t0 = time.perf_counter()
        move = seat_players[seat].choose(state, seat_seconds[seat])
        times[seat].append(time.perf_counter() - t0)
        state = state.play(move)
        moves.append(move)
    record = Record(game.name, dict(state.options), seed, tuple(moves),
                    tuple({"type": "computer", "player": s} for s in specs), result_of(state))
    return GameResult(record, state, list(range(n)), times)


def run_match(
    game: Game,
    specs: Sequence[str],
    games: int,
    seed: int = 0,
    options: Mapping[str, Any] | None = None,
    seconds: float | None = None,
    progress: Callable[[int], None] | None = None,
    keep_results: bool = False,
) -> MatchResult:
    """``games`` games between ``specs`` (one per seat), seats rotating."""
    options = dict(options or {})
    specs = expand_specs(specs)
    k = len(specs)
    wins = [0.0] * k
    score_sum = [0.0] * k
    all_times: list[list[float]] = [[] for _ in range(k)]
    draws = 0
    results: list[GameResult] = []
    for g in range(games):
        rotation = g % k
        seated = [(seat - rotation) % k for seat in range(k)]  # seat -> player index
        res = play_game(game, options, seed + g // k, [specs[p] for p in seated], seconds,
                        player_seed=seed * 100_003 + g)
        res.seated = seated
        final = res.final
        winners = final.winners()
        if not winners or len(winners) == k:
            draws += 1
        for w in winners:
            wins[seated[w]] += 1.0 / len(winners)
        for seat, score in enumerate(final.scores()):
            score_sum[seated[seat]] += score
            all_times[seated[seat]].extend(res.times[seat])
        if keep_results:
            results.append(res)
        if progress:
            progress(1)
    return MatchResult(
        game.name,
        games,
        list(specs),
        wins,
        draws,
        [s / games if games else 0.0 for s in score_sum],
        [sum(t) / len(t) if t else 0.0 for t in all_times],
        [max(t) if t else 0.0 for t in all_times],
        results,
    )
