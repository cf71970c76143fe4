"""Every text a page asks for exists in Dutch and in English."""

from __future__ import annotations

import json
import re
from pathlib import Path

WEB = Path(__file__).resolve().parents[2] / "src" / "ludotheek" / "web"
#: a key in a JS string: "akwaier.line.buy", "game.you", ...
KEY = re.compile(r"""["']((?:akwaier|haaienzee|errors|game|lobby|wari|replay|level|title|option)"""
                 r"""(?:\.[A-Za-z0-9_]+)+)["']""")
#: keys the pages make from parts (template strings), spelled out
BUILT = [f"akwaier.end.{r}" for r in ("chain_over_100", "turn_limit", "all_passed", "stopped")] \
    + [f"akwaier.log.{r}" for r in ("no_chain", "no_cash")] \
    + ["akwaier.largest_holder", "akwaier.second_holder"] \
    + [f"akwaier.start.level.{lv}" for lv in ("classic", "easy", "strong")] \
    + ["akwaier.quick_start", "haaienzee.quick_start"]


def catalog(lang: str) -> dict[str, str]:
    data: dict[str, str] = json.loads((WEB / "i18n" / f"{lang}.json").read_text())
    return data


def test_both_catalogs_have_the_same_keys() -> None:
    assert catalog("en").keys() == catalog("nl").keys()


def test_every_key_the_pages_use_is_in_both_catalogs() -> None:
    used = set(BUILT)
    for js in WEB.glob("js/**/*.js"):
        used.update(KEY.findall(js.read_text()))
    assert len(used) > 150
    for lang in ("en", "nl"):
        missing = sorted(k for k in used if k not in catalog(lang))
        assert not missing, f"{lang}.json lacks {missing}"


def test_the_placeholders_agree_between_the_languages() -> None:
    en, nl = catalog("en"), catalog("nl")
    for key, text in en.items():
        assert set(re.findall(r"\{(\w+)\}", text)) == set(re.findall(r"\{(\w+)\}", nl[key])), key
