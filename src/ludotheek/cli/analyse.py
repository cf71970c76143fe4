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
from ludotheek.core.errors import BadRecord
from ludotheek.core.record import Record, load
from ludotheek.games import get


def seat_names(record: Record) -> list[str]:
    default = get(record.game).seat_names(record.options)
    return [(record.seats[i].get("name") if i < len(record.seats) else None) or name
            for i, name in enumerate(default)]


def summary_table(analysis: dict[str, object], names: list[str], review: Review) -> str:
    seats = analysis["seats"]
    assert isinstance(seats, list)
    width = max(8, *(len(n) for n in names))
    lines = [f"{'seat':<{width}}  decisions  ?! inaccuracies  ? mistakes  ?? blunders  "
             f"average loss ({review.unit})"]
    for s in seats:
        loss = review.format(s["average_loss"]).lstrip("+")
        lines.append(f"{names[s['seat']]:<{width}}  {s['decisions']:>9}  {s['inaccuracy']:>15}"
                     f"  {s['mistake']:>10}  {s['blunder']:>12}  {loss:>8}")
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
def command(record_file: Path, out: Path | None, json_out: Path | None,
            workers: int | None) -> None:
    """Review a game record (JSON or text) with the game's strong engine.

    Every decision is marked by what it lost against the best move found (?! an
    inaccuracy, ? a mistake, ?? a blunder); the annotated record carries the marks and
    the standing after each move in braces. The counts per seat are printed.
    """
    try:
        record = load(record_file.read_text(encoding="utf-8"))
    except UnicodeDecodeError as exc:
        raise BadRecord(f"{record_file} is not a text file") from exc
    review = review_for(record.game)
    plan = Plan.of(record)
    total = len(plan.studied())
    with progress_bar(total, f"analysing {total} positions") as bar:
        seen = [0]

        def progress(done: int, _total: int) -> None:
            bar.update(done - seen[0])
            seen[0] = done

        measures = measure_all(plan, default_workers() if workers is None else workers,
                               progress)
    analysis = assemble(plan, measures, review)
    names = seat_names(record)
    text = annotated_text(record, analysis, names) + "\n"
    if out is not None and str(out) == "-":
        sys.stdout.write(text)
    else:
        target = out or record_file.with_name(record_file.name + ".analysed.txt")
        write_atomic(target, text)
        click.echo(f"the annotated record: {target}", err=True)
    if json_out is not None:
        write_atomic(json_out, json.dumps(analysis, ensure_ascii=False, indent=1) + "\n")
    click.echo(summary_table(analysis, names, review), err=out is not None and str(out) == "-")
