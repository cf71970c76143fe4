"""Group commit (server/play/writer.py): moves (and seats' arrivals) arriving together share one
transaction, written by the writer's own thread; each is answered on its own."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Callable, Coroutine, Sequence
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any, TypeVar

import pytest

from ludotheek.server.play.writer import MoveWriter
from ludotheek.store import open_database
from ludotheek.store.database import Database
from ludotheek.store.games import GameRow, MoveWrite, NewGame, NoRoom, SeatJoined, StaleVersion

T = TypeVar("T")

PEOPLE = [{"type": "person", "level": None, "name": None}] * 2


def _run_alone(main: Callable[[], Coroutine[Any, Any, T]]) -> T:
    """asyncio.run in a thread of its own: a browser test before this one in the same worker
    leaves Playwright's event loop running in this thread."""
    with ThreadPoolExecutor(1) as pool:
        return pool.submit(lambda: asyncio.run(main())).result()


def _games(db: Database, n: int) -> list[str]:
    return [db.games.create("wari", {}, i, PEOPLE, [None, None], 0).id for i in range(n)]


def _write(gid: str, version: int, move: str) -> MoveWrite:
    return MoveWrite(gid, version, move, version % 2, (version + 1) % 2, "active", None)


class Spy:
    """Records each transaction the writer asks for: its writes and the thread it ran on."""

    def __init__(self, db: Database, monkeypatch: pytest.MonkeyPatch) -> None:
        self.calls: list[tuple[str, int]] = []
        real = db.games.write_batch

        def write_batch(batch: Sequence[MoveWrite | SeatJoined | NewGame]
                        ) -> list[int | bool | StaleVersion | GameRow | NoRoom]:
            self.calls.append((threading.current_thread().name, len(batch)))
            return real(batch)

        monkeypatch.setattr(db.games, "write_batch", write_batch)


def test_moves_arriving_together_are_one_transaction_on_the_writers_thread(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    db = open_database(tmp_path / "w.sqlite3")
    gids = _games(db, 5)
    spy = Spy(db, monkeypatch)
    writer = MoveWriter(db.games)

    async def run() -> list[int]:
        return await asyncio.gather(*(writer.append(_write(g, 0, "3")) for g in gids))

    try:
        assert _run_alone(run) == [1] * 5
    finally:
        writer.close()
    assert spy.calls == [(spy.calls[0][0], 5)]
    assert spy.calls[0][0].startswith("move-writer")
    assert [db.games.get(g).moves for g in gids] == [("3",)] * 5  # type: ignore[union-attr]
    db.close()


def _seated_games(db: Database, n: int) -> list[str]:
    gids = _games(db, n)
    for gid in gids:
        db.games.add_tokens(gid, {0: f"hash-{gid}-0", 1: f"hash-{gid}-1"})
    return gids


def test_seats_arriving_share_the_moves_transaction_and_count_once(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    db = open_database(tmp_path / "w.sqlite3")
    a, b = _seated_games(db, 2)
    spy = Spy(db, monkeypatch)
    writer = MoveWriter(db.games)

    async def run() -> list[int | bool]:
        return list(await asyncio.gather(writer.mark_joined(a, 0), writer.append(_write(b, 0, "3")),
                                         writer.mark_joined(a, 0), writer.mark_joined(b, 1)))

    try:
        assert _run_alone(run) == [True, 1, False, True]
    finally:
        writer.close()
    assert spy.calls == [(spy.calls[0][0], 4)]
    assert spy.calls[0][0].startswith("move-writer")
    assert db.games.joined_seats(a) == {0}
    assert db.games.joined_seats(b) == {1}
    assert db.games.get(b).moves == ("3",)  # type: ignore[union-attr]
    assert not db.games.mark_joined(a, 0)  # the store's own call agrees
    db.close()


def test_a_stale_move_fails_alone_and_the_others_of_its_batch_are_stored(
        tmp_path: Path) -> None:
    db = open_database(tmp_path / "w.sqlite3")
    a, b = _games(db, 2)
    db.games.append_move(a, 0, "3", 0, 1, "active", None)  # a is at version 1 now
    writer = MoveWriter(db.games)

    async def run() -> list[int | BaseException]:
        return list(await asyncio.gather(writer.append(_write(a, 0, "4")),
                                         writer.append(_write(b, 0, "5")), return_exceptions=True))

    try:
        stale, stored = _run_alone(run)
    finally:
        writer.close()
    assert isinstance(stale, StaleVersion) and stale.current == 1
    assert stored == 1
    assert db.games.get(a).moves == ("3",)  # type: ignore[union-attr]
    assert db.games.get(b).moves == ("5",)  # type: ignore[union-attr]
    db.close()


def test_a_failed_transaction_acknowledges_none_of_its_moves_and_the_next_goes_on(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    db = open_database(tmp_path / "w.sqlite3")
    a, b = _games(db, 2)
    real = db.games.write_batch
    failures = [OSError("disk full")]

    def flaky(batch: Sequence[MoveWrite | SeatJoined | NewGame]
              ) -> list[int | bool | StaleVersion | GameRow | NoRoom]:
        if failures:
            raise failures.pop()
        return real(batch)

    monkeypatch.setattr(db.games, "write_batch", flaky)
    writer = MoveWriter(db.games)

    async def run() -> tuple[list[int | BaseException], int]:
        first = list(await asyncio.gather(writer.append(_write(a, 0, "3")),
                                          writer.append(_write(b, 0, "3")), return_exceptions=True))
        return first, await writer.append(_write(a, 0, "4"))

    try:
        first, later = _run_alone(run)
    finally:
        writer.close()
    assert [type(x) for x in first] == [OSError, OSError]
    assert later == 1
    assert db.games.get(a).moves == ("4",)  # type: ignore[union-attr]
    assert db.games.get(b).moves == ()  # type: ignore[union-attr]
    db.close()


def test_a_move_with_its_reply_is_stored_whole_or_not_at_all(tmp_path: Path) -> None:
    db = open_database(tmp_path / "w.sqlite3")
    a, b = _games(db, 2)
    db.games.append_move(a, 0, "3", 0, 1, "active", None)  # a is at version 1 now

    def pair(gid: str, version: int, move: str, reply: str) -> MoveWrite:
        first = _write(gid, version, move)
        return MoveWrite(first.game_id, first.version, first.move, first.seat, first.to_move,
                         first.status, first.result, reply=_write(gid, version + 1, reply))

    # a's pair is stale (a moved on): neither move; b's is stored whole, at version 2
    stale, stored = db.games.write_batch([pair(a, 0, "4", "9"), pair(b, 0, "5", "10")])
    assert isinstance(stale, StaleVersion) and stale.current == 1
    assert stored == 2
    assert db.games.get(a).moves == ("3",)  # type: ignore[union-attr]
    assert db.games.get(b).moves == ("5", "10")  # type: ignore[union-attr]
    with pytest.raises(ValueError, match="next move"):  # a reply belongs right after its move
        db.games.write_batch([MoveWrite(b, 2, "3", 0, 1, "active", None,
                                        reply=_write(b, 4, "9"))])
    assert db.games.get(b).moves == ("5", "10")  # type: ignore[union-attr]
    db.close()
