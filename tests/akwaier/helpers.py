"""Small helpers for the Akwaier tests."""

from __future__ import annotations

from typing import Any

from ludotheek.cli import main
from ludotheek.games.akwaier import GAME, AkwaierState
from ludotheek.games.akwaier.board import CELL_INDEX, CHAIN_INDEX

pos = GAME.position


def cli(args: list[str]) -> int:
    """Run the command line in this process; its exit status."""
    try:
        main(args)
    except SystemExit as exc:
        return int(exc.code or 0)
    return 0


def size(s: AkwaierState, ch: str) -> int:
    return s.core.sizes[CHAIN_INDEX[ch]]


def held(s: AkwaierState, seat: int, ch: str) -> int:
    return s.core.shares[seat * 8 + CHAIN_INDEX[ch]]


def at(s: AkwaierState, cell: str) -> str:
    """The board code of ``cell``: '.', '#' or a chain letter."""
    i = CELL_INDEX[cell]
    return str(s.to_json()["board"][i // 15][i % 15])


def hand(s: AkwaierState, seat: int) -> list[str | None]:
    hands: list[list[str | None]] = s.to_json()["hands"]
    return hands[seat]


def events(s: AkwaierState, kind: str) -> list[dict[str, Any]]:
    return [e for e in s.view(None)["events"] if e["type"] == kind]


def full_board(**kwargs: Any) -> AkwaierState:
    """Rows C-H chain A (90 tiles), rows J-O chain B (90), rows A, B and I empty:
    45 tiles left for the hands and the bag."""
    chains = {"A": "C1-H15", "B": "J1-O15", **kwargs.pop("chains", {})}
    return GAME.position(chains=chains, **kwargs)
