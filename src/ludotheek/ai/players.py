"""The registry of computer players, generic and per game.

>>> from ludotheek.ai import players
>>> players.names("wari")[:3]
['greedy', 'mcts', 'random']
>>> p = players.get("wari", "random", seed=3)
>>> from ludotheek.games import get
>>> p.choose(get("wari").new()) in [str(c) for c in range(1, 7)]
True

A game adds its own players in the module its plug-in names
(``GamePlugin.players``): a mapping ``PLAYERS`` of :class:`PlayerInfo` and,
optionally, ``LEVELS`` (the levels the pages and ``match`` offer).
"""

from __future__ import annotations

import functools
import importlib
import importlib.resources
import importlib.util
import json
import threading
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from ludotheek.ai.base import Player
from ludotheek.ai.mcts import MCTSPlayer
from ludotheek.ai.simple import GreedyPlayer, RandomPlayer
from ludotheek.ai.tempered import TemperedPlayer
from ludotheek.core.errors import BadOption, UnknownPlayer, quoted
from ludotheek.core.registry import plugin


@dataclass(frozen=True)
class PlayerInfo:
    name: str
    factory: Callable[..., Player]
    description: str = ""


@dataclass(frozen=True)
class Level:
    """A level as a person picks it: a player, its parameters and its time per move."""

    name: str
    player: str
    params: Mapping[str, Any] = field(default_factory=dict)
    seconds: float | None = None
    label: Mapping[str, str] = field(default_factory=dict)
    #: its rating on ludotheek's scale (:mod:`ludotheek.rated.scale`), measured by computer
    #: matches (``ludotheek rate``); None until measured for this very level
    rating: float | None = None
    #: half the width of the rating's 95% interval, in points
    rating_interval: float | None = None

    def definition(self) -> dict[str, Any]:
        """What makes the level play as it does: a rating belongs to this."""
        return {"player": self.player, "params": dict(self.params), "seconds": self.seconds}

    def describe(self) -> dict[str, Any]:
        return {"name": self.name, "player": self.player, "seconds": self.seconds,
                "label": dict(self.label),
                "rating": None if self.rating is None else round(self.rating),
                "rating_interval": None if self.rating_interval is None
                else round(self.rating_interval)}


#: the names of the levels, weakest first, and their labels; each game offers six or more
#: of them, in this order (Akwaier also ``classic``, its 1987 players, where it belongs)
LADDER: dict[str, dict[str, str]] = {
    "beginner": {"en": "Beginner", "nl": "Beginner", "no": "Nybegynner"},
    "novice": {"en": "Novice", "nl": "Leerling", "no": "Lærling"},
    "easy": {"en": "Easy", "nl": "Makkelijk", "no": "Lett"},
    "normal": {"en": "Normal", "nl": "Gemiddeld", "no": "Middels"},
    "good": {"en": "Good", "nl": "Goed", "no": "God"},
    "expert": {"en": "Expert", "nl": "Expert", "no": "Ekspert"},
    "master": {"en": "Master", "nl": "Meester", "no": "Mester"},
    "strong": {"en": "Strong", "nl": "Sterk", "no": "Sterk"},
}


def level(name: str, player: str, params: Mapping[str, Any] | None = None,
          seconds: float | None = 0.0, label: Mapping[str, str] | None = None) -> Level:
    """A level of the ladder: ``name`` from :data:`LADDER` (its label), or any name with
    its own ``label``.

    >>> level("novice", "tempered", {"temperature": 2}).label["nl"]
    'Leerling'
    """
    if label is None and name not in LADDER:
        raise ValueError(f"level {name!r} is not on the ladder ({', '.join(LADDER)}): "
                         "give it a label")
    return Level(name, player, dict(params or {}), seconds,
                 dict(label if label is not None else LADDER[name]))


