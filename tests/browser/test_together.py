"""Playing together in Chromium (issue 36), with a browser context per person: a host, a
friend (a phone, by the invite link) and a spectator.

- Faces, not compass points: the host and the friend are asked their names once; each seat
  shows its person's name everywhere (a name with markup is text); a computer shows its level.
- Each person sees the board from their own side (Wari's North its row below; Haaienzee's and
  Aqua Romana's second player their colour first, marked; Akwaier's seat marked) and anyone
  may turn it, remembered for that game.
- The host hears "Anna has joined", "Anna has left", "Anna is back" as it happens.
- Whose turn: "My games" puts "your turn" on top; when it becomes your turn while the page
  is hidden the title and icon change, a sound plays and, if allowed, a notification comes;
  a refused permission changes nothing else.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from tests.serverproc import ServerProcess

pytestmark = pytest.mark.browser

PHONE = {"width": 390, "height": 844}
TABLET = {"width": 820, "height": 1180}
I18N = Path(__file__).resolve().parents[2] / "src" / "ludotheek" / "web" / "i18n"
LEGAL = "#board g.legal"
DRAWN = "Number(document.querySelector('#board svg')?.dataset.version ?? -1)"
#: a name with markup in it: shown as text, never as an element
MARKUP = "<b>Anna</b>"

# Notification and the site's sounds, recorded where a test can read them
SPY = """
window.__notes = [];
window.__sounds = [];
document.addEventListener('ludotheek:sound', (e) => {
  if (e.detail.played) window.__sounds.push(e.detail.name);
});
if ('Notification' in window) {
  const Real = window.Notification;
  const Spy = function (title, options) {
    window.__notes.push({ title, body: options && options.body });
    return new Real(title, options);
  };
  Object.defineProperty(Spy, 'permission', { get: () => Real.permission });
  Spy.requestPermission = (...a) => Real.requestPermission(...a);
  window.Notification = Spy;
}
"""
# the page behind another tab (document.hidden), or in front again
HIDE = """(hidden) => {
  Object.defineProperty(document, 'hidden', { configurable: true, get: () => hidden });
  Object.defineProperty(document, 'visibilityState',
                        { configurable: true, get: () => hidden ? 'hidden' : 'visible' });
  document.dispatchEvent(new Event('visibilitychange'));
}"""


def words(lang: str, key: str, **params: Any) -> str:
    """A text of the pages' catalogs, as i18n.js fills it in."""
    for part in sorted((I18N / lang).glob("*.json")):
        found = json.loads(part.read_text(encoding="utf-8"))
        if key in found:
            text: str = found[key]
            for name, value in params.items():
                text = text.replace("{" + name + "}", str(value))
            return text
    raise KeyError(key)


