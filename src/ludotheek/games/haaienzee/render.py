"""The text picture of a Haaienzee position and sentences describing moves (en / nl).

>>> from ludotheek.games.haaienzee.rules import GAME
>>> s = GAME.position({"B3": "white", "C4": "grey"},
...     {"Y1": "A1 SE white", "R1": "A2 E grey", "Y2": "A3 E grey",
...      "R2": "A5 E white", "Y3": "E1 E brown", "R3": "E5 W brown"}, side=5)
>>> print(render(s))
        A Y1↘ R1→ Y2→  ·  R2→         A1-A5
      B  ·   ·   w   ·   ·   ·        B1-B6
    C  ·   ·   ·   g   ·   ·   ·      C1-C7
  D  ·   ·   ·   ·   ·   ·   ·   ·    D1-D8
E Y3→  ·   ·   ·  R3←  ·   ·   ·   ·  E1-E9
  F  ·   ·   ·   ·   ·   ·   ·   ·    F1-F8
    G  ·   ·   ·   ·   ·   ·   ·      G1-G7
      H  ·   ·   ·   ·   ·   ·        H1-H6
        I  ·   ·   ·   ·   ·          I1-I5
w white fish, g grey, b brown, · water; Y yellow shark, R red shark, arrow: facing
Yellow health  7: Y1 A1 ↘SE white, Y2 A3 →E grey, Y3 E1 →E brown
Red    health  7: R1 A2 →E grey, R2 A5 →E white, R3 E5 ←W brown
Round 1, Yellow starts. Yellow shark 1 (Y1, on A1) to move.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ludotheek.games.haaienzee import engine as E
from ludotheek.games.haaienzee.board import ARROWS, DIRECTIONS
from ludotheek.games.haaienzee.engine import Place, Swim

if TYPE_CHECKING:
    from ludotheek.games.haaienzee.rules import HaaienzeeState

FISH_LETTERS = ("·", "w", "g", "b")

WORDS = {
    "en": {
        "seats": ("Yellow", "Red"),
        "colours": ("empty", "white", "grey", "brown"),
        "legend": "w white fish, g grey, b brown, · water; Y yellow shark, R red shark, "
                  "arrow: facing",
        "health": "health",
        "taken": "{c} taken out",
        "just": "just",
        "unplaced": "not placed",
        "setup": "Setup: {seat} places shark {n} (colours left: {colours}).",
        "round": "Round {r}, {start} starts. {seat} shark {n} ({sid}, on {hex}) to move.",
        "over": "Game over: {result} ({why}). Round {r}.",
        "wins": "{seat} wins",
        "draw": "a draw",
        "reasons": {
            "health_23": "health 23 or more", "health_0": "health 0 or less",
            "lead_10": "10 or more ahead after a round", "round_limit": "100 rounds played",
            "resigned": "resigned", "stopped": "stopped, the higher health wins",
        },
        "shark": "{seat} shark {n}",
        "shark_seats": ("Yellow", "Red"),
        "fish_colours": ("", "white", "grey", "brown"),
        "fish": ("fish", "fish"),
        "places": "{who} starts on {hex} facing {dir}, hunting {colour}.",
        "take_out": "takes out its {c} prey",
        "put_in": "gets {c} as new prey",
        "turn": "turns {side} to {dir}",
        "left": "left",
        "right": "right",
        "swims": "swims to {hex}",
        "eats": "eating {n} {c} {fish}",
        "stays": "stays where it is",
        "change": "health {d:+d}",
        "and": " and ",
    },
    "nl": {
        "seats": ("Geel", "Rood"),
        "colours": ("leeg", "wit", "grijs", "bruin"),
        "legend": "w witte vis, g grijze, b bruine, · water; Y gele haai, R rode haai, "
                  "pijl: richting",
        "health": "gezondheid",
        "taken": "{c} eruit gehaald",
        "just": "net",
        "unplaced": "nog niet geplaatst",
        "setup": "Voorbereiding: {seat} plaatst haai {n} (nog vrije kleuren: {colours}).",
        "round": "Ronde {r}, {start} begint. {seat} haai {n} ({sid}, op {hex}) is aan zet.",
        "over": "Afgelopen: {result} ({why}). Ronde {r}.",
        "wins": "{seat} wint",
        "draw": "gelijkspel",
        "reasons": {
            "health_23": "gezondheid 23 of meer", "health_0": "gezondheid 0 of minder",
            "lead_10": "10 of meer voor na een ronde", "round_limit": "100 rondes gespeeld",
            "resigned": "opgegeven", "stopped": "gestopt, de hoogste gezondheid wint",
        },
        "shark": "{seat} haai {n}",
        "shark_seats": ("Gele", "Rode"),
        "fish_colours": ("", "witte", "grijze", "bruine"),
        "fish": ("vis", "vissen"),
        "places": "{who} begint op {hex} met richting {dir} en jaagt op {colour}.",
        "take_out": "haalt zijn prooi ({c}) eruit",
        "put_in": "krijgt {c} als nieuwe prooi",
        "turn": "draait {side} naar {dir}",
        "left": "linksom",
        "right": "rechtsom",
        "swims": "zwemt naar {hex}",
        "eats": "en eet {n} {c} {fish}",
        "stays": "blijft liggen",
        "change": "gezondheid {d:+d}",
        "and": " en ",
    },
}


def _words(lang: str) -> dict[str, Any]:
    return WORDS.get(lang, WORDS["en"])


def _say(w: dict[str, Any], key: str, **params: Any) -> str:
    """The words' text ``key`` with ``params`` filled in."""
    text: str = w[key]
    return text.format(**params)


