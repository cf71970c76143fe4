"""The Aqua Romana page in Chromium: a whole game by clicking, computer games watched to the
end, the ghost previews against the engine's legal builds and bonus tiles, reloads in the
middle of a turn, invite links, spectators and languages, the replay viewer."""

from __future__ import annotations

from typing import Any

import httpx
import pytest

from ludotheek.games.aqua_romana import GAME
from tests.browser.aqua_romana_setup import (
    bonus_ahead,
    bonus_choice,
    find,
    import_game,
    rich_build,
)
from tests.serverproc import ServerProcess

pytestmark = pytest.mark.browser

BOARD = "#aq-board"
SHOWN = f"Number(document.querySelector('{BOARD}').dataset.version)"
MINE = f"document.querySelector('{BOARD}[data-mine=\"1\"]')"
FINAL = "document.querySelector('#aq-final[data-ready]')"


def _page(context_factory: Any, lang: str = "en") -> Any:
    ctx = context_factory(lang=lang)
    # computer decisions are shown without a pause in tests
    ctx.add_init_script("localStorage.setItem('ludotheek.aqua_romana.delay', '0');")
    page = ctx.new_page()
    page.on("pageerror", lambda err: pytest.fail(f"page error: {err}"))
    return page


def _open(page: Any, server: ServerProcess, gid: str, token: str | None = None) -> None:
    page.goto(f"{server.url}/play/{gid}" + (f"#token={token}" if token else ""))
    page.wait_for_selector(f"{BOARD}[data-version]")


def _stage(page: Any) -> str:
    return str(page.locator(BOARD).get_attribute("data-select"))


def _wait_shown_after(page: Any, version: int) -> None:
    page.wait_for_function(f"{SHOWN} > {version}", timeout=20_000)


def _view(server: ServerProcess, gid: str) -> dict[str, Any]:
    return dict(httpx.get(f"{server.url}/api/games/{gid}").json())


# --- one decision by clicking, whatever the step -------------------------------------------
def _decide(page: Any, n: int) -> None:
    """Make this page's next choice (the n-th): click what is lit or offered."""
    stage = _stage(page)
    if stage == "tile" and n % 3 == 0:
        page.keyboard.press("r")  # turn the ghost tile once before laying it
    if stage == "close" and page.locator("#close-confirm").count():
        target = "#close-confirm"  # a close under 2 points asked to be confirmed: yes
    elif stage == "close":
        # close an own aqueduct now and then (it scores at once), else keep them open
        target = "#aq-step .aq-close button[id^=close-]:not(#close-none):not(#close-more)" \
            if n % 5 == 0 and page.locator("#aq-step .aq-close button[id^=close-]"
                                           ":not(#close-none):not(#close-more)").count() \
            else "#close-none"
    else:
        target = {
            "kind": "#aq-step button.aq-kind",
            "space": f"{BOARD} g.space.target",
            "worker": f"{BOARD} g.worker.lit .pawn",
            "builder": f"{BOARD} g.space.lit",
            "tile": f"{BOARD} g.ghost",
            "move": f"{BOARD} g.space.movable",
            "pick": "#aq-step button[id^=pick-]",
        }[stage]
    options = page.locator(target)
    count = options.count()
    assert count, f"nothing offered at the step {stage!r}"
    options.nth(n % count).click()


def _play_until_over(page: Any, posted: list[str], limit: int = 600) -> int:
    clicks = 0
    while clicks < limit:
        page.wait_for_function(f"{MINE} || {FINAL}", timeout=30_000)
        if page.evaluate(FINAL):
            return clicks
        _decide(page, clicks)
        clicks += 1
    raise AssertionError(f"the game did not end after {limit} clicks ({len(posted)} moves)")


