"""Every menu of computer levels says each level's name in the page's language, its time per
move and, where it was measured, its rating (issue 21): the lobby's cards of all games, Wari's
settings, Haaienzee's and Akwaier's start dialogs."""

from __future__ import annotations

from typing import Any

import pytest

from ludotheek.ai import players
from ludotheek.games import names
from ludotheek.server.pages.catalogs import catalog
from tests.serverproc import ServerProcess

pytestmark = pytest.mark.browser


def expected_note(level: players.Level, lang: str = "en") -> tuple[str, str | None]:
    """The words for the level's time per move, and for its rating (None: not measured)."""
    time = {"en": ("instant", "s a move"), "nl": ("meteen", "s per zet"),
            "no": ("straks", "s per trekk")}[lang]
    words = time[0] if not level.seconds else time[1]
    rating = None if level.rating is None else f"rating {round(level.rating)}"
    return words, rating


def check(text: str, level: players.Level, lang: str = "en") -> None:
    words, rating = expected_note(level, lang)
    assert words in text, (level.name, text)
    if rating is None:
        assert "rating" not in text, (level.name, text)
    else:
        assert rating in text, (level.name, text)


def test_some_level_has_a_measured_rating() -> None:
    # the checks below see both cases only if at least one level is rated
    assert any(lv.rating is not None for game in names() for lv in players.levels(game).values())


@pytest.mark.parametrize("lang", ["en", "nl", "no"])
def test_the_lobby_cards_show_each_levels_time_and_rating(server: ServerProcess,
                                                           context_factory: Any,
                                                           lang: str) -> None:
    page = context_factory(lang=lang).new_page()
    page.goto(server.url + "/")
    page.wait_for_selector("select[name=seat-1] option[value^='computer:']", state="attached")
    shown = [g for g in names() if page.locator(f"#game-{g} select[name=seat-1]").count()]
    assert {"wari", "haaienzee", "akwaier", "aqua_romana"} <= set(shown)
    for game in shown:
        select = page.locator(f"#game-{game} select[name=seat-1]")
        offered = select.evaluate(
            "s => [...s.options].map(o => o.value).filter(v => v.startsWith('computer:'))")
        ladder = players.levels(game)
        assert offered == [f"computer:{name}" for name in ladder]
        for name, level in ladder.items():
            # the level's name in the page's language (also a level not on players.LADDER,
            # as Wari's grandmaster, whose name its game's texts bring)
            text = select.locator(f"option[value='computer:{name}']").text_content()
            assert catalog(lang)[f"levels.name.{name}"] in (text or ""), (game, name, text)
            select.select_option(f"computer:{name}")
            check(page.locator(f"#note-{game}-1").inner_text(), level, lang)
            # the option's tooltip says it too
            title = select.locator(f"option[value='computer:{name}']").get_attribute("title")
            check(title or "", level, lang)


def options_of(page: Any, selector: str) -> dict[str, str]:
    return dict(page.eval_on_selector_all(
        f"{selector} option", "os => os.map(o => [o.value, o.textContent])"))


def check_opponents(page: Any, select: str, game: str) -> None:
    """The menu ``select`` of ``game``'s computer opponents, once its last level is there:
    each level's note."""
    ladder = players.levels(game)
    last = f"{select} option[value='computer:{list(ladder)[-1]}']"
    page.wait_for_function(f"document.querySelector(\"{last}\")")
    got = options_of(page, select)
    for name, level in ladder.items():
        check(got[f"computer:{name}"], level)


def test_the_start_dialogs_and_wari_settings_show_them(server: ServerProcess,
                                                        context_factory: Any) -> None:
    page = context_factory().new_page()
    # Haaienzee's start dialog
    page.goto(server.url + "/")
    page.locator("#quick-haaienzee").click()
    page.wait_for_selector("#hz-start[open]")
    check_opponents(page, "#hz-start-opponent", "haaienzee")
    # Akwaier's (the levels by name; the menu comes from /api/meta)
    page.goto(server.url + "/")
    page.locator("#quick-akwaier").click()
    page.wait_for_selector("#akw-start[open]")
    ladder = players.levels("akwaier")
    page.wait_for_function("document.querySelector('#start-level option[value=strong]')"
                           "?.textContent.includes('·')")
    got = options_of(page, "#start-level")
    assert list(got) == list(ladder)
    for name, level in ladder.items():
        check(got[name], level)
    # Wari's settings on its page (a game of two people at this browser)
    page.goto(server.url + "/")
    card = page.locator("#game-wari")
    card.locator("select[name=seat-1]").select_option("person:play")
    card.locator("button[type=submit]").click()
    page.wait_for_url("**/play/*")
    page.locator("#new-game").click()
    check_opponents(page, "#set-opponent", "wari")
