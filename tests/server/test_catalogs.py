"""Every text a page asks for exists in every language (English, Dutch, Norwegian)."""

from __future__ import annotations

import ast
import re
from pathlib import Path

from starlette.testclient import TestClient

from ludotheek.ai import players
from ludotheek.ai.players import LADDER
from ludotheek.games import names
from ludotheek.server.pages.catalogs import LANGUAGES as CATALOG_LANGUAGES
from ludotheek.server.pages.catalogs import parts
from ludotheek.server.pages.files import has_page
from tests import error_codes
from tests.gamepages import pages

WEB = Path(__file__).resolve().parents[2] / "src" / "ludotheek" / "web"
#: the catalogs; English is the fallback of the others, and all three are complete
LANGUAGES = ("en", "nl", "no")
assert tuple(sorted(LANGUAGES)) == CATALOG_LANGUAGES
#: the first parts of keys ("akwaier", "game", ...): those of the English catalog, and the
#: name of every part file
PREFIXES = sorted({k.split(".")[0] for p in parts("en").values() for k in p} | set(parts("en")))
#: a key in a JS string: "akwaier.line.buy", "game.you", ...
KEY = re.compile(r"""["']((?:""" + "|".join(map(re.escape, PREFIXES))
                 + r""")(?:\.[A-Za-z0-9_]+)+)["']""")
#: keys the pages make from parts (template strings), spelled out: the shared pages' here,
#: a game's in its test folder (tests/<game>/page.py), the level names from the declarations
BUILT = [f"levels.name.{lv}" for lv in LADDER] \
    + [f"levels.name.{lv}" for game in names() for lv in players.levels(game)] \
    + [key for page in pages().values() for key in page.built] \
    + [f"shell.{s}{r}" for s in ("aborted", "abandoned") for r in ("", ".result")] \
    + [f"ending.{a}.{k}" for a in ("abort", "resign", "leave")
       for k in ("button", "hint", "title", "explain", "yes")]


def catalog(lang: str) -> dict[str, str]:
    merged: dict[str, str] = {}
    for part in parts(lang).values():
        merged.update(part)
    return merged


def test_a_key_is_in_one_part_of_a_catalog_only() -> None:
    for lang in LANGUAGES:
        seen: dict[str, str] = {}
        for name, part in parts(lang).items():
            for key in part:
                assert key not in seen, f"{lang}: {key} is in {seen[key]}.json and {name}.json"
                seen[key] = name


def test_the_languages_have_the_same_parts() -> None:
    for lang in LANGUAGES[1:]:
        assert parts(lang).keys() == parts("en").keys(), lang


def test_the_server_serves_the_merged_catalog(client: TestClient) -> None:
    for lang in LANGUAGES:
        answer = client.get(f"/static/i18n/{lang}.json")
        assert answer.status_code == 200
        assert answer.json() == catalog(lang)
    assert client.get("/static/i18n/xx.json").status_code == 404


def test_every_catalog_has_the_same_keys() -> None:
    for lang in LANGUAGES[1:]:
        assert catalog(lang).keys() == catalog("en").keys(), lang


def _page_scripts() -> list[Path]:
    """The pages' JavaScript: the shared modules and every game's own page folder."""
    from ludotheek.games import plugins

    found = sorted(WEB.glob("js/**/*.js"))
    for game in plugins():
        if game.page is not None:
            found += sorted(game.page.glob("**/*.js"))
    return found


def test_the_scripts_searched_are_the_shared_ones_and_the_games_own() -> None:
    scripts = _page_scripts()
    assert WEB / "js" / "lobby.js" in scripts
    for name in names():
        if has_page(name):
            assert any(p.name == f"{name}.js" for p in scripts), name


def test_every_key_the_pages_use_is_in_every_catalog() -> None:
    used = set(BUILT)
    for js in _page_scripts():
        used.update(KEY.findall(js.read_text()))
    for html in WEB.glob("*.html"):  # data-i18n, data-i18n-title, data-i18n-label
        used.update(KEY.findall(html.read_text()))
    assert len(used) > 250
    for lang in LANGUAGES:
        missing = sorted(k for k in used if k not in catalog(lang))
        assert not missing, f"{lang}.json lacks {missing}"


def test_the_placeholders_agree_between_the_languages() -> None:
    en = catalog("en")
    for lang in LANGUAGES[1:]:
        other = catalog(lang)
        for key, text in en.items():
            assert set(re.findall(r"\{(\w+)\}", text)) == set(
                re.findall(r"\{(\w+)\}", other[key])), (lang, key)


