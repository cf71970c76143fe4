"""The Wari endgame database: every board with at most 15 seeds, solved.

Built by retrograde analysis (``endgame_build``) once, by ``ludotheek build
wari-endgames`` or on first need, and kept in the data folder
(``ludotheek.store.paths.data_dir() / "wari-endgames"``): one file per seed count
(``tier-NN.npy``, four bytes a board: the lower and upper values ``f`` and ``g``
and the sweeps ``df`` and ``dg`` at which they settled) and ``manifest.json``
(format, a fingerprint of the rules, each file's SHA-256). A folder whose format,
rules fingerprint or checksums do not match is stale: it is not used, and a
build replaces it.

What a value means (docs/rules/wari.md, "Endgame database"): the net gain of the
player to move from the seeds on the board with perfect play by both, where play
that would go on for ever without a capture is scored as the repetition rule
scores the position at which the capture-free stretch began. A board whose
lower and upper values agree is *exact*: both players can make sure of that
value without any position repeating, so the repetition rule never comes into it.

>>> import tempfile
>>> folder = tempfile.mkdtemp()
>>> db = build_database(folder, max_seeds=4)
>>> db.max_seeds
4
>>> db.value((0, 0, 0, 0, 0, 1) + (1, 0, 0, 0, 0, 0), mover=0)  # South captures 2
2
>>> load(folder).covers(4), load(folder).covers(5)
(True, False)
"""

from __future__ import annotations

import hashlib
import json
import os
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from ludotheek.core.rng import Rng
from ludotheek.games.wari.endgame_build import LOW, Lower, Progress, solve, tier_moves
from ludotheek.games.wari.endgame_index import _prefix_table, from_mover, tier_size
from ludotheek.games.wari.rules import legal_cups, sow_and_capture

__all__ = [
    "FORMAT",
    "FULL",
    "EndgameDB",
    "MoveValue",
    "build_database",
    "default_folder",
    "ensure_background",
    "load",
    "shared",
]

#: the layout and meaning of the files; a change makes old folders stale
FORMAT = 1
#: the full database: every board with at most this many seeds
FULL = 15
#: ``LUDOTHEEK_WARI_ENDGAMES``: ``auto`` (default: load, or build in the background on
#: first need), ``load`` (use a database that is there, never build) or ``off``
ENV = "LUDOTHEEK_WARI_ENDGAMES"
#: one board: lower and upper value, the sweeps at which they settled, and whether its
#: value is exact (the same however endless play is scored)
DTYPE = np.dtype([("f", "i1"), ("g", "i1"), ("df", "u1"), ("dg", "u1"), ("exact", "?")])


def default_folder() -> Path:
    from ludotheek.store.paths import data_dir

    return data_dir() / "wari-endgames"


def fingerprint() -> str:
    """A digest of the rules as the database sees them: the engine's legal moves and
    captures on 600 fixed boards (changes to the rules change it), and the format."""
    rng = Rng.from_seed(20261129)
    h = hashlib.sha256(f"wari-endgames format {FORMAT}".encode())
    for _ in range(600):
        n = rng.randbelow(FULL + 1)
        board = [0] * 12
        for _ in range(n):
            board[rng.randbelow(12)] += 1
        cups = legal_cups(tuple(board), 0)
        h.update(bytes(board) + bytes(cups) + b"|")
        for cup in cups:
            after, captured = sow_and_capture(tuple(board), cup)
            h.update(bytes(after) + bytes([captured]))
    return h.hexdigest()[:16]


# --- looking up ----------------------------------------------------------------------------
_PREFIX: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    tuple(tuple(int(x) for x in row) for row in plane) for plane in _prefix_table()
)


def _rank(b: tuple[int, ...] | list[int], n: int) -> int:
    out = 0
    prefix = _PREFIX
    for i in range(11):
        c = b[i]
        out += prefix[i][n][c]
        n -= c
    return out


