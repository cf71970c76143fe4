"""Take the README's screenshots: each game's page in a real browser.

    .venv/bin/python scripts/screenshots.py [GAME ...]

Starts a server on a temporary database, sets up a game in an interesting
position through the API, and writes docs/screenshots/<name>.png: wari.png,
akwaier-modern.png and akwaier-retro.png (Akwaier at a merger, in both views) and
haaienzee.png (a Haaienzee turn, the pointer on the hex that eats most).
aqua-romana.png (a turn in the middle of a two-player game, the joker chosen); and each of
them on a phone (390 x 844, touch): <game>-phone.png, and on a tablet (820 x 1180, touch):
<game>-tablet.png. Each is made small with pngquant and optipng when they are installed
(apt-get install pngquant optipng).

    .venv/bin/python scripts/screenshots.py --together

takes the pictures of playing together (issue 36) into docs/screenshots/: together-invite.png
(the host's page with the invite link, Copy and its QR code), together-chat-phone.png (a
friend's phone: the chat and a takeback asked of them), together-table.png (a table's screen:
the board for everyone, whose turn, a QR code per seat still to take) and
together-table-phone.png (the phone that took its seat, with its own hand).

    .venv/bin/python scripts/screenshots.py --tour FOLDER [nl en no] [phone tablet desktop]

takes every page instead (the lobby, each game's How to play and guided game, each game started
from the lobby's defaults and its replay, the profile) at those sizes in those languages (all,
when none is named) into FOLDER, to look at, and prints per page what tests/browser/layout.py
finds wrong with it (sideways scrolling, a covered header, an icon squeezed out of a button).
"""

from __future__ import annotations

import shutil
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

import httpx

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from tests.browser.drive import open_card
from tests.serverproc import ServerProcess

OUT = Path(__file__).resolve().parent.parent / "docs" / "screenshots"
CHROMIUM = shutil.which("chromium")
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking"]


def wari(url: str) -> tuple[str, str]:
    """A Wari game twelve moves in, South (a person) to move against the computer (Wari has
    no chance: the server's seed changes nothing; a game between people takes no seed of its
    own since issue 34)."""
    r = httpx.post(f"{url}/api/games", json={"game": "wari", "seats": [
        {"type": "person"}, {"type": "person"}]}).json()
    gid, tokens = r["id"], [s["token"] for s in r["seats"]]
    for move in ["3", "9", "5", "12", "1", "8", "6", "10", "2", "7", "4", "11"]:
        view = httpx.get(f"{url}/api/games/{gid}").json()
        seat = view["to_move"]
        httpx.post(f"{url}/api/games/{gid}/moves", json={"move": move, "version": view["version"]},
                   headers={"Authorization": f"Bearer {tokens[seat]}"}).raise_for_status()
    return gid, tokens[0]


def _akwaier_game(url: str) -> tuple[str, str]:
    """An Akwaier game 255 decisions in (seed 0, six 1987 players so far), imported with
    seat 0 a person: they hold a tile that merges H into A and pays them the bonus."""
    from tests.browser.akwaier_setup import find, import_game, merger_ahead

    return import_game(url, find(lambda s: merger_ahead(s) is not None))


def _akwaier_merger(page: Any) -> None:
    """Choose the merging tile (its preview says what it will pay) and place it: the board
    shows the merger, the log its pot and payouts, the button strip the shares to buy."""
    page.wait_for_selector("#akw-board[data-mine='1']")
    tiles = page.locator("#akw-hand .akw-tile.lit")
    for i in range(tiles.count()):
        tiles.nth(i).click()
        if "into" in page.locator("#act-place").inner_text():
            break
    page.click("#act-place")
    page.wait_for_selector("#akw-board[data-phase='buy'][data-mine='1']")


def _haaienzee_game(url: str) -> tuple[str, str]:
    """A Haaienzee game 28 moves in (seed 3, the greedy player for both so far), imported
    with Yellow a person against the computer: Yellow shark 3 can eat up to five fish."""
    from tests.browser.haaienzee_setup import greedy_moves, import_game

    moves, _ = greedy_moves(3, 28)
    gid, tokens = import_game(url, moves, [{"type": "person", "name": None},
                                           {"type": "computer", "level": "normal"}])
    assert tokens[0] is not None
    return gid, tokens[0]


def _haaienzee_point(page: Any) -> None:
    """Point at the lit hex that eats most: its preview (the shark's ghost, the line it
    swims, what it eats) shows on the sea and in words above it."""
    page.wait_for_selector("#hz-board[data-mine='1']")
    eats = page.eval_on_selector_all(
        "#hz-board .marks g.eats", "gs => gs.map(g => [g.dataset.hex, Number(g.textContent)])")
    best = max(eats, key=lambda e: e[1])[0]
    page.hover(f"#hex-{best}")


