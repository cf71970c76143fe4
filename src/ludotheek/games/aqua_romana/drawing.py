"""SVG pictures of an Aqua Romana position, drawn from the geometry tables.

:func:`layout_svg` draws the start layouts the rules document shows (written by
``scripts/aqua_romana_layouts.py``: ``layout-2-4.svg``, ``layout-3.svg``): the site with
its square names, the printed corner curves, the reservoirs with their outlets and the
worker standing at each, the track spaces 1-38 and the four fountains. The same code
draws any position (tiles, channels in their owners' colours, builders on the track).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ludotheek.games.aqua_romana.geometry import (
    COLOURS,
    COLUMN_LETTERS,
    COLUMNS,
    DX,
    DY,
    KIND_NAMES,
    NUM_SQUARES,
    ROWS,
    TILES,
    TRACK,
    square_name,
    track_position,
)

if TYPE_CHECKING:
    from ludotheek.games.aqua_romana.rules import AquaState

CELL = 48
TRACK_DEPTH = 30
GAP = 8
PAD = 14
TITLE = 40
X0 = PAD + 18 + TRACK_DEPTH + GAP
Y0 = PAD + TITLE + TRACK_DEPTH + GAP
WIDTH = X0 + COLUMNS * CELL + GAP + TRACK_DEPTH + PAD
FOOT = 96
HEIGHT = Y0 + ROWS * CELL + GAP + TRACK_DEPTH + 18 + FOOT
INK = {"blue": "#2f6fb5", "green": "#3a8f47", "red": "#c8423b", "yellow": "#d9a81e"}
PALE = {"blue": "#d6e4f5", "green": "#d8eedb", "red": "#f6d9d6", "yellow": "#f8ecc4"}
NEUTRAL = "#7d8a96"
KIND_LETTER = "SCDBJ"


def _mid(x: float, y: float, side: int) -> tuple[float, float]:
    return x + CELL / 2 * (1 + DX[side]), y + CELL / 2 * (1 + DY[side])


def _channel(x: float, y: float, a: int, b: int, colour: str, width: float,
             gap: bool = False) -> str:
    """A channel between sides ``a`` and ``b`` of the square at (x, y)."""
    ax, ay = _mid(x, y, a)
    bx, by = _mid(x, y, b)
    if (a + 2) % 4 == b:  # straight through
        if gap:  # the upper channel of a bridge: a light border under it
            return (f'<line x1="{ax}" y1="{ay}" x2="{bx}" y2="{by}" stroke="#fbf7ee" '
                    f'stroke-width="{width + 6}"/>'
                    f'<line x1="{ax}" y1="{ay}" x2="{bx}" y2="{by}" stroke="{colour}" '
                    f'stroke-width="{width}"/>')
        return (f'<line x1="{ax}" y1="{ay}" x2="{bx}" y2="{by}" stroke="{colour}" '
                f'stroke-width="{width}"/>')
    # a quarter circle round the corner the two sides share
    cx = x + (CELL if 1 in (a, b) else 0)
    cy = y + (CELL if 2 in (a, b) else 0)
    cross = (ax - cx) * (by - cy) - (ay - cy) * (bx - cx)
    sweep = 1 if cross > 0 else 0
    r = CELL / 2
    return (f'<path d="M {ax} {ay} A {r} {r} 0 0 {sweep} {bx} {by}" fill="none" '
            f'stroke="{colour}" stroke-width="{width}"/>')


def _text(x: float, y: float, text: str, size: int = 11, anchor: str = "middle",
          fill: str = "#333", weight: str = "normal") -> str:
    return (f'<text x="{x}" y="{y}" font-size="{size}" text-anchor="{anchor}" '
            f'font-family="Helvetica, Arial, sans-serif" fill="{fill}" '
            f'font-weight="{weight}">{text}</text>')


def _track_box(index: int) -> tuple[float, float, float, float]:
    side, line = track_position(index)
    if side == "top":
        return X0 + line * CELL, Y0 - GAP - TRACK_DEPTH, CELL, TRACK_DEPTH
    if side == "bottom":
        return X0 + line * CELL, Y0 + ROWS * CELL + GAP, CELL, TRACK_DEPTH
    if side == "right":
        return X0 + COLUMNS * CELL + GAP, Y0 + line * CELL, TRACK_DEPTH, CELL
    return X0 - GAP - TRACK_DEPTH, Y0 + line * CELL, TRACK_DEPTH, CELL


def draw(state: AquaState, title: str, notes: list[str] | None = None) -> str:
    """The position as an SVG document."""
    table = state.table
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{HEIGHT}" '
        f'viewBox="0 0 {WIDTH} {HEIGHT}">',
        f'<rect x="0" y="0" width="{WIDTH}" height="{HEIGHT}" fill="#fbf7ee"/>',
        _text(WIDTH / 2, PAD + 16, title, 16, weight="bold"),
    ]
    # column letters and row numbers
    x: float
    y: float
    for col in range(COLUMNS):
        out.append(_text(X0 + col * CELL + CELL / 2, Y0 - GAP - TRACK_DEPTH - 5,
                         COLUMN_LETTERS[col], 12, fill="#555"))
    for row in range(ROWS):
        out.append(_text(PAD + 8, Y0 + row * CELL + CELL / 2 + 4, str(row + 1), 12,
                         fill="#555"))
    # the squares
    fronts = {}
    for w in range(len(table.layout.outlets)):
        if state.lengths[w] == 0 and state.wstate[w] == 0:
            fronts[state.front(w)] = w
    for sq in range(NUM_SQUARES):
        x, y = X0 + (sq % COLUMNS) * CELL, Y0 + (sq // COLUMNS) * CELL
        out.append(f'<rect x="{x}" y="{y}" width="{CELL}" height="{CELL}" fill="#f1e6cc" '
                   f'stroke="#c4b28a" stroke-width="1"/>')
        if sq in fronts:
            colour = COLOURS[table.layout.outlets[fronts[sq]].colour]
            out.append(f'<rect x="{x + 3}" y="{y + 3}" width="{CELL - 6}" height="{CELL - 6}" '
                       f'fill="none" stroke="{INK[colour]}" stroke-width="1.5" '
                       'stroke-dasharray="4 3"/>')
        out.append(_text(x + 3, y + 11, square_name(sq), 9, "start", "#a8976f"))
    # tiles and their channels
    for sq in range(NUM_SQUARES):
        code = state.tiles[sq]
        if code < 0:
            continue
        x, y = X0 + (sq % COLUMNS) * CELL, Y0 + (sq // COLUMNS) * CELL
        tile = TILES[code]
        for ch, (a, b) in enumerate(tile.channels):
            w = state.owner[sq * 2 + ch]
            colour = (INK[COLOURS[table.layout.outlets[w].colour]] if w >= 0 else NEUTRAL)
            out.append(_channel(x, y, a, b, colour, 7, gap=tile.kind_name == "bridge" and ch == 1))
    # reservoirs, outlets and the workers at them
    for colour_index, (sa, sb) in table.layout.reservoirs.items():
        colour = COLOURS[colour_index]
        xa, ya = X0 + (sa % COLUMNS) * CELL, Y0 + (sa // COLUMNS) * CELL
        xb, yb = X0 + (sb % COLUMNS) * CELL, Y0 + (sb // COLUMNS) * CELL
        x, y = min(xa, xb), min(ya, yb)
        w_, h_ = abs(xa - xb) + CELL, abs(ya - yb) + CELL
        out.append(f'<rect x="{x + 2}" y="{y + 2}" width="{w_ - 4}" height="{h_ - 4}" '
                   f'rx="6" fill="{PALE[colour]}" stroke="{INK[colour]}" stroke-width="2.5"/>')
        out.append(_text(x + w_ / 2, y + h_ / 2 + 4, colour, 12, fill=INK[colour],
                         weight="bold"))
    for o in table.layout.outlets:
        colour = COLOURS[o.colour]
        x, y = X0 + (o.square % COLUMNS) * CELL, Y0 + (o.square // COLUMNS) * CELL
        mx, my = _mid(x, y, o.side)
        dx, dy = DX[o.side], DY[o.side]
        tip = (mx + dx * 9, my + dy * 9)
        left = (mx - dy * 7, my + dx * 7)
        right = (mx + dy * 7, my - dx * 7)
        out.append(f'<polygon points="{left[0]},{left[1]} {tip[0]},{tip[1]} '
                   f'{right[0]},{right[1]}" fill="{INK[colour]}"/>')
        fx, fy = X0 + (o.front % COLUMNS) * CELL, Y0 + (o.front // COLUMNS) * CELL
        out.append(_text(fx + CELL / 2, fy + CELL / 2 + 8, o.worker, 10, fill=INK[colour],
                         weight="bold"))
    # the track and the fountains
    for i in range(TRACK):
        x, y, tw, th = _track_box(i)
        out.append(f'<rect x="{x + 1}" y="{y + 1}" width="{tw - 2}" height="{th - 2}" rx="4" '
                   'fill="#e9dfc7" stroke="#b5a47c"/>')
        b = state.track[i]
        label = f"{i + 1}" if b < 0 else f"{i + 1} {KIND_LETTER[b]}"
        out.append(_text(x + tw / 2, y + th / 2 + 4, label, 11, fill="#4d4536"))
    corners = [
        (X0 + COLUMNS * CELL + GAP + TRACK_DEPTH / 2, Y0 - GAP - TRACK_DEPTH / 2),
        (X0 + COLUMNS * CELL + GAP + TRACK_DEPTH / 2, Y0 + ROWS * CELL + GAP + TRACK_DEPTH / 2),
        (X0 - GAP - TRACK_DEPTH / 2, Y0 + ROWS * CELL + GAP + TRACK_DEPTH / 2),
        (X0 - GAP - TRACK_DEPTH / 2, Y0 - GAP - TRACK_DEPTH / 2),
    ]
    for cx, cy in corners:
        out.append(f'<circle cx="{cx}" cy="{cy}" r="10" fill="#9cc9e8" stroke="#3f7fa8" '
                   'stroke-width="2"/>')
        out.append(f'<circle cx="{cx}" cy="{cy}" r="3.5" fill="#3f7fa8"/>')
    # notes under the picture
    y = Y0 + ROWS * CELL + GAP + TRACK_DEPTH + 24
    for line in notes or []:
        out.append(_text(PAD, y, line, 12, "start", "#333"))
        y += 17
    out.append("</svg>")
    return "\n".join(out) + "\n"


LAYOUT_NOTES = {
    "2-4": [
        "Track spaces T1-T38 run clockwise from above a; fountains (blue circles) stand "
        "at the four corners.",
        "Each reservoir has 3 outlets (arrows); a worker stands at each, facing the dashed "
        "square.",
        "2 players: seat 1 plays blue and yellow, seat 2 green and red. 4 players, seats "
        "clockwise:",
        "blue, green, yellow, red. The corner squares carry printed curves (grey), "
        "belonging to nobody.",
    ],
    "3": [
        "Track spaces T1-T38 run clockwise from above a; fountains (blue circles) stand "
        "at the four corners.",
        "Each reservoir has 4 outlets (arrows); a worker stands at each, facing the dashed "
        "square.",
        "3 players, seats clockwise: blue, green, red. The corner squares carry printed "
        "curves (grey),",
        "belonging to nobody.",
    ],
}


def layout_svg(players: int) -> str:
    """The start layout for ``players`` players (2 and 4 share one)."""
    from ludotheek.games.aqua_romana.rules import GAME

    state = GAME._new(0, GAME.check_options({"players": players}))
    name = state.table.layout.name
    title = ("Aqua Romana: start layout for 2 or 4 players" if name == "2-4"
             else "Aqua Romana: start layout for 3 players")
    return draw(state, title, LAYOUT_NOTES[name])


__all__ = ["KIND_NAMES", "draw", "layout_svg"]