def test_a_whole_two_player_game_against_the_computer_by_clicking(
        server: ServerProcess, context_factory: Any) -> None:
    page = _page(context_factory)
    page.goto(server.url + "/")
    card = page.locator("#game-aqua_romana")
    card.locator("select[name=players]").select_option("2")
    card.locator("select[name=first]").select_option("1")
    card.locator("select[name=seat-1]").select_option("computer:normal")
    card.locator("button[type=submit]").click()
    page.wait_for_url("**/play/*")
    page.wait_for_selector(f"{BOARD}[data-mine='1']")
    gid = page.url.rsplit("/", 1)[1]
    # every move the page sends (the server refuses any that is not legal)
    posted: list[str] = []

    def on_request(request: Any) -> None:
        if request.method == "POST" and request.url.endswith("/moves"):
            posted.append(request.post_data_json["move"])
    page.on("request", on_request)
    # the setup: a kind, then a free space; undo takes the placement back
    assert _stage(page) == "kind"
    page.click("#place-kind-curve")
    assert page.locator(f"{BOARD} g.space.target").count() == 38
    shown = page.evaluate(SHOWN)
    page.click(f"{BOARD} #space-5")
    _wait_shown_after(page, shown)
    page.wait_for_selector(f"{BOARD}[data-mine='1']")
    assert page.locator(f"{BOARD} #space-5").get_attribute("data-builder") == "curve"
    assert page.locator("#aq-undo").is_visible()
    shown = page.evaluate(SHOWN)
    page.click("#aq-undo")
    _wait_shown_after(page, shown)
    page.wait_for_selector(f"{BOARD}[data-mine='1']")
    assert page.locator(f"{BOARD} #space-5").get_attribute("data-builder") == ""
    clicks = _play_until_over(page, posted)
    assert clicks > 30
    final = _view(server, gid)
    assert final["over"]
    moves = final["moves"]
    mine = [m for m, seat in zip(moves, _movers(server, gid), strict=True) if seat == 0]
    assert posted == [m for m in mine if not m.startswith("undo ")]
    # the end: the final scoring step by step, the tally, the winner(s)
    st = final["state"]
    tally = page.locator("#aq-tally tbody tr")
    assert tally.count() == 2
    for seat in range(2):
        row = tally.nth(seat).inner_text()
        assert row.split()[-1] == str(st["final"]["totals"][seat])
    assert page.locator("#aq-final-bonuses li").count() == len(st["final"]["bonuses"])
    assert page.locator("#aq-final-podiums li").count() == len(st["final"]["podiums"])
    # the winners as the page names them (a computer by its level: js/names.js)
    names = [(page.locator(f"#seats li[data-seat='{w}'] .who").text_content() or "").strip()
             for w in final["winners"]]
    banner = page.locator("#result").inner_text()
    assert all(name and name in banner for name in names), (names, banner)
    assert str(st["scores"][final["winners"][0]]) in banner
    # the board shows every retired worker on its podium
    for p in st["podiums"]:
        assert page.locator(f"{BOARD} #podium-{p['value']}").get_attribute("data-workers") == \
            " ".join(p["workers"])
    assert page.locator("#aq-log li").count() > 50


def _movers(server: ServerProcess, gid: str) -> list[int]:
    history = httpx.get(f"{server.url}/api/games/{gid}/history").json()["moves"]
    return [m["seat"] for m in history]


@pytest.mark.parametrize("levels", [["strong", "normal", "easy"],
                                    ["strong", "normal", "normal", "easy"]],
                         ids=["three", "four"])
def test_computer_players_watched_to_the_end(server: ServerProcess, context_factory: Any,
                                             levels: list[str]) -> None:
    page = _page(context_factory)
    page.goto(server.url + "/")  # warm: the game starts the moment it is made
    r = httpx.post(f"{server.url}/api/games", json={
        "game": "aqua_romana", "seed": 7, "options": {"players": len(levels)},
        "seats": [{"type": "computer", "level": lv} for lv in levels]})
    gid = r.json()["id"]
    page.goto(f"{server.url}/play/{gid}")
    page.wait_for_selector(f"{BOARD}[data-version]")
    first = page.evaluate(SHOWN)
    page.evaluate("""() => {
        window.__aqShown = new Set();
        const board = document.querySelector('#aq-board');
        new MutationObserver(() => window.__aqShown.add(board.dataset.version))
          .observe(board, { attributes: true, attributeFilter: ['data-version'] });
    }""")
    page.wait_for_function(FINAL, timeout=90_000)
    final = _view(server, gid)
    assert final["over"] and first < final["version"], "the page came too late to watch"
    shown = page.evaluate("[...window.__aqShown].map(Number)")
    assert str(final["version"]) in map(str, shown) and len(shown) >= 10  # shown one by one
    # a spectator: nothing lit, no choices
    assert page.locator(f"{BOARD}[data-mine='0']").count() == 1
    assert page.locator("#aq-tally tbody tr").count() == len(levels)
    assert page.locator("#aq-scores .aq-seat").count() == len(levels)
    for seat, total in enumerate(final["state"]["final"]["totals"]):
        assert page.locator(f"#aq-tally tr[data-seat='{seat}'] .total").inner_text() == str(total)
    assert page.locator("#aq-winners").inner_text() == page.locator("#result").inner_text()
    # the replay viewer draws the same renderer, without controls, and ends in the scoring
    page.goto(f"{server.url}/replay/{gid}")
    page.wait_for_selector("#aq-final[data-ready]")
    assert page.locator("#aq-step").count() == 0 and page.locator("#aq-undo").count() == 0
    assert page.locator(f"{BOARD} [role=button]").count() == 0
    page.keyboard.press("Home")
    page.wait_for_function(f"{SHOWN} === 0")
    assert page.locator("#aq-final").is_hidden()
    assert page.locator(f"{BOARD} g.space[data-builder='']").count() == 38


