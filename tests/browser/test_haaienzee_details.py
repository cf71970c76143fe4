"""What a new user hit on the Haaienzee page: the end shown in order (the last swim, then the
result banner, with the meters and the players' list agreeing and Undo/Resign gone), and a
control strip that keeps its height from turn to turn (the sea does not jump). DECISION: the
strip may grow once, from the placements to the first turn; from then on it keeps its height."""

from __future__ import annotations

from typing import Any

import pytest

from ludotheek.games.haaienzee import GAME, HaaienzeeState
from ludotheek.games.haaienzee import engine as E
from ludotheek.games.haaienzee.players import HaaienzeeGreedy
from tests.browser.drive import open_card
from tests.browser.haaienzee_setup import import_game
from tests.serverproc import ServerProcess

pytestmark = pytest.mark.browser


def _winning_swim(state: HaaienzeeState) -> str | None:
    """An end hex of seat 0's shark whose swim (no prey change) ends the game."""
    if state.to_move != 0 or state.phase != "turn":
        return None
    for text, m in state.legal_table().items():
        if isinstance(m, E.Swim) and m.prey == E.KEEP and m.dest >= 0 \
                and state.play(text).is_over:
            return state.board.names[m.dest]
    return None


def _near_the_end() -> tuple[int, list[str], str]:
    for seed in range(60):
        state = GAME.new(seed=seed)
        players = [HaaienzeeGreedy(seed=seed), HaaienzeeGreedy(seed=seed + 1)]
        moves: list[str] = []
        while not state.is_over and len(moves) < 400:
            hex_ = _winning_swim(state)
            if hex_:
                return seed, moves, hex_
            seat = state.to_move
            assert seat is not None  # the game is not over
            move = players[seat].choose(state)
            moves.append(move)
            state = state.play(move)
    raise AssertionError("no game came to a winning swim of seat 0")


def test_the_end_is_shown_in_order(server: ServerProcess, context_factory: Any) -> None:
    seed, moves, hex_ = _near_the_end()
    gid, tokens = import_game(server.url, moves, [{"type": "person", "name": None},
                                                  {"type": "computer", "level": "easy"}],
                              seed=seed)
    page = context_factory(animate=True).new_page()
    page.goto(f"{server.url}/play/{gid}#token={tokens[0]}")
    page.wait_for_selector("#hz-board[data-mine='1']")
    # whenever the banner is visible, the rest of the page shows the end too
    page.evaluate("""() => {
      window.seenBanner = [];
      const look = () => {
        const banner = document.querySelector('#banner');
        if (!banner || banner.hidden || !document.querySelector('#result')) return;
        const meters = [0, 1].map((s) => document.querySelector(`#hz-health-${s}`).textContent);
        window.seenBanner.push({
          animating: document.querySelector('#hz-board').dataset.animating === '1',
          title: document.querySelector('#hz-title').textContent,
          resign: !document.querySelector('#hz-resign').hidden,
          undo: !document.querySelector('#hz-undo').hidden,
          seats: [...document.querySelectorAll('#seats .score')].map((s) => s.textContent),
          meters });
      };
      new MutationObserver(look).observe(document.body, { subtree: true, childList: true,
        attributes: true, characterData: true });
    }""")
    page.locator(f"#hz-board #hex-{hex_}").click()
    page.wait_for_function("window.seenBanner.length > 0", timeout=20_000)
    page.wait_for_timeout(300)
    for seen in page.evaluate("window.seenBanner"):
        assert not seen["animating"], seen
        assert not seen["resign"] and not seen["undo"], seen
        assert "over" in seen["title"].lower(), seen
        if seen["meters"]:
            assert seen["meters"] == seen["seats"], seen


def _sea_top(page: Any) -> int | None:
    """Where the sea starts under the top of the game's area (the strip's height: what the
    shell shows above the area, a notice of a slow connection on a busy machine, is not it),
    while the board shows a turn of a game not over; else None. Read in one step: read apart,
    the next view (the computer's move that ends the game, whose strip is only its title) can
    be drawn between reading the phase and reading the top."""
    top: float | None = page.evaluate("""() => {
      const board = document.querySelector('#hz-board');
      if (board.dataset.phase !== 'turn' || document.querySelector('#result')) return null;
      return board.getBoundingClientRect().top
        - document.querySelector('#hz').getBoundingClientRect().top;
    }""")
    return None if top is None else round(top)


@pytest.mark.parametrize("size", [(1280, 900), (390, 844)], ids=["desktop", "phone"])
def test_the_sea_does_not_jump_between_turns(server: ServerProcess, context_factory: Any,
                                            size: tuple[int, int]) -> None:
    # on a phone a group a turn does not use takes no room: the strip keeps its height by
    # its min-height (js keepHeight) alone
    page = context_factory().new_page()
    page.set_viewport_size({"width": size[0], "height": size[1]})
    page.add_init_script("localStorage.setItem('ludotheek.haaienzee.delay', '20');")
    page.goto(server.url + "/")
    open_card(page, "haaienzee")  # closed on a phone
    page.locator("#game-haaienzee select[name=seat-1]").select_option("computer:easy")
    page.locator("#game-haaienzee button[type=submit]").click()
    page.wait_for_url("**/play/*")
    tops = set()
    for _ in range(9):
        page.wait_for_selector("#hz-board[data-mine='1'], #result", timeout=60_000)
        if page.locator("#result").count():
            break
        top = _sea_top(page)  # from the first turn on (after the three placements)
        if top is not None:
            tops.add(top)
        version = int(page.locator("#hz-board").get_attribute("data-version"))
        cells = page.locator("#hz-board g.cell.free, #hz-board g.cell.target")
        if cells.count():
            cells.nth(cells.count() // 3).click()
        else:  # nowhere to swim: stay
            page.locator("#hz-pass").click()
        page.wait_for_function("Number(document.querySelector('#hz-board').dataset.version)"
                               f" > {version}")
        # a turn still (the game over, the strip says only that, and the banner may come a
        # moment after the board's last view: once read in between on a loaded machine)
        top = _sea_top(page)
        if top is not None:
            tops.add(top)
    assert tops and len(tops) == 1, f"the sea moved: its top was at {sorted(tops)}"
