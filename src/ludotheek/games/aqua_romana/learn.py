"""Learning Aqua Romana: "How to play" and the guided first game (see ``ludotheek.learn.lessons``).

Every picture and every step is a position of one real game of two players, seed 13, the
first player (blue and yellow: the learner) starting, both played by the greedy player: the
setup, the first builds, a tile laid in one of two rotations, a bonus tile, water running on
through neutral tiles into two aqueducts at once and closing one at the edge, a pick from
the reserve and its placing, the joker, closings at a reservoir and for 0 points, a turn
without a build, a voluntary closing and the final scoring (25 to 17). The texts are in the
keys ``learn_aqua_romana.…`` of its texts
(``games/aqua_romana/texts/<lang>.json``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ludotheek.core.errors import IllegalMove
from ludotheek.core.game import State
from ludotheek.core.record import Record
from ludotheek.learn.lessons import Diagram, Frame, HowTo, Lesson, Section, Step

GAME_TEXT = (
    "place bridge T14|place straight T17|place straight T33|place bridge T36|"
    "place double T28|place bridge T3|place straight T22|place double T9|place curve T27|"
    "place curve T4|place curve T8|place double T23|blue2 T14 bridge d2 NS+EW|close none|"
    "green2 T8 curve h2 SE|close none|yellow1 T33 straight j6 EW|close none|"
    "green3 T9 double i4 NW+SE|close none|yellow3 T22 straight i5 NS|close none|"
    "red2 T27 curve d7 NW|close none|blue1 T28 double b3 NE+SW|close none|"
    "red2 T4 curve c7 SE|close none|blue3 T36 bridge c4 NS+EW|close none|"
    "green2 T37 bridge i2 NS+EW|close none|yellow1 T10 curve k6 NW|bonus curve j5 NE|"
    "close none|red2 T3 bridge c8 NS+EW|pick joker|yellow1 T11 double k5 NE+SW|"
    "bonus double k4 NE+SW|close none|place joker T9|green3 T9 double h4 NW+SE|close none|"
    "yellow3 T15 bridge j4 NS+EW|pick bridge|green2 T13 double j2 NW+SE|close none|"
    "place bridge T35|yellow1 T10 straight j3 NS|close none|pick double|place double T3|"
    "green3 T35 bridge h5 NS+EW|pick straight|yellow2 T17 straight h7 NS|close none|"
    "place straight T33|red1 T3 double b6 NW+SE|close none|blue1 T14 double b2 NE+SW|"
    "close none|red1 T29 curve b7 NW|bonus curve i1 NE|close none|"
    "yellow2 T23 double h8 NE+SW|close none|red1 T18 straight a7 EW|pick curve|"
    "yellow2 T31 curve i8 NW|close none|place curve T17|red3 T17 curve c5 SE|close none|"
    "yellow2 T19 straight i7 NS|bonus straight e1 EW|red3 T34 straight d5 EW|close none|"
    "blue2 T4 bridge d1 NS+EW|red3 T16 bridge e5 NS+EW|close none|move T32|close none|"
    "red3 T34 curve f5 SW|close none|yellow1 T37 curve k2 NW|bonus curve a3 NW|close yellow1|"
    "red3 T25 double f6 NE+SW|close none|move T26|close none|red3 T33 straight g6 EW|"
    "move T12|close none|green2 T13 curve j1 SW|move T11|close none")
MOVES = tuple(GAME_TEXT.split("|"))
RECORD = Record("aqua_romana", {"players": 2, "first": 1}, 13, MOVES)

#: the rules of shared/rules/aqua-romana.md (docs/rules/aqua-romana.md), by id
RULES: Mapping[str, str] = {
    "site": "Board: 11 x 8 squares a1-k8; the four corners carry printed curves",
    "track": "Board: 38 track spaces around the site; a fountain at each corner",
    "podiums": "Board: podiums 1-20, podiums 3 and 7 hold two workers",
    "tiles": "Pieces: 84 tiles of four kinds, any rotation",
    "builders": "Pieces: 17 master builders, 4 of each kind and a joker",
    "layout": "Start layouts: reservoirs with their outlets and workers; with two players the "
              "first plays blue and yellow",
    "setup": "Setup: 5 reserve builders aside; 12 placed on the track in turn",
    "turns": "A turn: clockwise; a player whose workers are all retired is skipped",
    "sight": "Build: a builder in sight stands at an end of the worker's row or column",
    "build": "Build: a tile of the builder's kind on the square in front of the worker, "
             "continuing its aqueduct",
    "length": "Aqueducts: the length counts the squares the channels pass through",
    "rotation": "Pieces / Build: any rotation that makes a legal tile",
    "builder_moves": "Build: the builder moves clockwise to the next free track space",
    "bonus": "Build: for each corner the builder rounds, a bonus tile of its kind",
    "neutral": "Aqueducts: water flows on through neutral channels, into several "
               "aqueducts at once",
    "no_join": "Aqueducts: two aqueducts may never be joined",
    "closed": "Aqueducts: closed at the edge, a reservoir side without outlet, a blank side",
    "retire": "Score: a worker retires to the podium of its length or the next lower one "
              "with room, 0 if none",
    "over_20": "Score (DECISION): a length over 20 counts as 20",
    "pick": "Score: each aqueduct closed gives its owner a pick from the reserve",
    "reserve_place": "A turn 0: reserve builders taken are placed first",
    "joker": "Build: the joker builds any kind; a kind run out: any other kind",
    "no_build": "Build (DECISION): no builder in sight allows a tile: move one on",
    "close_vol": "Close voluntarily: one own open aqueduct, if the tile closed none of "
                 "the player's own",
    "end": "End: a full round without a tile, or no worker left",
    "final": "End: the open aqueducts are closed and scored, no reserve picks",
    "rank_bonus": "End: the three best workers on podiums get 4, 3 and 2 more",
    "winner": "End: most points wins; equal first places are shared",
    "options": "Setup: 2-4 players (three play with three reservoirs); the start player",
}

P = "learn_aqua_romana"


def _frames(*frames: tuple[int, str, tuple[str, ...]]) -> tuple[Frame, ...]:
    return tuple(Frame(at, f"{P}.diagram.{text}", marks) for at, text, marks in frames)


DIAGRAMS = (
    Diagram("start", RECORD, _frames((0, "start", ("reservoir-blue", "reservoir-yellow")))),
    Diagram("sight", RECORD, _frames((12, "sight.before", ("blue2", "T4", "T14", "T27", "T36")),
                                     (13, "sight.after", ("d2", "T15")))),
    Diagram("rotation", RECORD, _frames((32, "rotation.before", ("yellow1", "k6")),
                                        (33, "rotation.after", ("k6",)))),
    Diagram("bonus", RECORD, _frames((33, "bonus.before", ("T12",)),
                                     (34, "bonus.after", ("j5",)))),
    Diagram("several", RECORD, _frames((43, "several.before", ("j4", "yellow1", "yellow3")),
                                       (44, "several.after", ("yellow1", "podium-5")))),
    Diagram("reserve", RECORD, _frames((44, "reserve.before", ("reserve-bridge",)),
                                       (48, "reserve.after", ("T35",)))),
    Diagram("zero", RECORD, _frames((77, "zero.before", ("d1", "podium-1", "podium-2")),
                                    (78, "zero.after", ("podium-0",)))),
    Diagram("final", RECORD, _frames((96, "final.before", ()), (97, "final.after", ()))),
)


def _section(ident: str, paragraphs: int, *diagrams: str) -> Section:
    return Section(ident, f"{P}.howto.{ident}.title",
                   tuple(f"{P}.howto.{ident}.p{i}" for i in range(1, paragraphs + 1)), diagrams)


HOWTO = HowTo("aqua_romana", f"{P}.howto.summary", (
    _section("site", 2, "start"),
    _section("build", 3, "sight", "rotation"),
    _section("bonus", 1, "bonus"),
    _section("water", 2, "several"),
    _section("close", 3, "reserve", "zero"),
    _section("end", 2, "final"),
), DIAGRAMS)


def _step(ident: str, at: int, rules: tuple[str, ...] = (), play: bool = False,
          marks: tuple[str, ...] = (), why: str | None = None, jump: bool = False) -> Step:
    return Step(ident, at, f"{P}.step.{ident}", play, rules, marks,
                f"{P}.why.{why}" if why else None, jump)


LESSON = Lesson("aqua_romana", RECORD, 0, (
    _step("site", 0, ("site", "track", "podiums", "tiles", "builders", "layout"),
          marks=("reservoir-blue", "reservoir-yellow")),
    _step("setup", 0, ("setup",), play=True, why="follow"),
    _step("sight", 12, ("sight", "build", "length", "turns"), play=True,
          marks=("T4", "T14", "T27", "T36"), why="follow", jump=True),
    _step("keep_open", 13, (), play=True, why="keep"),
    _step("rotation", 32, ("rotation", "no_join", "builder_moves"), play=True, marks=("k6",),
          why="follow", jump=True),
    _step("bonus", 33, ("bonus",), play=True, marks=("j5",), why="follow"),
    _step("several", 43, ("neutral", "closed", "retire"), play=True,
          marks=("yellow1", "yellow3"), why="follow", jump=True),
    _step("pick", 44, ("pick",), play=True, marks=("reserve-bridge",), why="follow"),
    _step("place", 47, ("reserve_place",), play=True, why="follow"),
    _step("joker", 48, ("joker",), play=True, marks=("T10",), why="follow"),
    _step("keep_open2", 49, (), play=True, why="keep"),
    _step("reservoir", 73, (), play=True, marks=("i7",), why="follow", jump=True),
    _step("bonus2", 74, (), play=True, why="follow"),
    _step("zero", 77, (), play=True, marks=("podium-1", "podium-2"), why="only"),
    _step("no_build", 80, ("no_build",), play=True, why="follow"),
    _step("keep_open3", 81, (), play=True, why="keep"),
    _step("voluntary", 86, ("close_vol",), play=True, why="voluntary", jump=True),
    _step("end", 97, ("end", "final", "rank_bonus", "winner"), jump=True),
    _step("more", 97, ("over_20",)),
    _step("finish", 97, ("options",)),
), RULES)


def _turn_end(state: State, seat: int | None) -> State:
    """The position when ``seat``'s turn is over, declining what may be declined (closing
    and picks), so that every aqueduct the turn closed has been scored."""
    probe = state
    for _ in range(8):
        if probe.is_over or probe.to_move != seat:
            break
        legal = probe.legal_moves()
        decline = next((m for m in ("close none", "pick none") if m in legal), None)
        if decline is None:
            break
        probe = probe.play(decline)
    return probe


def _outcome(state: State, move: str) -> dict[str, Any]:
    """What ``move`` does: the squares it adds to each aqueduct, the aqueducts it closes
    (and for whom), and the points each seat has after the turn is over (played on with
    "close none" and "pick none", so that the closings are scored)."""
    seat = state.to_move
    after = state.play(move)
    view = after.view(seat)
    added: dict[str, int] = {}
    closed: list[dict[str, Any]] = []
    for e in view["events"]:
        if e["type"] == "flow":
            added[e["worker"]] = added.get(e["worker"], 0) + e["added"]
        if e["type"] == "closed":
            closed.append({"worker": e["worker"], "length": e["length"]})
    probe = _turn_end(after, seat)
    workers = {w["worker"]: w["seat"] for w in view["workers"]}
    return {"added": sum(v for w, v in added.items() if workers[w] == seat),
            "others_added": sum(v for w, v in added.items() if workers[w] != seat),
            "closed": closed, "points": list(probe.scores()),
            "before": list(state.scores())}


def compare(state: State, move: str, expected: str) -> dict[str, Any]:
    """What the learner's move and the coach's do: own squares added, aqueducts closed."""
    out = {}
    for key, m in (("move", move), ("expected", expected)):
        try:
            o = _outcome(state, m)
        except IllegalMove:
            o = {}
        seat = state.to_move
        out[key] = {"kind": m.split()[0] if m.split()[0] in ("place", "move", "bonus", "close",
                                                           "pick") else "build",
                    "added": o.get("added", 0),
                    "gain": (o["points"][seat] - o["before"][seat]) if o and seat is not None
                    else 0}
    return out


def hint_facts(state: State, hint: Mapping[str, Any]) -> dict[str, Any]:
    """A hint in facts: the move's parts (worker, builder, kind, square, rotation; or the
    other kinds of decision), the squares it adds to the player's aqueducts and the points
    it brings this turn."""
    move = hint["move"]
    w = move.split()
    o = _outcome(state, move)
    seat = state.to_move
    assert seat is not None
    facts: dict[str, Any] = {"added": o["added"], "gain": o["points"][seat] - o["before"][seat],
                             "closes": [c["worker"] for c in o["closed"]]}
    if w[0] in ("place", "bonus"):
        facts.update(kind=w[0], tile=w[1], where=w[2], rotation=w[3] if len(w) > 3 else None)
    elif w[0] in ("close", "pick", "move"):
        facts.update(kind=w[0], what=w[1])
    else:
        facts.update(kind="build", worker=w[0], space=w[1], tile=w[2], where=w[3], rotation=w[4])
    return facts


def advice(state: State, move: str) -> list[dict[str, Any]]:
    """Notes before a move that scores an own aqueduct 0 (closed with no podium free at or
    below its length), or that brings another player more points this turn than the mover
    (their aqueduct closed onto a podium, and a builder from the reserve)."""
    seat = state.to_move
    if seat is None or move not in state.legal_moves():
        return []
    o = _outcome(state, move)
    after = state.play(move)
    view = after.view(seat)
    notes: list[dict[str, Any]] = []
    own = {w["worker"] for w in view["workers"] if w["seat"] == seat}
    closed = {c["worker"] for c in o["closed"]}
    probe = _turn_end(after, seat)
    for w in probe.view(seat)["workers"]:
        if w["worker"] in own and w["worker"] in closed and w["podium"] == 0:
            notes.append({"code": "aqua_romana.closes_for_zero", "params": {
                "worker": w["worker"], "length": w["length"]}})
    gains = [a - b for a, b in zip(o["points"], o["before"], strict=True)]
    others = [s for s in range(len(gains)) if s != seat]
    best = max(others, key=lambda s: gains[s])
    shut = [c for c in closed if c not in own]
    if gains[best] > gains[seat] or (shut and gains[seat] == 0):
        notes.append({"code": "aqua_romana.pays_others", "params": {
            "seat": best, "theirs": gains[best], "mine": gains[seat], "closes": shut}})
    return notes
