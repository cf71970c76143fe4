"""Playing together in Chromium (issue 36), with a browser context per person: a host and a
friend (a phone) chat in their own languages while a spectator reads along; a takeback is asked
and agreed to, another is overtaken by a move; an invitation offers Copy and a QR code; and a
table: a tablet shows the public board with a QR code per seat, a phone takes a seat with the
link the code holds and plays its own hand there.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import httpx
import pytest

from tests.browser.drive import DRAWN, click_legal, held
from tests.serverproc import ServerProcess

pytestmark = pytest.mark.browser

PHONE = {"width": 390, "height": 844}
TABLET = {"width": 820, "height": 1180}
#: "Good move!" as each reader's catalog says it (chat.phrase.good_move)
GOOD_MOVE = {"en": "Good move!", "nl": "Goede zet!", "no": "Godt trekk!"}
#: the refusals in the writer's language (errors.chat.too_long, errors.chat.rate)
TOO_LONG = {"en": "at most 200 characters", "nl": "hoogstens 200 tekens", "no": "høyst 200 tegn"}
RATE = {"en": "At most 5 messages a minute", "nl": "Hoogstens 5 berichten per minuut",
        "no": "Høyst 5 meldinger i minuttet"}
ASKED = {"en": "asks to take back", "nl": "vraagt de laatste zet terug",
         "no": "ber om å ta tilbake"}


@pytest.fixture
def touch_factory(browser: Any) -> Iterator[Any]:
    """Contexts of a touch screen (a phone, a tablet): taps, not clicks."""
    contexts: list[Any] = []

    def make(lang: str, size: dict[str, int]) -> Any:
        ctx = browser.new_context(locale=lang, viewport=size, has_touch=True, is_mobile=True)
        ctx.add_init_script("localStorage.setItem('ludotheek.animate', '0');"
                            "localStorage.setItem('ludotheek.warnings', '0');"
                            # not asked their name (tests/browser/test_together.py asks it)
                            "localStorage.setItem('ludotheek.name.asked', '1');")
        contexts.append(ctx)
        return ctx

    yield make
    for ctx in contexts:
        ctx.close()


def _page(factory: Any, lang: str, size: dict[str, int] | None = None) -> Any:
    """A person's page: a desktop's (``factory`` is context_factory) or, with ``size``, a
    touch screen's (``factory`` is touch_factory)."""
    page = (factory(lang, size) if size else factory(lang=lang)).new_page()
    page.on("dialog", lambda d: d.accept())
    return page




def _invited_game(host: Any, friend: Any, server: ServerProcess) -> str:
    """A Wari game made in the lobby with an invited friend, who takes the seat on a phone."""
    host.goto(server.url + "/")
    card = host.locator("#game-wari")
    card.locator("select[name=seat-1]").select_option("person:invite")
    card.locator("button[type=submit].primary").click()
    host.wait_for_url("**/play/*")
    host.wait_for_selector(".invite input")
    # the invitation: Copy and the QR code of the same link, drawn by the server
    host.wait_for_selector(".invite-box img.qr")
    src = host.locator(".invite-box img.qr").get_attribute("src")
    assert src is not None and src.startswith("data:image/svg+xml")
    assert host.locator(".invite-box button.copy").is_visible()
    gid: str = host.url.rsplit("/", 1)[1]
    friend.goto(host.locator(".invite input").input_value())
    friend.wait_for_function("!location.hash")
    friend.wait_for_selector("#board [data-version]")
    host.wait_for_selector(".invite", state="detached", timeout=20_000)
    return gid


def _log(page: Any) -> list[str]:
    texts: list[str] = page.locator("#chat-log li").all_inner_texts()
    return texts


@pytest.mark.parametrize(("host_lang", "friend_lang"), [("en", "nl"), ("no", "en")])
def test_host_friend_and_spectator_chat_each_in_their_own_language(
        server: ServerProcess, context_factory: Any, touch_factory: Any, host_lang: str,
        friend_lang: str) -> None:
    host = _page(context_factory, host_lang)
    friend = _page(touch_factory, friend_lang, PHONE)
    gid = _invited_game(host, friend, server)
    host.wait_for_selector("#words:not([hidden]) #chat-phrases .phrase")
    host.locator('#chat-phrases [data-phrase="good_move"]').click()
    # each reader's catalog says the phrase: the friend reads it in their own language
    friend.wait_for_function("document.querySelectorAll('#chat-log li').length >= 1")
    assert GOOD_MOVE[friend_lang] in _log(friend)[0]
    assert GOOD_MOVE[host_lang] in _log(host)[0]
    # a text with markup is shown as the text it is
    friend.locator("#chat-text").fill("<b>hello</b> & <img src=x>")
    friend.locator("#chat-send").tap()
    host.wait_for_function("document.querySelectorAll('#chat-log li').length >= 2")
    assert "<b>hello</b> & <img src=x>" in _log(host)[1]
    assert host.locator("#chat-log b, #chat-log img").count() == 0
    # a spectator reads along, and has nothing to write with
    watcher = _page(context_factory, host_lang)
    watcher.goto(f"{server.url}/play/{gid}")
    watcher.wait_for_function("document.querySelectorAll('#chat-log li').length >= 2")
    assert watcher.locator("#chat-phrases").is_hidden()
    assert watcher.locator("#chat-form").is_hidden()
    assert watcher.locator("#chat-reading").is_visible()
    # too long (past the field's own limit, as a script could): refused in the writer's language
    friend.evaluate("document.getElementById('chat-text').removeAttribute('maxlength')")
    friend.locator("#chat-text").fill("x" * 201)
    friend.locator("#chat-send").tap()
    friend.wait_for_selector(".toast.error")
    assert TOO_LONG[friend_lang] in friend.locator(".toast").inner_text()
    assert friend.locator("#chat-text").input_value() == "x" * 201  # kept for the writer
    # too many a minute: the sixth is refused in the writer's language, nothing sent
    for _ in range(4):
        host.locator('#chat-phrases [data-phrase="thanks"]').click()
        host.wait_for_timeout(150)
    host.wait_for_function("document.querySelectorAll('#chat-log li').length >= 6")
    host.locator('#chat-phrases [data-phrase="thanks"]').click()
    host.wait_for_selector(".toast.error")
    assert RATE[host_lang] in host.locator(".toast").inner_text()
    lines = httpx.get(f"{server.url}/api/games/{gid}/chat").json()["lines"]
    assert [x["kind"] for x in lines] == ["phrase", "text", "phrase", "phrase", "phrase", "phrase"]
    # the friend mutes the chat of this game: the host's lines are hidden, also after a reload
    friend.locator("#chat-mute").tap()
    assert len(_log(friend)) == 1  # only the friend's own line
    friend.reload()
    friend.wait_for_selector("#chat-muted:not([hidden])")
    assert friend.locator("#chat-mute").get_attribute("aria-pressed") == "true"
    # the replay shows the lines said up to its position
    watcher.goto(f"{server.url}/replay/{gid}?move=0")
    watcher.wait_for_function("document.querySelectorAll('#replay-chat li').length === 6")


