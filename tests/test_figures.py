"""The figures pages cannot drift (issue 41): docs/strength.md, docs/performance.md,
docs/reliability.md and the README's marked blocks are exactly what ``python -m
benchmarks.figures`` makes of benchmarks/results; every table has its command, its date and
where it was measured, and a figure without a results file says by what; the pages hold today's
tables only, at most 400 lines each (their history is in docs/history/); and what the command
sums from a results file is what the match printed."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from benchmarks import figures

ROOT = Path(__file__).resolve().parent.parent
FIX = "run `python -m benchmarks.figures` and commit what it writes"


@pytest.mark.parametrize("path", [*(f"docs/{p}.md" for p in figures.PAGES), "README.md"])
def test_the_committed_figures_are_what_the_command_makes(path: str) -> None:
    made = {p.relative_to(ROOT).as_posix(): text for p, text in figures.made().items()}
    assert (ROOT / path).read_text(encoding="utf-8") == made[path], f"{path} differs: {FIX}"


@pytest.mark.parametrize("page", figures.PAGES)
def test_every_table_has_its_command_and_its_date(page: str) -> None:
    text = figures.page(page)
    tables = text.split("\n### ")[1:]
    assert tables, page
    for part in tables:
        title = part.splitlines()[0]
        command = re.search(r"```sh\n(.+?)\n```", part, re.S)
        assert command and command.group(1).strip(), f"{page}: {title!r} has no command"
        assert re.search(r"^\*\*20\d\d-\d\d-\d\d[^*]*\*\*", part, re.M), \
            f"{page}: {title!r} has no date"
        assert re.search(r"\bRows:\s", part) or "|" not in part, \
            f"{page}: {title!r} says not where its rows are"
    for path, source in figures.sources(page):
        figures.check(source, path)
        for key in ("section", "title"):
            assert str(source.get(key, "")).strip(), f"{path.name}: no {key}"
        if source.get("from") != "ladder":     # a ladder's come from its ratings.json
            assert source.get("command", "").strip(), f"{path.name}: no command"
            assert re.match(r"20\d\d-\d\d-\d\d", source.get("date", "")), f"{path.name}: no date"
        said = " ".join("\n".join(figures.section(source, path)).split())
        if source.get("from") or "columns" in source:     # a table: where it was measured
            assert f", on {' '.join(source['machine'].split())}" in said, path.name
        if figures.hand_kept(source):                     # no results file: and by what
            assert f", by {figures.measured_by(source, path)}" in said, path.name
            assert f"Rows: kept by hand in `{path.name}`" in said, path.name


@pytest.mark.parametrize("page", figures.PAGES)
def test_the_pages_hold_todays_tables_and_link_their_history(page: str) -> None:
    text = figures.page(page)
    assert len(text.splitlines()) <= figures.MAX_LINES == 400, \
        f"docs/{page}.md: {len(text.splitlines())} lines"
    assert figures.too_long(figures.DOCS / f"{page}.md", text) is None
    assert f"](history/{page}.md)" in text
    history = ROOT / "docs" / "history" / f"{page}.md"
    assert history.is_file() and f"](../{page}.md)" in history.read_text(encoding="utf-8")
    # no dated rounds: "Before:", "second round" are the history's
    assert not re.search(r"^#+ (Before|.*\b(second|third|fourth|fifth) round)", text, re.M | re.I)


def _copied_pages(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The figures pages and the README copied under ``tmp_path``, where the command writes
    and checks them: the copies' docs folder."""
    docs = tmp_path / "docs"
    docs.mkdir()
    for page in figures.PAGES:
        shutil.copy(ROOT / "docs" / f"{page}.md", docs / f"{page}.md")
    shutil.copy(ROOT / "README.md", tmp_path / "README.md")
    monkeypatch.setattr(figures, "DOCS", docs)
    monkeypatch.setattr(figures, "README", tmp_path / "README.md")
    return docs


