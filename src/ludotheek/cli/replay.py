"""``ludotheek replay FILE``: step through a game record in the terminal."""

from __future__ import annotations

import sys
from pathlib import Path

import click

from ludotheek.cli.lang import lang_option
from ludotheek.core.errors import BadRecord
from ludotheek.core.record import load, text_of
from ludotheek.core.texts import text


@click.command("replay")
@click.argument("file", type=click.Path(exists=True, dir_okay=False, path_type=Path))
@click.option("--all", "show_all", is_flag=True, help="Print every position, without stopping.")
@click.option("--at", "start", type=click.IntRange(0), default=None,
              help="Show the position after this many moves.")
@lang_option
def command(file: Path, show_all: bool, start: int | None, lang: str) -> None:
    """Step through a game record (JSON or text) with the text rendering.

    Every move is checked; a record with an illegal move is refused with its number.
    """
    try:
        record = load(file.read_text(encoding="utf-8"))
        states = list(record.states())
    except UnicodeDecodeError as exc:
        raise BadRecord(f"{file} is not a text file", code="record.not_text_file",
                        file=str(file)) from exc
    last = len(states) - 1
    moves = [text_of(m) for m in record.moves]

    def show(i: int) -> None:
        head = text("cli.replay.start", lang) if i == 0 else \
            text("cli.replay.after", lang, n=i, move=moves[i - 1])
        click.echo(f"\n── {record.game}, {head} ({i}/{last}) " + "─" * 20)
        click.echo(states[i].render(None, lang))

    if show_all:
        for i in range(len(states)):
            show(i)
        return
    if start is not None and start > last:
        raise click.BadParameter(text("cli.replay.too_far", lang, n=last), param_hint="--at")
    if start is not None and not sys.stdin.isatty():
        show(start)  # not interactive: just that position
        return
    i = 0 if start is None else start
    show(i)
    keys = text("cli.replay.keys", lang)
    click.echo(keys)
    while True:
        key = click.prompt(">", default="n", show_default=False).strip().lower()
        if key in ("q", "quit"):
            return
        if key in ("n", ""):
            i = min(last, i + 1)
        elif key == "b":
            i = max(0, i - 1)
        elif key == "e":
            i = last
        elif key.isdigit() and int(key) <= last:
            i = int(key)
        else:
            click.echo(keys)
            continue
        show(i)
