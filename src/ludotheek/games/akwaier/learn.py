"""Learning Akwaier: "How to play" and the guided first game (see ``ludotheek.learn.lessons``).

Every picture and step is a position of one real game: seed 1 with the default options,
six 1987 ("classic") players, the player of seat s seeded 10 + s, as the self-test plays
its games. OPA (seat 0, the learner) founds, buys, joins, lays a loose tile, meets a tile
that cannot be placed, settles a tie and a merger of three chains, and wins when E grows
beyond 100 tiles in turn 132 (177,426 against OMA's 126,647). The texts are in the keys
``learn_akwaier.…`` of its texts (``games/akwaier/texts/<lang>.json``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ludotheek.core.game import State
from ludotheek.core.record import Record
from ludotheek.learn.lessons import Diagram, Frame, HowTo, Lesson, Section, Step

#: the game, move by move ("|" between the moves)
GAME_TEXT = (
    "L8+G|buy G 3|A8+F|buy F 3|B12+H|buy H 3|O13+D|buy D 3|H1+A|buy A 3|F14+C|buy A 3|M9+E|"
    "buy E 3|O7+B|buy B 3|K8|buy H 3|C12|buy A 3|N14|buy A 3|H2|buy A 3|F13|buy E 3|B8|"
    "buy B 3|D12|buy D 3|E12|buy A 3|G3|buy A 3|G2|buy A 3|N6|buy G 3|I2|buy F 3|E14|buy D 3|"
    "O6|buy A 3|L1|buy A 3|D14|buy A 3|A12|buy C 3|G5|buy G 3|D13|buy D 3|M2+C|buy A 3|L2|"
    "buy A 3|D15|buy A 3|I3|buy H 3|D11|buy G 3|E15|buy H 3|K4|buy A 2|C5|buy A 2|B13|"
    "buy A 3|M3|buy G 3|N3|buy G 3|M8|buy A 3|I15+E|buy C 1|L9|J15|B14|buy H 3|M11|buy G 3|"
    "A14|buy H 3|M1|M15|J14|M4|buy G 3|G11|buy G 2|H15|buy none|E6|O14|G7|K14|buy G 3|N5|N7|"
    "buy none|K13|F3|C9|N9|buy H 3|L13|M13|buy none|K9|H14|K10|F4|buy H 3|F5|D1|buy none|O9|"
    "L4|N13|O4+D|buy D 1|F6|J4|buy E 3|L5|buy C 3|E7|K11|N1|M6|H9|buy H 3|H13|buy E 1|E3|J10|"
    "J8|B9|H12|buy E 3|I7|G15|I11|K2|H5|L11|O1|H4|B6|G13|keep E|buy D 3|F8+H|buy none|A7|"
    "buy A 3|N11|buy none|L10|buy none|F10|buy none|A9|buy E 3|B10|buy none|L3|buy H 3|A4|"
    "buy none|O2|buy none|K7|buy none|N4|buy C 3|D8+B|buy B 3|A2+D|buy D 3|B1|buy none|M12|"
    "buy none|D10|buy none|F1+G|buy C 3|D9|buy C 3|C7+F|buy D 3|D4+B|buy none|A10|buy none|"
    "B11|buy none|C2|buy C 3|M7|buy H 3|B3+C|buy C 3|D3|buy A 1|B4|buy none|M10|buy none|"
    "J1+B|buy B 3|A3|buy H 3|J6+D|buy D 3|C6|buy none|O5|buy none|J2|buy C 3")
MOVES = tuple(GAME_TEXT.split("|"))
RECORD = Record("akwaier", {}, 1, MOVES)

#: the rules of shared/rules/akwaier.md (docs/rules/akwaier.md), by id: where each stands
RULES: Mapping[str, str] = {
    "seats": "Players and seats: six seats in playing order, OPA first; a person's name "
             "replaces the seat's",
    "mix": "Players and seats (DECISION): any mix of people and computer players",
    "start_cash": "Players and seats: 25,000 in cash and no shares",
    "board": "Board and tiles: 15 x 15 cells, rows A-O, columns 1-15",
    "tiles": "Board and tiles: 225 tiles shuffled; 8 in hand; draw into the slot played; "
             "never exchanged",
    "loose": "Placing: all neighbours empty: a loose tile",
    "found": "Placing: or, while fewer than 8 chains exist, found a chain: 1 free share",
    "join": "Placing: one chain: the tile (and its loose neighbours) joins it",
    "illegal": "Placing: loose tiles but no chain: illegal; the tile stays in the hand",
    "pass": "Placing: no legal tile: pass (no buying, no drawing)",
    "price": "Share price: base + 100 per threshold reached + 10 per share outstanding",
    "merger": "Placing / Merger: two or more chains: the largest survives",
    "tie_keep": "Merger: equally largest chains: the placing player chooses the survivor",
    "pot": "Merger: pot = (tiles + outstanding shares) x price, before the merger",
    "split": "Merger: one holder all; tied for most equal parts; else 2/3 and 1/3 to "
             "the second(s)",
    "exchange": "Merger: 1 survivor share for each 2 absorbed shares",
    "refound": "Merger: the absorbed chain can be founded again",
    "buying": "Buying: at most 3 shares of one chain, or nothing; the price before; as "
              "many as the cash allows",
    "end": "End: a chain over 100 tiles, 210 turns, or six passes in a row",
    "wealth": "End: wealth = cash + shares at their price; equal wealth shares a place",
    "score_list": "Score list: the 30 highest wealths ever",
}

P = "learn_akwaier"


def _frames(*frames: tuple[int, str, tuple[str, ...]]) -> tuple[Frame, ...]:
    return tuple(Frame(at, f"{P}.diagram.{text}", marks) for at, text, marks in frames)


DIAGRAMS = (
    Diagram("start", RECORD, _frames((0, "start", ("akw-hand",))), seat=0),
    Diagram("found", RECORD, _frames((124, "found.before", ("O4", "G10")),
                                     (125, "found.after", ("O4",))), seat=0),
    Diagram("join", RECORD, _frames((24, "join.before", ("F13",)), (25, "join.after", ("F13",))),
            seat=0),
    Diagram("buy", RECORD, _frames((1, "buy.before", ("akw-chains",)),
                                   (2, "buy.after", ("akw-players",))), seat=0),
    Diagram("merger", RECORD, _frames((154, "merger.before", ("G13",)),
                                      (156, "merger.after", ("akw-players",))), seat=0),
    Diagram("tie_split", RECORD, _frames((225, "tie_split.before", ("J2",)),
                                         (226, "tie_split.after", ("akw-players",)))),
    Diagram("exchange", RECORD, _frames((155, "exchange.before", ("akw-shares",)),
                                        (156, "exchange.after", ("akw-shares",))), seat=0),
    Diagram("end", RECORD, _frames((226, "end.before", ()), (227, "end.after", ("akw-players",)))),
)


def _section(ident: str, paragraphs: int, *diagrams: str) -> Section:
    return Section(ident, f"{P}.howto.{ident}.title",
                   tuple(f"{P}.howto.{ident}.p{i}" for i in range(1, paragraphs + 1)), diagrams)


HOWTO = HowTo("akwaier", f"{P}.howto.summary", (
    _section("table", 2, "start"),
    _section("place", 3, "found", "join"),
    _section("buy", 2, "buy"),
    _section("merger", 3, "merger", "tie_split", "exchange"),
    _section("end", 2, "end"),
), DIAGRAMS)


def _step(ident: str, at: int, rules: tuple[str, ...] = (), play: bool = False,
          marks: tuple[str, ...] = (), why: str | None = None, jump: bool = False) -> Step:
    return Step(ident, at, f"{P}.step.{ident}", play, rules, marks,
                f"{P}.why.{why}" if why else None, jump)


LESSON = Lesson("akwaier", RECORD, 0, (
    _step("table", 0, ("seats", "start_cash", "board", "tiles"), marks=("akw-hand",)),
    _step("found", 0, ("found",), play=True, marks=("L8",), why="found"),
    _step("buy", 1, ("buying", "price"), play=True, marks=("akw-chains",), why="follow"),
    _step("join", 24, ("join",), play=True, marks=("F13",), why="follow", jump=True),
    _step("buy_join", 25, (), play=True, why="follow"),
    _step("loose", 36, ("loose",), play=True, marks=("N6",), why="follow"),
    _step("buy_loose", 37, (), play=True, why="follow"),
    _step("illegal", 124, ("illegal", "refound"), play=True, marks=("G10",), why="found",
          jump=True),
    _step("buy_little", 125, (), play=True, why="follow"),
    _step("tie", 154, ("merger",), play=True, marks=("G13",), why="follow", jump=True),
    _step("keep", 155, ("tie_keep", "pot", "split"), play=True, why="keep"),
    _step("exchange", 156, ("exchange",), marks=("akw-shares",)),
    _step("buy_after", 156, (), play=True, why="follow"),
    _step("three", 179, (), play=True, marks=("N4",), why="follow", jump=True),
    _step("buy_three", 180, (), play=True, why="follow"),
    _step("end", 227, ("end", "wealth"), marks=("akw-players",), jump=True),
    _step("more", 227, ("pass", "score_list")),
    _step("finish", 227, ("mix",)),
), RULES)


def _describe(state: State, move: str) -> dict[str, Any]:
    """What ``move`` does for the seat to move, from its own view (its hand, the chains)."""
    seat = state.to_move
    view = state.view(seat)
    words = move.split()
    if words[0] == "buy":
        if words[1] == "none":
            return {"kind": "buy_none"}
        price = next(c["price"] for c in view["chains"] if c["chain"] == words[1])
        return {"kind": "buy", "chain": words[1], "n": int(words[2]), "price": price,
                "cost": int(words[2]) * price}
    if words[0] == "keep":
        parts = view["pending"]["merger"][words[1]]
        return {"kind": "keep", "chain": words[1],
                "gets": sum(p["payouts"][seat] for p in parts)}
    if move == "pass":
        return {"kind": "pass"}
    cell, _, chain = move.partition("+")
    if chain:
        return {"kind": "found", "cell": cell, "chain": chain}
    tile = next(h for h in view["hand"] if h["cell"] == cell)
    out: dict[str, Any] = {"kind": tile["action"], "cell": cell, "chains": tile["chains"]}
    if tile["action"] == "merge" and tile["survivor"]:
        out["into"] = tile["survivor"]
        out["gets"] = sum(p["payouts"][seat] for p in tile["merger"][tile["survivor"]])
    elif tile["action"] == "merge":
        out["kind"] = "tie"
        out["tied"] = tile["tied"]
    return out


def compare(state: State, move: str, expected: str) -> dict[str, Any]:
    """What the learner's move and the coach's do, for the page to word."""
    return {"move": _describe(state, move), "expected": _describe(state, expected)}


def merger_note(state: State, move: str) -> dict[str, Any] | None:
    """A move that pays other players more than its maker (a merger of chains where the
    mover holds less than others): the chains, the mover's part and the most another gets;
    None for any other move. For the page's note before the move."""
    seat = state.to_move
    if seat is None:
        return None
    d = _describe(state, move)
    view = state.view(seat)
    if d["kind"] == "merge":
        tile = next(h for h in view["hand"] if h["cell"] == d["cell"])
        parts = tile["merger"][d["into"]]
    elif d["kind"] == "keep":
        parts = view["pending"]["merger"][d["chain"]]
    else:
        return None
    mine = sum(p["payouts"][seat] for p in parts)
    others = [sum(p["payouts"][s] for p in parts) for s in range(len(view["players"]))]
    best = max(v for s, v in enumerate(others) if s != seat)
    if best <= mine:
        return None
    who = max((s for s in range(len(others)) if s != seat), key=lambda s: others[s])
    return {"mine": mine, "other": best, "seat": who, "name": view["names"][who],
            "absorbed": [p["chain"] for p in parts]}


def hint_facts(state: State, hint: Mapping[str, Any]) -> dict[str, Any]:
    """A hint in facts: what the move does (as :func:`compare` says it), the final wealth
    the search expects after it, and the next best move with its expected wealth."""
    facts = _describe(state, hint["move"])
    value = hint.get("value")
    if value is not None:
        facts["wealth"] = round(value)
        others = [(m, v) for m, v in hint.get("ranking", []) if m != hint["move"]]
        if others:
            facts["next"] = _describe(state, others[0][0])
            facts["next_wealth"] = round(others[0][1])
    return facts


def advice(state: State, move: str) -> list[dict[str, Any]]:
    """A note before a move that pays another player more than the mover (a merger where
    the mover holds fewer of the chains taken over than another)."""
    if state.is_over or move not in state.legal_moves():
        return []
    note = merger_note(state, move)
    return [{"code": "akwaier.pays_others", "params": note}] if note else []
