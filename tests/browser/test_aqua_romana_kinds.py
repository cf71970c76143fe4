"""Aqua Romana's kind buttons on a phone (issue 38, item 13): a kind's name and what is left of
it ("(nog 3)") each stay on one line inside the button, in every language, also on the
narrowest phone; "(nog 3)" used to wrap on its own inside the button."""

from __future__ import annotations

import json
from typing import Any

import httpx
import pytest

from tests.browser import layout
from tests.serverproc import ServerProcess

pytestmark = pytest.mark.browser

#: every text of a kind button that takes more than one line, or leaves its button
BROKEN = """[...document.querySelectorAll('#aq-step .aq-kind')].flatMap((b) => {
  const box = b.getBoundingClientRect();
  return [...b.querySelectorAll('span')].filter((s) => {
    const lines = s.getClientRects();
    const r = s.getBoundingClientRect();
    return lines.length > 1 || r.right > box.right + 0.5 || r.left < box.left - 0.5;
  }).map((s) => `${b.id}: "${s.textContent.trim()}" in ${s.getClientRects().length} lines`);
})"""


@pytest.mark.parametrize("size", ["phone", "narrow"])
@pytest.mark.parametrize("lang", ["nl", "en", "no"])
def test_the_kind_buttons_keep_their_words_together(server: ServerProcess, browser: Any,
                                                    lang: str, size: str) -> None:
    r = httpx.post(f"{server.url}/api/games", json={
        "game": "aqua_romana", "options": {"first": 1},
        "seats": [{"type": "person"}, {"type": "computer", "level": "beginner"}]}).json()
    ctx = layout.context(browser, {**layout.SIZES, **layout.NARROW}[size], lang)
    held = {r["id"]: {"game": "aqua_romana", "saved": 1, "invites": {},
                      "seats": {"0": r["seats"][0]["token"]}}}
    ctx.add_init_script(f"localStorage.setItem('ludotheek.games', "
                        f"{json.dumps(json.dumps(held))});")
    try:
        page = ctx.new_page()
        page.goto(f"{server.url}/play/{r['id']}")
        page.wait_for_selector("#aq-step .aq-kind")
        assert page.evaluate(BROKEN) == []
        assert not layout.sideways(page) + layout.squashed(page)
    finally:
        ctx.close()