def test_the_language_switch_offers_every_catalog(client: TestClient) -> None:
    """The pages take the languages from the server (no list of their own to keep in step)."""
    assert client.get("/static/i18n/languages.json").json() == {"languages": list(LANGUAGES)}
    i18n = (WEB / "js" / "i18n.js").read_text()
    assert '"/static/i18n/languages.json"' in i18n and '"nl"' not in i18n


# --- errors: a code and parameters, worded by the catalogs -------------------------------
#: the error classes a page can be shown (moves, creation, imports, the server's refusals)
PAGE_ERRORS = {"IllegalMove", "BadOption", "BadRecord", "UnknownGame", "UnknownPlayer",
               "ServiceError", "Invalid", "Forbidden", "NotFound", "Conflict", "TooLarge",
               "TooMany"}
#: where those are raised
PAGE_SOURCES = ("core", "games", "ai/players.py", "server")


def _placeholders(text: str) -> set[str]:
    return set(re.findall(r"\{(\w+)\}", text))


def test_every_error_code_of_the_source_is_worded_in_every_catalog() -> None:
    found = error_codes.codes()
    assert len(found) > 150
    for lang in LANGUAGES:
        words = catalog(lang)
        for code, uses in found.items():
            key = f"errors.{code}"
            assert key in words, f"{lang}: no text for the error code {code} ({uses[0].where})"
            wanted = _placeholders(words[key])
            for use in uses:
                if use.params is not None:
                    assert wanted <= use.params, (
                        f"{lang}: {key} uses {sorted(wanted - use.params)}, which "
                        f"{use.where} does not give")


def test_every_error_text_belongs_to_a_code_a_word_or_a_page() -> None:
    found = set(error_codes.codes())
    used_by_pages = set()
    for js in _page_scripts():
        used_by_pages.update(KEY.findall(js.read_text()))
    errors = [k for part in parts("en").values() for k in part if k.startswith("errors.")]
    assert len(errors) > 250
    for key in errors:  # the shared part errors.json's and those a game brings
        name = key.removeprefix("errors.")
        assert name in found or name.startswith("word.") or key in used_by_pages, \
            f"{key} is neither an error code of the source, a word nor a page's text"


def test_every_error_a_page_can_be_shown_has_a_code() -> None:
    missing = []
    for part in PAGE_SOURCES:
        root = error_codes.SRC / part
        assert root.exists(), f"{part} moved: PAGE_SOURCES names where errors are raised"
        for path in [root] if root.is_file() else sorted(root.rglob("*.py")):
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
                        and node.func.id in PAGE_ERRORS):
                    continue
                if not any(k.arg == "code" for k in node.keywords):
                    missing.append(f"{path.relative_to(error_codes.SRC)}:{node.lineno}")
    assert not missing, f"errors without a code: {missing}"


# --- the server's own words: titles, option labels, level names, seat names -------------
def test_every_game_names_its_options_levels_and_title_in_every_language() -> None:
    from ludotheek.games import get

    for name in names():
        game = get(name)
        assert set(game.title) >= set(LANGUAGES), name
        for opt in game.option_specs:
            assert set(opt.label) >= set(LANGUAGES), (name, opt.name)
        for level in players.levels(name).values():
            assert set(level.label) >= set(LANGUAGES), (name, level.name)


def test_the_seats_have_norwegian_names() -> None:
    from ludotheek.games import get

    assert get("wari").seat_names({}, "no") == ["Sør", "Nord"]
    assert get("haaienzee").seat_names({}, "no") == ["Gul", "Rød"]
    akwaier = get("akwaier")
    assert akwaier.seat_names({"language": "no"}) == [
        "BESTEFAR", "BESTEMOR", "BROR", "SØSTER", "PAPPA", "MAMMA"]
    assert akwaier.seat_names({"language": "no", "names": "2:"})[1] == "MENNESKE"
    assert get("aqua_romana").seat_names({"players": 2}, "no") != \
        get("aqua_romana").seat_names({"players": 2}, "en")


def test_a_sharks_name_is_in_lower_case_in_dutch_and_norwegian() -> None:
    # the name stands inside sentences ("Plasser gul hai 1", "Plaats gele haai 1"), where a
    # colour is not written with a capital; the page capitalises a sentence's start itself
    # (js/games/haaienzee/text.js capital). English writes the players' colours as names.
    for lang in ("nl", "no"):
        words = {k: v for p in parts(lang).values() for k, v in p.items()}
        for seat in ("yellow", "red"):
            name = words[f"haaienzee.shark.{seat}"]
            assert name[0].islower(), (lang, name)
