"""Every text a page asks for exists in every language (English, Dutch, Norwegian)."""

from __future__ import annotations

import json
import re
from pathlib import Path

WEB = Path(__file__).resolve().parents[2] / "src" / "ludotheek" / "web"
#: the catalogs; English is the fallback of the others, and all three are complete
LANGUAGES = ("en", "nl", "no")
#: a key in a JS string: "akwaier.line.buy", "game.you", ...
KEY = re.compile(r"""["']((?:akwaier|aqua_romana|haaienzee|errors|game|lobby|wari|replay|level"""
                 r"""|title|option)(?:\.[A-Za-z0-9_]+)+)["']""")
#: keys the pages make from parts (template strings), spelled out
AQUA_KINDS = ("straight", "curve", "double", "bridge", "joker")
BUILT = [f"akwaier.end.{r}" for r in ("chain_over_100", "turn_limit", "all_passed", "stopped")] \
    + [f"akwaier.log.{r}" for r in ("no_chain", "no_cash")] \
    + ["akwaier.largest_holder", "akwaier.second_holder"] \
    + [f"akwaier.start.level.{lv}" for lv in ("classic", "easy", "strong")] \
    + ["akwaier.quick_start", "haaienzee.quick_start"] \
    + [f"aqua_romana.kind.{k}" for k in (*AQUA_KINDS, "corner")] \
    + [f"aqua_romana.kind.short.{k}" for k in AQUA_KINDS] \
    + [f"aqua_romana.colour.{c}" for c in ("blue", "green", "red", "yellow")] \
    + [f"aqua_romana.log.closed.{r}" for r in ("edge", "reservoir", "blank", "voluntary",
                                               "final")] \
    + [f"aqua_romana.log.bonus_lost.{r}" for r in ("no_square", "no_tiles")] \
    + [f"aqua_romana.end.{r}" for r in ("no_tile_round", "no_workers", "stopped")] \
    + [f"aqua_romana.preview.closed.{r}" for r in ("edge", "reservoir", "blank")] \
    + [f"aqua_romana.doing.{p}" for p in ("setup", "place", "place_now", "build", "bonus",
                                          "close", "pick")]


def catalog(lang: str) -> dict[str, str]:
    data: dict[str, str] = json.loads((WEB / "i18n" / f"{lang}.json").read_text())
    return data


def test_every_catalog_has_the_same_keys() -> None:
    for lang in LANGUAGES[1:]:
        assert catalog(lang).keys() == catalog("en").keys(), lang


def test_every_key_the_pages_use_is_in_every_catalog() -> None:
    used = set(BUILT)
    for js in WEB.glob("js/**/*.js"):
        used.update(KEY.findall(js.read_text()))
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


def test_the_language_switch_offers_every_catalog() -> None:
    i18n = (WEB / "js" / "i18n.js").read_text()
    assert f"export const LANGUAGES = {json.dumps(list(LANGUAGES))};" in i18n.replace("'", '"')