def _haaienzee_tap(page: Any) -> None:
    """The same on a phone: the first tap on that hex shows what the pointer shows on a
    desktop (a second tap would play it)."""
    page.wait_for_selector("#hz-board[data-mine='1']")
    eats = page.eval_on_selector_all(
        "#hz-board .marks g.eats", "gs => gs.map(g => [g.dataset.hex, Number(g.textContent)])")
    best = max(eats, key=lambda e: e[1])[0]
    page.tap(f"#hex-{best}")


def _aqua_game(url: str) -> tuple[str, str]:
    """An Aqua Romana game 106 decisions in (seed 116, two greedy players so far), imported
    with seat 0 (blue and yellow) a person: aqueducts of all four colours, builders round the
    track, six workers on podiums, and the joker in sight of Yellow 1."""
    from tests.browser.aqua_romana_setup import find, import_game, showcase

    return import_game(url, _aqua_found(find, showcase))


def _aqua_found(find: Any, showcase: Any) -> Any:
    return find(showcase, seeds=range(116, 117), min_ply=106)


def _aqua_turn(page: Any) -> None:
    """Choose the worker, the joker in its sight, the kind and the rotation of the build
    that lengthens seat 0's water most: the ghost tile and what it would do are shown."""
    from tests.browser.aqua_romana_setup import find, joker_build, showcase

    worker, space, kind, _square, rotation = joker_build(_aqua_found(find, showcase)[3]).split()
    board = "#aq-board"
    page.wait_for_selector(f"{board}[data-mine='1']")
    page.click(f"{board} #worker-{worker} .pawn")
    if page.locator(f"{board}[data-select='builder']").count():
        page.click(f"{board} #space-{space[1:]}")
    if page.locator(f"{board}[data-select='kind']").count():
        page.click(f"#kind-{kind}")
    for _ in range(4):
        if page.locator(f"{board} g.ghost").get_attribute("data-rotation") == rotation:
            break
        page.keyboard.press("r")


PHONE = (390, 844)
TABLET = (820, 1180)

#: name -> (set-up through the API, what to do on the page before the picture, window size,
#: what to keep in the browser's storage)
SCENARIOS: dict[str, tuple[Callable[[str], tuple[str, str]], Callable[[Any], None] | None,
                           tuple[int, int], dict[str, str]]] = {
    "wari": (wari, None, (1280, 760), {}),
    "akwaier-modern": (_akwaier_game, _akwaier_merger, (1280, 940),
                       {"ludotheek.akwaier.view": "modern"}),
    "akwaier-retro": (_akwaier_game, _akwaier_merger, (1280, 940),
                      {"ludotheek.akwaier.view": "retro"}),
    "haaienzee": (_haaienzee_game, _haaienzee_point, (1280, 900), {}),
    "aqua-romana": (_aqua_game, _aqua_turn, (1320, 1190), {}),
    # the same on a phone (390 x 844 CSS px, touch)
    "wari-phone": (wari, None, PHONE, {}),
    "akwaier-phone": (_akwaier_game, _akwaier_merger, PHONE, {"ludotheek.akwaier.view": "modern"}),
    "haaienzee-phone": (_haaienzee_game, _haaienzee_tap, PHONE, {}),
    "aqua-romana-phone": (_aqua_game, _aqua_turn, PHONE, {}),
    # and on a tablet held upright (820 x 1180 CSS px, touch)
    "wari-tablet": (wari, None, TABLET, {}),
    "akwaier-tablet": (_akwaier_game, _akwaier_merger, TABLET,
                       {"ludotheek.akwaier.view": "modern"}),
    "haaienzee-tablet": (_haaienzee_game, _haaienzee_tap, TABLET, {}),
    "aqua-romana-tablet": (_aqua_game, _aqua_turn, TABLET, {}),
}


#: scenarios whose picture shows what the pointer points at
KEEP_POINTER = {"haaienzee"}


def optimise(path: Path) -> None:
    """Make a README picture small: pngquant's 256 colours (a screenshot of flat colours loses
    nothing one sees) and optipng's lossless squeeze, each when installed (Debian's pngquant
    and optipng packages); without them the picture stays as Chromium wrote it."""
    import subprocess

    if shutil.which("pngquant"):
        subprocess.run(["pngquant", "--quality", "70-95", "--skip-if-larger", "--force",
                        "--strip", "--output", str(path), str(path)], check=False)
    if shutil.which("optipng"):
        subprocess.run(["optipng", "-quiet", "-o2", str(path)], check=False)


