"""``ludotheek analyse RECORD``: review a game with the engine in the terminal."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import click

from ludotheek.analysis.annotate import annotated_text
from ludotheek.analysis.local import default_workers, measure_all
from ludotheek.analysis.plan import Plan
from ludotheek.analysis.result import assemble
from ludotheek.analysis.review import Review, review_for
from ludotheek.cli.common import progress_bar, write_atomic
from ludotheek.cli.lang import lang_option
from ludotheek.core.errors import BadRecord
from ludotheek.core.record import Record, load
from ludotheek.core.texts import text
from ludotheek.data import folder
from ludotheek.games import get


def seat_names(record: Record) -> list[str]:
    default = get(record.game).seat_names(record.options)
    return [(record.seats[i].get("name") if i < len(record.seats) else None) or name
            for i, name in enumerate(default)]


COLUMNS = ("decisions", "inaccuracies", "mistakes", "blunders", "loss")


def summary_table(analysis: dict[str, object], names: list[str], review: Review,
                  lang: str = "en") -> str:
    """Each seat's counts as a table (the page's column names)."""
    seats = analysis["seats"]
    assert isinstance(seats, list)
    heads = [text(f"analysis.col.{k}", lang) for k in COLUMNS]
    heads[-1] += f" ({text(f'analysis.cli.unit.{review.unit}', lang)})"
    width = max(8, *(len(n) for n in names))
    widths = [max(len(h), 6) for h in heads]
    lines = [f"{text('analysis.col.seat', lang):<{width}}  "
             + "  ".join(f"{h:>{w}}" for h, w in zip(heads, widths, strict=True))]
    for s in seats:
        cells = [str(s["decisions"]), str(s["inaccuracy"]), str(s["mistake"]),
                 str(s["blunder"]), review.format(s["average_loss"]).lstrip("+")]
        lines.append(f"{names[s['seat']]:<{width}}  "
                     + "  ".join(f"{c:>{w}}" for c, w in zip(cells, widths, strict=True)))
    return "\n".join(lines)


@click.command("analyse")
@click.argument("record_file", metavar="RECORD",
                type=click.Path(exists=True, dir_okay=False, path_type=Path))
@click.option("--out", "out", type=click.Path(dir_okay=False, path_type=Path), default=None,
              help="Where to write the annotated record (default: RECORD.analysed.txt; "
                   "- for standard output).")
@click.option("--json", "json_out", type=click.Path(dir_okay=False, path_type=Path),
              default=None, help="Also write the whole analysis as JSON to this file.")
@click.option("--workers", type=click.IntRange(0), default=None,
              help="Processes that study positions (default: all cores but one; 0: this "
                   "process).")
@lang_option
def command(record_file: Path, out: Path | None, json_out: Path | None,
            workers: int | None, lang: str) -> None:
    """Review a game record (JSON or text) with the game's strong engine.

    Every decision is marked by what it lost against the best move found (?! an
    inaccuracy, ? a mistake, ?? a blunder); the annotated record carries the marks and
    the standing after each move in braces. The counts per seat are printed.
    """
    try:
        record = load(record_file.read_text(encoding="utf-8"))
    except UnicodeDecodeError as exc:
        raise BadRecord(f"{record_file} is not a text file", code="record.not_text_file",
                        file=str(record_file)) from exc
    review = review_for(record.game)
    plan = Plan.of(record)
    total = len(plan.studied())
    with progress_bar(total, text("analysis.cli.analysing", lang, n=total)) as bar:
        seen = [0]

        def progress(done: int, _total: int) -> None:
            bar.update(done - seen[0])
            seen[0] = done

        n = default_workers() if workers is None else workers
        # its workers get the data folder's data sets as this process does (a pool of
        # their own gave them none: Python's search, no endgame database)
        pool = folder.pool(n) if n > 0 else None
        try:
            measures = measure_all(plan, n, progress, executor=pool)
        finally:
            if pool is not None:
                pool.shutdown(cancel_futures=True)
    analysis = assemble(plan, measures, review)
    names = seat_names(record)
    annotated = annotated_text(record, analysis, names) + "\n"
    if out is not None and str(out) == "-":
        sys.stdout.write(annotated)
    else:
        target = out or record_file.with_name(record_file.name + ".analysed.txt")
        write_atomic(target, annotated)
        click.echo(text("analysis.cli.written", lang, path=str(target)), err=True)
    if json_out is not None:
        write_atomic(json_out, json.dumps(analysis, ensure_ascii=False, indent=1) + "\n")
    click.echo(summary_table(analysis, names, review, lang),
               err=out is not None and str(out) == "-")
    for note in analysis["notes"]:  # what the game's analysis could not do, in words
        click.echo(text(note["key"], lang, **note["params"]),
                   err=out is not None and str(out) == "-")