def _cell(state: HaaienzeeState, h: int, at: dict[int, int]) -> str:
    i = at.get(h)
    if i is not None:
        return f"{E.shark_id(i)}{ARROWS[state.sharks[i].facing]}"
    return f" {FISH_LETTERS[state.fish[h]]} "


def render(state: HaaienzeeState, lang: str = "en") -> str:
    """The board as text: rows A.. with their letter, sharks with an arrow, then the facts."""
    w = _words(lang)
    b = state.board
    at = {s.hex: i for i, s in enumerate(state.sharks) if s.hex >= 0}
    widest = len(b.rows[len(b.rows) // 2])
    lines = []
    for r, row in enumerate(b.rows):
        letter = chr(ord("A") + r)
        pad = " " * (2 * (widest - len(row)))
        cells = " ".join(_cell(state, h, at) for h in row)
        lines.append(f"{pad}{letter} {cells} {pad}{b.names[row[0]]}-{b.names[row[-1]]}")
    lines.append(w["legend"])
    seats = w["seats"]
    colours = w["colours"]
    width = max(len(s) for s in seats)
    for seat in (0, 1):
        parts = []
        for i in range(seat * 3, seat * 3 + 3):
            s = state.sharks[i]
            if s.hex < 0:
                parts.append(f"{E.shark_id(i)} {w['unplaced']}")
                continue
            text = (f"{E.shark_id(i)} {b.names[s.hex]} {ARROWS[s.facing]}{DIRECTIONS[s.facing]} "
                    f"{colours[s.prey]}")
            if s.taken:
                text += " (" + (w["just"] + " " if s.fresh else "") + \
                    w["taken"].format(c=colours[s.taken]) + ")"
            parts.append(text)
        lines.append(f"{seats[seat]:<{width}} {w['health']} {state.health[seat]:2d}: "
                     + ", ".join(parts))
    lines.append(_status(state, lang))
    return "\n".join(line.rstrip() for line in lines)


def _status(state: HaaienzeeState, lang: str) -> str:
    w = _words(lang)
    seats = w["seats"]
    if state.phase == "over":
        winners = state.winners()
        result = w["wins"].format(seat=seats[winners[0]]) if winners else w["draw"]
        return _say(w, "over", result=result, why=w["reasons"].get(state.end_reason, ""),
                    r=state.round)
    i = state.shark_to_move
    assert i is not None
    seat, n = i // 3, i % 3 + 1
    if state.phase == "setup":
        free = ", ".join(w["colours"][c] for c in state.free_colours(seat))
        return _say(w, "setup", seat=seats[seat], n=n, colours=free)
    return _say(w, "round", r=state.round, start=seats[state.start], seat=seats[seat], n=n,
                sid=E.shark_id(i), hex=state.board.names[state.sharks[i].hex])


def describe_move(state: HaaienzeeState, move: str, lang: str = "en") -> str:
    """A sentence saying what ``move`` does in ``state``.

    >>> from ludotheek.games.haaienzee.rules import GAME
    >>> s = GAME.position({"A2": "white", "A3": "white"},
    ...     {"Y1": "A1 E white", "R1": "E1 E grey", "Y2": "E3 E grey",
    ...      "R2": "E5 E white", "Y3": "I1 E brown", "R3": "I5 W brown"}, side=5)
    >>> describe_move(s, "A3")
    'Yellow shark 1 swims to A3, eating 2 white fish (health +1).'
    >>> describe_move(s, "empty R B2", "nl")[:50]
    'Gele haai 1 haalt zijn prooi (wit) eruit en draait'
    """
    from ludotheek.games.haaienzee.explain import read_move

    w = _words(lang)
    m = state.legal_table().get(move) or read_move(state, move)
    i = state.shark_to_move
    assert i is not None
    b = state.board
    who = w["shark"].format(seat=w["shark_seats"][i // 3], n=i % 3 + 1)
    colours = w["colours"]
    if isinstance(m, Place):
        return _say(w, "places", who=who, hex=b.names[m.hex], dir=DIRECTIONS[m.facing],
                    colour=colours[m.colour])
    assert isinstance(m, Swim)
    shark = state.sharks[i]
    acts = []
    if m.prey == E.TAKE_OUT:
        acts.append(w["take_out"].format(c=colours[shark.prey]))
    elif m.prey != E.KEEP:
        acts.append(w["put_in"].format(c=colours[m.prey]))
    facing = (shark.facing + m.turn) % 6
    if m.turn:
        acts.append(w["turn"].format(side=w["left" if m.turn < 0 else "right"],
                                     dir=DIRECTIONS[facing]))
    eaten = 0
    if m.dest >= 0:
        eaten = sum(1 for h in E.path(b, shark.hex, facing, m.dest) if state.fish[h])
        text = w["swims"].format(hex=b.names[m.dest])
        if eaten:
            text += (", " if lang != "nl" else " ") + w["eats"].format(
                n=eaten, c=w["fish_colours"][state.fish[b.nb[shark.hex][facing]]],
                fish=w["fish"][eaten > 1])
        acts.append(text)
    if not acts:
        acts.append(w["stays"])
    return f"{who} {w['and'].join(acts)} ({w['change'].format(d=eaten - 1)})."
