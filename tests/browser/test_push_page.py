"""Web Push, the page's side (issue 37): "Notify me even when this page is closed" subscribes
through the service worker's PushManager (stubbed here: it hands out a subscription to a push
service on this machine, with keys the test holds) and the server keeps it; the next turn is
pushed there and decrypts to the game's address; a push delivered to the worker through
Chromium's DevTools protocol shows a notification; refused, the page says so and goes on."""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from ludotheek.core.texts import catalog
from tests.pushservice import Device, PushService
from tests.serverproc import ServerProcess

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def pushes() -> Iterator[PushService]:
    s = PushService()
    yield s
    s.close()


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory,
         pushes: PushService) -> Iterator[ServerProcess]:
    folder = Path(tmp_path_factory.mktemp("push"))
    with ServerProcess(folder / "push.sqlite3", workers=1, extra_env={
            "LUDOTHEEK_PUSH_TEST_HOSTS": pushes.host,
            "LUDOTHEEK_DATA": str(folder / "data")}) as s:
        yield s


def _stub(device: Device, endpoint: str) -> str:
    """PushManager's subscribe and getSubscription, answering a subscription to ``endpoint``
    with the device's keys (what a browser's push service would hand out)."""
    sub = json.dumps({"endpoint": endpoint, "expirationTime": None, "keys": device.keys()})
    return f"""(() => {{
      if (!self.PushManager) return;
      let made = null;
      const fake = {{ endpoint: {json.dumps(endpoint)}, toJSON: () => ({sub}),
                      unsubscribe: async () => true }};
      PushManager.prototype.subscribe = async function (options) {{
        window.__pushOptions = options; made = fake; return fake; }};
      PushManager.prototype.getSubscription = async function () {{ return made; }};
    }})();"""


def _game(site: ServerProcess) -> tuple[str, list[str]]:
    made = httpx.post(site.url + "/api/games", json={"game": "wari", "seats": [
        {"type": "person"}, {"type": "person"}]}).json()
    return made["id"], [s["token"] for s in made["seats"]]


def _stored(site: ServerProcess, gid: str) -> list[tuple[Any, ...]]:
    with sqlite3.connect(f"file:{site.db}?mode=ro", uri=True) as conn:
        return conn.execute("SELECT seat, endpoint, lang FROM push_subscriptions "
                            "WHERE game_id = ?", (gid,)).fetchall()


def _move(site: ServerProcess, gid: str, token: str) -> None:
    view = httpx.get(f"{site.url}/api/games/{gid}",
                     headers={"Authorization": f"Bearer {token}"}).json()
    r = httpx.post(f"{site.url}/api/games/{gid}/moves",
                   headers={"Authorization": f"Bearer {token}"},
                   json={"move": view["legal_moves"][0], "version": view["version"]})
    assert r.status_code == 200, r.text


@pytest.mark.parametrize("lang", ["nl", "en", "no"])
def test_the_switch_subscribes_and_the_next_turn_is_pushed(site: ServerProcess,
                                                           pushes: PushService,
                                                           context_factory: Any,
                                                           lang: str) -> None:
    gid, tokens = _game(site)
    device = Device()
    ctx = context_factory(lang)
    ctx.grant_permissions(["notifications"], origin=site.url)
    ctx.add_init_script(_stub(device, pushes.url(f"/{lang}/{gid}")))
    page = ctx.new_page()
    page.goto(f"{site.url}/play/{gid}#token={tokens[1]}")
    switch = page.locator("#push-turn")
    switch.wait_for()
    words = catalog(lang)
    assert page.locator("label.push-switch").text_content() == words["push.switch"]
    page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=20_000)
    switch.check()
    page.locator("#push-note").wait_for(state="visible")
    assert page.locator("#push-note").text_content() == words["push.on"]
    assert _stored(site, gid) == [(1, pushes.url(f"/{lang}/{gid}"), lang)]
    key = httpx.get(site.url + "/api/push/key").json()["key"]
    assert page.evaluate("btoa(String.fromCharCode(...new Uint8Array("
                         "window.__pushOptions.applicationServerKey)))"
                         ".replace(/\\+/g, '-').replace(/\\//g, '_').replace(/=+$/, '')") == key

    before = len(pushes.posted)
    _move(site, gid, tokens[0])  # now it is seat 1's turn: this device is told
    posted = [p for p in pushes.wait(before + 1) if p.path == f"/{lang}/{gid}"]
    assert len(posted) == 1
    msg = device.read(posted[0])
    assert msg["url"] == f"/play/{gid}"
    name = httpx.get(f"{site.url}/api/games/{gid}?lang={lang}").json()["names"][1]
    assert msg["body"] == words["push.your_turn"].replace("{name}", name).replace(
        "{game}", words["wari.title"])

    switch.uncheck()  # off: the server forgets the device
    page.locator("#push-note").filter(has_text=words["push.off"]).wait_for()
    page.wait_for_function(f"""async () => (await fetch('/api/games/{gid}')).ok""")
    for _ in range(50):
        if not _stored(site, gid):
            break
        page.wait_for_timeout(100)
    assert _stored(site, gid) == []


