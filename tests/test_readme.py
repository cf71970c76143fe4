"""The README is true (issue 38): what it says of the computer levels is the code's, and the
figures it quotes of the Wari endgame build are the ones docs/performance.md measured. Before,
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
PERFORMANCE = (ROOT / "docs" / "performance.md").read_text(encoding="utf-8")


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


def _endgame_row() -> list[str]:
    row = next(line for line in PERFORMANCE.splitlines()
               if line.startswith("| `wari-endgames` ("))
    return [cell.strip() for cell in row.strip("|").split("|")]


def test_the_endgame_builds_figures_are_the_measured_ones() -> None:
    sentence = re.search(r"endgame table it computes once: (.*?)\(\[docs/performance\.md\]",
                         README, re.S)
    assert sentence, "the README's sentence on the endgame build"
    said = " ".join(sentence.group(1).split())
    # the size on disk: the measured build's, and the new user's folder
    size = re.search(r"(\d+) MB in your data folder", said)
    assert size, said
    _, _, cpu, _, _, disk, _ = _endgame_row()
    assert float(disk.removesuffix(" MB")) == float(size.group(1)), (disk, said)
    assert f"**{size.group(1)} MB**" in PERFORMANCE
    # the processor time: the measured user + system seconds, in minutes
    minutes = re.search(r"about (\d+) minutes of one core's processor time", said)
    assert minutes, said
    seconds = sum(float(x) for x in cpu.split("+"))
    assert round(seconds / 60) == int(minutes.group(1)), (cpu, said)
    # a new user's wait, as docs/performance.md records it
    waited = re.search(r"\((\d+) s in a new user's first run\)", said)
    assert waited and f"**{waited.group(1)} s**" in PERFORMANCE, said
    # the seeds from which it plays perfectly: the table's
    assert re.search(r"plays perfectly once at most 18 seeds", README)
    assert "all 86,493,225\nboards of 0-18 seeds" in PERFORMANCE


def test_the_readme_says_how_to_start_without_a_browser_and_where_the_options_are() -> None:
    top = README[:README.index("## Playing")]
    assert "./start serve --no-open" in top and "./start serve --help" in top
    for words in ("How to play", "Learn to play", "Undo", "Hint", "Replay", "Analysis",
                  "one-time link", "Rated game"):
        assert words in README, words
