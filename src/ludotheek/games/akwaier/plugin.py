"""Akwaier declares itself: its players and levels, its page (``web/``: the renderer and
its modules, its style sheet and its module for the learn pages) and its texts (``texts/``),
its score list of wealths, its page errors in ``akwaier-fout.txt`` (as the manual says),
Dutch first, its self-test, its build target (the strong player's rollouts compiled)."""

from __future__ import annotations

from pathlib import Path

from ludotheek.core.plugin import GamePlugin, ScoreList, SelfTest
from ludotheek.games.akwaier import hooks, scorefile, selftest
from ludotheek.games.akwaier.rules import GAME

HERE = Path(__file__).resolve().parent

PLUGIN = GamePlugin(
    game=GAME,
    players="ludotheek.games.akwaier.players",
    page=HERE / "web",
    texts=HERE / "texts",
    learn="ludotheek.games.akwaier.learn",
    review="ludotheek.games.akwaier.review",
    data="ludotheek.games.akwaier.data",
    score_list=ScoreList(label={"en": "wealth", "nl": "vermogen", "no": "formue"},
                         results=hooks.results,
                         file=scorefile),
    error_log="akwaier-fout.txt",
    language="nl",
    selftest=SelfTest(run=selftest.run, steps=selftest.GAMES,
                      report_file=selftest.DEFAULT_REPORT, languages=("nl", "en")),
)
