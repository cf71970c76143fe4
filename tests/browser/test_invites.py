"""Invitations in Chromium (issue 34): a host invites a friend, whose phone takes the seat with
the link and plays it; the host's page never holds the friend's seat, a second opening of the
link is refused in the page's language, a rematch keeps each person on their own seat, a seat
taken with a profile is taken up on another device, and a family at one screen still plays.
"""

from __future__ import annotations

import time
from typing import Any

import httpx
import pytest

from tests.browser.drive import LEGAL, click_legal, held
from tests.serverproc import ServerProcess

pytestmark = pytest.mark.browser

PHONE = {"width": 390, "height": 844}
#: what each language's page says when the link was used already (errors.seat.taken)
TAKEN = {"en": "has been taken already", "nl": "is al ingenomen", "no": "er allerede tatt"}
#: and when its seat is taken up elsewhere (game.seat_closed)
CLOSED = {"en": "another device", "nl": "ander apparaat", "no": "annen enhet"}


def _page(context_factory: Any, lang: str, phone: bool = False) -> Any:
    page = context_factory(lang=lang).new_page()
    if phone:
        page.set_viewport_size(PHONE)
    page.on("dialog", lambda d: d.accept())
    return page




def _invite_from_lobby(host: Any, server: ServerProcess) -> tuple[str, str]:
    host.goto(server.url + "/")
    card = host.locator("#game-wari")
    card.locator("select[name=seat-1]").select_option("person:invite")
    card.locator("button[type=submit]").click()
    host.wait_for_url("**/play/*")
    host.wait_for_selector(".invite input")
    gid = host.url.rsplit("/", 1)[1]
    return gid, host.locator(".invite input").input_value()


def _wait_view(server: ServerProcess, gid: str, version: int) -> None:
    deadline = time.monotonic() + 20
    while httpx.get(f"{server.url}/api/games/{gid}").json()["version"] < version:
        assert time.monotonic() < deadline, f"game {gid} did not reach version {version}"
        time.sleep(0.05)


@pytest.mark.parametrize("lang", ["nl", "en", "no"])
def test_a_friend_takes_the_invited_seat_on_a_phone_and_only_the_friend_plays_it(
        server: ServerProcess, context_factory: Any, lang: str) -> None:
    host = _page(context_factory, lang)
    gid, link = _invite_from_lobby(host, server)
    assert f"/play/{gid}#seat=1&invite=" in link
    # the host keeps an invite code for seat 1, and the token of its own seat only
    kept = held(host, gid)
    assert list(kept["seats"]) == ["0"] and list(kept["invites"]) == ["1"]
    friend = _page(context_factory, lang, phone=True)
    friend.goto(link)
    friend.wait_for_function("!location.hash")  # taken: the code leaves the address bar
    friend.wait_for_selector("#board [data-version]")
    assert list(held(friend, gid)["seats"]) == ["1"]
    host.wait_for_selector(".invite", state="detached", timeout=20_000)  # the friend came
    assert list(held(host, gid)["seats"]) == ["0"] and not held(host, gid)["invites"]
    # both play a move, each on their own page; while it is the friend's turn the host's page
    # offers nothing to click
    click_legal(host)
    friend.wait_for_selector(LEGAL, timeout=20_000)
    assert host.locator(LEGAL).count() == 0
    click_legal(friend)
    _wait_view(server, gid, 2)
    host.wait_for_selector(LEGAL, timeout=20_000)
    assert friend.locator(LEGAL).count() == 0
    # the link again, in another browser: refused in the page's language, it only watches
    late = _page(context_factory, lang, phone=True)
    late.goto(link)
    late.wait_for_selector(".toast.error")
    assert TAKEN[lang] in late.locator(".toast").inner_text()
    late.wait_for_selector("#board [data-version]")
    assert late.locator("#watching").is_visible() and late.locator(LEGAL).count() == 0
    assert httpx.get(f"{server.url}/api/games/{gid}").json()["version"] == 2

    # the friend resigns; the rematch gives each of them their own seat again
    friend.locator("#resign").click()
    host.wait_for_selector("#banner #rematch", timeout=20_000)
    host.locator("#banner #rematch").click()
    host.wait_for_url(lambda url: gid not in url)
    new = host.url.rsplit("/", 1)[1]
    friend.wait_for_selector("#banner #rematch-join", timeout=20_000)
    friend.locator("#banner #rematch-join").click()
    friend.wait_for_url(f"**/play/{new}")
    assert list(held(host, new)["seats"]) == ["0"]
    assert list(held(friend, new)["seats"]) == ["1"]
    click_legal(host)
    friend.wait_for_selector(LEGAL, timeout=20_000)
    assert host.locator(LEGAL).count() == 0
    click_legal(friend)


def test_a_seat_taken_with_a_profile_is_taken_up_on_another_device(
        server: ServerProcess, context_factory: Any) -> None:
    anna = httpx.post(f"{server.url}/api/profiles", json={"name": "Anna"}).json()
    bert = httpx.post(f"{server.url}/api/profiles", json={"name": "Bert"}).json()
    made = httpx.post(f"{server.url}/api/games", json={"game": "wari", "rated": True, "seats": [
        {"type": "person", "profile": anna["secret"]},
        {"type": "person", "invite": True}]}).json()
    gid, link = made["id"], server.url + made["seats"][1]["invite_url"]
    keep = ("localStorage.setItem('ludotheek.profile', JSON.stringify("
            f"{{id: '{bert['id']}', name: 'Bert', secret: '{bert['secret']}'}}))")
    phone = _page(context_factory, "en", phone=True)
    phone.goto(server.url + "/")
    phone.evaluate(keep)
    phone.goto(link)  # with his profile on this device the seat is taken at once
    phone.wait_for_function("!location.hash")
    phone.wait_for_function("document.querySelector('#rated-box')?.textContent.includes('Bert')")
    laptop = _page(context_factory, "en")
    laptop.goto(server.url + "/")
    laptop.evaluate(keep)
    laptop.goto(f"{server.url}/play/{gid}")
    laptop.wait_for_selector("#rated-resume")
    laptop.click("#rated-resume")
    laptop.wait_for_function("document.querySelector('#rated-resume') === null && "
                             "document.querySelector('#watching').hidden")
    # the phone is told, and watches from now on
    phone.wait_for_selector("#watching:not([hidden])", timeout=20_000)
    assert CLOSED["en"] in phone.locator(".toast").inner_text()
    assert list(held(phone, gid)["seats"]) == []
    httpx.post(f"{server.url}/api/games/{gid}/moves", json={"move": "3", "version": 0},
               headers={"Authorization": f"Bearer {made['seats'][0]['token']}"})
    laptop.wait_for_selector(LEGAL, timeout=20_000)
    assert phone.locator(LEGAL).count() == 0


def test_a_family_at_one_screen_still_plays(server: ServerProcess,
                                            context_factory: Any) -> None:
    page = _page(context_factory, "en")
    page.goto(server.url + "/")
    card = page.locator("#game-wari")
    card.locator("select[name=seat-1]").select_option("person:play")
    card.locator("button[type=submit]").click()
    page.wait_for_url("**/play/*")
    gid = page.url.rsplit("/", 1)[1]
    page.wait_for_selector(LEGAL)
    assert page.locator(".invite").count() == 0
    assert sorted(held(page, gid)["seats"]) == ["0", "1"]
    click_legal(page)  # South
    click_legal(page)  # North, on the same screen
    assert httpx.get(f"{server.url}/api/games/{gid}").json()["version"] == 2
