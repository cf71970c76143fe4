"""Slow games in Chromium (issue 37): a host on a phone starts a turn-based game from the
lobby and invites a friend (a second browser context, a phone too); both see whose move it
is until when, the host is reminded when half the time is gone, and when it has run out the
computer plays on for the host, which both pages say. The server's clock is the test's
(``LUDOTHEEK_TEST_CLOCK``: a file of seconds added to it), so nothing sleeps for days."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from tests.serverproc import ServerProcess

pytestmark = pytest.mark.browser

PHONE = {"width": 390, "height": 844}
DAY = 86400
#: the page's words, by language: days per move, the reminder, the computer taking over
WORDS = {
    "en": ("2 days per move", "Half of your time", "the computer plays on"),
    "nl": ("2 dagen per zet", "De helft van je tijd", "de computer speelt"),
    "no": ("2 dager per trekk", "Halve tiden", "datamaskinen spiller"),
}


@pytest.fixture(scope="module")
def shift_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = Path(tmp_path_factory.mktemp("clock")) / "shift"
    path.write_text("0")
    return path


@pytest.fixture(scope="module")
def timed_server(tmp_path_factory: pytest.TempPathFactory,
                 shift_file: Path) -> Iterator[ServerProcess]:
    db = Path(tmp_path_factory.mktemp("slow")) / "slow.sqlite3"
    with ServerProcess(db, workers=1, extra_env={"LUDOTHEEK_TEST_CLOCK": str(shift_file)}) as s:
        yield s


def _phone(context_factory: Any, lang: str) -> Any:
    page = context_factory(lang=lang).new_page()
    page.set_viewport_size(PHONE)
    page.on("dialog", lambda d: d.accept())
    return page


@pytest.mark.parametrize("lang", ["nl", "en", "no"])
def test_a_turn_based_game_from_the_lobby_shows_the_deadline_and_times_out(
        timed_server: ServerProcess, shift_file: Path, context_factory: Any, lang: str,
        tmp_path: Path) -> None:
    shift_file.write_text("0")
    days, remind, computer = WORDS[lang]
    host = _phone(context_factory, lang)
    host.goto(timed_server.url + "/#game-wari")  # a phone opens the card it names
    card = host.locator("#game-wari")
    card.locator("select[name=seat-1]").wait_for()
    assert card.locator("select[name=time]").is_hidden()  # against the computer: no time
    card.locator("select[name=seat-1]").select_option("person:invite")
    card.locator("select[name=time]").select_option("days:2")
    card.locator("select[name=time]").screenshot(path=str(tmp_path / f"slow-lobby-{lang}.png"))
    card.screenshot(path=str(tmp_path / f"slow-card-{lang}.png"))
    card.locator("button[type=submit]").click()
    host.wait_for_url("**/play/*")
    host.wait_for_selector(".invite input")
    gid = host.url.rsplit("/", 1)[1]
    link = host.locator(".invite input").input_value()
    time = httpx.get(f"{timed_server.url}/api/games/{gid}").json()["time"]
    assert time["kind"] == "days" and time["days"] == 2 and time["seat"] is None  # not yet
    friend = _phone(context_factory, lang)
    friend.goto(link)
    friend.wait_for_selector("#board [data-version]")
    host.wait_for_selector(".invite", state="detached", timeout=20_000)
    time = httpx.get(f"{timed_server.url}/api/games/{gid}").json()["time"]
    assert time["seat"] == 0 and time["deadline"] - time["now"] == pytest.approx(2 * DAY, abs=5)
    for page in (host, friend):  # each sees whose move it is, until when, and what is left
        page.wait_for_function(
            "document.querySelector('#time-line')?.textContent.includes('1 d 23 h')")
        assert days in page.locator("#time-line").inner_text()
        assert page.locator("#time-line").is_visible()
    host.screenshot(path=str(tmp_path / f"slow-host-{lang}.png"))
    friend.screenshot(path=str(tmp_path / f"slow-friend-{lang}.png"))
    assert host.locator("#time-remind").is_hidden()
    # a day and an hour later the host's page reminds them (its own seat's turn only)
    shift_file.write_text(str(DAY + 3600))
    host.reload()
    friend.reload()
    host.wait_for_selector("#time-remind:not([hidden])")
    assert remind in host.locator("#time-remind").inner_text()
    assert "0 d 22 h" not in host.locator("#time-line").inner_text()
    assert "22 h" in host.locator("#time-line").inner_text()
    assert friend.locator("#time-remind").is_hidden()
    host.screenshot(path=str(tmp_path / f"slow-remind-{lang}.png"))
    # past the deadline: the server's sweep hands the seat to the computer; both pages say so
    shift_file.write_text(str(2 * DAY + 60))
    for page in (host, friend):
        page.wait_for_function(
            f"document.querySelector('#time-line')?.textContent.includes({computer!r})",
            timeout=20_000)
    friend.screenshot(path=str(tmp_path / f"slow-out-{lang}.png"))
    view = httpx.get(f"{timed_server.url}/api/games/{gid}").json()
    assert view["seats"][0]["type"] == "computer" and view["time"]["out_seat"] == 0


def test_a_live_game_with_a_clock_counts_down_and_falls(
        timed_server: ServerProcess, shift_file: Path, context_factory: Any,
        tmp_path: Path) -> None:
    shift_file.write_text("0")
    page = _phone(context_factory, "en")
    page.goto(timed_server.url + "/#game-wari")
    card = page.locator("#game-wari")
    card.locator("select[name=seat-1]").select_option("person:play")  # both at this screen
    card.locator("select[name=time]").select_option("clock:5:3")
    card.locator("button[type=submit]").click()
    page.wait_for_url("**/play/*")
    gid = page.url.rsplit("/", 1)[1]
    page.wait_for_selector("#clocks li.running")
    assert "Clock 5+3" in page.locator("#time-line").inner_text()
    # the running clock counts down on the page by itself (the other stays at 5:00)
    page.wait_for_function("document.querySelector('#clocks li.running').textContent"
                           ".includes('4:5')", timeout=15_000)
    assert page.locator("#clocks li").nth(1).inner_text().endswith("5:00")
    page.screenshot(path=str(tmp_path / "clock-en.png"))
    shift_file.write_text("400")  # the flag falls: the computer plays on for South
    page.wait_for_function(
        "document.querySelector('#time-line')?.textContent.includes('the computer plays on')",
        timeout=20_000)
    view = httpx.get(f"{timed_server.url}/api/games/{gid}").json()
    assert view["seats"][0]["type"] == "computer" and view["time"]["out_seat"] == 0


@pytest.mark.parametrize("size", [(390, 844), (820, 1180), (1366, 768)],
                         ids=["phone", "tablet", "desktop"])
@pytest.mark.parametrize("kind", ["days", "clock"])
def test_the_time_fits_phones_tablets_and_desktops(
        timed_server: ServerProcess, shift_file: Path, browser: Any, tmp_path: Path,
        size: tuple[int, int], kind: str) -> None:
    """A slow game's deadline and a live game's two clocks, on each seat's page at each size:
    seen without scrolling sideways, the time line and every clock inside the viewport's
    width and on the screen with the board."""
    from tests.browser.layout import context, sideways

    shift_file.write_text("0")
    time = {"days": 3} if kind == "days" else {"minutes": 10, "increment": 5}
    made = httpx.post(f"{timed_server.url}/api/games", json={
        "game": "wari", "time": time, "seats": [{"type": "person"}] * 2})
    assert made.status_code == 201, made.text
    gid, tokens = made.json()["id"], [s["token"] for s in made.json()["seats"]]
    for seat, token in enumerate(tokens):
        ctx = context(browser, size)
        try:
            page = ctx.new_page()
            page.goto(f"{timed_server.url}/play/{gid}#token={token}")
            page.wait_for_selector("#time-line")
            page.wait_for_function("document.querySelector('#time-line').textContent.trim()")
            if kind == "clock":
                page.wait_for_selector("#clocks li.running")
                assert page.locator("#clocks li").count() == 2
            page.screenshot(path=str(tmp_path / f"time-{kind}-{size[0]}-{seat}.png"))
            assert sideways(page) == []
            shown = [page.locator("#time-line")]
            if kind == "clock":
                shown += [page.locator("#clocks li").nth(i) for i in range(2)]
            for part in shown:
                box = part.bounding_box()
                assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= size[0]
                assert box["y"] + box["height"] <= size[1] * 2, box  # near the board, not far
        finally:
            ctx.close()
