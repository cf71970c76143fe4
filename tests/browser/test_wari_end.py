"""The end of a Wari game agrees with itself (issue 38, item 5): the seeds left on the board are
seen going to their owners' stores, the result appears only once the stores say what it says,
and the log tells where the seeds went."""

from __future__ import annotations

import re
from typing import Any

import pytest

from ludotheek.games.wari.learn import RECORD
from tests.browser.records import import_record
from tests.serverproc import ServerProcess

pytestmark = pytest.mark.browser

#: every change of the board or the banner: the stores, the lit cups, the result if shown
WATCH = """() => {
  window.seen = [];
  const look = () => {
    const banner = document.getElementById('banner');
    const result = document.getElementById('result');
    window.seen.push({
      south: document.querySelector('#store-south-count')?.textContent,
      north: document.querySelector('#store-north-count')?.textContent,
      home: [...document.querySelectorAll('#board g.home')].map((g) => g.dataset.cup),
      result: result && !banner.hidden && !result.closest('[hidden]') ? result.textContent : null,
    });
  };
  new MutationObserver(look).observe(document.body, { childList: true, subtree: true,
    attributes: true, attributeFilter: ['hidden', 'class'] });
}"""


@pytest.mark.parametrize("lang", ["en", "nl"])
def test_the_seeds_left_go_home_before_the_result(server: ServerProcess,
                                                  context_factory: Any, lang: str) -> None:
    # the guided game's record one move before its end: South sows cup 6 (2 seeds into
    # North's cups 7 and 8), North cannot feed South, and North's 2 seeds go to North
    data = import_record(server.url, "wari", dict(RECORD.options), RECORD.seed,
                         RECORD.moves[:62], [{"type": "person"},
                                             {"type": "computer", "level": "easy"}])
    token = data["seats"][0]["token"]
    page = context_factory(lang, animate=True).new_page()
    page.goto(f"{server.url}/play/{data['id']}#token={token}")
    page.locator("#cup-6.legal").wait_for()
    page.evaluate(WATCH)
    page.locator("#cup-6").click()
    page.locator("#result").wait_for()
    page.wait_for_function("!document.getElementById('banner').hidden")
    seen = page.evaluate("window.seen")
    # the seeds on North's cups were lit going home while the store still said 21
    assert any(s["home"] == ["7", "8"] and s["north"] == "21" for s in seen), seen
    # whenever the result was shown, the stores said what it says
    shown = [s for s in seen if s["result"]]
    assert shown
    for s in shown:
        a, b = map(int, re.findall(r"(\d+)–(\d+)", s["result"])[0])
        assert (int(s["south"]), int(s["north"])) == (a, b), s
    assert (page.locator("#store-south-count").text_content(),
            page.locator("#store-north-count").text_content()) == ("25", "23")
    line = page.locator("#wari-log li.home")
    line.wait_for()
    # North is the computer, named by its level (js/names.js)
    words = {"en": ["2 to Computer (easy)", "25–23"],
             "nl": ["2 naar Computer (makkelijk)", "25–23"]}[lang]
    assert all(w in line.inner_text() for w in words), line.inner_text()
    # South's last move captured nothing: the log does not call the seeds gone home a capture
    assert page.locator("#wari-log li.capture[data-move='63']").count() == 0
    # after a reload the log, rebuilt from the history, says the same
    page.reload()
    page.locator("#wari-log li.home").wait_for()
    assert all(w in page.locator("#wari-log li.home").inner_text() for w in words)
