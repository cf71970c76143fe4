"""``ludotheek games``: the games in the database, for whoever runs the server.

    ludotheek games list [--status active] [--game wari] [--idle-days 30]
    ludotheek games show ID
    ludotheek games end ID              # end a game in play as abandoned
    ludotheek games purge --older-than 90 [--dry-run]
    ludotheek games export DIR [ID ...] [--status over]
    ludotheek games void ID             # take a rated game's rating back

It works on the database directly, also while the server runs: a game ended here
is refused a move by the database, and the server then reads it again, so its
page shows the end. Purging deletes for good (take a backup first: ``ludotheek
backup``). Exported records carry their seed: they replay exactly. Voiding a rated
game (a farmed one: docs/ratings.md) rates every rated game of its game again without
it, in one transaction.
"""

from __future__ import annotations

import datetime as dt
import json
from pathlib import Path
from typing import Any

import click

from ludotheek.cli.common import write_atomic
from ludotheek.cli.lang import lang_option
from ludotheek.core.errors import LudotheekError
from ludotheek.core.texts import text


class AdminError(LudotheekError):
    """A game the admin command cannot act on."""


def _db(db: str | None) -> Any:
    from ludotheek.store.database import open_database  # slow to import: only here

    return open_database(db)


def _when(stamp: float) -> str:
    return dt.datetime.fromtimestamp(stamp).strftime("%Y-%m-%d %H:%M")


def _seats(row: Any) -> str:
    parts = []
    for seat in row.seats:
        who = seat.get("name") or (f"computer:{seat.get('level')}" if seat["type"] == "computer"
                                   else "person")
        parts.append(who)
    return ", ".join(parts)


db_option = click.option("--db", default=None,
                         help="The database (default: LUDOTHEEK_DB or the data folder).")


@click.group("games")
@lang_option
def command(lang: str) -> None:
    """The games in the database: list, show, end, purge, export them, void a rating."""


@command.command("list")
@db_option
@click.option("--status", "statuses", multiple=True,
              type=click.Choice(["active", "over", "aborted", "abandoned"]),
              help="Only games of this status (may be given more than once).")
@click.option("--game", default=None,
              help="Only this game (its name, as `ludotheek --help` lists them).")
@click.option("--idle-days", type=click.FloatRange(0), default=None,
              help="Only games without a change for at least this many days.")
@click.option("--limit", type=click.IntRange(1), default=100, show_default=True)
@click.option("--json", "as_json", is_flag=True, help="One JSON object a line.")
@lang_option
def list_games(db: str | None, statuses: tuple[str, ...], game: str | None,
               idle_days: float | None, limit: int, as_json: bool, lang: str) -> None:
    """List games, the longest untouched first, with a count of every status."""
    from ludotheek.store import admin

    database = _db(db)
    try:
        rows = admin.find(database.engine, statuses, game, idle_days, limit)
        totals = admin.counts(database.engine)
    finally:
        database.close()
    for row in rows:
        if as_json:
            click.echo(json.dumps({"id": row.id, "game": row.game, "status": row.status,
                                   "moves": row.version, "seats": row.seats,
                                   "created": row.created, "updated": row.updated}))
        else:
            click.echo(f"{row.id}  {row.game:<11} {row.status:<9} {row.version:>5}  "
                       f"{_when(row.updated)}  {_seats(row)}")
    if not as_json:
        summary = ", ".join(f"{n} {s}" for s, n in sorted(totals.items())) or "0"
        click.echo(text("cli.games.listed", lang, shown=len(rows), summary=summary))


def _row(database: Any, gid: str) -> Any:
    row = database.games.get(gid)
    if row is None:
        raise AdminError(f"there is no game {gid}", code="admin.unknown_game", id=gid)
    return row


@command.command("show")
@click.argument("gid", metavar="ID")
@db_option
@lang_option
def show(gid: str, db: str | None, lang: str) -> None:
    """Show one game: its seats, status, dates and its record as text."""
    from ludotheek.core.record import Record, to_text

    database = _db(db)
    try:
        row = _row(database, gid)
    finally:
        database.close()
    click.echo(text("cli.games.show", lang, id=row.id, game=row.game, status=row.status,
                    moves=row.version, created=_when(row.created),
                    updated=_when(row.updated), seats=_seats(row)))
    names = [s.get("name") for s in row.seats]
    shown = names if all(names) else None
    click.echo(to_text(Record(row.game, row.options, row.seed, row.moves), shown))