def test_a_takeback_asked_and_agreed_and_one_overtaken_by_a_move(
        server: ServerProcess, context_factory: Any, touch_factory: Any) -> None:
    host = _page(context_factory, "en")
    friend = _page(touch_factory, "nl", PHONE)
    gid = _invited_game(host, friend, server)
    click_legal(host)
    host.wait_for_selector("#takeback-ask")
    host.locator("#takeback-ask").click()
    friend.wait_for_selector("#takeback-yes", timeout=20_000)
    assert ASKED["nl"] in friend.locator("#takeback").inner_text()
    host.wait_for_selector("#takeback-withdraw")
    friend.locator("#takeback-yes").tap()
    # the move is taken back: both boards at the undo, the host to move again
    host.wait_for_function(f"{DRAWN} === 2", timeout=20_000)
    friend.wait_for_function(f"{DRAWN} === 2", timeout=20_000)
    view = httpx.get(f"{server.url}/api/games/{gid}").json()
    assert view["moves"] == [view["moves"][0], "undo 0"] and view["to_move"] == 0
    # asked again; the friend moves instead of answering: the request is over
    click_legal(host)
    host.locator("#takeback-ask").click()
    friend.wait_for_selector("#takeback-yes", timeout=20_000)
    click_legal(friend)
    host.wait_for_selector("#takeback-withdraw", state="detached", timeout=20_000)
    friend.wait_for_selector("#takeback-yes", state="detached")
    assert host.locator("#takeback-ask").count() == 0  # the friend has moved since
    kinds = [x["kind"] for x in httpx.get(f"{server.url}/api/games/{gid}/chat").json()["lines"]]
    assert kinds == ["takeback", "takeback_yes", "takeback"]


@pytest.mark.parametrize("lang", ["nl", "en", "no"])
def test_a_table_shows_the_board_and_a_phone_takes_its_seat_by_the_qr_code(
        server: ServerProcess, touch_factory: Any, lang: str) -> None:
    table = _page(touch_factory, lang, TABLET)
    table.goto(server.url + "/")
    card = table.locator("#game-akwaier")
    card.locator("select[name=seat-1]").select_option("person:invite")
    for i in range(2, 6):
        card.locator(f"select[name=seat-{i}]").select_option("computer:beginner")
    card.locator("#table-akwaier").tap()
    table.wait_for_url("**/play/*?table=1")
    gid = table.url.rsplit("/", 1)[1].split("?")[0]
    table.wait_for_function("document.body.classList.contains('table-mode')")
    # every person's seat is invited: this screen holds no seat, only the two invitations
    kept = held(table, gid)
    assert not kept["seats"] and sorted(kept["invites"]) == ["0", "1"]
    table.wait_for_selector('#table-seats li[data-seat="1"] img.qr')
    assert table.locator("#table-seats img.qr").count() == 2
    assert table.locator("#akw-hand .akw-tile").count() == 0  # no hand on the table's screen
    # the phone "scans" seat 0's code: the link the code holds, as the server drew it
    link = "{}/play/{}#seat=0&invite={}".format(server.url, gid, kept["invites"]["0"]["invite"])
    phone = _page(touch_factory, lang, PHONE)
    phone.goto(link)
    phone.wait_for_function("!location.hash")
    phone.wait_for_selector("#akw-hand .akw-tile", timeout=20_000)
    assert list(held(phone, gid)["seats"]) == ["0"]
    table.wait_for_selector('#table-seats li[data-seat="0"] .seated', timeout=20_000)
    assert table.locator("#table-seats img.qr").count() == 1
    assert table.locator("#akw-hand .akw-tile").count() == 0
    assert table.locator("#table-turn").inner_text().strip() != ""
    # the phone plays a tile of its hand; the table's board follows
    version = table.evaluate(DRAWN)
    phone.wait_for_selector("#akw-hand .akw-tile.lit, #act-pass", timeout=20_000)
    if phone.locator("#act-pass").count():
        phone.locator("#act-pass").tap()
    else:
        phone.locator("#akw-hand .akw-tile.lit").first.tap()
        phone.wait_for_selector("#act-place")
        phone.locator("#act-place").tap()
    table.wait_for_function(f"(v) => {DRAWN} > v", arg=version, timeout=20_000)
    assert table.locator("#akw-hand .akw-tile").count() == 0
