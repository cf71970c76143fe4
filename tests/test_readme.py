"""The README is true (issue 38): what it says of the computer levels is the code's, and the
figures it quotes of the Wari endgame build are the ones docs/performance.md measured (since
issue 41 both are made by ``python -m benchmarks.figures``: tests/test_figures.py). Before,
it offered "easy, normal and strong" (the games have 6-10 levels) and "about 5 minutes of one
core, 87 MB" (the table has grown to 18 seeds: 182 MB)."""

from __future__ import annotations

import re
from pathlib import Path

from ludotheek.ai import players
from ludotheek.games import names, plugin
from tests.gamepages import built_in

ROOT = Path(__file__).resolve().parent.parent
README = (ROOT / "README.md").read_text(encoding="utf-8")


def _title(game: str) -> str:
    """The game's English title without its translation ("Haaienzee (Shark Sea)")."""
    return str(plugin(game).game.describe()["title"]["en"]).split(" (")[0]


def _levels_table() -> dict[str, tuple[int, list[str]]]:
    """The README's table of levels: per game's title its count and the level names."""
    rows = {}
    for line in README.splitlines():
        m = re.match(r"\| ([A-Z][\w ]+) \| (\d+): (.*) \|$", line)
        if m:
            rows[m.group(1)] = (int(m.group(2)), re.findall(r"`(\w+)`", m.group(3)))
    return rows


def test_the_readme_names_every_level_of_every_game() -> None:
    table = _levels_table()
    games = [game for game in names() if built_in(game)]
    assert len(table) == len(games), table
    for game in games:
        title = _title(game)
        assert title in table, (title, sorted(table))
        count, listed = table[title]
        levels = list(players.levels(game))
        assert listed == levels, f"{game}: the README lists {listed}, the code has {levels}"
        assert count == len(levels), game
    assert "*easy*, *normal* and *strong*" not in README


def test_the_readme_says_how_to_start_without_a_browser_and_where_the_options_are() -> None:
    top = README[:README.index("## Playing")]
    assert "./start serve --no-open" in top and "./start serve --help" in top
    for words in ("How to play", "Learn to play", "Undo", "Hint", "Replay", "Analysis",
                  "one-time link", "Rated game"):
        assert words in README, words
