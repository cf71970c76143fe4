"""``ludotheek backup`` while the server runs, and ``ludotheek restore`` that checks first."""

from __future__ import annotations

import hashlib
import random
import sqlite3
import threading
import time
from dataclasses import dataclass
from pathlib import Path

import httpx
import pytest

from ludotheek.cli import main
from ludotheek.games import get
from ludotheek.store import Database, open_database
from ludotheek.store.backup import BackupError, backup, check, restore
from tests.serverproc import ServerProcess


@dataclass
class Done:
    returncode: int
    stdout: str
    stderr: str


def _cli(capsys: pytest.CaptureFixture[str], *args: str) -> Done:
    """``ludotheek ARGS`` in this process (the server is another one)."""
    capsys.readouterr()
    try:
        main(list(args))
        code = 0
    except SystemExit as exc:
        code = int(exc.code or 0)
    out = capsys.readouterr()
    return Done(code, out.out, out.err)


def _digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def _make_db(path: Path, games: int = 4, moves: int = 6) -> dict[str, list[str]]:
    """A database with Wari games of a few random moves each; their moves by id."""
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("LUDOTHEEK_SQLITE_SYNC", "OFF")  # test data: no disk syncs needed
        db = open_database(path)
        return _fill(db, games, moves)


def _fill(db: Database, games: int, moves: int) -> dict[str, list[str]]:
    out = {}
    rng = random.Random(3)
    for seed in range(games):
        state = get("wari").new(seed)
        row = db.games.create("wari", dict(state.options), seed,
                              [{"type": "person", "level": None, "name": None}] * 2,
                              ["a" * 10 + str(seed) + "x", "b" * 10 + str(seed) + "y"],
                              state.to_move)
        played = []
        for version in range(moves):
            move = rng.choice(state.legal_moves())
            state = state.play(move)
            db.games.append_move(row.id, version, move, None, state.to_move,
                                 "over" if state.is_over else "active", None)
            played.append(move)
        out[row.id] = played
    db.close()
    return out


def _moves_in(path: Path) -> dict[str, list[str]]:
    conn = sqlite3.connect(path)
    out: dict[str, list[str]] = {}
    for gid, move in conn.execute("SELECT game_id, move FROM moves ORDER BY game_id, number"):
        out.setdefault(gid, []).append(move)
    for (gid,) in conn.execute("SELECT id FROM games"):
        out.setdefault(gid, [])
    conn.close()
    return out


class Player(threading.Thread):
    """Plays random moves in the server's games over HTTP until stopped; keeps every
    acknowledged move."""

    def __init__(self, base: str, games: dict[str, list[str]]) -> None:
        super().__init__(daemon=True)
        self.base = base
        self.games = games  # id -> the two tokens
        self.acked: dict[str, list[str]] = {gid: [] for gid in games}
        self.stop = threading.Event()
        self.errors: list[str] = []

    def run(self) -> None:
        rng = random.Random(1)
        with httpx.Client(base_url=self.base, timeout=30) as http:
            while not self.stop.is_set():
                for gid, tokens in self.games.items():
                    view = http.get(f"/api/games/{gid}").json()
                    if view["over"]:
                        continue
                    head = {"Authorization": f"Bearer {tokens[view['to_move']]}"}
                    legal = http.get(f"/api/games/{gid}", headers=head).json()["legal_moves"]
                    move = rng.choice(legal)
                    r = http.post(f"/api/games/{gid}/moves", headers=head,
                                  json={"move": move, "version": view["version"]})
                    if r.status_code == 200:
                        self.acked[gid].append(move)
                    else:
                        self.errors.append(r.text)

    def count(self) -> int:
        return sum(map(len, self.acked.values()))