@dataclass(frozen=True)
class RatingPlan:
    """How a game's levels are rated.

    ``games[d]``: games of a table whose levels span ``d`` steps more than the fewest a
    table of ``seats`` can span (neighbours: 0), the last entry for any wider table;
    ``options``: the game's options for these games; ``slow``: levels whose tables play
    ``slow_factor`` times as many games (a level that thinks a second a move); ``timed``:
    levels whose strength is their time per move (they search until it is up), which
    keep it. Every other level plays without its time limit: its work is fixed (so many
    simulations, so deep), and the limit only guards a busy server against a slow move;
    on a machine busy with other work it would cut the search short, and the games would
    not replay. ``opening``: plies played at random (from the deal's seed) before the
    levels take over, the same for both rotations of a deal: in a game without chance,
    two levels that draw no lots would otherwise play one game again and again.
    ``ends``: tables with the ladder's weakest or strongest level play this many times as
    many games: each has one neighbour where the others have two, so its rating is known
    less well from as many games a table. ``fixed``: tables (by their key, the levels
    weakest first joined by commas) that play this many games whatever their span and the
    factors say: when a level is put between two levels, their table spans one step more
    and the plan would play fewer of its games, but the games it played still tell what
    they told (Wari's grandmaster and strong, docs/strength.md).
    """

    seats: int = 2
    games: Sequence[int] = (200, 60, 20)
    options: Mapping[str, Any] = field(default_factory=dict)
    slow: Sequence[str] = ()
    slow_factor: float = 1.0
    timed: Sequence[str] = ()
    opening: int = 0
    ends: float = 1.0
    fixed: Mapping[str, int] = field(default_factory=dict)

    def describe(self) -> dict[str, Any]:
        out = {"seats": self.seats, "games": list(self.games), "options": dict(self.options),
               "slow": list(self.slow), "slow_factor": self.slow_factor,
               "timed": list(self.timed), "opening": self.opening}
        if self.ends != 1.0:
            out["ends"] = self.ends
        if self.fixed:
            out["fixed"] = dict(self.fixed)
        return out


def _tempered(**params: Any) -> Player:
    """A tempered player whose inner player this registry makes."""
    return TemperedPlayer(make=get, **params)


GENERIC: dict[str, PlayerInfo] = {
    "random": PlayerInfo("random", RandomPlayer, "a random legal move"),
    "greedy": PlayerInfo("greedy", GreedyPlayer, "the best immediate gain"),
    "mcts": PlayerInfo("mcts", MCTSPlayer, "Monte Carlo tree search with random rollouts"),
    "tempered": PlayerInfo("tempered", _tempered,
                           "another player's ranking of the moves, chosen from with a "
                           "temperature: prefers good moves and misses some"),
}

DEFAULT_LEVELS: dict[str, Level] = {
    "easy": Level("easy", "random", {}, 0.0, {"en": "Easy", "nl": "Makkelijk", "no": "Lett"}),
    "normal": Level("normal", "greedy", {}, 0.0,
                    {"en": "Normal", "nl": "Gemiddeld", "no": "Middels"}),
    "strong": Level("strong", "mcts", {}, 1.0, {"en": "Strong", "nl": "Sterk", "no": "Sterk"}),
}


def game_module(game: str) -> Any:
    """The module of the game's own players and levels (its plug-in names it), or None;
    :class:`UnknownGame` for a game that does not exist."""
    name = plugin(game).players
    return importlib.import_module(name) if name is not None else None


def _table(game: str) -> dict[str, PlayerInfo]:
    module = game_module(game)
    table = dict(GENERIC)
    if module is not None:
        table.update(getattr(module, "PLAYERS", {}))
    return table


def names(game: str) -> list[str]:
    """The players available for ``game``, sorted."""
    return sorted(_table(game))


def info(game: str, name: str) -> PlayerInfo:
    table = _table(game)
    if name not in table:
        raise UnknownPlayer(
            f"unknown player {name!r} for {game}; the players are: {', '.join(sorted(table))}",
            code="player.unknown", player=quoted(name), game=game,
            players=", ".join(sorted(table)))
    return table[name]


def get(game: str, name: str, **params: Any) -> Player:
    """A new player ``name`` for ``game``; ``params`` go to its constructor (e.g. ``seed``)."""
    factory = info(game, name).factory
    try:
        return factory(**params)
    except TypeError as exc:
        raise BadOption(f"player {name}: {exc}", code="player.params", player=name) from exc


#: game -> (its table of levels as it was, the ratings read, the levels with the ratings)
_RATED: dict[str, tuple[tuple[tuple[str, Level], ...], Mapping[str, Any], dict[str, Level]]] = {}


def levels(game: str) -> dict[str, Level]:
    """The levels offered for ``game``, weakest first, each with its measured rating
    (from the game's ``ratings.json``; None where none was measured for the level as it
    is now defined)."""
    module = game_module(game)
    table = getattr(module, "LEVELS", DEFAULT_LEVELS) if module else DEFAULT_LEVELS
    measured = measured_ratings(module.__package__ if module else None)
    items = tuple(table.items())
    known = _RATED.get(game)
    # the same levels and the same ratings read: the same answer (a server asks for it
    # at every computer move; with_ratings makes each level again); the same objects
    # need no comparing field by field
    if known is None or known[1] is not measured or not _same(known[0], items):
        known = _RATED[game] = (items, measured, with_ratings(dict(items), measured))
    return dict(known[2])