def test_the_check_fails_when_a_page_or_the_readme_was_edited_by_hand(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    docs = _copied_pages(tmp_path, monkeypatch)
    assert figures.main(["--check"]) == 0
    performance = docs / "performance.md"
    performance.write_text(performance.read_text(encoding="utf-8").replace("637 s", "600 s"),
                           encoding="utf-8")
    readme = tmp_path / "README.md"
    readme.write_text(readme.read_text(encoding="utf-8").replace("`strong` 2391", "`strong` 2400"),
                      encoding="utf-8")
    assert figures.main(["--check"]) == 1
    said = capsys.readouterr().err
    assert "docs/performance.md differs" in said and "README.md differs" in said
    assert figures.main([]) == 0           # writes them again
    assert figures.main(["--check"]) == 0
    assert "637 s" in performance.read_text(encoding="utf-8")


def test_a_new_results_file_is_a_new_row(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    results = tmp_path / "results"
    (results / "figures" / "performance" / "rows").mkdir(parents=True)
    monkeypatch.setattr(figures, "RESULTS", results)
    source = {"section": "S", "title": "T", "command": "x", "date": "2026-12-07",
              "measured": "here.", "columns": ["run", "seconds"], "rows": [["base", "2.0"]],
              "row_files": "figures/performance/rows/*.json",
              "baseline": {"row": 0, "column": 1, "header": "÷ base"}}
    path = results / "figures" / "performance" / "90-t.toml"
    assert len(figures.table(source, path).rows) == 1
    (results / "figures" / "performance" / "rows" / "a.json").write_text(
        '{"row": ["new", "5.0"]}', encoding="utf-8")
    made = figures.table(source, path)
    assert made.rows == [["base", "2.0", "1.00×"], ["new", "5.0", "2.50×"]]
    with pytest.raises(ValueError, match="a row of 1 cells"):
        (results / "figures" / "performance" / "rows" / "b.json").write_text(
            '{"row": ["short"]}', encoding="utf-8")
        figures.table(source, path)


def test_a_match_is_summed_as_the_match_printed_it() -> None:
    # docs/history/strength.md: "391 (65.2%) | 61.3%-68.9% | 0.300 / 0.767" and
    # "126.5 63.2% (56.4%-69.6%) s/decision 0.5583 max 19.196"
    akwaier = figures.match({"file": "akwaier-strong-vs-classic-2026-12-03.jsonl", "by": "seed"})
    assert akwaier.rows[-1] == ["together", "600", "391 (65.2%)", "61.3%-68.9%", "3.91×",
                                "0.300 / 0.767"]
    aqua = figures.match({"file": "aqua_romana-4p-strong-vs-greedy.jsonl"})
    assert aqua.rows == [["all", "200", "126.5 (63.2%)", "56.4%-69.6%", "2.53×", "0.558 / 19.196"]]
    # "won 97 of 100 games (95% Wilson interval 92%-99%), drew 1 and lost 2: all 50 as South"
    openspiel = figures.match({"file": "wari-vs-openspiel-2026-11-29.jsonl"})
    assert openspiel.rows[0][2] == "50 / 0 / 0" and openspiel.rows[2][2] == "97 / 1 / 2"
    # the analysis marks as benchmarks/analysis_marks.py counted them (2026-12-02)
    marks = figures.marks({"games": [["akwaier", "Akwaier"], ["haaienzee", "Haaienzee"]]})
    assert marks.rows[1][1:7] == ["`classic` (5 seats)", "6", "1160", "126 (10.9%)", "91 (7.8%)",
                                  "18 (1.6%)"]
    assert marks.rows[3][1:7] == ["`greedy`", "20", "396", "59 (14.9%)", "25 (6.3%)", "14 (3.5%)"]
    low, high = figures.wilson(97, 100)
    assert (round(low, 2), round(high, 2)) == (0.92, 0.99)


def test_the_readmes_endgame_figures_are_the_performance_pages() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    page = (ROOT / "docs" / "performance.md").read_text(encoding="utf-8")
    said = " ".join(readme.split())
    row = next(line for line in page.splitlines() if line.startswith("| `wari-endgames` ("))
    cells = [cell.strip() for cell in row.strip("|").split("|")]
    cpu = sum(float(x) for x in cells[2].split("+"))
    assert f"about {round(cpu / 60)} minutes of one core's processor time ({cpu:.0f} s" in said
    assert f"{float(cells[5].removesuffix(' MB')):.0f} MB in your data folder" in said
    assert "| a fresh clone, the default data folder | 637 s |" in page
    assert "(637 s in a new user's first run" in said


def test_a_page_longer_than_400_lines_is_refused(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    sources = tmp_path / "figures"
    shutil.copytree(figures.SOURCES, sources)
    monkeypatch.setattr(figures, "SOURCES", sources)
    docs = _copied_pages(tmp_path, monkeypatch)
    assert figures.main(["--check"]) == 0
    lines = len(figures.page("performance").splitlines())
    # a note that takes the page one line past the limit
    extra = figures.MAX_LINES - lines + 1
    one = sources / "performance" / "30-haaienzee-turns.toml"
    text = one.read_text(encoding="utf-8").replace(
        "note = '''\n", "note = '''\n" + "More words.\n" * (extra - 1) + "\n", 1)
    one.write_text(text, encoding="utf-8")
    assert len(figures.page("performance").splitlines()) == figures.MAX_LINES + 1
    before = (docs / "performance.md").read_text(encoding="utf-8")
    assert figures.main([]) == 1
    said = capsys.readouterr().err
    assert f"docs/performance.md would be {figures.MAX_LINES + 1} lines, more than 400" in said
    assert "docs/history/performance.md" in said
    assert (docs / "performance.md").read_text(encoding="utf-8") == before   # not written


def _source(**more: object) -> dict[str, object]:
    return {"section": "S", "title": "T",
            "command": "nice .venv/bin/python benchmarks/wari_speed.py", "date": "2026-12-07",
            "machine": "the shared 2-core machine, load 3",
            "columns": ["run", "moves/s"], "rows": [["a", "1"]], **more}


def test_a_figure_without_a_results_file_says_where_and_by_what(tmp_path: Path) -> None:
    path = tmp_path / "90-t.toml"
    said = " ".join("\n".join(figures.section(_source(), path)).split())
    assert ("**2026-12-07**, on the shared 2-core machine, load 3, by "
            "`benchmarks/wari_speed.py`. Rows: kept by hand in `90-t.toml`.") in said
    # no machine: refused, for rows kept by hand and for a results file's alike
    unplaced = _source()
    del unplaced["machine"]
    for source in (unplaced, _source(machine="  "),
                   {"section": "S", "title": "T", "command": "x benchmarks/wari_pairs.py",
                    "date": "2026-12-07", "from": "match", "file": "f.jsonl"}):
        with pytest.raises(ValueError, match="must say where it was measured: give `machine`"):
            figures.check(source, path)
    # a command that names nothing that measures, and no `measured_by`
    with pytest.raises(ValueError, match=r"says not by what.*give `measured_by`"):
        figures.check(_source(command="du -s ~/.local/share/ludotheek"), path)
    assert figures.measured_by(_source(command="du -s x", measured_by="`du`"), path) == "`du`"
    # a script first, not the build that prepares it; a test; a module; a command
    assert figures.measured_by(_source(
        command="ludotheek build wari-search && .venv/bin/python -m benchmarks.wari_learn x"),
        path) == "`benchmarks.wari_learn`"
    assert figures.measured_by(_source(command="pytest tests/server/test_backup.py -s"),
                               path) == "`tests/server/test_backup.py`"
    assert figures.measured_by(_source(command="nice .venv/bin/ludotheek match wari"),
                               path) == "`ludotheek match`"
    # a script that does not exist is no answer
    for command in ("python benchmarks/no_such_bench.py", "python -m benchmarks.no_such_bench",
                    "pytest tests/no_such_test.py"):
        with pytest.raises(ValueError, match="which does not exist"):
            figures.check(_source(command=command), path)
    with pytest.raises(ValueError, match="which does not exist"):
        figures.check(_source(command="du", measured_by="`benchmarks/gone.py`"), path)
    # more tables of the same run: only beside rows kept by hand
    also = {"also": [{"columns": ["b", "c"], "rows": [["1", "2"]], "note": "Same run."}]}
    lines = figures.section(_source(**also), path)
    assert "| b | c |" in lines and "| 1 | 2 |" in lines and "Same run." in lines
    with pytest.raises(ValueError, match="`also` only beside rows kept by hand"):
        figures.check({"section": "S", "title": "T", "command": "x benchmarks/wari_pairs.py",
                       "date": "2026-12-07", "machine": "m", "from": "match",
                       "file": "f.jsonl", **also}, path)
