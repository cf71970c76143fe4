"""Aqua Romana positions for browser tests and screenshots, reached by real games.

A position is found by playing seeded games of greedy players until a condition holds
with seat 0 to decide; the game so far is then imported through the API
(``POST /api/records``) with seat 0 a person and the others computer players, so
that the page opens exactly there. The test replays the same moves to know what the
engine allows there.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ludotheek.games.aqua_romana import GAME, AquaState
from ludotheek.games.aqua_romana.players import GreedyPlayer
from tests.browser.records import import_record, play_until

Found = tuple[int, dict[str, Any], list[str], AquaState]


def find(condition: Callable[[AquaState], bool], seeds: range = range(200),
         players: int = 2, min_ply: int = 0) -> Found:
    """The first (seed, options, moves, state) where seat 0 decides and ``condition`` holds."""
    options = {"players": players, "first": 1}
    for seed in seeds:
        bots = [GreedyPlayer(seed=seed * 10 + s) for s in range(players)]
        reached = play_until(GAME.new(seed, **options), bots,
                             lambda s: s.ply >= min_ply and condition(s))
        if reached is not None:
            return seed, options, *reached
    raise AssertionError("no game reached the position")


def import_game(url: str, found: Found, level: str = "normal") -> tuple[str, str]:
    """Import the game with seat 0 a person and the others computers; its id and the token."""
    seed, options, moves, _ = found
    seats = [{"type": "person"}] + [{"type": "computer", "level": level}] * (
        options["players"] - 1)
    data = import_record(url, "aqua_romana", options, seed, moves, seats)
    return data["id"], data["seats"][0]["token"]


def rich_build(s: AquaState) -> bool:
    """Seat 0 builds with a choice at every step: several workers, a worker that chooses
    among builders, the joker (a choice of kind), several rotations of one tile, and a
    builder in sight that allows no legal tile."""
    if s.phase != "build":
        return False
    view = s.view(0)
    if not view["step"]["can_build"]:
        return False
    builds = [m.split() for m in s.legal_moves()]
    workers = {b[0] for b in builds}
    spaces = {(b[0], b[1]) for b in builds}
    joker = any(view["track"][int(b[1][1:]) - 1]["builder"] == "joker" for b in builds)
    rotations: dict[tuple[str, str, str], int] = {}
    for b in builds:
        rotations[(b[0], b[1], b[2])] = rotations.get((b[0], b[1], b[2]), 0) + 1
    unusable = any(
        sp not in {int(b[1][1:]) for b in builds if b[0] == w["worker"]}
        for w in view["workers"] if w["worker"] in workers for sp in w["builders_in_sight"])
    many = any(len({sp for w2, sp in spaces if w2 == w}) > 1 for w in workers)
    return (len(workers) >= 3 and joker and many and unusable
            and max(rotations.values()) >= 2)


def bonus_ahead(s: AquaState) -> str | None:
    """A build of seat 0 after which seat 0 lays a bonus tile (its builder rounds a
    fountain) and then closes or picks: the turn's steps to reload in."""
    if s.phase != "build" or not s.view(0)["step"]["can_build"]:
        return None
    for move in s.legal_moves():
        after = s.play(move)
        if after.phase == "bonus" and after.to_move == 0 and len(after.legal_moves()) > 8:
            return move
    return None


def bonus_choice(s: AquaState) -> bool:
    """Seat 0 lays a bonus tile and chooses its kind (the joker rounded a fountain)."""
    return s.phase == "bonus" and len(s.view(0)["step"]["kinds"]) > 1


def showcase(s: AquaState) -> bool:
    """Seat 0 builds in the middle of a game: aqueducts of every colour on the site,
    builders round the track, workers on podiums and still building, and the joker in sight
    of one of seat 0's workers (the README's screenshot)."""
    if s.phase != "build":
        return False
    view = s.view(0)
    retired = [w for w in view["workers"] if w["state"] == "retired" and w["podium"]]
    building = [w for w in view["workers"] if w["state"] == "open"]
    return (len(retired) >= 3 and len(building) >= 4 and view["step"].get("can_build", False)
            and any(view["track"][int(m.split()[1][1:]) - 1]["builder"] == "joker"
                    for m in s.legal_moves()))


def joker_build(s: AquaState) -> str:
    """Of seat 0's builds with the joker, the one whose tile lengthens its aqueducts most."""
    view = s.view(0)
    previews = view["step"]["previews"]
    jokers = [m for m in s.legal_moves()
              if view["track"][int(m.split()[1][1:]) - 1]["builder"] == "joker"]
    return max(jokers, key=lambda m: sum(f["added"] for f in previews[" ".join(m.split()[3:])]
                                         if f["seat"] == 0))
