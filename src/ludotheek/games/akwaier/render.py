"""The table as text for the terminal (``ludotheek play akwaier``).

Like the 1987 screen, the seat's own tiles appear on the board as their hand
slot numbers 1-8; a tile that cannot be placed now is shown in brackets.
Only ``seat``'s hand is shown; a spectator (None) sees no tiles.
"""

from __future__ import annotations

from ludotheek.games.akwaier.board import CELL_NAMES, CHAINS, NUM_CHAINS, ROWS, SIZE
from ludotheek.games.akwaier.core import KEEP, MAX_TURNS, OVER, PLACE, SEATS, Core
from ludotheek.games.akwaier.names import seat_names
from ludotheek.games.akwaier.view import event_texts, fmt, tile_info

_SYMBOL = {8: "#", 9: "."}

_TEXT = {
    "nl": {
        "chain": "keten", "price": "prijs", "tiles": "stenen", "free": "vrij",
        "player": "speler", "cash": "saldo", "wealth": "vermogen",
        "turn": "beurt {turn}/{max}", "bag": "{n} stenen in de zak",
        "hand": "Jouw stenen:", "empty": "leeg", "loose": "losse steen",
        "join": "bij {chain}", "merge": "fusie {chains}", "illegal": "mag niet",
        "found": "sticht {chains}", "tie": "gelijk: kies {tied}",
        "to_move": "{name} is aan zet",
        "place": ": leg een steen (zoals B7, of H8+E om E te stichten) of pass.",
        "keep": ": kies welke keten blijft (keep {tied}).",
        "buy": ": koop aandelen (zoals buy C 3) of buy none.",
        "over": "Afgelopen.", "place_no": "plaats", "last": "Laatste zet:",
        "legend": "# losse steen, . leeg, 1-8 jouw stenen, (3) kan nu niet",
    },
    "en": {
        "chain": "chain", "price": "price", "tiles": "tiles", "free": "free",
        "player": "player", "cash": "cash", "wealth": "wealth",
        "turn": "turn {turn}/{max}", "bag": "{n} tiles in the bag",
        "hand": "Your tiles:", "empty": "empty", "loose": "loose tile",
        "join": "joins {chain}", "merge": "merges {chains}", "illegal": "not allowed",
        "found": "found {chains}", "tie": "tie: choose {tied}",
        "to_move": "{name} to move",
        "place": ": place a tile (like B7, or H8+E to found E) or pass.",
        "keep": ": choose the surviving chain (keep {tied}).",
        "buy": ": buy shares (like buy C 3) or buy none.",
        "over": "Game over.", "place_no": "place", "last": "Last move:",
        "legend": "# loose tile, . empty, 1-8 your tiles, (3) cannot be placed now",
    },
}


def _board(core: Core, seat: int | None) -> list[str]:
    marks: dict[int, str] = {}
    if seat is not None and 0 <= seat < SEATS:
        for slot, cell in enumerate(core.hand(seat)):
            if cell >= 0:
                info = tile_info(core, cell)
                marks[cell] = f"{slot + 1}" if info["placeable"] else f"({slot + 1})"
    if core.pending is not None:
        marks[core.pending[1]] = "?"
    head = "    " + "".join(f"{c + 1:>3}" for c in range(SIZE))
    lines = [head]
    for r in range(SIZE):
        cells = []
        for col in range(SIZE):
            i = r * SIZE + col
            v = core.board[i]
            cells.append(f"{marks.get(i, CHAINS[v] if v < 8 else _SYMBOL[v]):>3}")
        lines.append(f"  {ROWS[r]} " + "".join(cells))
    return lines


def _hand_line(core: Core, seat: int, t: dict[str, str]) -> str:
    parts = []
    for slot, cell in enumerate(core.hand(seat)):
        if cell < 0:
            parts.append(f"{slot + 1} -")
            continue
        info = tile_info(core, cell)
        what = {
            "illegal": t["illegal"],
            "loose": t["loose"],
            "join": t["join"].format(chain=info["survivor"]),
            "merge": t["merge"].format(chains="+".join(info["chains"])),
        }[info["action"]]
        if info["tied"]:
            what += ", " + t["tie"].format(tied="/".join(info["tied"]))
        if info["found"]:
            what += ", " + t["found"].format(chains="".join(info["found"]))
        parts.append(f"{slot + 1} {CELL_NAMES[cell]} ({what})")
    return t["hand"] + "\n  " + "\n  ".join(parts)


def render(core: Core, seat: int | None, lang: str = "en") -> str:
    t = _TEXT.get(lang, _TEXT["en"])
    names = seat_names(core.meta[1])
    lines = _board(core, seat)
    lines.append("  " + t["legend"])
    lines.append("")
    lines.append(f"  {t['chain']:<6}{t['price']:>7}{t['tiles']:>8}")
    for c in range(NUM_CHAINS):
        if core.sizes[c]:
            lines.append(f"  {CHAINS[c]:<6}{fmt(core.price(c), lang):>7}{core.sizes[c]:>8}")
        else:
            lines.append(f"  {CHAINS[c]:<6}{'-':>7}{t['free']:>8}")
    lines.append("")
    header = f"  {t['player']:<10}" + "".join(f"{ch:>4}" for ch in CHAINS) \
        + f"{t['cash']:>10}{t['wealth']:>10}"
    lines.append(header)
    for s in range(SEATS):
        held = "".join(f"{core.shares[s * NUM_CHAINS + c] or '.':>4}" for c in range(NUM_CHAINS))
        mark = " <" if core.phase != OVER and s == core.mover else ""
        lines.append(f"  {names[s]:<10}{held}{fmt(core.cash[s], lang):>10}"
                     f"{fmt(core.wealth(s), lang):>10}{mark}")
    lines.append("")
    turn = core.turn if core.phase == OVER else core.turn + 1
    lines.append("  " + t["turn"].format(turn=turn, max=MAX_TURNS) + " · "
                 + t["bag"].format(n=core.bag_left()))
    if core.events:
        lines.append("  " + t["last"] + " " + " ".join(event_texts(core.events, core, lang)))
    if seat is not None and 0 <= seat < SEATS:
        lines.append("  " + _hand_line(core, seat, t).replace("\n", "\n  "))
    if core.phase == OVER:
        lines.append("  " + t["over"])
        wealth = [core.wealth(s) for s in range(SEATS)]
        order = sorted(range(SEATS), key=lambda s: (-wealth[s], s))
        place = 0
        for i, s in enumerate(order):
            if not i or wealth[s] != wealth[order[i - 1]]:
                place = i + 1
            lines.append(f"  {place}. {names[s]:<10}{fmt(wealth[s], lang):>12}")
    else:
        prompt = t["to_move"].format(name=names[core.mover])
        if core.phase == PLACE:
            prompt += t["place"]
        elif core.phase == KEEP:
            assert core.pending is not None
            prompt += t["keep"].format(tied="/".join(CHAINS[c] for c in core.pending[4]))
        else:
            prompt += t["buy"]
        lines.append("  " + prompt)
    return "\n".join(line.rstrip() for line in lines)
