"""Aqua Romana's page for the generic page tests (tests/gamepages.py): where it waits for a
move, says its moves and must stay in view, the texts it makes from parts, and how a move's
steps are made with the keys and by touch (a dense board: two taps)."""

from __future__ import annotations

from typing import Any

from tests.browser.drive import VERSION, tab_to, two_taps, version, wait_after
from tests.gamepages import GamePage

#: the kinds of tile (their texts are made from the kind's name)
KINDS = ("straight", "curve", "double", "bridge", "joker")


def _keyboard(page: Any) -> None:
    before = version(page)
    while page.evaluate(VERSION) == before:
        stage = page.locator("#aq-board").get_attribute("data-select")
        if not stage:  # the move is on its way
            wait_after(page, before)
            return
        target = {"kind": "#aq-step button.aq-kind", "space": "#aq-board g.space.target",
                  "worker": "#aq-board g.worker.lit", "builder": "#aq-board g.space.lit",
                  "tile": "#aq-board g.ghost", "move": "#aq-board g.space.movable",
                  "close": "#close-none", "pick": "#aq-step button[id^=pick-]"}[stage]
        tab_to(page, target)
        page.keyboard.press("Enter")
        page.wait_for_function(f"{VERSION} > {before} || document.querySelector('#aq-board')"
                               f".dataset.select !== '{stage}'", timeout=20_000)


def _tap(page: Any) -> None:
    board = page.locator("#aq-board")
    stage = board.get_attribute("data-select")
    if stage == "kind":
        page.locator("#aq-step button.aq-kind").first.tap()
        page.wait_for_function("document.querySelector('#aq-board').dataset.select !== 'kind'")
        stage = board.get_attribute("data-select")
    target = {"space": "g.space.target", "move": "g.space.movable", "tile": "g.ghost"}.get(stage)
    if target:
        two_taps(page, board.locator(target).first)
    elif stage == "worker":
        board.locator("g.worker.lit").first.tap()
    elif stage == "builder":
        board.locator("g.space.lit").first.tap()
    else:
        before = version(page)
        page.locator("#aq-step button.primary, #aq-step button[id^=pick-], #close-none").first.tap()
        wait_after(page, before)


PAGE = GamePage(
    mine="#aq-board[data-mine='1']", log="#aq-log",
    keep=("#aq-board", "#aq-status", "#aq-step"),
    keyboard=_keyboard, tap=_tap, dense="#aq-board",
    built=(*(f"aqua_romana.kind.{k}" for k in (*KINDS, "corner")),
           *(f"aqua_romana.kind.short.{k}" for k in KINDS),
           *(f"aqua_romana.colour.{c}" for c in ("blue", "green", "red", "yellow")),
           *(f"aqua_romana.log.closed.{r}" for r in ("edge", "reservoir", "blank", "voluntary",
                                                     "final")),
           *(f"aqua_romana.log.bonus_lost.{r}" for r in ("no_square", "no_tiles")),
           *(f"aqua_romana.end.{r}" for r in ("no_tile_round", "no_workers", "stopped",
                                              "resigned")),
           *(f"aqua_romana.preview.closed.{r}" for r in ("edge", "reservoir", "blank")),
           *(f"aqua_romana.doing.{p}" for p in ("setup", "place", "place_now", "build", "bonus",
                                                "close", "pick"))),
    init="localStorage.setItem('ludotheek.aqua_romana.delay', '0');",
    diagram=".aq-board")