def shoot(names: list[str]) -> None:
    from playwright.sync_api import sync_playwright

    OUT.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp, ServerProcess(Path(tmp) / "shots.db") as server, \
            sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        for name in names:
            setup, before, (width, height), storage = SCENARIOS[name]
            gid, token = setup(server.url)
            phone = name.endswith(("-phone", "-tablet"))  # a touch screen
            page: Any = browser.new_page(viewport={"width": width, "height": height},
                                         locale="en", has_touch=phone, is_mobile=phone)
            page.add_init_script("localStorage.setItem('ludotheek.animate', '0');")
            for key, value in storage.items():
                page.add_init_script(f"localStorage.setItem({key!r}, {value!r});")
            page.goto(f"{server.url}/play/{gid}#token={token}")
            page.wait_for_selector("#board [data-version]")
            if before is not None:
                before(page)
            page.wait_for_timeout(800)
            if name not in KEEP_POINTER and not phone:
                page.mouse.move(1, 1)
            page.evaluate("document.activeElement && document.activeElement.blur(); "
                          "window.scrollTo(0, 0)")
            shot = OUT / f"{name}.png"
            page.screenshot(path=str(shot))
            optimise(shot)
            print(f"wrote {shot} ({shot.stat().st_size // 1024} KB)")
        browser.close()


# ---------------------------------------------------------------------------------------------
# The tour: every page at every size in every language, as a new user reaches it from the
# lobby's defaults, each a screenshot to look at and a line of what the header measures.

TOUR_SIZES = {"phone": (390, 844), "tablet": (820, 1180), "desktop": (1366, 768)}
TOUR_GAMES = ["wari", "akwaier", "aqua_romana", "haaienzee"]

def _tour_shot(page: Any, folder: Path, name: str, tag: str) -> None:
    """One page of the tour: what its layout measures (tests/browser/layout.py), and its
    screenshot, scrolled to the top."""
    from tests.browser import layout

    page.wait_for_timeout(600)
    page.evaluate("document.activeElement && document.activeElement.blur(); "
                  "window.scrollTo(0, 0)")
    width = page.viewport_size["width"]
    problems = layout.sideways(page) + layout.squashed(page)
    print(f"{tag} {name}: {page.evaluate('document.documentElement.scrollWidth')} px wide in "
          f"{width}{': ' if problems else ''}{'; '.join(problems)}", flush=True)
    page.screenshot(path=str(folder / f"{name}-{tag}.png"))


def tour(folder: Path, langs: list[str], sizes: list[str]) -> None:
    """Screenshots of every page (the lobby, each game's How to play and guided game, each game
    started from the lobby's defaults and its replay, the profile) at each size in each
    language into ``folder``, and one line per page of what its layout measures."""
    from playwright.sync_api import sync_playwright

    from tests.browser.csp import poll_instead_of_eval

    poll_instead_of_eval()
    folder.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp, ServerProcess(Path(tmp) / "tour.db") as server, \
            sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        for lang in langs:
            for size in sizes:
                width, height = TOUR_SIZES[size]
                touch = size != "desktop"
                ctx = browser.new_context(viewport={"width": width, "height": height},
                                          locale=lang, has_touch=touch, is_mobile=touch)
                page: Any = ctx.new_page()

                def shot(name: str, page: Any = page, tag: str = f"{size}-{lang}") -> None:
                    _tour_shot(page, folder, name, tag)

                lobby = f"{server.url}/"
                page.goto(lobby)
                page.locator("#setup-wari").wait_for(state="attached")
                shot("lobby")
                for game in TOUR_GAMES:
                    page.goto(lobby)
                    open_card(page, game)
                    page.locator(f"#howto-{game}").click()
                    page.locator("#howto .learn-section").first.wait_for()
                    shot(f"howto-{game}")
                    page.goto(f"{server.url}/learn/{game}")
                    page.locator("[data-learn-target]").wait_for(timeout=30_000)
                    shot(f"learn-{game}")
                    page.goto(lobby)
                    open_card(page, game)
                    page.locator(f"#game-{game} fieldset select").first.wait_for()
                    page.locator(f"#game-{game} button[type=submit]").click()
                    page.wait_for_url("**/play/*")
                    gid = page.url.rsplit("/", 1)[1]
                    page.wait_for_selector("#board [data-mine='1'], #board g.legal",
                                           timeout=30_000)
                    page.locator("#howto-button").wait_for()
                    shot(f"play-{game}")
                    page.goto(f"{server.url}/replay/{gid}")
                    page.wait_for_selector("#board [data-version]")
                    shot(f"replay-{game}")
                page.goto(f"{server.url}/profile")
                page.wait_for_selector("#profile-page > :not(#status)")
                shot("profile")
                ctx.close()
        browser.close()


