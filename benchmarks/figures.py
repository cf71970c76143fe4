"""The figures pages (docs/strength.md, docs/performance.md, docs/reliability.md) and the
README's figures, made from the result files in benchmarks/results (issue 41).

    python -m benchmarks.figures            # write the pages and the README's marked blocks
    python -m benchmarks.figures --check    # say which differ from what they would be (exit 1)

A page longer than ``MAX_LINES`` (400) is not written (exit 1): its older tables belong in
docs/history/.

Every table of a page is one source file, ``benchmarks/results/figures/<page>/NN-name.toml``
(the pages' tables in the order of their names; ``00-page.toml`` holds the page's title and
introduction). A source file says how the table was measured: ``command``, ``date``,
``commit``, ``machine`` (where: the computer and its load, or why there is none), ``measured``
(how, if there is more to say), and where its rows come from:

- ``from = "ladder"``, ``game = "wari"``: the game's level ratings, from the ``ratings.json``
  that ``ludotheek rate`` wrote from its results file (``benchmarks/results/ratings-<game>``);
- ``from = "match"``, ``file = "<a results file>"``: a match's games, one JSON line each
  (``benchmarks/resumable_match.py``, the games of ``ludotheek match``; ``wari_pairs.py``,
  ``wari_vs_openspiel.py``), summed here with the Wilson interval and the ratio to the
  baseline share (1 of n seats);
- ``from = "marks"``, ``games = [["wari", "Wari"], ...]``: how often the analysis marks each
  player's decisions, from the losses ``benchmarks/analysis_marks.py`` kept
  (``analysis-marks-<game>.jsonl``) and the game's thresholds;
- ``rows = [[...], ...]``: a figure without a results file of its own, kept in the source file
  with the command, date and commit that measured it (the source file *is* its result file);
  and ``row_files = "<glob>"``: more rows, one a JSON file (``{"row": [...]}``) matched by the
  glob under benchmarks/results, so a new measurement is a new file and a new row. Such a
  figure says where it was measured (``machine``, as every table) and by what: ``measured_by``
  (the script, test or command), or else the first script or test its command names.

A source without a table is words and a command (``measured`` says what they show). A source
that lacks any of these, or names a script or test that does not exist, is refused with an
error that says what is missing.

``also = [{columns = [...], rows = [...], note = "..."}, ...]``: more tables of the same run
(the same command, date and machine) under the same heading.

``baseline = {row = 0, column = 1, header = "÷ baseline"}`` adds a column of each row's ratio
to that row's figure: the baseline measured in the same run.
"""

from __future__ import annotations

import argparse
import gzip
import itertools
import json
import math
import re
import sys
import textwrap
import tomllib
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ludotheek.analysis.review import review_for

ROOT = Path(__file__).resolve().parent.parent
RESULTS = ROOT / "benchmarks" / "results"
SOURCES = RESULTS / "figures"
DOCS = ROOT / "docs"
README = ROOT / "README.md"
GAMES = ROOT / "src" / "ludotheek" / "games"
PAGES = ("strength", "performance", "reliability")
#: a figures page holds today's tables only: at most this many lines (issue 41: "at most about
#: 400 lines each"); what does not fit goes to docs/history/<page>.md
MAX_LINES = 400
COMMAND = "python -m benchmarks.figures"
WARNING = (f"<!-- Made by `{COMMAND}` from benchmarks/results/figures/{{page}}/: do not edit "
           "this page, edit those files and run the command again. -->")
#: the README's blocks made by this command: between these two lines
BEGIN = "<!-- figures: {name} (made by `" + COMMAND + "`: do not edit) -->"
END = "<!-- figures: end -->"

Source = dict[str, Any]


@dataclass(frozen=True)
class Table:
    columns: list[str]
    align: str
    rows: list[list[str]]
    note: str = ""


def _number(cell: str) -> float | None:
    """The first number of a cell ("**4,955,745**" -> 4955745.0, "0.652 s" -> 0.652)."""
    m = re.search(r"-?\d[\d,]*(?:\.\d+)?", cell.replace("**", ""))
    return float(m.group(0).replace(",", "")) if m else None