@dataclass(frozen=True)
class MoveValue:
    """One move of a position as the database sees it."""

    cup: int  # 0-11, as the engine numbers cups
    value: int  # the mover's net gain from the board if they play it, then perfect play
    captured: int  # seeds it captures at once
    #: it makes progress towards a forced value (see ``EndgameDB.moves``)
    progress: bool
    #: sweeps left before a capture or the end is forced (0: this move captures or ends)
    distance: int


class EndgameDB:
    """Solved tiers 0..``max_seeds``, looked up by board and player to move."""

    def __init__(self, tiers: list[npt.NDArray[Any]], folder: Path | None = None) -> None:
        self.tiers = tiers
        self.folder = folder

    @property
    def max_seeds(self) -> int:
        return len(self.tiers) - 1

    def covers(self, seeds: int) -> bool:
        return seeds <= self.max_seeds

    def entry(self, b: tuple[int, ...] | list[int]) -> tuple[int, int, int, int]:
        """``(f, g, df, dg)`` of a board seen from the mover (mover's cups first)."""
        n = sum(b)
        row = self.tiers[n][_rank(b, n)]
        return int(row[0]), int(row[1]), int(row[2]), int(row[3])

    def is_exact(self, b: tuple[int, ...] | list[int]) -> bool:
        """Whether the value of a board seen from the mover is the same however endless
        play is scored."""
        n = sum(b)
        return bool(self.tiers[n][_rank(b, n)][4])

    def bounds(self, board: tuple[int, ...], mover: int) -> tuple[int, int]:
        """Lower and upper value ``(f, g)`` for the player ``mover`` (0 South, 1 North)
        to move on ``board`` (cup 1 first). ``f`` is -100 where the mover cannot force a
        capture or the end."""
        f, g, _, _ = self.entry(from_mover(board, mover))
        return f, g

    def value(self, board: tuple[int, ...], mover: int, start: int | None = None) -> int:
        """The mover's net gain from the board with perfect play. ``start``: the mover's
        stop value (own seeds minus the opponent's) at the position where the current
        capture-free stretch began; by default this position's own."""
        b = from_mover(board, mover)
        f, g, _, _ = self.entry(b)
        c = sum(b[:6]) - sum(b[6:]) if start is None else start
        return min(max(c, f), g)

    def exact(self, board: tuple[int, ...], mover: int) -> bool:
        """Whether the value is the same however endless play is scored: both players can
        make sure of it with captures and the end of the game alone, without a position
        ever repeating, in this tier and every lower one it leads to."""
        return self.is_exact(from_mover(board, mover))

    def moves(self, board: tuple[int, ...], mover: int,
              start: int | None = None) -> list[MoveValue]:
        """Every legal move with its value (see ``value``), best first; among equal
        values, moves that make progress (when the value is one the mover must force)
        first, the quickest first."""
        b = from_mover(board, mover)
        f, g, df, _ = self.entry(b)
        c = sum(b[:6]) - sum(b[6:]) if start is None else start
        target = min(max(c, f), g)
        out = []
        for cup in legal_cups(b, 0):
            after, captured = sow_and_capture(b, cup)
            child = after[6:] + after[:6]
            cf, cg, _, cdg = self.entry(child)
            if captured:
                stop = sum(child[:6]) - sum(child[6:])
                value = captured - min(max(stop, cf), cg)
                progress, distance = value >= f, 0
            else:  # (a child where the game is over has f == g == its stop value, dg 0)
                value = -min(max(-c, cf), cg)
                progress, distance = -cg >= f and cdg < df, int(cdg)
            out.append(MoveValue(cup if mover == 0 else (cup + 6) % 12, value, captured,
                                 progress and target == f, distance))
        out.sort(key=lambda m: (-m.value, not m.progress, m.distance, m.cup))
        return out

    def best(self, board: tuple[int, ...], mover: int, start: int | None = None) -> MoveValue:
        """The move perfect play chooses (see ``moves``)."""
        return self.moves(board, mover, start)[0]


