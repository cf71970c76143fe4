"""Backups of the SQLite database, taken while the server runs, and checked restores.

``backup`` copies the database with SQLite's online backup API: one read
transaction, so the copy is the database as it was at one moment, whatever the
server writes meanwhile (in WAL mode readers and the writer do not wait for each
other). The copy is checked (see :func:`check`) before it takes the place of the
target file, through a temporary file beside it and a rename.

``restore`` checks the file first and refuses it, changing nothing, unless
SQLite finds it sound, its schema revision is one this ludotheek knows and every
game in it replays move by move. Then the database in use is copied to
``<db>.bak`` and the checked copy takes its place by a rename. A server using
the database must be stopped first: restore sees it and refuses.

PostgreSQL has its own tools for this: ``pg_dump`` and ``pg_restore``.
"""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import sqlite3
import tempfile
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from alembic.config import Config
from alembic.script import ScriptDirectory

from ludotheek.core.errors import BadRecord, LudotheekError
from ludotheek.core.record import Entry, Record
from ludotheek.games import names
from ludotheek.store.games import column_entry
from ludotheek.store.paths import database_url

MIGRATIONS = Path(__file__).parent / "migrations"
HEADER = b"SQLite format 3\x00"


class BackupError(LudotheekError):
    """A backup or restore that cannot be done, and why."""


@dataclass(frozen=True)
class Summary:
    """What a checked database holds."""

    path: Path
    games: int
    moves: int
    revision: str
    size: int

    def describe(self) -> str:
        return (f"{self.games} games, {self.moves} moves, schema revision {self.revision}, "
                f"{self.size / 1024:.0f} KiB; SQLite integrity check ok, every game replays")


def sqlite_file(db: str | os.PathLike[str] | None) -> Path:
    """The SQLite file of ``db`` (a path, URL or None for the default);
    :class:`BackupError` for PostgreSQL and in-memory databases."""
    url = database_url(db)
    if url.startswith("postgresql"):
        raise BackupError("this database is PostgreSQL: back it up with pg_dump "
                          "(pg_dump -Fc -f ludotheek.dump DBNAME) and restore it with "
                          "pg_restore; ludotheek backup and restore handle SQLite files")
    if not url.startswith("sqlite:///") or url == "sqlite:///:memory:":
        raise BackupError(f"{url} is not a database file")
    return Path(url.removeprefix("sqlite:///"))


def known_revisions() -> set[str]:
    cfg = Config()
    cfg.set_main_option("script_location", str(MIGRATIONS))
    return {s.revision for s in ScriptDirectory.from_config(cfg).walk_revisions()}


@contextlib.contextmanager
def _connect(path: Path) -> Iterator[sqlite3.Connection]:
    conn = sqlite3.connect(path, timeout=30)
    try:
        yield conn
    finally:
        conn.close()


def check(path: str | os.PathLike[str]) -> Summary:
    """Check a database file; :class:`BackupError` says what is wrong with it.

    SQLite's ``PRAGMA integrity_check``, a schema revision this ludotheek knows,
    and every game: its moves numbered 1, 2, … up to its version, and the game
    replayed from its options and seed, every move legal, over exactly when the
    database says so.
    """
    path = Path(path)
    if not path.is_file():
        raise BackupError(f"there is no file {path}")
    with open(path, "rb") as fh:
        if fh.read(16) != HEADER:
            raise BackupError(f"{path} is not a SQLite database")
    try:
        with _connect(path) as conn:
            return _check(conn, path)
    except sqlite3.DatabaseError as exc:
        raise BackupError(f"{path} is damaged: SQLite says {exc}") from exc


