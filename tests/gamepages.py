"""What the generic page tests need to know about a game's page, declared in the game's own
test folder: ``tests/<game>/page.py`` holds ``PAGE``, a :class:`GamePage`. The catalog test
(the keys its page makes from parts), the keyboard test and the layout test take them from
there, so a new game needs no edit in the tests outside its folder (issue 22)."""

from __future__ import annotations

import importlib
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ludotheek.games import names, plugin

TESTS = Path(__file__).resolve().parent


@dataclass(frozen=True)
class GamePage:
    #: there when the seat of this page can act (its board waits for a move)
    mine: str
    #: the live region the page says each move in
    log: str
    #: what must be in view together: its board (first) and the controls of the current step
    keep: tuple[str, ...]
    #: one move (or one step of one) with the keyboard alone
    keyboard: Callable[[Any], None]
    #: one move by touch
    tap: Callable[[Any], None]
    #: its board when its targets are dense (a two-step touch instead of 44 px targets)
    dense: str | None = None
    #: the catalog keys its page makes from parts (template strings), spelled out
    built: tuple[str, ...] = ()
    #: a script run in its pages before their own (its animations' delays, say)
    init: str = ""
    #: its board in a How-to-play diagram of the learn pages (None: it has none)
    diagram: str | None = None

    @property
    def board(self) -> str:
        """Its board on the game page (the first of :attr:`keep`)."""
        return self.keep[0]


def built_in(name: str) -> bool:
    """Whether ``name`` is one of the application's games (not a test game)."""
    return type(plugin(name).game).__module__.startswith("ludotheek.games.")


def declared(name: str) -> bool:
    return (TESTS / name / "page.py").is_file()


def pages() -> dict[str, GamePage]:
    """The registered games whose test folder declares their page, by name."""
    out = {}
    for name in names():
        if declared(name):
            page = importlib.import_module(f"tests.{name}.page").PAGE
            assert isinstance(page, GamePage), name
            out[name] = page
    return out
