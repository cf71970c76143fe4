"""The game page shell and the lobby in Chromium: a stale tab after a refused move, the
server away, aborting/resigning/leaving with a confirmation, the next game from the result
banner, spectators, invite links that go once the friend has come, the lobby's limit
message, imported games' titles and refusals in the page's language, a refused start in each
game's own start dialog."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import httpx
import pytest

from tests.serverproc import ServerProcess

pytestmark = pytest.mark.browser

DRAWN = "Number(document.querySelector('#board svg')?.dataset.version ?? -1)"
PERSON = {"type": "person"}


def _create(server: ServerProcess, game: str, seats: list[dict[str, Any]],
            **options: Any) -> tuple[str, list[str | None]]:
    alone = sum(s["type"] == "person" for s in seats) <= 1  # a seed of one's own: practice
    r = httpx.post(f"{server.url}/api/games", json={"game": game, "seats": seats,
                                                    "options": options,
                                                    **({"seed": 3} if alone else {})})
    assert r.status_code == 201, r.text
    return r.json()["id"], [s["token"] for s in r.json()["seats"]]


def _open(page: Any, server: ServerProcess, gid: str, token: str | None = None) -> None:
    page.goto(f"{server.url}/play/{gid}" + (f"#token={token}" if token else ""))
    page.wait_for_selector("#board [data-version]")


def _move(server: ServerProcess, gid: str, token: str | None, move: str,
          version: int) -> dict[str, Any]:
    r = httpx.post(f"{server.url}/api/games/{gid}/moves", json={"move": move, "version": version},
                   headers={"Authorization": f"Bearer {token}"})
    assert r.status_code == 200, r.text
    view: dict[str, Any] = r.json()
    return view


class Socket:
    """The page's live connection through a switch: ``deaf`` drops what the server
    pushes (a stale tab), ``down`` closes every connection (the server is away)."""

    def __init__(self, page: Any) -> None:
        self.deaf = False
        self.down = False
        self.open: list[Any] = []
        page.route_web_socket("**/live*", self._route)

    def drop(self) -> None:
        """The server goes away: every connection closes, none can be made."""
        self.down = True
        for ws in self.open:
            ws.close()
        self.open.clear()

    def _route(self, ws: Any) -> None:
        if self.down:
            ws.close()
            return
        self.open.append(ws)
        server = ws.connect_to_server()
        server.on_message(lambda message: None if self.deaf else ws.send(message))


def test_after_a_refused_move_the_page_shows_the_servers_position(
        server: ServerProcess, context_factory: Any) -> None:
    gid, (south, _north) = _create(server, "wari", [PERSON, PERSON])
    page = context_factory().new_page()
    socket = Socket(page)
    _open(page, server, gid, south)
    assert page.evaluate(DRAWN) == 0
    socket.deaf = True  # the tab stops hearing of moves: it goes stale
    _move(server, gid, south, "3", 0)  # south moves from elsewhere (another tab)
    assert page.evaluate(DRAWN) == 0
    page.locator("#cup-4").click()  # still looks playable here: refused with 409
    page.wait_for_function(f"{DRAWN} === 1")
    assert "latest position" in page.locator(".toast").inner_text()
    assert page.locator("#cup-3").get_attribute("data-seeds") == "0"
    assert page.locator("#board g.legal").count() == 0  # North is to move now


def test_while_the_server_is_away_the_page_says_so_and_cannot_be_played(
        server: ServerProcess, context_factory: Any) -> None:
    gid, (south, _north) = _create(server, "wari", [PERSON, PERSON])
    page = context_factory().new_page()
    socket = Socket(page)
    _open(page, server, gid, south)
    # the live connection drops and cannot come back: the page says what happened, and the
    # board, dimmed, takes no clicks (they would be lost)
    socket.drop()
    page.wait_for_selector("#offline:not([hidden])", timeout=20_000)
    assert "reconnecting" in page.locator("#offline").inner_text()
    assert page.evaluate("document.getElementById('board').inert")
    assert page.locator("body.offline").count() == 1
    socket.down = False  # back: the page reconnects by itself and can be played again
    page.wait_for_function("document.getElementById('offline').hidden", timeout=30_000)
    assert not page.evaluate("document.getElementById('board').inert")
    page.locator("#board g.legal").first.click()
    page.wait_for_function(f"{DRAWN} === 1")


def test_a_move_that_cannot_be_sent_says_so(server: ServerProcess,
                                            context_factory: Any) -> None:
    gid, (south, _north) = _create(server, "wari", [PERSON, PERSON])
    page = context_factory().new_page()
    _open(page, server, gid, south)
    page.route("**/api/games/*/moves", lambda route: route.abort())
    page.locator("#board g.legal").first.click()
    page.locator(".toast.error").wait_for()
    assert "was not sent" in page.locator(".toast.error").inner_text()
    assert page.evaluate(DRAWN) == 0 and httpx.get(
        f"{server.url}/api/games/{gid}").json()["version"] == 0


def test_abort_asks_first_then_the_banner_offers_a_new_game(
        server: ServerProcess, context_factory: Any) -> None:
    gid, (south, _) = _create(server, "wari", [PERSON, {"type": "computer", "level": "easy"}])
    page = context_factory().new_page()
    _open(page, server, gid, south)
    page.locator("#end-abort").click()
    page.wait_for_selector("#confirm-end[open]")
    page.locator("#confirm-end-no").click()  # the safe answer changes nothing
    assert httpx.get(f"{server.url}/api/games/{gid}").json()["status"] == "active"
    page.locator("#end-abort").click()
    page.locator("#confirm-end-yes").click()
    page.wait_for_selector("#result")
    assert "no result" in page.locator("#result").inner_text()
    assert page.locator("#status").inner_text() == "The game was aborted."
    assert page.locator("#end-abort").count() == 0
    assert httpx.get(f"{server.url}/api/games/{gid}").json()["status"] == "aborted"
    page.locator("#banner-new").click()
    page.wait_for_url(f"{server.url}/#game-wari")
    # "Your games" says how it ended
    mine = page.locator(f"#mine li:has(a[href='/play/{gid}'])")
    mine.locator(".tag").wait_for()
    assert mine.get_attribute("data-status") == "aborted"
    assert mine.inner_text().endswith("· aborted")


def test_on_a_phone_the_aborted_akwaier_page_shows_how_it_ended(
        server: ServerProcess, browser: Any) -> None:
    computer = {"type": "computer", "level": "easy"}
    gid, tokens = _create(server, "akwaier", [PERSON] + [computer] * 5)
    ctx = browser.new_context(locale="en", viewport={"width": 390, "height": 844}, has_touch=True)
    try:
        page = ctx.new_page()
        _open(page, server, gid, tokens[0])
        button = page.locator("#end-abort")
        button.scroll_into_view_if_needed()  # below the board and the tables on a phone
        button.tap()
        page.locator("#confirm-end-yes").tap()
        page.wait_for_selector("#result")
        # the banner that says so comes into view (once the server has answered the abort:
        # the live view may draw the result first); the game's own line says it too.
        # Scrolled to whole pixels: a box may start a fraction above the top.
        page.wait_for_function("(() => { const t = document.getElementById('banner')"
                               ".getBoundingClientRect().top; return t >= -0.5 && t < 844; })()",
                               timeout=10_000)
        assert "no result" in page.locator("#result").inner_text()
        assert page.locator("#status").inner_text() == "The game was aborted."
        assert page.locator("#board").get_by_text("The game was aborted.").count() >= 1
    finally:
        ctx.close()


def test_aqua_romana_resigned_from_the_page_then_a_rematch_from_the_banner(
        server: ServerProcess, context_factory: Any) -> None:
    gid, tokens = _create(server, "aqua_romana", [PERSON, PERSON], first=1)
    view = httpx.get(f"{server.url}/api/games/{gid}", headers={
        "Authorization": f"Bearer {tokens[0]}"}).json()
    _move(server, gid, tokens[0], view["legal_moves"][0], 0)  # a person has moved
    page = context_factory().new_page()
    _open(page, server, gid, tokens[1])
    page.wait_for_selector("#end-resign")
    assert page.locator("#end-abort").count() == 0
    page.locator("#end-resign").click()
    page.locator("#confirm-end-yes").click()
    page.wait_for_selector("#result")
    assert httpx.get(f"{server.url}/api/games/{gid}").json()["winners"] == [0]
    # the next game is in the banner, in view without scrolling
    rematch = page.locator("#banner #rematch")
    assert rematch.is_visible() and page.locator("#banner #banner-new").is_visible()
    assert rematch.bounding_box()["y"] < page.viewport_size["height"]
    rematch.click()
    page.wait_for_url(lambda url: gid not in url and "/play/" in url)


def test_leaving_a_game_of_three_hands_the_seat_over_and_the_page_watches(
        server: ServerProcess, context_factory: Any) -> None:
    computers = [{"type": "computer", "level": "easy"}] * 2
    gid, tokens = _create(server, "aqua_romana", [PERSON, *computers], players=3, first=1)
    view = httpx.get(f"{server.url}/api/games/{gid}", headers={
        "Authorization": f"Bearer {tokens[0]}"}).json()
    _move(server, gid, tokens[0], view["legal_moves"][0], 0)
    page = context_factory().new_page()
    _open(page, server, gid, tokens[0])
    page.locator("#end-leave").click()
    assert "computer player" in page.locator("#confirm-end").inner_text()
    page.locator("#confirm-end-yes").click()
    page.wait_for_selector("#watching:not([hidden])")
    assert page.locator("#ending button").count() == 0
    seats = httpx.get(f"{server.url}/api/games/{gid}").json()["seats"]
    assert seats[0]["type"] == "computer" and seats[0]["left"]


def test_a_spectator_is_told_so_and_gets_no_controls(server: ServerProcess,
                                                     context_factory: Any) -> None:
    gid, _ = _create(server, "wari", [PERSON, PERSON])
    page = context_factory().new_page()
    _open(page, server, gid)
    assert page.locator("#watching").inner_text() == "You are watching this game."
    assert page.locator("#ending button").count() == 0
    assert page.locator("#board g.legal").count() == 0
    assert page.locator("#hint-box").is_hidden()


def test_the_invite_link_goes_once_the_friend_has_come(server: ServerProcess,
                                                       context_factory: Any) -> None:
    page = context_factory().new_page()
    page.goto(server.url + "/")
    card = page.locator("#game-wari")
    card.locator("select[name=seat-1]").select_option("person:invite")
    card.locator("button[type=submit]").click()
    page.wait_for_url("**/play/*")
    page.wait_for_selector(".invite input")
    link = page.locator(".invite input").input_value()
    friend = context_factory().new_page()
    friend.goto(link)
    friend.wait_for_selector("#board [data-version]")
    page.wait_for_selector(".invite", state="detached", timeout=20_000)
    page.reload()  # and it does not come back
    page.wait_for_selector("#board [data-version]")
    assert page.locator(".invite").count() == 0


def test_the_lobby_says_how_to_free_a_place_and_links_the_games(
        tmp_path: Path, context_factory: Any) -> None:
    with ServerProcess(tmp_path / "limit.sqlite3", workers=0,
                       args=("--max-games-per-client", "2")) as small:
        made = [_create(small, "wari", [PERSON, PERSON])[0] for _ in range(2)]
        page = context_factory().new_page()
        page.goto(small.url + "/")
        page.locator("#game-wari button[type=submit]").click()
        refused = page.locator("#game-wari .refused")
        refused.wait_for()
        text = refused.inner_text()
        assert "2 games in progress" in text and "abort" in text
        links = [a.get_attribute("href") for a in refused.locator("a").all()]
        assert sorted(links) == sorted(f"/play/{gid}" for gid in made)
        assert page.locator("#game-wari button[type=submit]").is_enabled()  # to try again
        # neither of them has a move: "Games in progress" does not fill with them
        assert page.locator("#active tr[data-id]").count() == 0


def test_an_imported_game_keeps_its_title_and_refusals_speak_dutch(
        server: ServerProcess, context_factory: Any, tmp_path: Path) -> None:
    page = context_factory("nl").new_page()
    page.goto(server.url + "/")
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps({"game": "wari", "seed": 1, "moves": ["99"]}), encoding="utf-8")
    page.locator("#import-file").set_input_files(str(bad))
    page.locator("#import-form button[type=submit]").click()
    toast = page.locator(".toast.error")
    toast.wait_for()
    assert toast.inner_text() == "Zet 1 ('99') mag niet: Er is geen kopje 99; de kopjes zijn " \
                                 "genummerd 1-12."
    good = tmp_path / "good.json"
    good.write_text(json.dumps({"game": "wari", "seed": 1, "moves": ["3"], "seats": [
        PERSON, {"type": "computer", "level": "easy"}]}), encoding="utf-8")
    page.locator("#import-file").set_input_files(str(good))
    page.locator("#import-form button[type=submit]").click()
    page.wait_for_url("**/play/*")
    page.goto(server.url + "/")
    page.wait_for_selector("#mine li a")
    assert page.locator("#mine li a").first.inner_text().startswith("Wari · ")


def test_a_games_own_new_game_dialog_words_the_limit_in_the_pages_language(
        tmp_path: Path, context_factory: Any) -> None:
    with ServerProcess(tmp_path / "one.sqlite3", workers=0,
                       args=("--max-games-per-client", "1")) as small:
        gid, (south, _) = _create(small, "wari", [PERSON, PERSON])
        page = context_factory("nl").new_page()
        _open(page, small, gid, south)
        page.locator("#new-game").click()
        page.locator("#settings #start").click()
        toast = page.locator(".toast.error")
        toast.wait_for()
        assert toast.inner_text() == "Dit adres heeft al 1 lopende spellen (hoogstens 1)."


def test_every_start_dialog_says_a_refusal_and_can_start_again(
        tmp_path: Path, context_factory: Any) -> None:
    """Each game's own start dialog (the lobby's quick start; js/newgame.js starts the game):
    a refused Start is worded in the page's language, the dialog stays open and its buttons
    can be pressed again."""
    with ServerProcess(tmp_path / "one.sqlite3", workers=0,
                       args=("--max-games-per-client", "1")) as small:
        _create(small, "wari", [PERSON, PERSON])
        page = context_factory("nl").new_page()
        page.goto(small.url + "/")
        page.wait_for_selector("#games .card")
        games = page.evaluate("""async () => {
          const names = [...document.querySelectorAll('#games form.create')]
            .map((f) => f.dataset.game);
          const has = await Promise.all(names.map((g) => import(`/static/js/games/${g}.js`)
            .then((m) => Boolean(m.startDialog))));
          return names.filter((g, i) => has[i]);
        }""")
        assert {"akwaier", "haaienzee"} <= set(games)
        for game in games:
            page.locator(f"#quick-{game}").click()
            go = page.locator("dialog[open] button[type=submit].primary")
            page.evaluate("document.querySelector('.toast')?.remove()")
            go.click()
            toast = page.locator(".toast.error")
            toast.wait_for()
            assert toast.inner_text() == "Dit adres heeft al 1 lopende spellen (hoogstens 1).", game
            page.wait_for_function("document.querySelector('dialog[open] button[type=submit]"
                                   ".primary')?.disabled === false")
            assert page.url == small.url + "/"
            page.keyboard.press("Escape")
            page.wait_for_function("!document.querySelector('dialog[open]')")


def test_the_ending_button_follows_a_language_switch(server: ServerProcess,
                                                     context_factory: Any) -> None:
    gid, (south, _) = _create(server, "wari", [PERSON, PERSON])
    page = context_factory().new_page()
    _open(page, server, gid, south)
    assert page.locator("#end-abort").inner_text() == "Abort game"
    page.locator("#lang button[data-lang=nl]").click()
    page.wait_for_function("document.querySelector('#end-abort').textContent === 'Spel afbreken'")


def test_the_hint_box_keeps_its_place_while_the_computer_moves(
        server: ServerProcess, context_factory: Any) -> None:
    # hidden on the computer's turn, the box took its height from above the board and gave it
    # back on the player's: the board jumped twice a move (and a layout test caught the frame
    # in between, the board pushed out of view before its fit)
    gid, tokens = _create(server, "haaienzee", [PERSON, {"type": "computer", "level": "easy"}])
    page = context_factory().new_page()
    page.add_init_script("localStorage.setItem('ludotheek.haaienzee.delay', '2500');")
    _open(page, server, gid, tokens[0])
    # where the board is when first drawn: nothing that comes later moves it (the "How to
    # play" button came after the learn index and made the header 15 px taller; learn.css,
    # which shapes the Hint box above the board, came after the first view: 30 px more)
    page.wait_for_selector("#hz-board[data-mine='1']")
    top = page.locator("#hz-board").bounding_box()["y"]
    page.wait_for_selector("#howto-button")
    page.wait_for_timeout(300)  # the board fitted
    assert page.locator("#hz-board").bounding_box()["y"] == top
    assert page.locator("#hint").is_enabled()
    page.locator("#hz-board g.cell.free").first.click()
    # my placement shown, the computer's held back 2.5 s: the computer is to move
    page.wait_for_selector("#hz-board[data-version='1'][data-mine='0']")
    page.wait_for_timeout(300)
    assert page.locator("#hint-box").is_visible()
    assert page.locator("#hint").is_disabled()  # a hint is for one's own turn
    assert page.locator("#hz-board").bounding_box()["y"] == top
    page.wait_for_selector("#hz-board[data-version='2'][data-mine='1']", timeout=20_000)
    assert page.locator("#hint").is_enabled()
    assert page.locator("#hz-board").bounding_box()["y"] == top