def _check(conn: sqlite3.Connection, path: Path) -> Summary:
    problems = [r[0] for r in conn.execute("PRAGMA integrity_check(20)")]
    if problems != ["ok"]:
        raise BackupError(f"{path} is damaged: SQLite's integrity check says "
                          + "; ".join(problems[:5]))
    tables = {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type='table'")}
    if not {"alembic_version", "games", "moves"} <= tables:
        raise BackupError(f"{path} is not a ludotheek database (it has no games, moves or "
                          "alembic_version table)")
    revisions = [r[0] for r in conn.execute("SELECT version_num FROM alembic_version")]
    known = known_revisions()
    if len(revisions) != 1 or revisions[0] not in known:
        raise BackupError(f"{path} has schema revision {', '.join(revisions) or 'none'}, "
                          f"which this ludotheek does not know (it knows "
                          f"{', '.join(sorted(known))}): it may come from a newer version")
    moves: dict[str, list[tuple[int, Entry]]] = {}
    for gid, number, move in conn.execute(
            "SELECT game_id, number, move FROM moves ORDER BY game_id, number"):
        moves.setdefault(gid, []).append((number, column_entry(move)))
    games = conn.execute("SELECT id, game, options, seed, version, status FROM games")
    count = 0
    for gid, game, options, seed, version, status in games:
        count += 1
        mine = moves.pop(gid, [])
        if [n for n, _ in mine] != list(range(1, version + 1)):
            raise BackupError(f"game {gid} has version {version} but moves numbered "
                              f"{_numbers([n for n, _ in mine])}")
        if game not in names():
            raise BackupError(f"game {gid} is a game of {game!r}, which this ludotheek "
                              "does not have")
        try:
            final = Record(game, json.loads(options), int(seed),
                           tuple(m for _, m in mine)).replay()
        except (BadRecord, ValueError) as exc:
            raise BackupError(f"game {gid} ({game}) does not replay: {exc}") from exc
        if final.is_over != (status == "over"):
            raise BackupError(f"game {gid} ({game}) is {status} in the database, but its "
                              f"moves {'end' if final.is_over else 'do not end'} the game")
    if moves:
        raise BackupError(f"moves of a game that does not exist: {sorted(moves)[0]}")
    total = conn.execute("SELECT count(*) FROM moves").fetchone()[0]
    return Summary(path, count, int(total), revisions[0], path.stat().st_size)


def _numbers(numbers: list[int]) -> str:
    if not numbers:
        return "none"
    shown = ", ".join(map(str, numbers[:5]))
    return shown + (", …" if len(numbers) > 5 else "")


def _fsync_dir(folder: Path) -> None:
    fd = os.open(folder, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def _copy(source: sqlite3.Connection, target: Path) -> Path:
    """A copy of ``source`` in a temporary file beside ``target``, as one file (no WAL),
    on disk; the caller renames it."""
    fd, tmp_name = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp",
                                    dir=target.parent)
    os.close(fd)
    tmp = Path(tmp_name)
    try:
        with _connect(tmp) as dest:
            source.backup(dest)  # all pages in one step: one consistent snapshot
            dest.execute("PRAGMA journal_mode=DELETE")
        with open(tmp, "rb") as fh:
            os.fsync(fh.fileno())
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise
    return tmp


def backup(target: str | os.PathLike[str], db: str | os.PathLike[str] | None = None
           ) -> Summary:
    """Copy the database ``db`` to ``target`` (checked, then renamed into place)."""
    source = sqlite_file(db)
    target = Path(target).absolute()
    if not source.is_file():
        raise BackupError(f"there is no database at {source}")
    if target.exists() and target.samefile(source):
        raise BackupError("the backup cannot be the database itself")
    if not target.parent.is_dir():
        raise BackupError(f"there is no folder {target.parent}")
    try:
        with _connect(source) as conn:
            tmp = _copy(conn, target)
    except sqlite3.DatabaseError as exc:
        raise BackupError(f"the database {source} cannot be read: {exc}") from exc
    try:
        summary = check(tmp)
        os.replace(tmp, target)
        _fsync_dir(target.parent)
    finally:
        tmp.unlink(missing_ok=True)
    return Summary(target, summary.games, summary.moves, summary.revision,
                   target.stat().st_size)


@contextlib.contextmanager
def _alone(path: Path) -> Iterator[sqlite3.Connection | None]:
    """The database at ``path`` opened so that nobody else has it open (None if it cannot
    be opened as a database at all); :class:`BackupError` while another program (a running
    server) uses it."""
    try:
        conn = sqlite3.connect(path, timeout=0.5, isolation_level=None)
    except sqlite3.DatabaseError:
        yield None
        return
    try:
        try:
            conn.execute("PRAGMA locking_mode=EXCLUSIVE")
            conn.execute("BEGIN EXCLUSIVE")
            conn.execute("COMMIT")
        except sqlite3.OperationalError as exc:
            if "locked" in str(exc) or "busy" in str(exc):
                raise BackupError(f"{path} is in use (is `ludotheek serve` running on it?): "
                                  "stop the server, then restore") from exc
            yield None
            return
        except sqlite3.DatabaseError:
            yield None
            return
        yield conn
    finally:
        conn.close()


def restore(source: str | os.PathLike[str], db: str | os.PathLike[str] | None = None
            ) -> tuple[Summary, Path | None]:
    """Replace the database ``db`` by the backup ``source``, if ``source`` passes
    :func:`check`. Returns its summary and where the old database went (None if there was
    none)."""
    target = sqlite_file(db)
    source = Path(source).absolute()
    summary = check(source)  # before anything is touched
    if target.exists() and target.samefile(source):
        raise BackupError("the backup is the database itself")
    target.parent.mkdir(parents=True, exist_ok=True)
    with _connect(source) as conn:
        tmp = _copy(conn, target)
    try:
        check(tmp)  # the very bytes that will be put in place
        saved = None
        if target.exists():
            saved = target.with_name(target.name + ".bak")
            with _alone(target) as current:
                _save(current, target, saved)
            for side in ("-wal", "-shm"):  # the old database's: never to be read with the new
                Path(str(target) + side).unlink(missing_ok=True)
        os.replace(tmp, target)
        _fsync_dir(target.parent)
    finally:
        tmp.unlink(missing_ok=True)
    return Summary(target, summary.games, summary.moves, summary.revision,
                   target.stat().st_size), saved


def _save(current: sqlite3.Connection | None, target: Path, saved: Path) -> None:
    """The database in use, to ``saved``: through SQLite if it can be read (its WAL
    included), else as the bytes on disk (a damaged database is kept as it is)."""
    if current is not None:
        try:
            tmp = _copy(current, saved)
            os.replace(tmp, saved)
            return
        except sqlite3.DatabaseError:
            pass
    shutil.copyfile(target, saved)
    wal = Path(str(target) + "-wal")
    if wal.exists():
        shutil.copyfile(wal, Path(str(saved) + "-wal"))