def test_the_ghost_previews_are_exactly_the_engines_legal_builds(
        server: ServerProcess, context_factory: Any) -> None:
    found = find(rich_build)
    state = found[3]
    gid, token = import_game(server.url, found)
    page = _page(context_factory)
    _open(page, server, gid, token)
    page.wait_for_selector(f"{BOARD}[data-mine='1'][data-select='worker']")
    view = state.view(0)
    workers = page.locator(f"{BOARD} g.worker.lit").evaluate_all("gs => gs.map(g => g.id.slice(7))")
    assert sorted(workers) == sorted({m.split()[0] for m in state.legal_moves()})

    def to_worker(worker: str) -> None:
        for _ in range(4):
            if _stage(page) == "worker":
                break
            page.keyboard.press("Escape")
        page.click(f"{BOARD} #worker-{worker} .pawn")

    offered: list[str] = []
    for worker in workers:
        to_worker(worker)
        info = next(w for w in view["workers"] if w["worker"] == worker)
        if _stage(page) == "builder":
            spaces = page.locator(f"{BOARD} g.space.lit").evaluate_all(
                "gs => gs.map(g => Number(g.id.slice(6)))")
            seen = page.locator(f"{BOARD} g.space.seen").evaluate_all(
                "gs => gs.map(g => Number(g.id.slice(6)))")
            assert sorted(spaces + seen) == sorted(info["builders_in_sight"])
        else:
            spaces = [int(page.locator(f"{BOARD} g.space.selected").get_attribute("id")[6:])]
        for space in spaces:
            to_worker(worker)
            if _stage(page) == "builder":
                page.click(f"{BOARD} #space-{space}")
            kinds: list[str | None] = [None]
            if _stage(page) == "kind":
                kinds = page.locator("#aq-step button.aq-kind").evaluate_all(
                    "bs => bs.map(b => b.dataset.kind)")
                assert len(kinds) > 1
            for kind in kinds:
                if kind is not None:
                    if _stage(page) != "kind":
                        page.keyboard.press("Escape")
                    page.click(f"#kind-{kind}")
                assert _stage(page) == "tile"
                ghost = page.locator(f"{BOARD} g.ghost")
                assert ghost.count() == 1
                assert ghost.get_attribute("data-square") == info["front"]
                rotations = ghost.get_attribute("data-rotations").split()
                seen_rotations = []
                for _ in rotations:  # R turns through the legal rotations, one by one
                    seen_rotations.append(ghost.get_attribute("data-rotation"))
                    offered.append(ghost.get_attribute("data-move"))
                    page.keyboard.press("r")
                assert seen_rotations == rotations
                assert ghost.get_attribute("data-rotation") == rotations[0]
    assert len(offered) == len(set(offered))
    assert sorted(offered) == sorted(state.legal_moves())
    # the mouse wheel turns the ghost too, and a click lays it: one legal move is played
    to_worker(workers[0])
    while _stage(page) != "tile":
        page.locator(f"{BOARD} g.space.lit, #aq-step button.aq-kind").first.click()
    ghost = page.locator(f"{BOARD} g.ghost")
    before = ghost.get_attribute("data-rotation")
    ghost.hover()
    page.mouse.wheel(0, 120)
    if len(ghost.get_attribute("data-rotations").split()) > 1:
        assert ghost.get_attribute("data-rotation") != before
    move = ghost.get_attribute("data-move")
    shown = page.evaluate(SHOWN)
    ghost.click()
    _wait_shown_after(page, shown)
    assert _view(server, gid)["moves"][len(found[2])] == move