# --- files ---------------------------------------------------------------------------------
def _tier_path(folder: Path, n: int) -> Path:
    return folder / f"tier-{n:02d}.npy"


def _sha256(path: Path) -> str:
    h = hashlib.sha256()
    with open(path, "rb") as fh:
        for block in iter(lambda: fh.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()


_VERIFIED: dict[str, tuple[int, int, str]] = {}


def _intact(file: Path, entry: dict[str, Any]) -> bool:
    """Whether ``file`` has the size and SHA-256 the manifest gives (hashed once per
    process while its size and modification time stay the same)."""
    st = file.stat()
    if st.st_size != entry.get("bytes"):
        return False
    key = str(file)
    known = _VERIFIED.get(key)
    if known is None or known[:2] != (st.st_size, st.st_mtime_ns):
        known = (st.st_size, st.st_mtime_ns, _sha256(file))
        _VERIFIED[key] = known
    return known[2] == entry.get("sha256")


def _read_manifest(folder: Path) -> dict[str, Any] | None:
    try:
        data = json.loads((folder / "manifest.json").read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    return data if isinstance(data, dict) else None


def _write_json(path: Path, data: dict[str, Any]) -> None:
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    tmp.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
    os.replace(tmp, path)


def load(folder: str | os.PathLike[str] | None = None, max_seeds: int = FULL,
         verify: bool = True) -> EndgameDB | None:
    """The database in ``folder`` (default: the data folder), tiers 0..k for the largest
    k <= ``max_seeds`` whose files are all there and intact; ``None`` if there is no
    usable tier 0 (missing, stale format or rules, or a bad checksum)."""
    path = Path(folder) if folder is not None else default_folder()
    manifest = _read_manifest(path)
    if (manifest is None or manifest.get("format") != FORMAT
            or manifest.get("fingerprint") != fingerprint()):
        return None
    tiers = []
    info = manifest.get("tiers", {})
    for n in range(max_seeds + 1):
        entry = info.get(str(n))
        file = _tier_path(path, n)
        if not entry or not file.exists() or (verify and not _intact(file, entry)):
            break
        table = np.load(file, mmap_mode="r")
        if len(table) != tier_size(n):
            break
        tiers.append(table)
    return EndgameDB(tiers, path) if tiers else None


def build_database(folder: str | os.PathLike[str] | None = None, max_seeds: int = FULL,
                   progress: Progress | None = None,
                   tier_done: Callable[[int, dict[str, Any]], None] | None = None,
                   force: bool = False) -> EndgameDB:
    """Solve tiers 0..``max_seeds`` and write them, one file a tier as each is done (a
    process may use the first tiers while the others are being built). An intact
    database already there is kept unless ``force``."""
    path = Path(folder) if folder is not None else default_folder()
    path.mkdir(parents=True, exist_ok=True)
    existing = None if force else load(path, max_seeds)
    if existing is not None and existing.max_seeds >= max_seeds:
        return existing
    manifest: dict[str, Any] = {"format": FORMAT, "fingerprint": fingerprint(), "tiers": {}}
    _write_json(path / "manifest.json", manifest)
    lower: list[Lower] = []
    for n in range(max_seeds + 1):
        start = time.perf_counter()
        cpu = time.process_time()
        moves = tier_moves(n, lower, progress=progress)
        sol = solve(n, moves, progress=progress)
        fresh = sol.fresh_values(moves.stop)
        robust = solve(n, moves, progress=_stage(progress, "robust"), robust=True)
        # a value always lies in -n..n ("cannot force" and "endless" say no more)
        low = np.maximum(robust.f, -n).astype(np.int8)
        high = np.minimum(robust.g, n).astype(np.int8)
        lower.append(Lower(fresh, low, high))
        table = np.empty(len(sol.f), dtype=DTYPE)
        table["f"], table["g"] = sol.f, sol.g
        table["df"], table["dg"] = _depth(sol.df), _depth(sol.dg)
        table["exact"] = low == high
        file = _tier_path(path, n)
        tmp = file.with_name(f".{file.name}.{os.getpid()}.tmp.npy")
        np.save(tmp, table)
        os.replace(tmp, file)
        entry = {
            "positions": len(table), "bytes": file.stat().st_size, "sha256": _sha256(file),
            "sweeps": sol.sweeps, "settled": int((sol.f == sol.g).sum()),
            "exact": int(table["exact"].sum()),
            "cannot_force": int((sol.f == LOW).sum()),
            "seconds": round(time.perf_counter() - start, 2),
            "cpu_seconds": round(time.process_time() - cpu, 2),
        }
        manifest["tiers"][str(n)] = entry
        _write_json(path / "manifest.json", manifest)
        if tier_done:
            tier_done(n, entry)
        del moves
    db = load(path, max_seeds, verify=False)
    assert db is not None
    return db


def _depth(sweeps: npt.NDArray[np.uint16]) -> npt.NDArray[np.uint8]:
    if sweeps.max(initial=0) > 255:  # (at most 147 in the 16 tiers; kept as a check)
        raise ValueError("a forced line longer than 255 sweeps does not fit the format")
    return sweeps.astype(np.uint8)


def _stage(progress: Progress | None, name: str) -> Progress | None:
    if progress is None:
        return None
    inner = progress

    def renamed(stage: str, done: int, total: int) -> None:
        inner(name if stage == "solve" else stage, done, total)

    return renamed


# --- on first need ---------------------------------------------------------------------------
_SHARED: dict[str, tuple[float, EndgameDB | None]] = {}
_LOCK = threading.Lock()
#: seconds between two looks for a database that is missing or still being built
RELOAD_EVERY = 30.0


def mode() -> str:
    """``auto``, ``load`` or ``off`` (the environment variable :data:`ENV`)."""
    value = os.environ.get(ENV, "auto").strip().lower()
    return value if value in ("auto", "load", "off") else "auto"


def shared(folder: str | os.PathLike[str] | None = None) -> EndgameDB | None:
    """The database of this process (loaded once; reloaded while it is incomplete),
    or ``None``. In ``auto`` mode a missing or incomplete database is built in the
    background by another process (never here: a search must not wait minutes)."""
    how = mode()
    if how == "off":
        return None
    path = Path(folder) if folder is not None else default_folder()
    key = str(path)
    now = time.monotonic()
    with _LOCK:
        looked, db = _SHARED.get(key, (-RELOAD_EVERY, None))
        if (db is None or db.max_seeds < FULL) and now - looked >= RELOAD_EVERY:
            db = load(path)
            _SHARED[key] = (now, db)
            if (db is None or db.max_seeds < FULL) and how == "auto":
                ensure_background(path)
    return db


def ensure_background(folder: Path) -> bool:
    """Start ``ludotheek build wari-endgames`` in the background, niced, unless one
    is running for ``folder`` (a lock file with its process id). True if started."""
    folder.mkdir(parents=True, exist_ok=True)
    lock = folder / "build.lock"
    try:
        pid = int(lock.read_text().strip() or 0)
    except (OSError, ValueError):
        pid = 0
    if pid and _alive(pid):
        return False
    lock.unlink(missing_ok=True)
    try:
        fd = os.open(lock, os.O_CREAT | os.O_EXCL | os.O_WRONLY)
    except FileExistsError:
        return False
    log = open(folder / "build.log", "ab")  # noqa: SIM115 (the child keeps it)
    proc = subprocess.Popen(
        [sys.executable, "-m", "ludotheek", "build", "wari-endgames", "--folder", str(folder),
         "--lock", str(lock), "--nice", "10"],
        stdin=subprocess.DEVNULL, stdout=log, stderr=log, start_new_session=True,
    )
    log.close()
    os.write(fd, str(proc.pid).encode())
    os.close(fd)
    return True


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True
