"""What a seat may see, as JSON for the pages, and the message log's sentences.

``build_view(core, seat)`` holds everything a page needs to draw the table,
and nothing a seat may not know: only that seat's own hand (a spectator sees
none), the bag as a count, no seed, no generator. The fields are documented
in docs/rules/akwaier.md ("The view").
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ludotheek.games.akwaier.board import CELL_NAMES, CHAINS, NUM_CHAINS, ROWS, SIZE
from ludotheek.games.akwaier.core import (
    HAND,
    MAX_TURNS,
    NO_CHAIN,
    OVER,
    PHASES,
    PLACE,
    SEATS,
    Core,
    Event,
    absorbed_order,
    dissolution,
    first_largest,
    touch,
)
from ludotheek.games.akwaier.names import seat_names
from ludotheek.games.akwaier.notation import legal_moves


def fmt(n: int, lang: str) -> str:
    """A whole number with thousands separators: 16.900 (nl), 16,900 (en)."""
    text = f"{n:,}"
    return text.replace(",", ".") if lang == "nl" else text


def _chain(c: int) -> str | None:
    return CHAINS[c] if c >= 0 else None


def _cells(cs: tuple[int, ...]) -> list[str]:
    return [CELL_NAMES[c] for c in cs]


# --- events as JSON --------------------------------------------------------

def _place(e: Event, names: list[str]) -> dict[str, Any]:
    _, seat, cell, chain, loose = e
    return {"type": "place", "seat": seat, "name": names[seat], "cell": CELL_NAMES[cell],
            "chain": _chain(chain), "absorbed_loose": _cells(loose)}


def _found(e: Event, names: list[str]) -> dict[str, Any]:
    _, seat, cell, chain = e
    return {"type": "found", "seat": seat, "name": names[seat], "cell": CELL_NAMES[cell],
            "chain": CHAINS[chain], "free_shares": 1}


def _tie(e: Event, names: list[str]) -> dict[str, Any]:
    _, seat, cell, tied = e
    return {"type": "tie", "seat": seat, "name": names[seat], "cell": CELL_NAMES[cell],
            "tied": [CHAINS[c] for c in tied]}


def _merger(e: Event, names: list[str]) -> dict[str, Any]:
    _, chain, into, tiles, outstanding, price, pot, pays, before, gained = e
    return {
        "type": "merger", "chain": CHAINS[chain], "into": CHAINS[into], "tiles": tiles,
        "outstanding": outstanding, "price": price, "pot": pot,
        "payouts": list(pays),
        "paid": [{"seat": s, "name": names[s], "amount": pays[s]}
                 for s in range(SEATS) if pays[s]],
        "exchange": [{"seat": s, "name": names[s], "gave": before[s], "got": gained[s]}
                     for s in range(SEATS) if before[s]],
    }


def _buy(e: Event, names: list[str]) -> dict[str, Any]:
    _, seat, chain, asked, bought, price = e
    return {"type": "buy", "seat": seat, "name": names[seat], "chain": _chain(chain),
            "asked": asked, "bought": bought, "price": price, "cost": bought * price}


def _no_buy(e: Event, names: list[str]) -> dict[str, Any]:
    _, seat, why = e
    return {"type": "no_buy", "seat": seat, "name": names[seat],
            "reason": "no_chain" if why == NO_CHAIN else "no_cash"}


def _pass(e: Event, names: list[str]) -> dict[str, Any]:
    return {"type": "pass", "seat": e[1], "name": names[e[1]]}


def _end(e: Event, names: list[str]) -> dict[str, Any]:
    return {"type": "end", "reason": e[1]}


EVENT_JSON: dict[str, Callable[[Event, list[str]], dict[str, Any]]] = {
    "place": _place, "found": _found, "tie": _tie, "merger": _merger, "buy": _buy,
    "no_buy": _no_buy, "pass": _pass, "end": _end,
}


# --- events as sentences ---------------------------------------------------

_WORDS: dict[str, dict[str, str]] = {
    "nl": {
        "loose": "{name} legt {cell} (losse steen).",
        "join": "{name} legt {cell} bij keten {chain}{along}.",
        "along": " en neemt {cells} mee",
        "found": "{name} sticht keten {chain} op {cell} en krijgt een gratis aandeel.",
        "tie": "{name} legt {cell} tussen de even grote ketens {tied}: kies welke blijft.",
        "merger": "Keten {chain} ({tiles} stenen) gaat op in {into}; bonus {pot}{paid}.",
        "exchange": " Aandelen {chain} 2 voor 1 omgeruild in {into}.",
        "buy": "{name} koopt {bought} × {chain} à {price}{asked}.",
        "asked": " ({asked} gevraagd, meer kan niet)",
        "buy_none": "{name} koopt niets.",
        "no_chain": "{name} kan niets kopen: er is geen keten.",
        "no_cash": "{name} heeft te weinig geld om aandelen te kopen.",
        "pass": "{name} kan niet.",
        "chain_over_100": "Een keten is groter dan 100 stenen: het spel is afgelopen.",
        "turn_limit": "210 beurten gespeeld: het spel is afgelopen.",
        "all_passed": "Niemand kan nog een steen kwijt: het spel is afgelopen.",
        "stopped": "Het spel is gestopt.",
        "and": " en ",
    },
    "en": {
        "loose": "{name} places {cell} (loose tile).",
        "join": "{name} places {cell} on chain {chain}{along}.",
        "along": ", taking {cells} along",
        "found": "{name} founds chain {chain} on {cell} and gets a free share.",
        "tie": "{name} places {cell} between the equally large chains {tied}: "
               "choose the survivor.",
        "merger": "Chain {chain} ({tiles} tiles) is absorbed by {into}; bonus {pot}{paid}.",
        "exchange": " Shares of {chain} exchanged 2 for 1 into {into}.",
        "buy": "{name} buys {bought} × {chain} at {price}{asked}.",
        "asked": " ({asked} asked, the cash allows no more)",
        "buy_none": "{name} buys nothing.",
        "no_chain": "{name} cannot buy: there is no chain.",
        "no_cash": "{name} has too little cash to buy shares.",
        "pass": "{name} cannot place a tile and passes.",
        "chain_over_100": "A chain has grown beyond 100 tiles: the game is over.",
        "turn_limit": "210 turns played: the game is over.",
        "all_passed": "Nobody can place a tile any more: the game is over.",
        "stopped": "The game was stopped.",
        "and": " and ",
    },
}


def _place_text(e: dict[str, Any], w: dict[str, str], lang: str) -> str:
    if e["chain"] is None:
        return w["loose"].format(**e)
    cells = e["absorbed_loose"]
    along = w["along"].format(cells=", ".join(cells)) if cells else ""
    return w["join"].format(along=along, **e)


def _tie_text(e: dict[str, Any], w: dict[str, str], lang: str) -> str:
    return w["tie"].format(name=e["name"], cell=e["cell"], tied=w["and"].join(e["tied"]))


def _merger_text(e: dict[str, Any], w: dict[str, str], lang: str) -> str:
    paid = "".join(f", {p['name']} +{fmt(p['amount'], lang)}" for p in e["paid"])
    text = w["merger"].format(chain=e["chain"], tiles=e["tiles"], into=e["into"],
                              pot=fmt(e["pot"], lang), paid=paid)
    return text + (w["exchange"].format(**e) if e["exchange"] else "")


def _buy_text(e: dict[str, Any], w: dict[str, str], lang: str) -> str:
    if e["chain"] is None:
        return w["buy_none"].format(**e)
    if not e["bought"]:
        return w["no_cash"].format(**e)
    asked = w["asked"].format(asked=e["asked"]) if e["asked"] > e["bought"] else ""
    return w["buy"].format(name=e["name"], bought=e["bought"], chain=e["chain"],
                           price=fmt(e["price"], lang), asked=asked)


EVENT_TEXT: dict[str, Callable[[dict[str, Any], dict[str, str], str], str]] = {
    "place": _place_text,
    "found": lambda e, w, lang: w["found"].format(**e),
    "tie": _tie_text,
    "merger": _merger_text,
    "buy": _buy_text,
    "no_buy": lambda e, w, lang: w[e["reason"]].format(**e),
    "pass": lambda e, w, lang: w["pass"].format(**e),
    "end": lambda e, w, lang: w[e["reason"]],
}


def _text(e: dict[str, Any], lang: str) -> str:
    return EVENT_TEXT[e["type"]](e, _WORDS.get(lang, _WORDS["en"]), lang)


def event_dicts(events: tuple[Event, ...], core: Core, lang: str | None = None
                ) -> list[dict[str, Any]]:
    """The events as JSON objects, each with its sentence in ``text``."""
    names = seat_names(core.meta[1])
    lang = lang or core.meta[1].get("language", "nl")
    out = []
    for e in events:
        d = EVENT_JSON[e[0]](e, names)
        d["text"] = _text(d, lang)
        out.append(d)
    return out


def event_texts(events: tuple[Event, ...], core: Core, lang: str | None = None) -> list[str]:
    return [d["text"] for d in event_dicts(events, core, lang)]


# --- the hand --------------------------------------------------------------

def merger_preview(core: Core, chains: list[int] | tuple[int, ...],
                   survivor: int) -> list[dict[str, Any]]:
    """What a merger into ``survivor`` would pay, per absorbed chain in the order the
    rules settle them: its tiles, price, pot, the payouts and the new shares by seat."""
    out = []
    for a in absorbed_order(core.sizes, chains, survivor):
        tiles, outstanding, price, pot, pays, holdings = dissolution(
            core.sizes, core.out, core.shares, a)
        out.append({"chain": CHAINS[a], "into": CHAINS[survivor], "tiles": tiles,
                    "outstanding": outstanding, "price": price, "pot": pot,
                    "payouts": pays, "exchange": [h // 2 for h in holdings]})
    return out


def tile_info(core: Core, cell: int) -> dict[str, Any]:
    """What placing the tile on ``cell`` would do now."""
    chains, loose = touch(core.board, cell)
    info: dict[str, Any] = {"cell": CELL_NAMES[cell], "chains": [CHAINS[c] for c in chains],
                            "absorbs_loose": _cells(tuple(loose)) if chains else []}
    if not chains:
        foundable = [CHAINS[c] for c in range(NUM_CHAINS) if not core.sizes[c]]
        info.update(placeable=not loose, action="illegal" if loose else "loose",
                    survivor=None, tied=[], found=[] if loose else foundable)
        return info
    sizes = core.sizes
    best = max(sizes[c] for c in chains)
    tied = sorted(c for c in chains if sizes[c] == best)
    info.update(placeable=True, action="join" if len(chains) == 1 else "merge",
                survivor=CHAINS[tied[0]] if len(tied) == 1 else None,
                tied=[CHAINS[c] for c in tied] if len(tied) > 1 else [], found=[])
    if len(chains) > 1:
        info["merger"] = {CHAINS[t]: merger_preview(core, chains, t) for t in tied}
    return info


def hand_view(core: Core, seat: int) -> list[dict[str, Any]]:
    out = []
    for slot, cell in enumerate(core.hand(seat)):
        if cell < 0:
            out.append({"slot": slot + 1, "cell": None, "placeable": False, "action": "empty"})
        else:
            out.append({"slot": slot + 1, **tile_info(core, cell)})
    return out


# --- the whole view --------------------------------------------------------

def _ranks(core: Core, chain: int) -> tuple[list[int], list[int]]:
    """The seats with the most shares of ``chain`` and those second (holders only)."""
    held = core.shares[chain::NUM_CHAINS]
    values = sorted({h for h in held if h > 0}, reverse=True)
    first = [s for s in range(SEATS) if values and held[s] == values[0]]
    second = [s for s in range(SEATS) if len(values) > 1 and held[s] == values[1]]
    return first, second


def build_view(core: Core, seat: int | None) -> dict[str, Any]:
    from ludotheek.games.akwaier.rules import board_rows

    opts = core.meta[1]
    names = seat_names(opts)
    over = core.phase == OVER
    chains = []
    for c in range(NUM_CHAINS):
        first, second = _ranks(core, c)
        chains.append({
            "chain": CHAINS[c], "tiles": core.sizes[c], "exists": core.sizes[c] > 0,
            "price": core.price(c), "outstanding": core.out[c],
            "foundable": not core.sizes[c], "largest": first, "second": second,
        })
    wealth = [core.wealth(s) for s in range(SEATS)]
    players = [{
        "seat": s, "name": names[s], "cash": core.cash[s], "wealth": wealth[s],
        "shares": {CHAINS[c]: core.shares[s * NUM_CHAINS + c] for c in range(NUM_CHAINS)},
        "tiles": sum(1 for t in core.hand(s) if t >= 0),
        "to_move": not over and s == core.mover,
    } for s in range(SEATS)]
    own = seat is not None and 0 <= seat < SEATS
    pending: dict[str, Any] | None = None
    if core.pending is not None:
        slot, cell, _chains, _loose, tied = core.pending
        pending = {"cell": CELL_NAMES[cell], "tied": [CHAINS[c] for c in tied],
                   "classic_survivor": CHAINS[first_largest(core.sizes, _chains)],
                   "merger": {CHAINS[t]: merger_preview(core, _chains, t) for t in tied}}
        if own and seat == core.mover:
            pending["slot"] = slot + 1
    standings: list[dict[str, Any]] | None = None
    if over:
        order = sorted(range(SEATS), key=lambda s: (-wealth[s], s))
        standings = []
        for i, s in enumerate(order):
            place = standings[-1]["place"] if i and wealth[s] == wealth[order[i - 1]] \
                else i + 1
            standings.append({"place": place, "seat": s, "name": names[s],
                              "wealth": wealth[s]})
    return {
        "game": "akwaier",
        "options": {k: (list(v) if isinstance(v, list | tuple) else v) for k, v in opts.items()},
        "language": opts.get("language", "nl"),
        "seat": seat,
        "names": names,
        "rows": ROWS,
        "columns": SIZE,
        "board": board_rows(core.board),
        "chains": chains,
        "players": players,
        "to_move": None if over else core.mover,
        "phase": PHASES[core.phase],
        "turn": core.turn if over else core.turn + 1,
        "turns_played": core.turn,
        "max_turns": MAX_TURNS,
        "bag": core.bag_left(),
        "passes_in_a_row": core.passes,
        "hand": hand_view(core, seat) if own and seat is not None else None,
        "pending": pending,
        "legal": legal_moves(core) if own and not over and seat == core.mover else [],
        "can_pass": core.phase == PLACE and own and seat == core.mover
        and not core.can_place(core.mover),
        "events": event_dicts(core.events, core),
        "last_move": core.last,
        "over": over,
        "end_reason": core.end,
        "standings": standings,
        "hand_size": HAND,
    }
