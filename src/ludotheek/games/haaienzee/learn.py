"""Learning Haaienzee: "How to play", the guided first game (see ``ludotheek.learn.lessons``), and
what a shark can reach, for the coach's explanations and the page's warnings.

The guided game is one whole game, seed 6 on the default sea (7 hexes a side): Yellow played
by the greedy player, Red by the easy one, except where a shark of Yellow had nothing in
reach (its prey taken out in round 2, a new one put in in round 3; in round 2 shark 3 swims
into an empty hex instead of only turning). Yellow wins at the end of round 3, 19 to 6.
The diagrams of the other two ways to win are the ends of two more seeded games of the same
players (seed 27, both greedy: Yellow reaches 23; seed 173, both easy: Red falls to 0).
The texts are in keys ``learn_haaienzee.…`` of its texts
(``games/haaienzee/texts/<lang>.json``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ludotheek.core.game import State
from ludotheek.core.record import Record
from ludotheek.games.haaienzee import engine as E
from ludotheek.games.haaienzee.board import DIRECTION_INDEX, DIRECTIONS
from ludotheek.games.haaienzee.search import Sim, run
from ludotheek.learn.lessons import Diagram, Frame, HowTo, Lesson, Section, Step

LESSON_GAME = ("K2 W grey | L1 W grey | G9 E white | D9 E white | C6 SW brown | G6 NW brown | "
               "R F1 | R G1 | G13 | R F11 | F6 | R - | L - | R C1 | L F12 | empty - | empty R - | "
               "R F5 | L - | R C3 | R - | grey - | - | L J2")
WIN_23_GAME = ("C9 SW white | D4 SE white | E3 E brown | K5 NW brown | H9 NW grey | I9 E grey | "
               "R C1 | L D9 | R J5 | L K3 | R D10 | L E11 | R - | R - | R I3 | L - | R - | L - | "
               "R F9 | R A1 | R D5 | L G8 | R G13 | empty L D9 | R A5")
WIN_0_GAME = ("A3 SW grey | G3 E grey | J2 NW white | J4 W white | F7 SW brown | H7 W brown | F3 | "
              "R - | R G5 | L M1 | H6 | empty R G7 | - | - | empty R - | empty L - | R - | - | - | "
              "- | grey - | brown - | L - | empty L - | -")


def _record(seed: int, text: str) -> Record:
    return Record("haaienzee", {"side": 7}, seed, tuple(text.split(" | ")))


RECORD = _record(6, LESSON_GAME)
WIN_23 = _record(27, WIN_23_GAME)
WIN_0 = _record(173, WIN_0_GAME)

#: the rules of shared/rules/haaienzee.md (docs/rules/haaienzee.md), by id
RULES: Mapping[str, str] = {
    "sea": "Board and pieces: a hexagon sea of hexes, 7 a side (an option, 5-9); hex names",
    "fish": "Board and pieces: fish of three colours, one fish per hex at most",
    "sharks": "Board and pieces: Yellow and Red, three numbered sharks each; a shark faces "
              "a direction and hunts one colour, or nothing",
    "health_start": "Board and pieces: a health meter that starts at 7",
    "schools": "Setup 1: the fish are laid as schools, three of each colour",
    "placing": "Setup 2: Y1, R1, Y2, R2, Y3, R3, each on an empty hex with a facing and a prey",
    "one_each": "Setup 2: a player's three sharks start on white, grey and brown, one each",
    "order": "A round, part 1: shark 1 of the start player, of the other, shark 2, ... "
             "Yellow starts round 1",
    "turning": "A shark's turn 1: turn 60 degrees left or right, or not",
    "swim_empty": "A shark's turn 2: into an empty hex it moves one hex and its turn ends",
    "eat_line": "A shark's turn 2: into its prey it eats, and on along the line of its prey",
    "stop_on_line": "A shark's turn 2 (DECISION): it may stop on any hex of the line",
    "blocked": "A shark's turn 2: no other shark, no fish it does not hunt, not off the sea",
    "health": "After every shark's turn: health changes by fish eaten - 1, also for "
              "only turning or doing nothing",
    "growth": "Part 2: an empty hex touching two touching fish of one colour gets one; "
              "white, grey, brown",
    "start_player": "Start player: the lower health starts the next round; on equal health "
                    "the other player",
    "take_out": "Changing prey: in a turn without eating, the prey can be taken out",
    "new_prey": "Changing prey: in a later turn a new prey (another colour) or stay empty; "
                "no eating in those turns",
    "win_23": "End: a player wins at once reaching 23 health",
    "win_0": "End: a player wins at once when the opponent falls to 0",
    "win_lead": "End: a lead of 10 or more at the end of a round wins",
    "draw": "End (DECISION): after round 100 without a winner, a draw",
    "resign": "End (DECISION): a player may resign and loses",
    "options": "Board and pieces: the sea's side length is an option, 5 to 9",
}

P = "learn_haaienzee"


def _frames(*frames: tuple[int, str, tuple[str, ...]]) -> tuple[Frame, ...]:
    return tuple(Frame(at, f"{P}.diagram.{text}", marks) for at, text, marks in frames)


DIAGRAMS = (
    Diagram("start", RECORD, _frames((6, "start", ("Y1", "Y2", "Y3")))),
    Diagram("place", RECORD, _frames((0, "place.before", ("K2",)), (1, "place.after", ("Y1",)))),
    Diagram("eat", RECORD, _frames((6, "eat.before", ("Y1", "F5", "F1")),
                                   (7, "eat.after", ("Y1",)))),
    Diagram("swim", RECORD, _frames((17, "swim.before", ("Y3", "F5")),
                                    (18, "swim.after", ("Y3",)))),
    Diagram("health", RECORD, _frames((10, "health.before", ("Y3", "hz-health-0")),
                                      (11, "health.after", ("hz-health-0",)))),
    Diagram("growth", RECORD, _frames((11, "growth.before", ()), (12, "growth.after", ()))),
    Diagram("prey", RECORD, _frames((15, "prey.out_before", ("Y2",)),
                                    (16, "prey.out_after", ("Y2",)),
                                    (21, "prey.in_before", ("Y2",)),
                                    (22, "prey.in_after", ("Y2",)))),
    Diagram("win_lead", RECORD, _frames((23, "win_lead.before", ("Y3",)),
                                        (24, "win_lead.after", ("hz-health-0", "hz-health-1")))),
    Diagram("win_23", WIN_23, _frames((24, "win_23.before", ("Y1",)),
                                      (25, "win_23.after", ("hz-health-0",)))),
    Diagram("win_0", WIN_0, _frames((24, "win_0.before", ("hz-health-1",)),
                                    (25, "win_0.after", ("hz-health-1",)))),
)


def _section(ident: str, paragraphs: int, *diagrams: str) -> Section:
    return Section(ident, f"{P}.howto.{ident}.title",
                   tuple(f"{P}.howto.{ident}.p{i}" for i in range(1, paragraphs + 1)), diagrams)


HOWTO = HowTo("haaienzee", f"{P}.howto.summary", (
    _section("sea", 2, "start"),
    _section("setup", 2, "place"),
    _section("turn", 3, "eat", "swim"),
    _section("health", 1, "health"),
    _section("growth", 2, "growth"),
    _section("prey", 2, "prey"),
    _section("end", 3, "win_lead", "win_23", "win_0"),
), DIAGRAMS)


def _step(ident: str, at: int, rules: tuple[str, ...] = (), play: bool = False,
          marks: tuple[str, ...] = (), why: str | None = None, jump: bool = False) -> Step:
    return Step(ident, at, f"{P}.step.{ident}", play, rules, marks,
                f"{P}.why.{why}" if why else None, jump)


LESSON = Lesson("haaienzee", RECORD, 0, (
    _step("sea", 0, ("sea", "fish", "sharks", "health_start", "schools"), marks=("hz-meters",)),
    _step("place1", 0, ("placing",), play=True, why="spot"),
    _step("place2", 2, ("one_each",), play=True, why="spot"),
    _step("place3", 4, (), play=True, why="spot"),
    _step("order", 6, ("order",), marks=("Y1", "R1")),
    _step("eat", 6, ("turning", "eat_line", "stop_on_line"), play=True, marks=("F5", "F1"),
          why="more"),
    _step("health", 7, ("health",), marks=("hz-health-0",)),
    _step("straight", 8, ("blocked",), play=True, why="more"),
    _step("third", 10, (), play=True, why="more"),
    _step("growth", 12, ("growth", "start_player"), marks=("hz-health-1",)),
    _step("again", 13, (), play=True, why="more"),
    _step("take_out", 15, ("take_out",), play=True, marks=("Y2",), why="take_out"),
    _step("swim_empty", 17, ("swim_empty",), play=True, marks=("F5",), why="closer"),
    _step("round3", 19, (), play=True, why="more"),
    _step("new_prey", 21, ("new_prey",), play=True, marks=("Y2",), why="new_prey"),
    _step("win", 23, ("win_lead",), play=True, why="more"),
    _step("won", 24, (), marks=("hz-health-0", "hz-health-1")),
    _step("more", 24, ("win_23", "win_0", "draw", "resign")),
    _step("finish", 24, ("options",)),
), RULES)


# --- what a shark can reach --------------------------------------------------------------

def best_catch(state: State, hex_: int, facing: int, colour: int) -> int:
    """The most fish of ``colour`` a shark on ``hex_`` facing ``facing`` can eat in one turn
    (turning 60 degrees or not, then along the line), on the fish as they lie now (another
    shark on the way stands on a hex without fish, so it ends the line too)."""
    fish = state.fish  # type: ignore[attr-defined]
    nb = state.board.nb  # type: ignore[attr-defined]
    return max(run(fish, nb, hex_, (facing + t) % 6, colour) for t in E.TURNS)


def _choice(state: State, move: str) -> dict[str, Any] | None:
    seat = state.to_move
    view = state.view(seat)
    for c in (view.get("choices") or {}).get("moves", []):
        if c["move"] == move:
            return dict(c)
    return None


def _setup_facts(state: State, move: str) -> dict[str, Any]:
    hex_name, facing, colour = move.split()
    b = state.board  # type: ignore[attr-defined]
    return {"hex": hex_name, "facing": facing, "colour": colour,
            "eats": best_catch(state, b.index[hex_name], DIRECTION_INDEX[facing],
                               E.COLOUR_INDEX[colour])}


def compare(state: State, move: str, expected: str) -> dict[str, Any]:
    """What the learner's move and the coach's do: in the setup the most fish the shark can
    eat on its first turn from there; in a turn the fish eaten and the health change."""
    if state.phase == "setup":  # type: ignore[attr-defined]
        return {"setup": True, "move": _setup_facts(state, move),
                "expected": _setup_facts(state, expected)}
    out: dict[str, Any] = {"setup": False}
    for key, m in (("move", move), ("expected", expected)):
        c = _choice(state, m) or {}
        out[key] = {"move": m, "eats": c.get("eats", 0), "hex": c.get("hex"),
                    "prey": c.get("prey"), "turn": c.get("turn"), "health": c.get("eats", 0) - 1}
    return out


#: the codes of :func:`refusal` (worded by the page: ``learn_haaienzee.refused.<code>``)
REFUSALS = ("not_empty", "not_ahead", "edge", "blocked_shark", "blocked_fish", "cannot_eat",
            "one_empty", "line_ends")


def refusal(state: State, move: str) -> dict[str, Any]:
    """Why a click on a hex is refused, as a code for the page to word: in the setup a hex
    that is not empty; in a turn a hex the shark cannot end on, whichever way it turns."""
    b = state.board  # type: ignore[attr-defined]
    target = b.parse(move)
    if target is None or state.phase == "over":  # type: ignore[attr-defined]
        return {}
    i = state.shark_to_move  # type: ignore[attr-defined]
    sharks = state.sharks  # type: ignore[attr-defined]
    fish = state.fish  # type: ignore[attr-defined]
    facts: dict[str, Any] = {"hex": move.strip().upper()}
    if state.phase == "setup":  # type: ignore[attr-defined]
        return {**facts, "code": "not_empty"} if fish[target] or any(
            s.hex == target for s in sharks) else {}
    shark = sharks[i]
    others = {s.hex for j, s in enumerate(sharks) if j != i}
    for turn in E.TURNS:
        d = (shark.facing + turn) % 6
        ray = []
        h = b.nb[shark.hex][d]
        while h >= 0:
            ray.append(h)
            h = b.nb[h][d]
        if target not in ray:
            continue
        if target in E.reach(b, fish, others, shark.hex, d, shark.prey):
            return {}   # it can end there after this turn: no refusal
        facts["facing"] = DIRECTIONS[d]
        first = ray[0]
        if first in others:
            return {**facts, "code": "blocked_shark", "at": b.names[first]}
        colour = fish[first]
        if colour and colour != shark.prey:
            code = "cannot_eat" if not shark.prey else "blocked_fish"
            return {**facts, "code": code, "at": b.names[first],
                    "colour": E.COLOUR_NAMES[colour]}
        if not colour:
            return {**facts, "code": "one_empty", "at": b.names[first]}
        return {**facts, "code": "line_ends"}
    if all(b.nb[shark.hex][(shark.facing + t) % 6] < 0 for t in E.TURNS):
        return {**facts, "code": "edge"}
    return {**facts, "code": "not_ahead"}


def hint_facts(state: State, hint: Mapping[str, Any]) -> dict[str, Any]:
    """A hint in facts: in the setup the spot and what the shark could eat on its first
    turn; in a turn the shark, its prey action, its turn, where it swims and what it eats;
    and what the search expects: the health lead after a few turns of greedy play, or a
    won or lost game."""
    from ludotheek.games.haaienzee.search import WIN

    move = hint["move"]
    shark = state.shark_id  # type: ignore[attr-defined]
    facts: dict[str, Any] = {"shark": shark, "number": int(shark[1])}
    if state.phase == "setup":  # type: ignore[attr-defined]
        facts.update(kind="place", **_setup_facts(state, move))
    else:
        c = _choice(state, move)
        if c is None:
            raise ValueError(move)
        facts.update(kind="turn", eats=c["eats"], hex=c["hex"], turn=c["turn"],
                     facing=c["facing"], prey=c["prey"],
                     colour=E.COLOUR_NAMES[state.sharks[state.shark_to_move].prey])  # type: ignore[attr-defined]
    value = hint.get("value")
    if value is not None:
        if value > WIN / 2:
            facts["outlook"] = "win"
        elif value < -WIN / 2:
            facts["outlook"] = "loss"
        else:
            facts.update(outlook="lead", lead=round(value))
    return facts


# --- warnings before a move (the page's advice) ------------------------------------------

#: the most positions :func:`opponent_can_end` looks at before it gives up (no warning)
SEARCH_BUDGET = 40_000


def reach_table(state: State) -> dict[str, dict[str, list[int]]]:
    """In the setup: for every empty hex and every colour the shark to place may hunt, the
    most it could eat on its first turn facing each direction (in ``DIRECTIONS`` order)."""
    b = state.board  # type: ignore[attr-defined]
    seat = state.to_move
    if state.phase != "setup" or seat is None:  # type: ignore[attr-defined]
        return {}
    fish = state.fish  # type: ignore[attr-defined]
    taken = {s.hex for s in state.sharks}  # type: ignore[attr-defined]
    colours = state.free_colours(seat)  # type: ignore[attr-defined]
    out: dict[str, dict[str, list[int]]] = {}
    for h in range(b.size):
        if fish[h] or h in taken:
            continue
        out[b.names[h]] = {E.COLOUR_NAMES[c]: [best_catch(state, h, d, c) for d in range(6)]
                           for c in colours}
    return out


def _nothing_in_reach(after: State, index: int) -> bool:
    shark = after.sharks[index]  # type: ignore[attr-defined]
    return bool(shark.prey) and best_catch(after, shark.hex, shark.facing, shark.prey) == 0


def _bound(sim: Sim, opp: int, r0: int) -> bool:
    """Whether the opponent could at all end the game before this round is over: a cheap
    upper bound on the health they can gain (each of their sharks still to move eats its
    longest line as the sea is now: fish only go during a round) against the least the
    other side can keep."""
    from ludotheek.games.haaienzee.search import run as line

    steps = range(sim.step, 6)
    order = [((sim.start if k % 2 == 0 else 1 - sim.start) * 3 + k // 2) for k in steps]
    gain = {0: 0, 1: 0}
    for i in order:
        seat = i // 3
        if seat == opp:
            best = max((line(sim.fish, sim.nb, sim.pos[i], (sim.face[i] + t) % 6, sim.prey[i])
                        for t in E.TURNS), default=0) if sim.prey[i] else 0
            gain[seat] += best - 1
        else:
            gain[seat] -= 1
    me = 1 - opp
    h_opp, h_me = sim.health[opp] + gain[opp], sim.health[me] + gain[me]
    return h_opp >= E.WIN_HEALTH or h_me <= 0 or h_opp - h_me >= E.WIN_LEAD or r0 < 0


class _Budget(Exception):
    pass


def opponent_can_end(state: State, move: str, budget: list[int] | None = None) -> bool:
    """Whether after ``move`` the opponent can make sure of winning before this round is
    over (23 health, the mover at 0, or a lead of 10 at its end), whatever the mover's
    sharks do in the rest of the round. A search of the round's remaining shark turns;
    False when it would take more than :data:`SEARCH_BUDGET` positions (or than what is
    left of a ``budget`` shared by several calls)."""
    if state.phase != "turn":  # type: ignore[attr-defined]
        return False
    me = state.to_move
    assert me is not None
    after = state.play(move)
    if after.is_over:
        return after.winners() == [1 - me]
    if after.round != state.round:  # type: ignore[attr-defined]
        return False   # the move ended the round (and the game went on)
    sim = Sim(after)
    opp = 1 - me
    r0 = sim.round
    if budget is None:
        budget = [SEARCH_BUDGET]

    def wins(sim: Sim) -> bool:
        budget[0] -= 1
        if budget[0] < 0:
            raise _Budget
        if sim.over:
            return sim.winner == opp
        if sim.round != r0:
            return False
        if not _bound(sim, opp, r0):
            return False
        mover = sim.index() // 3
        moves = sorted(sim.moves(), key=lambda m: -m[0])
        for m in moves:
            undo = sim.make(m)
            try:
                result = wins(sim)
            finally:
                sim.unmake(undo)
            if mover == opp and result:
                return True
            if mover != opp and not result:
                return False
        return mover != opp

    try:
        return wins(sim)
    except _Budget:
        return False


def advice(state: State, move: str) -> list[dict[str, Any]]:
    """Warnings before ``move``: a placement, or a turn that eats nothing, after which the
    shark would have nothing in reach (when another move would leave it something), and an
    opponent who could then end the game before this round is over (when another move
    would not let them)."""
    if state.is_over or move not in state.legal_moves():
        return []
    index = state.shark_to_move  # type: ignore[attr-defined]
    shark = f"{'YR'[index // 3]}{index % 3 + 1}"
    notes: list[dict[str, Any]] = []
    after = state.play(move)
    eats = (_choice(state, move) or {}).get("eats", 0) if state.phase == "turn" else 0  # type: ignore[attr-defined]
    if not eats and not after.is_over and _nothing_in_reach(after, index) and any(
            not _nothing_in_reach(state.play(m), index) for m in state.legal_moves()
            if m != move and not m.startswith("empty")):
        notes.append({"code": "haaienzee.nothing_in_reach", "params": {
            "shark": shark, "number": index % 3 + 1}})
    budget = [3 * SEARCH_BUDGET]   # the move and its alternatives together
    eats_of = {c["move"]: c["eats"]
               for c in state.view(state.to_move).get("choices", {}).get("moves", [])}
    others = sorted((m for m in state.legal_moves() if m != move),
                    key=lambda m: -eats_of.get(m, 0))
    if opponent_can_end(state, move, budget) and any(
            not opponent_can_end(state, m, budget) for m in others if budget[0] > 0):
        notes.append({"code": "haaienzee.opponent_can_end", "params": {
            "shark": shark, "number": index % 3 + 1}})
    return notes


def position_advice(state: State) -> dict[str, Any]:
    """What the page shows while the seat to move chooses: in the setup, the reach table;
    and for every hex the shark cannot end on, why (a tap on it says it: :func:`refusal`)."""
    if state.is_over:
        return {}
    names = state.board.names  # type: ignore[attr-defined]
    refusals = {name: why for name in names if (why := refusal(state, name))}
    if state.phase == "setup":  # type: ignore[attr-defined]
        return {"reach": reach_table(state), "refusals": refusals}
    return {"refusals": refusals}