@pytest.fixture(scope="module")
def quick(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    """A server that tells "gone" after half a second away."""
    db = Path(tmp_path_factory.mktemp("together")) / "together.sqlite3"
    with ServerProcess(db, workers=1, args=("--presence-grace", "0.5")) as s:
        yield s


def _page(context_factory: Any, lang: str, size: dict[str, int] | None = None,
          ask_name: bool = True, touch: bool = False) -> Any:
    ctx = context_factory(lang=lang, ask_name=ask_name)
    ctx.add_init_script(SPY)
    page = ctx.new_page()
    if size:
        page.set_viewport_size(size)
    page.on("dialog", lambda d: d.accept())
    return page


def _toast(page: Any, text: str) -> None:
    page.wait_for_function("(t) => [...document.querySelectorAll('.toast')].some((n) => "
                           "n.textContent.includes(t))", arg=text, timeout=20_000)


def _cup_y(page: Any, cup: int) -> float:
    return float(page.locator(f"#cup-{cup} circle.cup").get_attribute("cy"))


def _name(page: Any, name: str) -> None:
    """Answer "What is your name?"."""
    page.wait_for_selector("#your-name-dialog[open]")
    page.locator("#your-name").fill(name)
    page.locator("#your-name-ok").click()


def _invite(host: Any, server: ServerProcess, host_name: str | None) -> tuple[str, str]:
    host.goto(server.url + "/")
    card = host.locator("#game-wari")
    card.locator("select[name=seat-1]").select_option("person:invite")
    card.locator("button[type=submit]").click()
    if host_name is not None:
        _name(host, host_name)
    host.wait_for_url("**/play/*")
    host.wait_for_selector(".invite input")
    return host.url.rsplit("/", 1)[1], host.locator(".invite input").input_value()


@pytest.mark.parametrize("lang", ["en", "nl", "no"])
def test_names_sides_and_who_is_here(quick: ServerProcess, context_factory: Any,
                                     lang: str) -> None:
    host = _page(context_factory, lang)
    gid, link = _invite(host, quick, "Bea")
    friend = _page(context_factory, lang, PHONE, touch=True)
    friend.goto(link)
    _name(friend, f"  {MARKUP} ")
    friend.wait_for_function("!location.hash")
    friend.wait_for_selector("#board [data-version]")
    # the host hears it, with her name, as text
    _toast(host, words(lang, "faces.joined", name=MARKUP))
    seat = host.locator("#seats li[data-seat='1'] .who")
    seat.wait_for()
    host.wait_for_function("(n) => document.querySelector(\"#seats li[data-seat='1'] .who\")"
                           ".textContent.includes(n)", arg=MARKUP)
    assert host.locator("#seats b, #board b, .toast b").count() == 0
    assert host.locator("#name-north").text_content() == MARKUP
    # each sees their own seat marked, and the friend sees the host's name
    assert "mine" in host.locator("#seats li[data-seat='0']").get_attribute("class")
    assert "mine" in friend.locator("#seats li[data-seat='1']").get_attribute("class")
    assert friend.locator("#seats li[data-seat='0'] .who").text_content().startswith("Bea")
    assert friend.locator("#name-south").text_content() == "Bea"
    # the host sees South's row below, the friend (North) hers
    assert _cup_y(host, 1) > _cup_y(host, 7)
    assert _cup_y(friend, 7) > _cup_y(friend, 1)
    # the names are in the record and the server's views alike
    view = httpx.get(f"{quick.url}/api/games/{gid}?lang={lang}").json()
    assert view["names"] == ["Bea", MARKUP]
    # a spectator sees it from South; turns it; a reload keeps it turned
    spectator = _page(context_factory, lang, TABLET, ask_name=False)
    spectator.goto(f"{quick.url}/play/{gid}")
    spectator.wait_for_selector("#cup-1")
    assert _cup_y(spectator, 1) > _cup_y(spectator, 7)
    assert spectator.locator("#turn-board").text_content() == words(lang, "faces.turn_board")
    spectator.locator("#turn-board").click()
    spectator.wait_for_function("document.querySelector('#board svg').classList.contains('turned')")
    assert _cup_y(spectator, 7) > _cup_y(spectator, 1)
    spectator.reload()
    spectator.wait_for_selector("#cup-1")
    assert _cup_y(spectator, 7) > _cup_y(spectator, 1)
    # the friend can turn hers too (South below again), and her turned board still plays
    friend.locator("#turn-board").click()
    friend.wait_for_function("!document.querySelector('#board svg').classList.contains('turned')")
    assert _cup_y(friend, 1) > _cup_y(friend, 7)
    # the friend's page closes: the host hears she has left; she comes back: she is back
    friend_ctx = friend.context
    friend.close()
    _toast(host, words(lang, "faces.gone", name=MARKUP))
    again = friend_ctx.new_page()
    again.goto(f"{quick.url}/play/{gid}")
    again.wait_for_selector("#board [data-version]")
    _toast(host, words(lang, "faces.back", name=MARKUP))
    # she was not asked her name again (the device remembers it)
    assert again.locator("#your-name-dialog").count() == 0
    assert again.evaluate("localStorage.getItem('ludotheek.name')") == MARKUP
    # the spectator heard none of it
    assert spectator.evaluate("window.__sounds") == []


def _hide(page: Any, hidden: bool) -> None:
    page.evaluate(HIDE, hidden)


def _move(page: Any) -> None:
    page.wait_for_selector(LEGAL, timeout=20_000)
    drawn = page.evaluate(DRAWN)
    page.locator(LEGAL).first.click()
    page.wait_for_function(f"(v) => {DRAWN} > v", arg=drawn, timeout=20_000)


@pytest.mark.parametrize("allowed", [True, False])
def test_your_turn_while_the_page_is_behind(server: ServerProcess, context_factory: Any,
                                            allowed: bool) -> None:
    host = _page(context_factory, "en")
    _gid, link = _invite(host, server, "Bea")
    friend = _page(context_factory, "en", PHONE)
    if allowed:
        friend.context.grant_permissions(["notifications"], origin=server.url)
    else:  # the browser (or the person, asked) says no
        friend.context.add_init_script(
            "Object.defineProperty(Notification, 'permission', { get: () => 'denied' });"
            "Notification.requestPermission = async () => 'denied';")
    friend.goto(link)
    _name(friend, "Anna")
    friend.wait_for_selector("#notify-turn")
    own_title = friend.title()
    own_icon = friend.locator("link[rel~='icon']").get_attribute("href")
    friend.locator("#notify-turn").check() if allowed else friend.locator("#notify-turn").click()
    note = friend.locator("#notify-note")
    note.wait_for()
    if allowed:
        assert note.text_content() == words("en", "faces.notify_on")
        assert friend.locator("#notify-turn").is_checked()
    else:
        assert note.text_content() == words("en", "faces.notify_refused")
        assert not friend.locator("#notify-turn").is_checked()
    # the friend's page goes behind another tab; the host moves: it is her turn
    _hide(friend, True)
    _move(host)
    friend.wait_for_function("document.title.startsWith('●')", timeout=20_000)
    assert friend.title() == words("en", "faces.turn_title", title=own_title)
    assert friend.locator("link[rel~='icon']").get_attribute("href").startswith(
        "data:image/svg+xml")
    assert friend.evaluate("window.__sounds") == ["turn"]
    notes = friend.evaluate("window.__notes")
    if allowed:
        assert notes == [{"title": "Anna, it is your turn.", "body": own_title}]
    else:
        assert notes == []
    # in front again: the page's own title and icon; her move is as it always was
    _hide(friend, False)
    friend.wait_for_function("(t) => document.title === t", arg=own_title)
    assert friend.locator("link[rel~='icon']").get_attribute("href") == own_icon
    _move(friend)
    # her turn while she looks at the page: no title, icon or notification, only the page's
    # own sounds (js/sound.js's soundOf: her move's, then the chime of her turn after a person's)
    _move(host)
    friend.wait_for_selector(LEGAL, timeout=20_000)
    friend.wait_for_function("window.__sounds.length >= 3")
    sounds = friend.evaluate("window.__sounds")
    assert friend.title() == own_title and sounds[0] == "turn" and len(sounds) == 3
    assert sounds[1] in ("move", "capture") and sounds[2] in ("turn", "capture"), sounds
    assert len(friend.evaluate("window.__notes")) == len(notes)
    # a refused permission changed nothing else: the host's page never asked
    assert host.evaluate("window.__notes") == []


def test_my_games_put_your_turn_on_top(server: ServerProcess, context_factory: Any) -> None:
    host = _page(context_factory, "en", ask_name=False)
    mine, _ = _invite(host, server, None)           # South: the host's turn
    host.goto(server.url + "/")
    card = host.locator("#game-wari")
    card.locator("select[name=seat-0]").select_option("person:invite")
    card.locator("select[name=seat-1]").select_option("person:play")
    card.locator("button[type=submit]").click()     # North: the friend's turn first
    host.wait_for_url("**/play/*")
    theirs = host.url.rsplit("/", 1)[1]
    host.goto(server.url + "/")
    host.wait_for_selector("#my-games-list li .tag")
    items = host.locator("#my-games-list li")
    assert items.nth(0).get_attribute("data-id") == mine        # older, but her turn
    assert items.nth(0).get_attribute("data-turn") == "mine"
    assert "Your turn" in items.nth(0).inner_text()
    assert items.nth(1).get_attribute("data-id") == theirs
    assert "South's turn" in items.nth(1).inner_text()


def test_a_profiles_games_on_another_device(server: ServerProcess,
                                            context_factory: Any) -> None:
    """Anna takes her seat with her profile on her phone; on her tablet (the same profile)
    "My games" lists it, on another device; "Play here" takes it up there."""
    made = httpx.post(f"{server.url}/api/profiles", json={"name": "Anna"}).json()
    profile = json.dumps({"id": made["id"], "name": made["name"], "secret": made["secret"]})
    host = _page(context_factory, "en")
    gid, link = _invite(host, server, "Bea")
    phone = _page(context_factory, "en", PHONE)
    phone.context.add_init_script(f"localStorage.setItem('ludotheek.profile', {profile!r});")
    phone.goto(link)
    phone.wait_for_function("!location.hash")  # no question: the profile's name is hers
    _toast(host, "Anna has joined.")
    _move(host)
    tablet = _page(context_factory, "en", TABLET)
    tablet.context.add_init_script(f"localStorage.setItem('ludotheek.profile', {profile!r});")
    tablet.goto(f"{server.url}/profile")
    item = tablet.locator(f"#profile-mine li[data-id='{gid}']")
    item.wait_for()
    assert item.get_attribute("data-turn") == "mine"
    assert "on another device" in item.inner_text()
    item.locator("a.play-here").click()
    tablet.wait_for_selector(LEGAL, timeout=20_000)  # her seat here now
    _toast(phone, "another device")  # the phone watches from now on


def _create(server: ServerProcess, game: str, seats: list[dict[str, Any]],
            **options: Any) -> tuple[str, list[str | None]]:
    r = httpx.post(f"{server.url}/api/games", json={"game": game, "seats": seats,
                                                     "options": options})
    assert r.status_code == 201, r.text
    return r.json()["id"], [s["token"] for s in r.json()["seats"]]


def test_the_second_player_sees_their_colour_first(server: ServerProcess,
                                                   context_factory: Any) -> None:
    person = {"type": "person"}
    # Haaienzee: red's meter first, marked; yellow's on the host's page
    gid, tokens = _create(server, "haaienzee", [person, person])
    red = _page(context_factory, "en", ask_name=False)
    red.goto(f"{server.url}/play/{gid}#token={tokens[1]}")
    red.wait_for_selector("#hz-meters .hz-meter.first")
    first = red.locator("#hz-meters .hz-meter").first
    assert first.get_attribute("data-seat") == "1" and "mine" in first.get_attribute("class")
    red.locator("#turn-board").click()  # turned: yellow first, red still marked
    red.wait_for_function("document.querySelector('#hz-meters .hz-meter').dataset.seat === '0'")
    assert "mine" in red.locator("#hz-meters .hz-meter[data-seat='1']").get_attribute("class")
    # Aqua Romana of three: the second player's colours first, then the third's, the first's
    gid, tokens = _create(server, "aqua_romana", [person, person, person], players=3)
    second = _page(context_factory, "en", ask_name=False)
    second.goto(f"{server.url}/play/{gid}#token={tokens[1]}")
    second.wait_for_selector("#aq-scores li.aq-seat")
    order = second.eval_on_selector_all("#aq-scores li.aq-seat",
                                        "(ns) => ns.map((n) => n.dataset.seat)")
    assert order == ["1", "2", "0"]
    assert "mine" in second.locator("#aq-scores li[data-seat='1']").get_attribute("class")
    # Akwaier: the page's own seat is marked in its players table and the players list
    computer = {"type": "computer", "level": "easy"}
    gid, tokens = _create(server, "akwaier", [computer, computer, person, computer, computer,
                                              computer])
    third = _page(context_factory, "en", ask_name=False)
    third.goto(f"{server.url}/play/{gid}#token={tokens[2]}")
    third.wait_for_selector(".akw-table tr.mine")
    assert third.locator(".akw-table tr.mine").first.get_attribute("data-seat") == "2"
    assert "mine" in third.locator("#seats li[data-seat='2']").get_attribute("class")
    # five computers of one level: each keeps its own name beside its level
    names = third.eval_on_selector_all("#seats li .who", "(ns) => ns.map((n) => n.textContent)")
    assert len(set(names)) == 6
    assert all("(computer, easy)" in n for i, n in enumerate(names) if i != 2)


def test_a_computer_is_named_by_its_level(server: ServerProcess, context_factory: Any) -> None:
    gid, tokens = _create(server, "wari", [{"type": "person"},
                                           {"type": "computer", "level": "strong"}])
    for lang, level in (("en", "Computer"), ("nl", "Computer"), ("no", "Datamaskin")):
        page = _page(context_factory, lang, ask_name=False)
        page.goto(f"{server.url}/play/{gid}#token={tokens[0]}")
        page.wait_for_selector("#name-north")
        strong = words(lang, "levels.name.strong")
        assert page.locator("#name-north").text_content() == f"{level} ({strong})"
        assert page.locator("#seats li[data-seat='1'] .who").text_content().startswith(
            f"{level} ({strong})")