def test_the_bonus_tile_previews_are_exactly_the_engines_legal_bonus_tiles(
        server: ServerProcess, context_factory: Any) -> None:
    found = find(bonus_choice)
    state = found[3]
    gid, token = import_game(server.url, found)
    page = _page(context_factory)
    _open(page, server, gid, token)
    page.wait_for_selector(f"{BOARD}[data-mine='1'][data-phase='bonus']")
    assert _stage(page) == "kind"
    kinds = page.locator("#aq-step button.aq-kind").evaluate_all(
        "bs => bs.map(b => b.dataset.kind)")
    assert kinds == state.view(0)["step"]["kinds"]
    offered = []
    for kind in kinds:
        page.click(f"#bonus-kind-{kind}")
        ghosts = page.locator(f"{BOARD} g.ghost")
        squares = ghosts.evaluate_all("gs => gs.map(g => [g.dataset.square, g.dataset.rotations])")
        offered += [f"bonus {kind} {sq} {rot}" for sq, rots in squares for rot in rots.split()]
        page.keyboard.press("Escape")
    assert sorted(offered) == sorted(state.legal_moves())
    assert sorted({m.split()[2] for m in offered}) == sorted(state.view(0)["step"]["squares"])


def _click_path(page: Any, move: str) -> None:
    """Reach ``move`` (a build) by clicks: its worker, its builder, its kind, its rotation."""
    worker, space, kind, _square, rotation = move.split()
    page.click(f"{BOARD} #worker-{worker} .pawn")
    if _stage(page) == "builder":
        page.click(f"{BOARD} #space-{space[1:]}")
    if _stage(page) == "kind":
        page.click(f"#kind-{kind}")
    ghost = page.locator(f"{BOARD} g.ghost")
    for _ in range(4):
        if ghost.get_attribute("data-rotation") == rotation:
            break
        page.click("#aq-rotate")
    assert ghost.get_attribute("data-move") == move


def test_a_reload_mid_turn_resumes_at_the_same_step(server: ServerProcess,
                                                     context_factory: Any) -> None:
    found = find(lambda s: bonus_ahead(s) is not None)
    move = bonus_ahead(found[3])
    assert move is not None
    gid, token = import_game(server.url, found)
    page = _page(context_factory)
    _open(page, server, gid, token)
    page.wait_for_selector(f"{BOARD}[data-mine='1'][data-select='worker']")
    # a worker chosen on the page only: a reload forgets it (the step is still "build")
    page.click(f"{BOARD} #worker-{move.split()[0]} .pawn")
    assert _stage(page) != "worker"
    version = page.evaluate(SHOWN)
    page.reload()
    page.wait_for_selector(f"{BOARD}[data-mine='1']")
    assert page.evaluate(SHOWN) == version and _stage(page) == "worker"
    _click_path(page, move)
    page.click("#aq-place")
    _wait_shown_after(page, version)
    page.wait_for_selector(f"{BOARD}[data-mine='1'][data-phase='bonus']")
    # the log is whole once its last line is the last move's (after the reload its lines
    # come from the game's history, which may come after the move's answer): then counted
    page.wait_for_function(
        f"document.querySelector('#aq-log li:last-child')?.dataset.move === String({SHOWN})")
    log_lines = page.locator("#aq-log li").count()
    stage = _stage(page)
    version = page.evaluate(SHOWN)
    page.reload()
    page.wait_for_selector(f"{BOARD}[data-mine='1'][data-phase='bonus']")
    assert page.evaluate(SHOWN) == version and _stage(page) == stage
    page.wait_for_function(f"document.querySelectorAll('#aq-log li').length === {log_lines}")
    # lay the bonus tile(s); then the turn goes on (close, pick or the next player)
    while page.locator(BOARD).get_attribute("data-phase") == "bonus":
        if _stage(page) == "kind":
            page.locator("#aq-step button.aq-kind").first.click()
        shown = page.evaluate(SHOWN)
        page.locator(f"{BOARD} g.ghost").first.click()
        _wait_shown_after(page, shown)
        page.wait_for_function(f"{MINE} || {SHOWN} > {shown + 1}")
    view = _view(server, gid)
    state = GAME.new(found[0], **found[1])
    for m in view["moves"]:
        state = state.play(m)
    # the voluntary closing (this position's tiles closed none of seat 0's aqueducts)
    assert state.to_move == 0 and state.phase == "close"
    page.wait_for_selector(f"{BOARD}[data-mine='1'][data-phase='close']")
    page.reload()
    page.wait_for_selector(f"{BOARD}[data-mine='1'][data-phase='close']")
    assert _stage(page) == "close"
    if page.locator("#close-more").count():  # the closes under 2 points, one click away
        page.click("#close-more")
    buttons = page.locator("#aq-step button[id^=close-]").evaluate_all("bs => bs.map(b => b.id)")
    assert sorted(buttons) == sorted(m.replace(" ", "-") for m in state.legal_moves())
    shown = page.evaluate(SHOWN)
    page.click("#close-none")
    _wait_shown_after(page, shown)
    assert _view(server, gid)["moves"][shown] == "close none"