def _same(known: tuple[tuple[str, Level], ...], items: tuple[tuple[str, Level], ...]) -> bool:
    """Whether two tables of levels are equal: at once where they hold the same objects."""
    if len(known) == len(items) and all(
            a[0] == b[0] and a[1] is b[1] for a, b in zip(known, items, strict=True)):
        return True
    return known == items


def with_ratings(table: Mapping[str, Level],
                 measured: Mapping[str, Mapping[str, Any]]) -> dict[str, Level]:
    """``table``'s levels with the ratings ``measured`` for them, where the measured
    level was defined as the level is now (same player, parameters and time per move).

    >>> lv = Level("easy", "greedy", {}, 0.0)
    >>> entry = {"definition": lv.definition(), "rating": 1234.4, "interval": 31.0}
    >>> with_ratings({"easy": lv}, {"easy": entry})["easy"].describe()["rating"]
    1234
    >>> other = {**entry, "definition": {**lv.definition(), "player": "random"}}
    >>> print(with_ratings({"easy": lv}, {"easy": other})["easy"].rating)
    None
    """
    out = dict(table)
    for name, lv in table.items():
        entry = measured.get(name)
        if entry is not None and entry.get("definition") == lv.definition():
            out[name] = replace(lv, rating=float(entry["rating"]),
                                rating_interval=float(entry["interval"]))
    return out


RATINGS_FILE = "ratings.json"


@functools.cache
def measured_ratings(package: str | None) -> dict[str, dict[str, Any]]:
    """The levels' ratings as ``ludotheek rate`` wrote them into ``package``'s
    ``ratings.json``, by level name; empty where there is no such file."""
    if package is None:
        return {}
    path = importlib.resources.files(package) / RATINGS_FILE
    if not path.is_file():
        return {}
    data = json.loads(path.read_text(encoding="utf-8"))
    return dict(data.get("levels", {}))


def for_level(game: str, level: str, seed: int | None = None) -> tuple[Player, float | None]:
    """The player behind ``level`` and its time per move."""
    table = levels(game)
    if level not in table:
        raise UnknownPlayer(
            f"unknown level {level!r} for {game}; the levels are: {', '.join(table)}",
            code="player.level", level=quoted(level), levels=", ".join(table))
    lv = table[level]
    return get(game, lv.player, seed=seed, **dict(lv.params)), lv.seconds


_FOR_MOVE = threading.local()


def for_move(game: str, level: str, seed: int | None = None) -> tuple[Player, float | None]:
    """What :func:`for_level` gives, for one move: a player that chooses exactly as
    ``for_level(game, level, seed)``'s would, made from the one this thread was given
    last for the level where that player can be renewed (``renew(seed)``: the same play
    as a new player's, what is costly to make kept; Wari's 2-ply levels spent more on
    a new search's memory than on the search, docs/performance.md). For a server that
    asks for a player for every computer move; the player is not to be kept, since the
    next call in the same thread may renew it. Each thread has its own players."""
    table = levels(game)
    lv = table.get(level)
    if lv is None:
        return for_level(game, level, seed)  # its error
    made: dict[tuple[str, str], tuple[Level, Player]] = _FOR_MOVE.__dict__.setdefault(
        "players", {})
    key = (game, level)
    last = made.get(key)
    renew = getattr(last[1], "renew", None) if last is not None and last[0] == lv else None
    player = renew(seed) if renew is not None else for_level(game, level, seed)[0]
    made[key] = (lv, player)
    return player, lv.seconds


def parse_spec(spec: str) -> tuple[str, dict[str, Any]]:
    """Read ``name`` or ``name:key=value:key=value`` (numbers become numbers).

    >>> parse_spec("mcts:iterations=200:exploration=1.4")
    ('mcts', {'iterations': 200, 'exploration': 1.4})
    """
    name, *parts = spec.strip().split(":")
    params: dict[str, Any] = {}
    for part in parts:
        key, sep, value = part.partition("=")
        if not sep or not key:
            raise BadOption(f"player parameter {part!r} is not key=value", code="player.param",
                            param=quoted(part))
        params[key] = _number(value)
    return name, params


def _number(text: str) -> Any:
    for kind in (int, float):
        try:
            return kind(text)
        except ValueError:
            pass
    return text