def ratio(value: float, base: float) -> str:
    if base == 0:
        return "-"
    r = value / base
    return f"{r:.1f}×" if r >= 10 else f"{r:.2f}×" if r >= 0.1 else f"{r:.3f}×"


def wilson(score: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a share ``score / n``."""
    if n == 0:
        return 0.0, 1.0
    p = score / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def _pct(x: float) -> str:
    return f"{100 * x:.1f}%"


def _games(name: str) -> list[dict[str, Any]]:
    path = RESULTS / name
    opener = gzip.open if name.endswith(".gz") else open
    with opener(path, "rt", encoding="utf-8") as lines:
        return [json.loads(line) for line in lines if line.strip()]


# --- tables made from result files -------------------------------------------------------

def _spec(definition: dict[str, Any]) -> str:
    params = "".join(f":{k}={_plain(v)}" for k, v in definition.get("params", {}).items())
    return f"`{definition['player']}{params}`"


def _plain(value: Any) -> str:
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


def ladder(game: str) -> tuple[Table, dict[str, Any]]:
    """A game's levels with their ratings, from the ratings.json ``ludotheek rate`` wrote."""
    rated = json.loads((GAMES / game / "ratings.json").read_text(encoding="utf-8"))
    rows = []
    levels = list(rated["levels"])
    for name, level in rated["levels"].items():
        rows.append([name, _spec(level["definition"]), f"{level['rating']:.0f}",
                     f"{level['interval']:.0f}", f"{level['games']:,}",
                     f"{level['seconds_per_decision']:.4f}"])
    steps = {(a, b): rated["levels"][b]["rating"] - rated["levels"][a]["rating"]
             for a, b in itertools.pairwise(levels)}
    gaps = ", ".join(f"{step:+.0f}" for step in steps.values())
    widest = max(level["interval"] for level in rated["levels"].values())
    note = (f"{rated['games']:,} games. Gaps, weakest first: {gaps}. Every level within "
            f"± {math.ceil(widest)}, "
            f"neighbours {min(steps.values()):.0f}-{max(steps.values()):.0f} apart "
            "(the goal: ± 50, 100-300).")
    return (Table(["level", "player", "rating", "± 95%", "games", "s/decision (mean)"],
                  "llrrrr", rows, note), rated)


def _seated(game: dict[str, Any], n: int) -> list[int]:
    """Which player (index into specs) sits at each seat."""
    return list(game.get("seated", range(n)))


def match(source: Source) -> Table:
    """The first player's score in a match file, by the field ``by`` (e.g. ``seed``) and in all."""
    games = _games(source["file"])
    first = games[0]
    if "result_a" in first:          # wari_pairs.py: player a against player b
        return _pairs(games, source)
    if "strong_seat" in first:       # wari_vs_openspiel.py
        return _openspiel(games, source)
    by = source.get("by")
    groups: dict[str, list[dict[str, Any]]] = {}
    for game in games:
        groups.setdefault(f"{by} {game[by]}" if by else "all", []).append(game)
    if len(groups) > 1:
        groups["together"] = games
    seats = len(first["specs"])
    base = 1 / seats
    rows = []
    for label, part in groups.items():
        score = 0.0
        spent = decisions = 0.0
        slowest = 0.0
        for game in part:
            seat = _seated(game, seats).index(0)
            if seat in game["winners"]:
                score += 1 / len(game["winners"])
            total, top, count = game["times"][seat]
            spent += total
            decisions += count
            slowest = max(slowest, top)
        n = len(part)
        low, high = wilson(score, n)
        rows.append([label, f"{n:,}", f"{score:g} ({_pct(score / n)})",
                     f"{_pct(low)}-{_pct(high)}", ratio(score / n, base),
                     f"{spent / decisions:.3f} / {slowest:.3f}"])
    player = first["specs"][0]
    others = " and ".join(f"{first['specs'][1:].count(o)} × `{o}`"
                          for o in sorted(set(first["specs"][1:])))
    return Table([f"`{player}` against {others}", "games", "score (share)", "95% (Wilson)",
                  f"÷ the baseline 1/{seats}", "s a decision (wall), mean / max"],
                 "lrrrrr", rows)   # a shared first place counts as its share (the page says)


def marks(source: Source) -> Table:
    """How often the analysis marks each player's decisions, from the losses
    ``benchmarks/analysis_marks.py`` kept (``analysis-marks-<game>.jsonl``) and the thresholds
    the game declares now (its ``review.py``)."""
    rows = []
    for game, title in source["games"]:
        thresholds = review_for(game).thresholds
        games = _games(f"analysis-marks-{game}.jsonl")
        losses: dict[str, list[float]] = {}
        played: dict[str, int] = {}
        for one in games:
            for spec in dict.fromkeys(one["seats"]):
                played[spec] = played.get(spec, 0) + 1
            for seat, loss in one["losses"]:
                losses.setdefault(one["seats"][seat], []).append(loss)
        for spec, xs in losses.items():
            seats = games[0]["seats"].count(spec)
            name = f"`{spec}`" + (f" ({seats} seats)" if seats > 1 else "")
            counted = [sum(thresholds.mark(x) == kind for x in xs)
                       for kind in ("inaccuracy", "mistake", "blunder")]
            ordered = sorted(xs)
            rows.append([title, name, f"{played[spec]}", f"{len(xs)}",
                         *(f"{c} ({_pct(c / len(xs))})" if c else "0" for c in counted),
                         _sig(sum(xs) / len(xs)),
                         _sig(ordered[min(len(xs) - 1, int(0.95 * len(xs)))]),
                         f"{thresholds.inaccuracy:g} / {thresholds.mistake:g} / "
                         f"{thresholds.blunder:g}"])
    return Table(["game", "player", "games", "decisions", "inaccuracies", "mistakes",
                  "blunders", "mean loss", "95th percentile", "thresholds"], "llrrrrrrrr", rows,
                 "The thresholds are the game's now (`review.py`); the losses do not depend on "
                 "them, so the marks are counted again from the results files.")


def _sig(x: float) -> str:
    """Three significant digits, without an exponent (1000, 5,390, 0.0262)."""
    return f"{float(f'{x:.3g}'):,.0f}" if abs(x) >= 100 else f"{x:.3g}"


def _tally(results: Iterable[float]) -> tuple[int, int, int, float]:
    got = list(results)
    return (sum(r == 1 for r in got), sum(r == 0.5 for r in got), sum(r == 0 for r in got),
            sum(got))


def _score_row(label: str, results: list[float]) -> list[str]:
    wins, draws, losses, score = _tally(results)
    n = len(results)
    low, high = wilson(score, n)
    return [label, f"{n}", f"{wins} / {draws} / {losses}", f"{score:g} ({_pct(score / n)})",
            f"{_pct(low)}-{_pct(high)}", ratio(score / n, 0.5)]


_SCORE = ["games", "wins / draws / losses", "score (share)", "95% (Wilson)",
          "÷ the baseline 1/2"]


def _pairs(games: list[dict[str, Any]], source: Source) -> Table:
    a, b = games[0]["specs"]
    south = [g["result_a"] for g in games if g["a_seat"] == 0]
    north = [g["result_a"] for g in games if g["a_seat"] == 1]
    everything = [g["result_a"] for g in games]
    margin = sum(g["margin_a"] for g in games) / len(games)
    rows = [_score_row("as South", south), _score_row("as North", north),
            _score_row("together", everything)]
    return Table([f"`{a}` against `{b}`", *_SCORE], "lrrrrr", rows,
                 f"By {margin:.1f} seeds a game on average.")


def _openspiel(games: list[dict[str, Any]], source: Source) -> Table:
    value = {"win": 1.0, "draw": 0.5, "loss": 0.0}
    results = [(g["strong_seat"], value[g["result"]]) for g in games]
    rows = [_score_row("as South", [r for seat, r in results if seat == 0]),
            _score_row("as North", [r for seat, r in results if seat == 1]),
            _score_row("together", [r for _, r in results])]
    moves = sum(len(g["moves"]) for g in games) / len(games)
    return Table(["`strong` against OpenSpiel's `MCTSBot`", *_SCORE], "lrrrrr", rows,
                 f"Games of {moves:.0f} moves on average.")


# --- the pages ---------------------------------------------------------------------------

def _load(path: Path) -> Source:
    with path.open("rb") as f:
        return tomllib.load(f)


def sources(page: str) -> list[tuple[Path, Source]]:
    return [(path, _load(path)) for path in sorted((SOURCES / page).glob("*.toml"))
            if path.name != "00-page.toml"]


def _with_baseline(table: Table, baseline: dict[str, Any]) -> Table:
    column = baseline["column"]
    base = _number(table.rows[baseline["row"]][column])
    if base is None:
        raise ValueError(f"no number in the baseline's cell: {table.rows[baseline['row']]}")
    rows = []
    for row in table.rows:
        value = _number(row[column])
        if value is None:
            rows.append([*row, "-"])
        else:   # a time's ratio is the other way round: how many times as fast
            rows.append([*row, ratio(base, value) if baseline.get("invert") else
                         ratio(value, base)])
    return Table([*table.columns, baseline.get("header", "÷ baseline")], table.align + "r",
                 rows, table.note)


#: what a command names that measured: a script or test file, a benchmark module, a command
_NAMED = re.compile(r"(?P<file>(?:benchmarks|tests)/[\w/.-]+?\.py)\b"
                    r"|-m (?P<module>benchmarks\.\w+)"
                    r"|(?:^|[\s/])(?P<cli>(?:ludotheek|schemathesis) [a-z][\w-]*)", re.M)


def _named(text: str) -> list[tuple[str, Path | None]]:
    """What ``text`` names as a measuring script, test or command, with the file it needs."""
    named: list[tuple[str, Path | None]] = []
    for m in _NAMED.finditer(text):
        if m.group("file"):
            named.append((m.group("file"), ROOT / m.group("file")))
        elif m.group("module"):
            module = m.group("module")
            named.append((module, ROOT / (module.replace(".", "/") + ".py")))
        else:
            named.append((m.group("cli"), None))
    return named


def hand_kept(source: Source) -> bool:
    """Whether a source's rows are kept by hand (no results file written by a benchmark)."""
    return source.get("from") is None and "columns" in source


def _exists(source: Source, path: Path) -> None:
    """A source that names a script or test which does not exist is refused."""
    for name, needed in _named(f"{source.get('command', '')}\n{source.get('measured_by', '')}"):
        if needed is not None and not needed.is_file():
            raise ValueError(f"{path.name}: names {name}, which does not exist")


def measured_by(source: Source, path: Path) -> str:
    """Who measured a source's figures: its ``measured_by``, or the first script, test or
    command its command names."""
    _exists(source, path)
    if source.get("measured_by", "").strip():
        return " ".join(source["measured_by"].split())
    # a script or test before a command (`ludotheek build ...` often only prepares)
    named = sorted(_named(source.get("command", "")), key=lambda one: one[1] is None)
    if not named:
        raise ValueError(f"{path.name}: says not by what its figures were measured: its command "
                         "names no script, test or `ludotheek` command; give `measured_by`")
    return f"`{named[0][0]}`"


def check(source: Source, path: Path) -> None:
    """A source's figures say when, where and by what they were measured (issue 41: a figure
    without a results file says where it was measured and by what)."""
    tabled = bool(source.get("from")) or "columns" in source
    for key in ("section", "title", *(() if tabled else ("measured",))):
        if not str(source.get(key, "")).strip():
            raise ValueError(f"{path.name}: no `{key}`")
    if source.get("from") != "ladder":     # a ladder's come from its ratings.json
        if not str(source.get("command", "")).strip():
            raise ValueError(f"{path.name}: no `command`")
        if not re.match(r"20\d\d-\d\d-\d\d", str(source.get("date", ""))):
            raise ValueError(f"{path.name}: no `date` (YYYY-MM-DD ...)")
    _exists(source, path)
    if "also" in source and not hand_kept(source):
        raise ValueError(f"{path.name}: `also` only beside rows kept by hand")
    if tabled and not str(source.get("machine", "")).strip():
        raise ValueError(f"{path.name}: a table must say where it was measured: give `machine` "
                         "(the computer and its load, or why there is none)")
    if hand_kept(source):
        measured_by(source, path)


def table(source: Source, path: Path) -> Table:
    kind = source.get("from")
    if kind == "ladder":
        made, _ = ladder(source["game"])
    elif kind == "match":
        made = match(source)
    elif kind == "marks":
        made = marks(source)
    else:
        rows = [list(map(str, row)) for row in source.get("rows", [])]
        if "row_files" in source:
            for extra in sorted(RESULTS.glob(source["row_files"])):
                rows.append([str(cell) for cell in
                             json.loads(extra.read_text(encoding="utf-8"))["row"]])
        columns = source["columns"]
        align = source.get("align", "l" + "r" * (len(columns) - 1))
        made = Table(columns, align, rows)
    for row in made.rows:
        if len(row) != len(made.columns):
            raise ValueError(f"{path.name}: a row of {len(row)} cells under "
                             f"{len(made.columns)} columns: {row}")
    if "baseline" in source:
        made = _with_baseline(made, source["baseline"])
    return made


def markdown(made: Table) -> list[str]:
    rule = {"l": "---", "r": "---:", "c": ":---:"}
    lines = ["| " + " | ".join(made.columns) + " |",
             "|" + "|".join(rule[a] for a in made.align) + "|"]
    lines += ["| " + " | ".join(row) + " |" for row in made.rows]
    return lines


def _paragraphs(text: str) -> list[str]:
    """A paragraph as written, or wrapped if it is one long line (as the generated notes)."""
    if not text or not text.strip():
        return []
    text = text.strip()
    if "\n" in text:
        return [text, ""]
    return [*textwrap.wrap(text, width=96, break_on_hyphens=False, break_long_words=False), ""]


def _from_ratings(source: Source) -> Source:
    """A ladder's command and date: the ones ``ludotheek rate`` wrote into ratings.json."""
    if source.get("from") != "ladder":
        return source
    _, rated = ladder(source["game"])
    results = f"benchmarks/results/ratings-{source['game']}.jsonl"
    command = f"gunzip -k {results}.gz\nnice -n 10 .venv/bin/{rated['command']}"
    return {"command": command, "date": rated["measured"], **source}


def section(source: Source, path: Path) -> list[str]:
    check(source, path)
    source = _from_ratings(source)
    lines = [f"### {source['title']}", "", *_paragraphs(source.get("text", ""))]
    lines += ["```sh", source["command"].strip(), "```", ""]
    if "columns" not in source and source.get("from") is None:    # words and a command only
        said = f"**{source['date']}**: {' '.join(source['measured'].split())}"
        return [*lines, textwrap.fill(said, width=96, break_on_hyphens=False,
                                      break_long_words=False), "",
                *_paragraphs(source.get("note", ""))]
    made = table(source, path)
    said = f"**{source['date']}**"
    if source.get("commit"):
        said += f", commit {source['commit']}"
    if source.get("machine"):
        said += f", on {source['machine'].strip()}"
    if hand_kept(source):
        said += f", by {measured_by(source, path)}"
    said += f": {source['measured'].strip()}" if source.get("measured", "").strip() else "."
    if source.get("from") == "ladder":
        said += f" Rows: `src/ludotheek/games/{source['game']}/ratings.json`, which that " \
                "command wrote."
    elif source.get("from") == "match":
        said += f" Rows: every game in `benchmarks/results/{source['file']}`."
    elif source.get("from") == "marks":
        said += " Rows: every decision in `benchmarks/results/analysis-marks-<game>.jsonl`."
    else:
        said += f" Rows: kept by hand in `{path.name}`"
        if "row_files" in source:
            said += f" and `benchmarks/results/{source['row_files']}`"
        said += "."
    said = textwrap.fill(" ".join(said.split()), width=96, break_on_hyphens=False,
                         break_long_words=False)
    lines += [said, "", *markdown(made), ""]
    lines += _paragraphs(made.note) + _paragraphs(source.get("note", ""))
    for more in source.get("also", []):
        lines += [*markdown(table({**more, "from": None}, path)), ""]
        lines += _paragraphs(more.get("note", ""))
    return lines


def page(name: str) -> str:
    head = _load(SOURCES / name / "00-page.toml")
    lines = [f"# {head['title']}", "", WARNING.format(page=name), "",
             *_paragraphs(head["intro"]),
             *textwrap.wrap(f"Every table below is today's, with its command, date and "
                            "machine; a table's rows kept by hand are in the file it names, in "
                            f"`benchmarks/results/figures/{name}/`. The rounds before: "
                            f"[the history](history/{name}.md).", width=96), ""]
    current = None
    for path, source in sources(name):
        if source["section"] != current:
            current = source["section"]
            lines += [f"## {current}", ""]
        lines += section(source, path)
    while lines and lines[-1] == "":
        lines.pop()
    return "\n".join(lines) + "\n"


# --- the README --------------------------------------------------------------------------

def _levels_block() -> list[str]:
    lines = ["| game | levels, weakest first, with their ratings |", "|---|---|"]
    for game, title in (("wari", "Wari"), ("haaienzee", "Haaienzee"),
                        ("aqua_romana", "Aqua Romana"), ("akwaier", "Akwaier")):
        _, rated = ladder(game)
        levels = rated["levels"]
        named = ", ".join(f"`{name}` {level['rating']:.0f}" for name, level in levels.items())
        lines.append(f"| {title} | {len(levels)}: {named} |")
    return lines


def _endgame_block() -> list[str]:
    build = _load(SOURCES / "performance" / "14-wari-endgame-build.toml")
    first = _load(SOURCES / "performance" / "15-wari-endgame-first-run.toml")
    row = build["rows"][0]
    cpu = sum(float(x) for x in row[2].split("+"))
    disk = _number(row[5])
    waited = _number(first["rows"][0][1])
    return textwrap.wrap(
        "Wari's strong player plays perfectly once at most 18 seeds are left on the board, from "
        f"an endgame table it computes once: about {round(cpu / 60)} minutes of one core's "
        f"processor time ({cpu:.0f} s, {build['date']}), longer on a busy computer "
        f"({waited:.0f} s in a new user's first run, {first['date']}), and {disk:.0f} MB in your "
        "data folder ([docs/performance.md](docs/performance.md"
        "#wari-the-endgame-database-and-the-openings-books)).",
        width=96, break_on_hyphens=False)


BLOCKS = {"levels": _levels_block, "endgame build": _endgame_block}


def readme(text: str) -> str:
    for name, make in BLOCKS.items():
        begin = BEGIN.format(name=name)
        start = text.index(begin) + len(begin)
        stop = text.index(END, start)
        text = text[:start] + "\n" + "\n".join(make()) + "\n" + text[stop:]
    return text


def too_long(path: Path, text: str) -> str | None:
    """Why a figures page is too long, or None."""
    lines = len(text.splitlines())
    if path.parent != DOCS or lines <= MAX_LINES:
        return None
    return (f"docs/{path.name} would be {lines} lines, more than {MAX_LINES}: move older or "
            f"secondary tables and long explanations to docs/history/{path.name}")


def made() -> dict[Path, str]:
    """Every file this command writes, with what it writes."""
    files = {DOCS / f"{name}.md": page(name) for name in PAGES}
    files[README] = readme(README.read_text(encoding="utf-8"))
    return files


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true",
                        help="write nothing; exit 1 if a page differs from what it would be")
    args = parser.parse_args(argv)
    differ = []
    files = made()
    refused = [why for path, text in files.items() if (why := too_long(path, text))]
    for why in refused:
        print(why, file=sys.stderr)
    if refused:
        return 1
    for path, text in files.items():
        if path.read_text(encoding="utf-8") != text:
            differ.append(f"docs/{path.name}" if path.parent == DOCS else path.name)
            if not args.check:
                path.write_text(text, encoding="utf-8")
    if args.check:
        for name in differ:
            print(f"{name} differs from what `{COMMAND}` makes of benchmarks/results",
                  file=sys.stderr)
        return 1 if differ else 0
    for name in differ:
        print(f"wrote {name}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
