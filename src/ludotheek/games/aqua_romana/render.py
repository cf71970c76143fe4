"""A text picture of the site, the track, the podiums and the reserve.

Each square is drawn 5 characters wide and 3 lines high. A channel end is drawn as a
line (``│`` ``─``) when neutral and as the owner's colour letter (``b g r y``) when it
belongs to an aqueduct; the middle shows the tile: ``│ ─`` straight, ``└ ┌ ┐ ┘`` curve
(and the printed corners), ``/`` double curve NE+SW, ``\\`` double curve NW+SE, ``┼``
bridge. A reservoir is ``~`` with its colour in capitals and ``^ > v <`` at its outlets.
An empty square shows ``·`` and, on the side they come from, the workers facing it
(``b2``: blue2). Around the site the track: space numbers and the builders' kinds
(``S C D B J``), with ``◆`` for the fountains at the corners.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ludotheek.games.aqua_romana.geometry import (
    COLOURS,
    COLUMN_LETTERS,
    COLUMNS,
    KIND_NAMES,
    ROWS,
    SIGHT,
    TILE_KINDS,
    TILES,
    space_name,
)
from ludotheek.games.aqua_romana.notation import BUILD
from ludotheek.games.aqua_romana.site import OPEN, RESERVOIR
from ludotheek.games.aqua_romana.tables import CAPACITY, TOP_PODIUM

if TYPE_CHECKING:
    from ludotheek.games.aqua_romana.rules import AquaState

BUILDER_LETTERS = "SCDBJ"
CENTRE = {
    "NS": "│", "EW": "─", "NE": "└", "SE": "┌", "SW": "┐", "NW": "┘",
    "NE+SW": "/", "NW+SE": "\\", "NS+EW": "┼",
}
#: (row, columns) of the arm at each side of a 5x3 cell
ARMS = ((0, (2,)), (1, (3, 4)), (2, (2,)), (1, (0, 1)))
ARM_LINE = "│─│─"
OUTLET_MARK = "^>v<"
#: where the label of a worker facing an empty square goes, by the side it comes from
LABEL_AT = ((0, 2), (1, 3), (2, 2), (1, 0))

WORDS = {
    "en": {
        "legend": "S straight, C curve, D double curve, B bridge, J joker; "
                  "b g r y: channels of blue, green, red, yellow; ◆ fountain",
        "tiles_left": "Tiles left", "reserve": "Reserve", "podiums": "Podiums",
        "free": "free", "none": "none", "points": "points", "holds": "holds",
        "length": "length", "podium": "podium", "closed": "closed", "open": "open",
        "sees": "sees", "to_move": "to move",
        "setup": "places a master builder (place KIND Tn)",
        "place": "first places a picked reserve builder (place KIND Tn)",
        "place_now": "has no worker left and places a picked builder (place KIND Tn)",
        "build": "builds (WORKER Tn KIND SQUARE ROTATION)",
        "move": "cannot build and moves a builder (move Tn)",
        "bonus": "lays a bonus tile (bonus KIND SQUARE ROTATION)",
        "close": "may close an aqueduct (close WORKER or close none)",
        "pick": "may pick a builder from the reserve (pick KIND or pick none)",
        "over": "Game over", "wins": "wins", "share": "share first place",
        "bonus_pts": "bonus",
    },
    "nl": {
        "legend": "S recht, C bocht, D dubbele bocht, B brug, J joker; "
                  "b g r y: kanalen van blauw, groen, rood, geel; ◆ fontein",
        "tiles_left": "Tegels over", "reserve": "Reserve", "podiums": "Podia",
        "free": "vrij", "none": "geen", "points": "punten", "holds": "heeft",
        "length": "lengte", "podium": "podium", "closed": "gesloten", "open": "open",
        "sees": "ziet", "to_move": "aan zet",
        "setup": "zet een bouwmeester neer (place KIND Tn)",
        "place": "zet eerst een bouwmeester uit de reserve neer (place KIND Tn)",
        "place_now": "heeft geen arbeiders meer en zet een bouwmeester neer (place KIND Tn)",
        "build": "bouwt (WORKER Tn KIND SQUARE ROTATION)",
        "move": "kan niet bouwen en verzet een bouwmeester (move Tn)",
        "bonus": "legt een bonustegel (bonus KIND SQUARE ROTATION)",
        "close": "mag een aquaduct sluiten (close WORKER of close none)",
        "pick": "mag een bouwmeester uit de reserve nemen (pick KIND of pick none)",
        "over": "Afgelopen", "wins": "wint", "share": "delen de eerste plaats",
        "bonus_pts": "bonus",
    },
}


def _label(state: AquaState, w: int) -> str:
    o = state.table.layout.outlets[w]
    return f"{COLOURS[o.colour][0]}{o.number}"


def _cell(state: AquaState, sq: int, labels: dict[int, list[tuple[int, str]]]) -> list[str]:
    rows = [[" "] * 5 for _ in range(3)]
    code = state.tiles[sq]
    if code == RESERVOIR:
        colour = state.table.reservoir_colour[sq]
        rows = [list(" ~~~ "), list("~~~~~"), list(" ~~~ ")]
        rows[1][2] = COLOURS[colour][0].upper()
        for (rsq, side) in state.table.outlet_at:
            if rsq == sq:
                r, cols = ARMS[side]
                for c in cols:
                    rows[r][c] = OUTLET_MARK[side]
    elif code < 0:
        rows[1][2] = "·"
        for side, text in labels.get(sq, []):
            r, c = LABEL_AT[side]
            rows[r][c], rows[r][c + 1] = text[0], text[1]
    else:
        tile = TILES[code]
        rows[1][2] = CENTRE[tile.rotation]
        for ch, ends in enumerate(tile.channels):
            w = state.owner[sq * 2 + ch]
            for side in ends:
                mark = ARM_LINE[side] if w < 0 else _label(state, w)[0]
                r, cols = ARMS[side]
                for c in cols:
                    rows[r][c] = mark
    return ["".join(r) for r in rows]


def _site_lines(state: AquaState) -> list[str]:
    track = state.track

    def builder(i: int) -> str:
        return BUILDER_LETTERS[track[i]] if track[i] >= 0 else "·"

    labels: dict[int, list[tuple[int, str]]] = {}
    for w, st in enumerate(state.wstate):
        if st == OPEN:
            front = state.front(w)
            labels.setdefault(front, []).append(((state.sides[w] + 2) % 4, _label(state, w)))
    pad = " " * 7
    lines = [
        pad + "".join(f"{space_name(x):^5}" for x in range(COLUMNS)),
        "     ◆ " + "".join(f"{builder(x):^5}" for x in range(COLUMNS)) + " ◆",
        pad + "".join(f"{COLUMN_LETTERS[x]:^5}" for x in range(COLUMNS)),
    ]
    for y in range(ROWS):
        cells = [_cell(state, y * COLUMNS + x, labels) for x in range(COLUMNS)]
        left, right = 37 - y, 11 + y
        for r in range(3):
            body = "".join(c[r] for c in cells)
            if r == 1:
                lines.append(f"{space_name(left):>3} {builder(left)}{y + 1:>2}|{body}|"
                             f"{builder(right)} {space_name(right)}")
            else:
                lines.append(f"{'':7}|{body}|")
    lines.append(pad + "".join(f"{COLUMN_LETTERS[x]:^5}" for x in range(COLUMNS)))
    lines.append("     ◆ " + "".join(f"{builder(29 - x):^5}" for x in range(COLUMNS)) + " ◆")
    lines.append(pad + "".join(f"{space_name(29 - x):^5}" for x in range(COLUMNS)))
    return lines


def render(state: AquaState, seat: int | None = None, lang: str = "en") -> str:
    """The whole position as text (``seat`` does not matter: nothing is hidden)."""
    words = WORDS.get(lang, WORDS["en"])
    table = state.table
    lines = _site_lines(state)
    lines.append(words["legend"])
    scores = state.scores()
    for seat_ in range(table.players):
        parts = []
        for w in table.workers_of[seat_]:
            name = table.names[w]
            if state.wstate[w] == OPEN:
                seen = ",".join(space_name(i) for i in SIGHT[state.ends[w]]
                                if state.track[i] >= 0)
                parts.append(f"{name} {words['length']} {state.lengths[w]} "
                             f"[{words['sees']} {seen or '-'}]")
            elif state.podium_of[w] >= 0:
                parts.append(f"{name} {words['podium']} {state.podium_of[w]}")
            else:
                parts.append(f"{name} {words['closed']} {state.lengths[w]}")
        held = state.held[seat_]
        extra = (f"; {words['holds']} " + ", ".join(KIND_NAMES[k] for k in held)) if held else ""
        lines.append(f"{table.seat_name(seat_, lang)} ({scores[seat_]} {words['points']}){extra}:")
        lines.append("  " + "; ".join(parts))
    taken = []
    free = []
    for v in range(TOP_PODIUM, 0, -1):
        ws = state.podiums[v]
        if ws:
            taken.append(f"{v}: " + " ".join(table.names[w] for w in ws))
        if len(ws) < CAPACITY[v]:
            free.append(str(v))
    lines.append(f"{words['podiums']}: " + (" | ".join(taken) or words["none"])
                 + f"  ({words['free']}: {' '.join(free) or words['none']})")
    lines.append(f"{words['tiles_left']}: "
                 + ", ".join(f"{KIND_NAMES[k]} {state.supply[k]}" for k in TILE_KINDS)
                 + f"; {words['reserve']}: "
                 + (", ".join(KIND_NAMES[k] for k in state.reserve) or words["none"]))
    lines.append(_status(state, words, lang))
    return "\n".join(line.rstrip() for line in lines)


def _status(state: AquaState, words: dict[str, str], lang: str) -> str:
    table = state.table
    if state.to_move is None:
        final = state.final or {}
        bonus = ", ".join(f"{b['worker']} +{b['bonus']}" for b in final.get("bonuses", []))
        winners = state.winners()
        names = " & ".join(table.seat_name(s, lang) for s in winners)
        verdict = words["share"] if len(winners) > 1 else words["wins"]
        return (f"{words['over']}: {names} {verdict} "
                f"({', '.join(str(x) for x in state.scores())}); "
                f"{words['bonus_pts']}: {bonus or words['none']}.")
    step = state.phase
    if step == "build" and state.legal() and state.legal()[0][0] != BUILD:
        step = "move"
    return f"{table.seat_name(state.to_move, lang)} {words['to_move']}: {words[step]}"