def test_backup_while_the_server_takes_moves_then_restore(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    db = tmp_path / "live.sqlite3"
    server = ServerProcess(db, workers=0, args=("--requests-per-second", "0")).start()
    try:
        games = {}
        for _ in range(6):
            r = httpx.post(f"{server.url}/api/games", json={
                "game": "wari", "seats": [{"type": "person"}] * 2})
            games[r.json()["id"]] = [s["token"] for s in r.json()["seats"]]
        player = Player(server.url, games)
        player.start()
        while player.count() < 20:
            time.sleep(0.05)
        before = {gid: list(m) for gid, m in player.acked.items()}
        done = _cli(capsys, "backup", str(tmp_path / "copy.sqlite3"), "--db", str(db))
        assert done.returncode == 0, done.stderr
        assert "6 games" in done.stdout and "every game replays" in done.stdout
        during = player.count()
        while player.count() < during + 10:  # the server goes on taking moves
            time.sleep(0.05)
        with pytest.raises(BackupError, match="is in use"):
            restore(tmp_path / "copy.sqlite3", db)
        player.stop.set()
        player.join(30)
        assert not player.errors
    finally:
        server.stop()
    copy = _moves_in(tmp_path / "copy.sqlite3")
    final = _moves_in(db)
    assert final == player.acked
    for gid in games:  # one moment of the database: for every game, a prefix
        assert final[gid][:len(copy[gid])] == copy[gid]
        assert len(copy[gid]) >= len(before[gid])
    assert check(tmp_path / "copy.sqlite3").games == 6
    # restore: the backup takes the place of the database, the old one is kept
    old = _digest(db)
    done = _cli(capsys, "restore", str(tmp_path / "copy.sqlite3"), "--db", str(db))
    assert done.returncode == 0, done.stderr
    assert "kept as" in done.stdout
    assert _moves_in(db) == copy
    assert _moves_in(Path(str(db) + ".bak")) == final
    assert _digest(db) != old
    # the restored games load and go on
    with ServerProcess(db, workers=0) as again:
        gid = max(copy, key=lambda g: len(copy[g]))
        view = httpx.get(f"{again.url}/api/games/{gid}").json()
        assert view["moves"] == copy[gid]
        if not view["over"]:
            head = {"Authorization": f"Bearer {games[gid][view['to_move']]}"}
            legal = httpx.get(f"{again.url}/api/games/{gid}", headers=head).json()
            r = httpx.post(f"{again.url}/api/games/{gid}/moves", headers=head, json={
                "move": legal["legal_moves"][0], "version": view["version"]})
            assert r.status_code == 200


def _damage(path: Path, sql: str | None = None, garbage: bool = False) -> None:
    if sql:
        conn = sqlite3.connect(path)
        conn.executescript(sql)
        conn.close()
    if garbage:
        data = bytearray(path.read_bytes())
        page = 4096
        for at in range(2 * page, len(data) - page, page):
            data[at + 10: at + 400] = bytes(random.Random(at).randbytes(390))
        path.write_bytes(bytes(data))


@pytest.fixture(scope="module")
def sound_backup(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A backup file as ``backup`` writes them, of 30 games of 40 moves."""
    folder = tmp_path_factory.mktemp("sound")
    _make_db(folder / "db.sqlite3", games=30, moves=40)
    backup(folder / "backup.sqlite3", folder / "db.sqlite3")
    return folder / "backup.sqlite3"


@pytest.mark.parametrize("how, message", [
    ({"garbage": True}, "is damaged"),
    ({"sql": "UPDATE moves SET move = '13' WHERE number = 2"},
     r"does not replay: move 2 \('13'\) is illegal"),
    ({"sql": "DELETE FROM moves WHERE number = 3"}, "moves numbered 1, 2, 4"),
    ({"sql": "UPDATE alembic_version SET version_num = '9999'"},
     "schema revision 9999, which this ludotheek does not know"),
    ({"sql": "UPDATE games SET game = 'chess'"}, "a game of 'chess'"),
    ({"sql": "UPDATE games SET status = 'over'"}, "do not end the game"),
    ({"sql": "DROP TABLE alembic_version"}, "not a ludotheek database"),
])
def test_a_bad_backup_is_refused_and_nothing_changes(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], sound_backup: Path,
        how: dict[str, object], message: str) -> None:
    db = tmp_path / "in-use.sqlite3"
    _make_db(db)
    bad = tmp_path / "bad.sqlite3"
    bad.write_bytes(sound_backup.read_bytes())
    assert check(bad).games == 30
    _damage(bad, **how)  # type: ignore[arg-type]
    before = sorted(p.name for p in tmp_path.iterdir())
    digest = _digest(db)
    with pytest.raises(BackupError, match=message):
        restore(bad, db)
    assert _digest(db) == digest
    assert sorted(p.name for p in tmp_path.iterdir()) == before  # no .bak, no temp file
    if "garbage" in how:  # the command says so too, with exit status 2
        done = _cli(capsys, "restore", str(bad), "--db", str(db))
        assert done.returncode == 2 and done.stderr.startswith("error: ")
        assert "is damaged" in done.stderr and _digest(db) == digest


def test_files_that_are_no_database(tmp_path: Path) -> None:
    db = tmp_path / "db.sqlite3"
    _make_db(db)
    text = tmp_path / "notes.txt"
    text.write_text("not a database")
    with pytest.raises(BackupError, match="is not a SQLite database"):
        restore(text, db)
    with pytest.raises(BackupError, match="there is no file"):
        restore(tmp_path / "missing.sqlite3", db)
    with pytest.raises(BackupError, match="cannot be the database itself"):
        backup(db, db)
    with pytest.raises(BackupError, match="there is no database"):
        backup(tmp_path / "x.sqlite3", tmp_path / "nothing.sqlite3")


def test_a_restore_into_a_new_place_and_over_a_damaged_database(tmp_path: Path) -> None:
    good = tmp_path / "good.sqlite3"
    moves = _make_db(good)
    fresh = tmp_path / "sub" / "new.sqlite3"
    summary, saved = restore(good, fresh)
    assert saved is None and summary.games == 4 and _moves_in(fresh) == moves
    broken = tmp_path / "broken.sqlite3"
    broken.write_bytes(b"SQLite format 3\x00" + b"\xff" * 5000)
    damaged = broken.read_bytes()
    summary, saved = restore(good, broken)
    assert saved is not None and saved.read_bytes() == damaged  # kept as it was
    assert _moves_in(broken) == moves


def test_postgresql_is_pg_dumps_job(tmp_path: Path,
                                   capsys: pytest.CaptureFixture[str]) -> None:
    for command in ("backup", "restore"):
        done = _cli(capsys, command, str(tmp_path / "x.sqlite3"),
                    "--db", "postgresql://u@localhost/l")
        assert done.returncode == 2
        assert "this database is PostgreSQL: back it up with pg_dump" in done.stderr
