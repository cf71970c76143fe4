"""Every game of the application brings every item of docs/adding-a-game.md's checklist
(issue 35): what a game declares in its plug-in and what the repository keeps for it (its
tests, records and rules file). A test game (Nim) need not: these are what a game of the
application is held to. Each failure names the step of the doc that says how."""

from __future__ import annotations

import importlib
from pathlib import Path

import pytest

from ludotheek.ai import players
from ludotheek.ai.players import RatingPlan
from ludotheek.games import get, names, plugin
from ludotheek.learn import lessons
from ludotheek.learn.lessons import HowTo, Lesson

ROOT = Path(__file__).resolve().parents[1]
DOC = "docs/adding-a-game.md"
#: the games of the application: those in ludotheek's own games/ package
OURS = [g for g in names() if type(get(g)).__module__.startswith("ludotheek.games.")]
LANGUAGES = ("en", "nl", "no")
#: the steps of the doc, in its order (its headings: "## 1. The rules", ...)
STEPS = ["The rules", "The declaration", "Its tests", "Computer players and levels",
         "Texts", "The page", "How to play and the guided first game", "The review"]


def _step(n: int, title: str) -> str:
    return f"see {DOC}, step {n} ({title})"


def test_the_application_has_its_games() -> None:
    assert {"wari", "akwaier", "aqua_romana", "haaienzee"} <= set(OURS)


def test_the_doc_has_the_steps_the_checklist_names() -> None:
    text = (ROOT / DOC).read_text(encoding="utf-8")
    for n, title in enumerate(STEPS, 1):
        assert f"## {n}. {title}" in text, f"{DOC} lacks its step '## {n}. {title}'"



@pytest.mark.parametrize("game", OURS)
def test_rules_tests_and_golden_records(game: str) -> None:
    tests = ROOT / "tests" / game
    rule_tests = [p for p in sorted(tests.glob("test_*.py"))
                  if "def test_rule_" in p.read_text(encoding="utf-8")]
    assert rule_tests, f"{game}: no test_rule_... in tests/{game}/; {_step(3, STEPS[2])}"
    golden = sorted((ROOT / "tests" / "golden" / game).glob("*.json"))
    assert golden, f"{game}: no golden records in tests/golden/{game}/; {_step(3, STEPS[2])}"


@pytest.mark.parametrize("game", OURS)
def test_players_levels_and_their_ratings(game: str) -> None:
    where = _step(4, STEPS[3])
    declared = plugin(game).players
    assert declared is not None, f"{game}: GamePlugin.players is not declared; {where}"
    module = importlib.import_module(declared)
    assert getattr(module, "PLAYERS", None), f"{game}: {declared} has no PLAYERS; {where}"
    levels = getattr(module, "LEVELS", {})
    assert len(levels) >= 6, f"{game}: {len(levels)} levels; {where}"
    assert {"easy", "normal", "strong"} <= set(levels), f"{game}: not every level of the " \
        f"lobby's three (easy, normal, strong); {where}"
    assert isinstance(getattr(module, "RATING_PLAN", None), RatingPlan), \
        f"{game}: {declared} has no RATING_PLAN; {where}"
    unrated = [name for name, lv in players.levels(game).items() if lv.rating is None]
    assert not unrated, f"{game}: levels without a measured rating {unrated} " \
        f"(ratings.json, ludotheek rate); {where}"


@pytest.mark.parametrize("game", OURS)
def test_texts_in_every_language(game: str) -> None:
    folder = plugin(game).texts
    assert folder is not None, f"{game}: GamePlugin.texts is not declared; {_step(5, STEPS[4])}"
    missing = [lang for lang in LANGUAGES if not (folder / f"{lang}.json").is_file()]
    assert not missing, f"{game}: no texts in {missing}; {_step(5, STEPS[4])}"


@pytest.mark.parametrize("game", OURS)
def test_a_page_and_its_test_description(game: str) -> None:
    where = _step(6, STEPS[5])
    page = plugin(game).page
    assert page is not None and (page / f"{game}.js").is_file(), \
        f"{game}: no renderer {game}.js in its page folder (GamePlugin.page); {where}"
    assert (page / "learn" / f"{game}.js").is_file(), \
        f"{game}: no learn/{game}.js for the learn pages; {where}"
    assert (ROOT / "tests" / game / "page.py").is_file(), \
        f"{game}: no tests/{game}/page.py (PAGE = GamePage(...)); {where}"


@pytest.mark.parametrize("game", OURS)
def test_how_to_play_a_guided_game_and_its_rules_file(game: str) -> None:
    where = _step(7, STEPS[6])
    assert plugin(game).learn is not None, f"{game}: GamePlugin.learn is not declared; {where}"
    assert isinstance(lessons.howto(game), HowTo), f"{game}: its learn module has no HOWTO; {where}"
    assert isinstance(lessons.lesson(game), Lesson), \
        f"{game}: its learn module has no LESSON; {where}"
    rules = ROOT / "docs" / "rules" / f"{game.replace('_', '-')}.md"
    assert rules.is_file(), f"{game}: no {rules.relative_to(ROOT)}; {where}"
    assert "## The guided first game" in rules.read_text(encoding="utf-8"), \
        f"{game}: {rules.relative_to(ROOT)} has no section 'The guided first game'; {where}"


@pytest.mark.parametrize("game", OURS)
def test_a_review_and_its_blundered_record(game: str) -> None:
    where = _step(8, STEPS[7])
    assert plugin(game).review is not None, f"{game}: GamePlugin.review is not declared; {where}"
    record = ROOT / "tests" / "analysis" / "records" / f"{game}-blunder.json"
    assert record.is_file(), f"{game}: no {record.relative_to(ROOT)} " \
        f"(scripts/make_blunder_records.py {game}); {where}"