def test_refused_notifications_are_said_and_nothing_else_changes(site: ServerProcess,
                                                                 context_factory: Any) -> None:
    gid, tokens = _game(site)
    ctx = context_factory("nl")
    ctx.add_init_script("Notification.requestPermission = async () => 'denied';")
    page = ctx.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda err: errors.append(str(err)))
    page.goto(f"{site.url}/play/{gid}#token={tokens[0]}")
    page.locator("#push-turn").click()  # turned on, and back off when refused
    page.locator("#push-note").wait_for(state="visible")
    assert page.locator("#push-note").text_content() == catalog("nl")["push.denied"]
    assert not page.locator("#push-turn").is_checked()
    assert _stored(site, gid) == []
    page.wait_for_selector("#seats li.to-move[data-seat='0']")  # the game plays on
    assert not errors


def test_no_switch_against_the_computer(site: ServerProcess, context_factory: Any) -> None:
    made = httpx.post(site.url + "/api/games", json={"game": "wari", "seed": 1, "seats": [
        {"type": "person"}, {"type": "computer", "level": "beginner"}]}).json()
    page = context_factory().new_page()
    page.goto(f"{site.url}/play/{made['id']}#token={made['seats'][0]['token']}")
    page.wait_for_selector("#seats li")
    assert page.locator("#push-box").is_hidden()


def test_a_push_delivered_to_the_worker_shows_a_notification(site: ServerProcess,
                                                             context_factory: Any) -> None:
    """Chromium's DevTools protocol delivers a push to the registered worker
    (ServiceWorker.deliverPushMessage): the worker shows its notification."""
    gid, tokens = _game(site)
    ctx = context_factory("en")
    ctx.grant_permissions(["notifications"], origin=site.url)
    page = ctx.new_page()
    cdp = ctx.new_cdp_session(page)
    registrations: list[dict[str, Any]] = []
    cdp.on("ServiceWorker.workerRegistrationUpdated",
           lambda event: registrations.extend(event["registrations"]))
    cdp.send("ServiceWorker.enable")
    page.goto(f"{site.url}/play/{gid}#token={tokens[0]}")
    page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=20_000)
    page.wait_for_timeout(200)
    found = [r for r in registrations if r["scopeURL"] == site.url + "/" and not r["isDeleted"]]
    assert found, registrations
    data = json.dumps({"title": "ludotheek · Wari", "body": "North, it is your move in Wari.",
                       "url": f"/play/{gid}", "tag": f"turn-{gid}"})
    cdp.send("ServiceWorker.deliverPushMessage", {
        "origin": site.url, "registrationId": found[-1]["registrationId"], "data": data})
    shown = page.wait_for_function("""async () => {
        const r = await navigator.serviceWorker.ready;
        const n = await r.getNotifications();
        return n.length ? n.map((x) => [x.title, x.body, x.tag, x.data.url]) : null;
    }""", timeout=10_000).json_value()
    assert shown == [["ludotheek · Wari", "North, it is your move in Wari.", f"turn-{gid}",
                      f"/play/{gid}"]]


def test_tapping_a_notification_brings_its_game_to_the_front_or_opens_it(
        site: ServerProcess, context_factory: Any) -> None:
    """The worker's answer to a tap on a notification (openFromNotification, what its
    notificationclick listener runs), in the registered worker itself with stand-in clients
    (a tap cannot be made through DevTools, and a real focus or new window needs one): the
    game's page is focused where it is open, else opened; an address that is not a path on
    this site opens the lobby."""
    gid, tokens = _game(site)
    ctx = context_factory("en")
    page = ctx.new_page()
    page.goto(f"{site.url}/play/{gid}#token={tokens[0]}")
    page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=20_000)
    worker = next(w for w in ctx.service_workers if w.url.endswith("/sw.js"))
    tapped = worker.evaluate("""async ([gid, origin]) => {
        const done = [];
        const clients = (urls) => ({
            matchAll: async () => urls.map((u) => ({
                url: origin + u, focus: async () => done.push(["focus", u]) })),
            openWindow: async (u) => done.push(["open", u]),
        });
        await openFromNotification({ url: `/play/${gid}` }, clients(["/", `/play/${gid}`]));
        await openFromNotification({ url: `/play/${gid}` }, clients(["/", "/play/other"]));
        await openFromNotification({ url: "https://evil.example/x" }, clients([]));
        await openFromNotification({ url: "//evil.example/x" }, clients([]));
        await openFromNotification(null, clients([]));
        return done;
    }""", [gid, site.url])
    assert tapped == [["focus", f"/play/{gid}"], ["open", f"/play/{gid}"], ["open", "/"],
                      ["open", "/"], ["open", "/"]]


@pytest.mark.parametrize("size", [(390, 844), (820, 1180), (1366, 768)],
                         ids=["phone", "tablet", "desktop"])
def test_the_switch_fits_phones_tablets_and_desktops(site: ServerProcess, browser: Any,
                                                     size: tuple[int, int]) -> None:
    gid, tokens = _game(site)
    ctx = browser.new_context(locale="no", viewport={"width": size[0], "height": size[1]})
    try:
        page = ctx.new_page()
        page.goto(f"{site.url}/play/{gid}#token={tokens[1]}")
        label = page.locator("label.push-switch")
        label.wait_for()
        box = label.bounding_box()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= size[0]
        assert page.evaluate("document.documentElement.scrollWidth") <= size[0]
        assert label.text_content() == catalog("no")["push.switch"]
    finally:
        ctx.close()