@command.command("end")
@click.argument("gid", metavar="ID")
@db_option
@lang_option
def end(gid: str, db: str | None, lang: str) -> None:
    """End a game in play as abandoned (no result, no score list entry)."""
    database = _db(db)
    try:
        row = _row(database, gid)
        if row.status != "active" or not database.games.end(row.id, row.version, "abandoned"):
            status = (database.games.get(gid) or row).status
            raise AdminError(f"game {gid} is not in play (it is {status}): nothing changed",
                             code="admin.not_active", id=gid, status=status)
    finally:
        database.close()
    click.echo(text("cli.games.ended", lang, id=gid))


@command.command("purge")
@db_option
@click.option("--older-than", "days", type=click.FloatRange(0), required=True,
              help="Days since the game last changed.")
@click.option("--aborted-too", is_flag=True,
              help="Also purge aborted games (ended before anybody played).")
@click.option("--dry-run", is_flag=True, help="Only say which games would go.")
@lang_option
def purge(db: str | None, days: float, aborted_too: bool, dry_run: bool, lang: str) -> None:
    """Delete abandoned games older than N days, with their moves, for good."""
    from ludotheek.store import admin

    statuses = ("abandoned", "aborted") if aborted_too else ("abandoned",)
    database = _db(db)
    try:
        rows = admin.find(database.engine, statuses, idle_days=days, limit=None)
        for row in rows:
            click.echo(f"{row.id}  {row.game:<11} {row.status:<9} {_when(row.updated)}")
        if dry_run:
            click.echo(text("cli.games.would_purge", lang, count=len(rows)))
            return
        gone = admin.purge(database.engine, [r.id for r in rows])
    finally:
        database.close()
    click.echo(text("cli.games.purged", lang, count=gone))


@command.command("export")
@click.argument("folder", type=click.Path(file_okay=False))
@click.argument("ids", nargs=-1, metavar="[ID]...")
@db_option
@click.option("--status", "statuses", multiple=True,
              type=click.Choice(["active", "over", "aborted", "abandoned"]),
              help="Export every game of this status (without IDs: all games).")
@click.option("--text", "as_text", is_flag=True, help="Also the readable text form (.txt).")
@lang_option
def export(folder: str, ids: tuple[str, ...], db: str | None, statuses: tuple[str, ...],
           as_text: bool, lang: str) -> None:
    """Write games' records into FOLDER: <id>.json (and <id>.txt), ready to import or
    replay (`ludotheek replay FILE`)."""
    from ludotheek.core.record import Record, to_text
    from ludotheek.store import admin

    target = Path(folder)
    target.mkdir(parents=True, exist_ok=True)
    database = _db(db)
    try:
        wanted = list(ids) or [r.id for r in admin.find(database.engine, statuses,
                                                        limit=None)]
        for gid in wanted:
            row = _row(database, gid)
            record = Record(row.game, row.options, row.seed, row.moves)
            write_atomic(target / f"{row.id}.json", record.dumps() + "\n")
            if as_text:
                names = [s.get("name") for s in row.seats]
                write_atomic(target / f"{row.id}.txt",
                             to_text(record, names if all(names) else None))
    finally:
        database.close()
    click.echo(text("cli.games.exported", lang, count=len(wanted), folder=target))


@command.command("void")
@click.argument("gid", metavar="ID")
@db_option
@lang_option
def void(gid: str, db: str | None, lang: str) -> None:
    """Take a rated game's rating back: its people's ratings (and those of everyone who
    played them afterwards) computed again without it; a game still in play is never
    rated."""
    from ludotheek.rated import rater

    database = _db(db)
    try:
        _row(database, gid)
        was = rater.void(database, gid)
    finally:
        database.close()
    if was not in ("rated", "pending"):
        status = "not rated" if was == "none" else was  # (none: not a rated game at all)
        raise AdminError(f"game {gid} has no rating to void (it is {status})",
                         code="admin.not_rated", id=gid, status=status)
    click.echo(text("cli.games.voided" if was == "rated" else "cli.games.voided_pending",
                    lang, id=gid))