# ---------------------------------------------------------------------------------------------
# Playing together (issue 36): a host, a friend's phone, a table and a phone at it.

def _together_page(browser: Any, size: tuple[int, int], touch: bool) -> Any:
    page = browser.new_page(viewport={"width": size[0], "height": size[1]}, locale="en",
                            has_touch=touch, is_mobile=touch)
    page.add_init_script("localStorage.setItem('ludotheek.animate', '0');")
    return page


def _together_shot(page: Any, name: str, scroll_to: str | None = None) -> None:
    page.wait_for_selector(".toast", state="detached", timeout=10_000)  # what was said goes
    page.wait_for_timeout(800)
    page.evaluate("document.activeElement && document.activeElement.blur(); window.scrollTo(0, 0)")
    if scroll_to:
        page.locator(scroll_to).scroll_into_view_if_needed()
    shot = OUT / f"{name}.png"
    page.screenshot(path=str(shot))
    optimise(shot)
    print(f"wrote {shot} ({shot.stat().st_size // 1024} KB)")


def together() -> None:
    from playwright.sync_api import sync_playwright

    OUT.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp, ServerProcess(Path(tmp) / "shots.db") as server, \
            sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        # a host invites a friend to Wari: the link, Share where there is one, Copy, a QR code
        host = _together_page(browser, (1280, 900), False)
        host.goto(server.url + "/")
        host.locator("#game-wari select[name=seat-1]").select_option("person:invite")
        host.locator("#game-wari button[type=submit].primary").click()
        host.wait_for_selector(".invite-box img.qr")
        host.mouse.move(1, 1)
        _together_shot(host, "together-invite")
        # the friend takes the seat on a phone; a move, a few words, a takeback asked
        friend = _together_page(browser, PHONE, True)
        friend.goto(host.locator(".invite input").input_value())
        friend.wait_for_selector("#board [data-version]")
        host.wait_for_selector(".invite", state="detached")
        host.locator("#board g.legal").first.click()
        host.wait_for_selector("#takeback-ask")
        host.locator('#chat-phrases [data-phrase="one_moment"]').click()
        friend.wait_for_selector("#chat-log li")
        friend.locator("#chat-text").fill("No hurry, take your time")
        friend.locator("#chat-send").tap()
        host.wait_for_selector("#chat-log li:nth-child(2)")
        host.locator("#takeback-ask").click()
        friend.wait_for_selector("#takeback-yes")
        _together_shot(friend, "together-chat-phone", "#words")
        # a table: Akwaier started from the lobby's card "Play at a table", two people, four
        # computers; one phone has taken its seat
        table = _together_page(browser, (1366, 900), True)
        table.goto(server.url + "/")
        card = table.locator("#game-akwaier")
        card.locator("select[name=seat-1]").select_option("person:invite")
        for i in range(2, 6):
            card.locator(f"select[name=seat-{i}]").select_option("computer:classic")
        card.locator("#table-akwaier").tap()
        table.wait_for_selector("#table-seats img.qr")
        gid = table.url.rsplit("/", 1)[1].split("?")[0]
        invite = table.evaluate(f"JSON.parse(localStorage.getItem('ludotheek.games'))"
                                f"[{gid!r}].invites['1'].invite")
        phone = _together_page(browser, PHONE, True)
        phone.goto(f"{server.url}/play/{gid}#seat=1&invite={invite}")
        phone.wait_for_selector("#akw-hand .akw-tile")
        table.wait_for_selector('#table-seats li[data-seat="1"] .seated')
        _together_shot(table, "together-table")
        _together_shot(phone, "together-table-phone")
        browser.close()


if __name__ == "__main__":
    if sys.argv[1:2] == ["--together"]:
        together()
    elif sys.argv[1:2] == ["--tour"]:
        args = sys.argv[2:]
        tour(Path(args[0]) if args else Path("screenshots-tour"),
             [a for a in args[1:] if a in ("nl", "en", "no")] or ["nl", "en", "no"],
             [a for a in args[1:] if a in TOUR_SIZES] or list(TOUR_SIZES))
    else:
        shoot(sys.argv[1:] or list(SCENARIOS))
