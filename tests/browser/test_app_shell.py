"""An app on the home screen (issue 37): the manifest and its icons, the service worker that
controls the pages, the lobby and a game page opened without a network (from the worker's
cache) that say so in the page's language and come back by themselves, and a new release that
makes a new cache and deletes the old one."""

from __future__ import annotations

import struct
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from ludotheek.core.texts import catalog
from tests.serverproc import ServerProcess, free_port
from tests.wari.page import PAGE as WARI

pytestmark = pytest.mark.browser

CONTROLLED = "navigator.serviceWorker.controller !== null"


def _png_size(data: bytes) -> tuple[int, int]:
    assert data[:8] == b"\x89PNG\r\n\x1a\n" and data[12:16] == b"IHDR"
    width, height = struct.unpack(">II", data[16:24])
    return width, height


def test_the_manifest_is_valid_and_its_icons_load_at_their_sizes(server: ServerProcess) -> None:
    res = httpx.get(server.url + "/manifest.webmanifest")
    assert res.status_code == 200
    assert res.headers["content-type"].startswith("application/manifest+json")
    manifest = res.json()
    assert manifest["name"] and manifest["short_name"]
    assert manifest["start_url"] == "/" and manifest["display"] == "standalone"
    assert manifest["theme_color"] == "#2f6f8f" and manifest["background_color"] == "#f6f4ef"
    sizes = {}
    for icon in manifest["icons"]:
        got = httpx.get(server.url + icon["src"])
        assert got.status_code == 200, icon
        assert got.headers["content-type"].startswith(icon["type"]), icon
        if icon["type"] == "image/png":
            sizes[icon["sizes"]] = _png_size(got.content)
    assert sizes == {"192x192": (192, 192), "512x512": (512, 512)}
    assert any(i["type"] == "image/svg+xml" for i in manifest["icons"])


def test_every_page_links_the_manifest(server: ServerProcess) -> None:
    gid = httpx.post(server.url + "/api/games", json={"game": "wari", "seats": [
        {"type": "person"}, {"type": "computer", "level": "easy"}]}).json()["id"]
    for path in ("/", f"/play/{gid}", f"/replay/{gid}", "/profile"):
        html = httpx.get(server.url + path).text
        assert '<link rel="manifest" href="/manifest.webmanifest">' in html, path


def test_the_worker_is_served_from_the_root_with_its_release(server: ServerProcess) -> None:
    res = httpx.get(server.url + "/sw.js")
    assert res.status_code == 200
    assert res.headers["content-type"].startswith("text/javascript")
    assert res.headers["cache-control"] == "no-cache"
    assert "script-src 'self'" in res.headers["content-security-policy"]  # the policy stays
    assert 'const RELEASE = "dev"' not in res.text and 'const RELEASE = "0.' in res.text
    assert '"/static/js/lobby.js"' in res.text and '"/static/i18n/no.json"' in res.text


def _controlled_page(ctx: Any, url: str) -> Any:
    """A page of ``url`` once the worker controls it and has kept the shell."""
    page = ctx.new_page()
    page.goto(url)
    page.wait_for_function(CONTROLLED, timeout=20_000)
    page.wait_for_function("""async () => {
        const keys = await caches.keys();
        if (keys.length !== 1) return false;
        const cache = await caches.open(keys[0]);
        return Boolean(await cache.match('/play/'))
            && Boolean(await cache.match('/static/js/game.js'));
    }""", timeout=20_000)
    return page


def test_the_worker_registers_and_controls_the_page(server: ServerProcess,
                                                   context_factory: Any) -> None:
    page = _controlled_page(context_factory(), server.url + "/")
    names = page.evaluate("caches.keys()")
    release = httpx.get(server.url + "/sw.js").text.split('const RELEASE = "')[1].split('"')[0]
    assert names == [f"ludotheek-{release}"]
    # the API is never kept
    page.evaluate("fetch('/api/meta').then((r) => r.json())")
    kept = page.evaluate("""async () => (await (await caches.open((await caches.keys())[0]))
        .keys()).map((r) => new URL(r.url).pathname)""")
    assert not [k for k in kept if k.startswith("/api/")], kept
    assert "/" in kept and "/static/i18n/nl.json" in kept


@pytest.mark.parametrize("lang", ["nl", "en", "no"])
def test_offline_the_lobby_and_a_game_open_and_come_back(server: ServerProcess,
                                                        context_factory: Any,
                                                        lang: str) -> None:
    ctx = context_factory(lang)
    page = _controlled_page(ctx, server.url + "/")
    page.locator("#game-wari form.create button[type=submit]").click()
    page.wait_for_url("**/play/*")
    page.wait_for_selector("#seats li.to-move[data-seat='0']")
    game_url = page.url
    words = catalog(lang)["shell.unreachable"]

    ctx.set_offline(True)
    page.goto(server.url + "/")  # the lobby, from the cache
    notice = page.locator("#offline")
    notice.wait_for(state="visible")
    assert notice.text_content() == words
    assert page.locator("h1").text_content() == catalog(lang)["lobby.title"]
    page.goto(game_url)  # the game page, from the cache
    notice.wait_for(state="visible")
    assert notice.text_content() == words

    ctx.set_offline(False)  # back: the page starts again by itself, the notice goes
    page.wait_for_selector("#seats li.to-move[data-seat='0']", timeout=20_000)
    assert page.locator("#offline").is_hidden()
    gid = game_url.rsplit("/", 1)[1]
    assert httpx.get(f"{server.url}/api/games/{gid}").json()["version"] == 0
    WARI.keyboard(page)  # play goes on
    page.wait_for_function(f"""async () => (await (await fetch('/api/games/{gid}'))
        .json()).version > 0""", timeout=20_000)


@pytest.fixture
def port() -> int:
    return free_port()


@pytest.fixture
def restartable(tmp_path: Path, port: int) -> Iterator[Any]:
    """Servers started one after the other on one port (one site for the browser)."""
    running: list[ServerProcess] = []

    def start(note: str) -> ServerProcess:
        for s in running:
            s.stop()
        s = ServerProcess(tmp_path / "site.sqlite3", port=port, workers=1,
                          extra_env={"LUDOTHEEK_RELEASE_NOTE": note})
        running.append(s.start())
        return s

    yield start
    for s in running:
        s.stop()


def test_a_new_release_makes_a_new_cache_and_deletes_the_old(restartable: Any,
                                                            context_factory: Any) -> None:
    first = restartable("one")
    ctx = context_factory()
    page = _controlled_page(ctx, first.url + "/")
    old = page.evaluate("caches.keys()")
    assert len(old) == 1
    second = restartable("two")
    assert second.url == first.url
    page.goto(second.url + "/")
    page.evaluate("navigator.serviceWorker.getRegistration().then((r) => r.update())")
    page.wait_for_function(f"""async () => {{
        const keys = await caches.keys();
        return keys.length === 1 && keys[0] !== {old[0]!r};
    }}""", timeout=20_000)
    new = page.evaluate("caches.keys()")
    assert new[0].startswith("ludotheek-0.") and new != old
