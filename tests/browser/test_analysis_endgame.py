"""Wari's endgame in the replay viewer's analysis (issue 40), in Chromium: the exact stretch
of the graph, the result with perfect play at a position, what a mistake made of it, and
the note where the database provided did not reach, in English, Dutch and Norwegian."""

from __future__ import annotations

from typing import Any

import httpx
import pytest

from tests.serverproc import ServerProcess

pytestmark = pytest.mark.browser

#: what the page says of the decision that turned a win by 8 into a draw, per language
TURNED = {
    "en": "Exact: this move turns a win by 8 seeds into a draw, giving away 8 seeds.",
    "nl": "Exact: deze zet maakt van een winst met 8 bonen een gelijkspel en geeft 8 bonen weg.",
    "no": "Eksakt: dette trekket gjør en seier med 8 frø til uavgjort og gir bort 8 frø.",
}
HERE = {"en": "With perfect play from here: {name} wins by 8 seeds.",
        "nl": "Met perfect spel vanaf hier: {name} wint met 8 bonen.",
        "no": "Med perfekt spill herfra: {name} vinner med 8 frø."}
NOTE = {"en": "holds the positions of at most 8 seeds so far",
        "nl": "bevat nu de standen met hoogstens 8 bonen",
        "no": "har så langt stillingene med høyst 8 frø"}


def _stored(server: ServerProcess) -> tuple[str, dict[str, Any]]:
    """The game of tests/analysis/test_wari_endgame_review.py imported, and its analysis
    made here with the database of 8 seeds and stored as the server stores one."""
    from ludotheek.analysis.local import measure_all
    from ludotheek.analysis.plan import Plan
    from ludotheek.analysis.result import assemble
    from ludotheek.analysis.review import review_for
    from ludotheek.core.resources import StaticResources, using
    from ludotheek.games.wari import fast
    from ludotheek.store import open_database
    from tests.analysis.test_wari_endgame_review import SMALL, endgame_record
    from tests.wari.helpers import small_db

    record = endgame_record("applet")
    data = record.to_json()
    data["seats"] = [{"type": "person", "name": "Ann"}, {"type": "person", "name": "Bo"}]
    r = httpx.post(f"{server.url}/api/records", json=data)
    assert r.status_code == 201, r.text
    gid = str(r.json()["id"])
    plan = Plan.of(record)
    review = review_for("wari")
    fast.warm()
    with using(StaticResources({"wari-endgames": small_db(SMALL), "wari-search": fast})):
        measures = measure_all(plan)
    result = assemble(plan, measures, review)
    engine = httpx.get(f"{server.url}/api/games/{gid}/analysis").json()["engine"]
    assert engine == review.engine()
    db = open_database(server.db)
    try:
        db.analyses.start(gid, engine, len(record.moves), len(measures))
        for n, m in measures.items():
            db.analyses.put_position(gid, engine, n, m)
        db.analyses.finish(gid, engine, len(record.moves), result)
    finally:
        db.close()
    return gid, result


@pytest.mark.parametrize("lang", ["en", "nl", "no"])
def test_the_endgame_is_the_exact_result_in_words(server: ServerProcess, context_factory: Any,
                                                  lang: str) -> None:
    gid, result = _stored(server)
    turned = next(d for d in result["decisions"]
                  if d["exact"] and (d["best_value"], d["played_value"]) == (8.0, 0.0))
    name = ["Ann", "Bo"][turned["seat"]]
    exact = [p["at"] for p in result["positions"] if p["exact"]]
    noted = [p["at"] for p in result["positions"] if p["note"]]
    assert exact and noted and max(noted) < min(exact)
    page = context_factory(lang=lang).new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(f"{server.url}/replay/{gid}?move={turned['number']}")
    page.wait_for_selector("#analysis-turn", timeout=30_000)
    assert page.locator("#analysis-turn").inner_text() == TURNED[lang]
    assert "-0" not in page.locator("#analysis-detail").inner_text()  # a draw is 0 each
    # the graph shades the exact stretch, from the first exact position to the end
    zone = page.locator("#analysis-graph rect.exact-zone")
    assert zone.count() >= 1
    assert int(zone.first.get_attribute("data-from") or -1) == min(exact)
    assert page.locator("#analysis-graph .analysis-legend .exact-zone").count() == 1
    # the note once above the graph: the database provided holds 8 seeds of the 18
    assert NOTE[lang] in page.locator("#analysis-notes").inner_text()
    # the position before the move: its result with perfect play
    page.goto(f"{server.url}/replay/{gid}?move={turned['before']}")
    page.wait_for_selector("#analysis-outcome")
    assert page.locator("#analysis-outcome").inner_text() == HERE[lang].format(name=name)
    assert page.locator("#analysis-note-here").count() == 0
    # a position of 9-18 seeds: estimated, and it says why
    page.goto(f"{server.url}/replay/{gid}?move={noted[-1]}")
    page.wait_for_selector("#analysis-note-here")
    assert NOTE[lang] in page.locator("#analysis-note-here").inner_text()
    assert page.locator("#analysis-outcome").count() == 0
    assert not errors
