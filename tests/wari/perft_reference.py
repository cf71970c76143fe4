"""An independent brute force of Wari's rules, written plainly from the rules text.

It shares no code with the engine: seeds are sown one at a time, legality is
decided by trying every cup. It produces the move-count table that
``test_perft.py`` compares the engine with (``wari_perft.json``). Run
``python tests/wari/perft_reference.py`` to print the table again.
"""

from __future__ import annotations

import json
from pathlib import Path

Position = tuple[tuple[int, ...], int, int, int]  # cups, south store, north store, mover


def own_cups(player: int) -> list[int]:
    return list(range(0, 6)) if player == 0 else list(range(6, 12))


def sow(cups: list[int], start: int, player: int) -> tuple[list[int], int]:
    cups = list(cups)
    seeds = cups[start]
    cups[start] = 0
    where = start
    while seeds > 0:
        where = (where + 1) % 12
        if where == start:
            continue  # the origin cup is skipped
        cups[where] += 1
        seeds -= 1
    captured = 0
    theirs = own_cups(1 - player)
    while where in theirs and cups[where] in (2, 3):
        captured += cups[where]
        cups[where] = 0
        where -= 1
    return cups, captured


def moves(position: Position) -> list[Position]:
    cups, south, north, player = position
    theirs = own_cups(1 - player)
    opponent_empty = all(cups[c] == 0 for c in theirs)
    options = []
    for cup in own_cups(player):
        if cups[cup] == 0:
            continue
        after, captured = sow(list(cups), cup, player)
        feeds = any(after[c] > 0 for c in theirs) or captured > 0
        if opponent_empty and not feeds:
            continue
        slam = all(after[c] == 0 for c in theirs)
        options.append((after, captured, slam))
    if any(not slam for _, _, slam in options):
        options = [o for o in options if not o[2]]
    result = []
    for after, captured, _ in options:
        s, n = (south + captured, north) if player == 0 else (south, north + captured)
        result.append((tuple(after), s, n, 1 - player))
    return result


def table(seeds: int = 4, depth: int = 8) -> list[dict[str, int]]:
    """Per depth: the number of move sequences (``paths``) and of distinct positions."""
    level: dict[Position, int] = {((seeds,) * 12, 0, 0, 0): 1}
    rows = []
    for d in range(1, depth + 1):
        nxt: dict[Position, int] = {}
        for pos, count in level.items():
            for child in moves(pos):
                nxt[child] = nxt.get(child, 0) + count
        level = nxt
        rows.append({"depth": d, "paths": sum(level.values()), "positions": len(level)})
    return rows


if __name__ == "__main__":
    data = {"seeds_per_cup": 4, "first": "south", "table": table(4, 10)}
    text = json.dumps(data, indent=1)
    print(text)
    (Path(__file__).parent / "wari_perft.json").write_text(text + "\n")
