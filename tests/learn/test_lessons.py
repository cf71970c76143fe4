"""Every game's "How to play" and guided first game hold together: real positions, a script
the engine accepts, every rule of the rules file met, the docs listing each step, and every
text in the three catalogs."""

from __future__ import annotations

import importlib
import re
from pathlib import Path

import pytest

from ludotheek.games import get, names, plugin
from ludotheek.learn import lessons
from ludotheek.server.pages.catalogs import catalog

ROOT = Path(__file__).resolve().parents[2]
LANGUAGES = ("en", "nl", "no")
WITH_LESSON = [g for g in names() if lessons.lesson(g) is not None]
WITH_HOWTO = [g for g in names() if lessons.howto(g) is not None]


def _lesson(game: str) -> lessons.Lesson:
    found = lessons.lesson(game)
    assert found is not None
    return found


def _howto(game: str) -> lessons.HowTo:
    found = lessons.howto(game)
    assert found is not None
    return found


def test_the_games_that_have_them() -> None:
    assert "wari" in WITH_LESSON and "wari" in WITH_HOWTO


@pytest.mark.parametrize("game", WITH_LESSON)
def test_a_lesson_is_a_script_over_one_real_game(game: str) -> None:
    lesson = _lesson(game)
    states = lessons.positions(game, lesson.record)   # every move legal, or BadRecord
    assert len(states) == len(lesson.record.moves) + 1
    ids = [s.id for s in lesson.steps]
    assert len(ids) == len(set(ids)), "step ids are unique"
    shown = 0   # the position on screen before each step
    for step in lesson.steps:
        assert shown <= step.at < len(states), step.id
        between = range(shown, step.at)
        learner_moves = [i for i in between if states[i].to_move == lesson.seat]
        if step.jump:
            assert learner_moves, f"{step.id} jumps over no move of the learner: not a jump"
        else:
            assert not learner_moves, f"{step.id} skips the learner's moves {learner_moves}: a jump"
        if step.play:
            assert states[step.at].to_move == lesson.seat, f"{step.id}: the learner is not to move"
            assert lesson.record.moves[step.at] in states[step.at].legal_moves(), step.id
            shown = step.at + 1
        else:
            shown = step.at
    assert not lesson.steps[-1].play, "the last step offers the real game"


@pytest.mark.parametrize("game", WITH_LESSON)
def test_every_rule_of_the_rules_file_is_met_in_the_lesson(game: str) -> None:
    lesson = _lesson(game)
    taught = {r for s in lesson.steps for r in s.rules}
    assert taught <= set(lesson.rules), f"unknown rules {sorted(taught - set(lesson.rules))}"
    untaught = sorted(set(lesson.rules) - taught)
    assert not untaught, f"rules no step teaches: {untaught}"


def _docs_table(game: str) -> dict[str, list[str]]:
    """The table of docs/rules/<game>.md under "The guided first game": step -> rules."""
    text = (ROOT / "docs" / "rules" / f"{game.replace('_', '-')}.md").read_text(encoding="utf-8")
    part = text.split("## The guided first game", 1)
    assert len(part) == 2, f"docs/rules/{game}.md has no section 'The guided first game'"
    rows: dict[str, list[str]] = {}
    for line in part[1].split("\n## ", 1)[0].splitlines():
        m = re.match(r"\|\s*`([\w-]+)`\s*\|(.*)\|\s*$", line)
        if m:
            cells = m.group(2).split("|")
            rows[m.group(1)] = re.findall(r"`([\w-]+)`", cells[-1])
    return rows


@pytest.mark.parametrize("game", WITH_LESSON)
def test_the_docs_list_which_step_teaches_which_rule(game: str) -> None:
    lesson = _lesson(game)
    table = _docs_table(game)
    assert table, "the table is empty"
    for ident, rules in table.items():
        step = lesson.step(ident)   # KeyError: the docs list a step the lesson lacks
        assert sorted(rules) == sorted(step.rules), f"{ident}: docs {rules}, lesson {step.rules}"
    unlisted = [s.id for s in lesson.steps if s.rules and s.id not in table]
    assert not unlisted, f"steps that teach rules but are not in the docs: {unlisted}"


