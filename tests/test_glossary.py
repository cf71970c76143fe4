"""One glossary per game and language (docs/glossary/<game>.md, issue 38, item 6): the game's
own words and the alternatives each replaces. No text a person reads in that language uses a
replaced alternative: no catalog key (the shared parts and the game's texts) and no move's
text the engine writes (``describe_move`` and ``render`` of every position of a game)."""

from __future__ import annotations

import random
import re
from dataclasses import dataclass
from pathlib import Path

import pytest

from ludotheek.core.texts import LANGUAGES, parts
from ludotheek.games import get, names
from tests.gamepages import built_in

GLOSSARY = Path(__file__).resolve().parent.parent / "docs" / "glossary"
GAMES = [g for g in names() if built_in(g)]


@dataclass(frozen=True)
class Entry:
    lang: str
    words: tuple[str, ...]
    replaces: tuple[str, ...]


def glossary(game: str) -> list[Entry]:
    """The entries of a game's glossary: under each ``## <lang>`` heading a table of the
    word (its forms, comma-separated), the alternatives it replaces and where it comes from."""
    entries: list[Entry] = []
    lang = None
    for line in (GLOSSARY / f"{game}.md").read_text(encoding="utf-8").splitlines():
        heading = re.match(r"## (\w+)\b", line)
        if heading:
            lang = heading.group(1)
            continue
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if lang is None or not line.startswith("|") or len(cells) < 3 or set(cells[0]) <= {"-"} \
                or cells[0] == "word":
            continue
        split = [tuple(w.strip().strip("`") for w in c.split(",") if w.strip()) for c in cells[:2]]
        entries.append(Entry(lang, split[0], split[1]))
    return entries


def pattern(word: str) -> re.Pattern[str]:
    """A word (or a text such as ``T{``) standing alone: not inside a longer word."""
    return re.compile(rf"(?<![\w-]){re.escape(word)}(?![\w-])", re.IGNORECASE)


def replaced(game: str, lang: str) -> list[tuple[str, re.Pattern[str]]]:
    return [(alt, pattern(alt)) for e in glossary(game) if e.lang == lang for alt in e.replaces]


def test_every_game_has_a_glossary_in_every_language() -> None:
    for game in GAMES:
        assert (GLOSSARY / f"{game}.md").is_file(), f"docs/glossary/{game}.md is missing"
        langs = {e.lang for e in glossary(game)}
        assert langs == set(LANGUAGES), (game, langs)
        for e in glossary(game):
            assert e.words and e.replaces, (game, e)
            # a word is never its own alternative, in any game of the same language
            assert not {w.lower() for w in e.words} & {r.lower() for r in e.replaces}, e


def test_the_games_words_are_used() -> None:
    """Each glossary word appears in the game's texts of its language (a glossary of words
    nobody uses says nothing)."""
    for game in GAMES:
        for e in glossary(game):
            own = " ".join(parts(e.lang)[game].values())
            assert any(pattern(w).search(own) for w in e.words), (game, e)


@pytest.mark.parametrize("lang", sorted(LANGUAGES))
@pytest.mark.parametrize("game", GAMES)
def test_no_catalog_text_uses_a_replaced_word(game: str, lang: str) -> None:
    """Every key of the game's texts and of the shared parts of the catalog (the other games'
    texts have their own glossaries)."""
    checks = replaced(game, lang)
    others = set(GAMES) - {game}
    found = [f"{part}: {key}: {alt!r} in {text!r}"
             for part, texts in parts(lang).items() if part not in others
             for key, text in texts.items() for alt, p in checks if p.search(text)]
    assert not found, "\n".join(found)


@pytest.mark.parametrize("lang", sorted(LANGUAGES))
@pytest.mark.parametrize("game", GAMES)
def test_no_moves_text_uses_a_replaced_word(game: str, lang: str) -> None:
    """The engine's words for every move of two seeded random games, and its text board."""
    checks = replaced(game, lang)
    found: set[str] = set()
    for seed in (1, 2):
        rng = random.Random(seed)
        state = get(game).new(seed=seed)
        for _ in range(400):
            if state.is_over:
                break
            move = rng.choice(state.legal_moves())
            said = state.describe_move(move, lang) + "\n" + state.render(None, lang)
            found |= {f"{alt!r} in {said!r}" for alt, p in checks if p.search(said)}
            state = state.play(move)
        said = state.render(None, lang)
        found |= {f"{alt!r} in {said!r}" for alt, p in checks if p.search(said)}
    assert not found, "\n".join(sorted(found)[:10])


@pytest.mark.parametrize("lang", sorted(LANGUAGES))
def test_a_jump_in_a_guided_game_is_said_once(lang: str) -> None:
    """The coach says "Some moves later." before a step that jumps; the step's own words do
    not say it again ("Een paar zetten later. Twaalf beurten later." in the Dutch Akwaier
    lesson)."""
    from ludotheek.core.texts import catalog
    from ludotheek.learn import lessons

    texts = catalog(lang)
    later = texts["learn.later"].rstrip(".").split()[-1].lower()   # later, senere
    for game in GAMES:
        lesson = lessons.lesson(game)
        assert lesson is not None
        for step in lesson.steps:
            first = re.split(r"(?<=[.!?])\s", texts[step.say])[0].lower()
            assert not (step.jump and later in first.split()), (game, step.id, texts[step.say])