def test_invite_links_spectators_and_languages(server: ServerProcess,
                                               context_factory: Any) -> None:
    alice = _page(context_factory, lang="en")
    alice.goto(server.url + "/")
    card = alice.locator("#game-aqua_romana")
    card.locator("select[name=players]").select_option("3")
    card.locator("select[name=first]").select_option("1")
    card.locator("select[name=seat-1]").select_option("person:invite")
    card.locator("select[name=seat-2]").select_option("computer:easy")
    card.locator("button[type=submit]").click()
    alice.wait_for_url("**/play/*")
    alice.wait_for_selector(f"{BOARD}[data-mine='1']")
    gid = alice.url.rsplit("/", 1)[1]
    invite = alice.locator(".invite input").input_value()
    bob = _page(context_factory, lang="nl")
    bob.goto(invite)
    bob.wait_for_selector(f"{BOARD}[data-version]")
    carol = _page(context_factory, lang="nb-NO")  # a Norwegian browser: the page is Norwegian
    carol.goto(f"{server.url}/play/{gid}")
    carol.wait_for_selector(f"{BOARD}[data-version]")
    assert "Blå" in carol.locator("#seats").inner_text()
    norsk = carol.locator(".lang-switch button[data-lang=no]")
    assert norsk.get_attribute("aria-pressed") == "true"
    for turn in range(6):   # the setup: alice, bob, the computer, twice
        seat = turn % 3
        if seat == 2:
            carol.wait_for_function(f"{SHOWN} >= {turn + 1}")
            continue
        page, other = (alice, bob) if seat == 0 else (bob, alice)
        page.wait_for_selector(f"{BOARD}[data-mine='1']")
        assert other.locator(f"{BOARD}[data-mine='1']").count() == 0
        page.locator("#aq-step button.aq-kind").nth(seat).click()
        shown = page.evaluate(SHOWN)
        page.locator(f"{BOARD} g.space.target").nth(turn).click()
        _wait_shown_after(page, shown)
        carol.wait_for_function(f"{SHOWN} >= {turn + 1}")
    assert carol.locator(f"{BOARD} [role=button]").count() == 0  # a spectator cannot act
    assert carol.locator(f"{BOARD}[data-mine='0']").count() == 1
    view = _view(server, gid)
    assert len(view["moves"]) >= 6
    placed = [s for s in view["state"]["track"] if s["builder"]]
    assert len(placed) == len(view["moves"])
    # the texts follow each page's language
    assert "bouwmeester" in bob.locator("#aq-log").inner_text()
    assert "byggmester" in carol.locator("#aq-log").inner_text()
    assert "builder" in alice.locator("#aq-log").inner_text()
    bob.locator(".lang-switch button[data-lang=en]").click()
    bob.wait_for_function("document.querySelector('#aq-log').textContent.includes('builder')")