@pytest.mark.parametrize("game", WITH_LESSON)
def test_the_real_game_that_follows_is_valid(game: str) -> None:
    lesson = _lesson(game)
    from ludotheek.ai import players

    get(game).check_options(dict(lesson.finish_options) or dict(lesson.record.options))
    assert lesson.finish_level in players.levels(game)


@pytest.mark.parametrize("game", WITH_HOWTO)
def test_every_diagram_is_a_real_position(game: str) -> None:
    howto = _howto(game)
    ids = [d.id for d in howto.diagrams]
    assert len(ids) == len(set(ids))
    used = {i for s in howto.sections for i in s.diagrams}
    assert used == set(ids), "every diagram is in a section, every section's diagram exists"
    for d in howto.diagrams:
        states = lessons.positions(game, d.record)
        for f in d.frames:
            assert 0 <= f.at < len(states), (d.id, f.at)


def _keys(game: str) -> set[str]:
    keys: set[str] = set()
    howto = lessons.howto(game)
    if howto:
        keys.add(howto.summary)
        for s in howto.sections:
            keys.update((s.title, *s.paragraphs))
        for d in howto.diagrams:
            keys.update(f.text for f in d.frames)
    module = importlib.import_module(plugin(game).learn or "")
    keys.update(f"learn_{game}.refused.{code}" for code in getattr(module, "REFUSALS", ()))
    lesson = lessons.lesson(game)
    if lesson:
        for step in lesson.steps:
            keys.add(step.say)
            if step.why:
                keys.add(step.why)
    return keys


@pytest.mark.parametrize("game", sorted(set(WITH_LESSON) | set(WITH_HOWTO)))
def test_every_text_is_in_every_catalog(game: str) -> None:
    keys = _keys(game)
    assert keys
    for lang in LANGUAGES:
        missing = sorted(k for k in keys if not catalog(lang).get(k))
        assert not missing, f"{lang} lacks {missing}"


#: keys the coach's and the hints' pages make from parts (template strings), spelled out
BUILT = (
    [f"learn_wari.hint.result_{r}" for r in ("win", "loss", "draw")]
    + [f"learn_haaienzee.hint.turn_{d}" for d in ("L", "R")]
    + [f"learn_haaienzee.note.{c}" for c in ("nothing_in_reach", "opponent_can_end")]
    + [f"learn_akwaier.facts.{k}" for k in ("loose", "join", "merge", "tie", "found", "keep",
                                            "buy", "buy_none", "pass")]
    + [f"learn_akwaier.hint.do.{k}" for k in ("loose", "join", "merge", "tie", "found", "keep",
                                              "buy", "buy_none", "pass")]
    + ["learn_akwaier.note.pays_others"]
    + [f"learn_aqua_romana.note.{c}" for c in ("closes_for_zero", "closes_theirs",
                                               "pays_others")])


def test_the_keys_the_pages_build_are_in_every_catalog() -> None:
    for lang in LANGUAGES:
        missing = [k for k in BUILT if not catalog(lang).get(k)]
        assert not missing, f"{lang} lacks {missing}"


def test_the_advice_codes_have_their_words() -> None:
    """Every note code a game's advice can give is in BUILT (so in every catalog)."""
    found = 0
    for game in names():
        module = lessons._module(game)
        if module is None or not lessons.advises(game):
            continue
        src = Path(module.__file__).read_text()
        for code in re.findall(r'"code": "([a-z_]+\.[a-z_]+)"', src):
            found += 1
            assert f"learn_{code.split('.')[0]}.note.{code.split('.')[1]}" in BUILT, code
    assert found >= 5   # Haaienzee's two, Akwaier's one, Aqua Romana's three
