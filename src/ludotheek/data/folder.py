"""The application's side of :mod:`ludotheek.core.resources`: data sets kept in the data
folder, built on request (``ludotheek build NAME``) or in the background on first need.

Each data set has a folder ``<data folder>/<name>/``: a ``manifest.json`` (the data
set's name and version - its declared version plus a digest of the source of the
modules it names in ``code`` -, each file's size and SHA-256, the segments of every
appended array, the JSON values) and the files: ``<array>.npy`` (memory-mapped when
read: every process shares the same pages), ``<array>.npz`` (compressed; unpacked
when read), ``<array>.bin`` (segments appended one after the other). A file whose
size or checksum is not the manifest's, or a manifest of another version, is stale:
it is not used, and a build replaces it.

``LUDOTHEEK_BUILDS``: ``auto`` (default: use what is there; build what is missing in
the background, one build at a time), ``load`` (use what is there, never build)
or ``off`` (provide nothing). Compiled code (numba's cache) goes to
``<data folder>/numba-cache`` unless ``NUMBA_CACHE_DIR`` says otherwise.

A background build runs at idle priority (``ludotheek build --idle``: the CPU only when no
one else wants it, so that it never slows play), except a data set declared ``preload``
(compiled code the players need soon: niced by 10). While it runs it writes how far it
is to ``progress.json`` in its folder, and a data set built in steps (Wari's endgame tiers)
checkpoints each one, usable at once (:func:`status` says how far each is). A server's
builds are its own (``FolderResources.owner``, written in the lock file): it stops them
when it stops (:func:`stop_builds`).
"""

from __future__ import annotations

import contextlib
import hashlib
import importlib
import importlib.util
import json
import multiprocessing
import os
import shutil
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Mapping
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from ludotheek.core import resources as core
from ludotheek.core.errors import BadOption
from ludotheek.core.resources import DataSet, Progress

ENV = "LUDOTHEEK_BUILDS"
#: seconds between two looks for a data set that is missing or still being built
RELOAD_EVERY = 30.0
MANIFEST = "manifest.json"
#: a running build's progress (its folder's): stage, done, total, pid
PROGRESS = "progress.json"
#: seconds between two writes of ``progress.json``
PROGRESS_EVERY = 1.0
LOCK = "build.lock"


# --- the declarations -----------------------------------------------------------------------
def data_sets() -> dict[str, DataSet]:
    """Every data set the games declare: the build targets of each game's plug-in
    (``DATA_SETS`` of the module its ``GamePlugin.data`` names)."""
    from ludotheek.games import plugins

    found: dict[str, DataSet] = {}
    for p in plugins():
        if p.data is None:
            continue
        for ds in getattr(importlib.import_module(p.data), "DATA_SETS", ()):
            found[ds.name] = ds
    return found


def data_sets_of(game: str) -> list[DataSet]:
    """The data sets game ``game`` declares (its plug-in's ``DATA_SETS``)."""
    from ludotheek.games import plugin

    module = plugin(game).data
    return list(getattr(importlib.import_module(module), "DATA_SETS", ())) if module else []


def data_set(name: str) -> DataSet:
    sets = data_sets()
    if name not in sets:
        raise BadOption(f"unknown data set {name!r}; the data sets are: {', '.join(sets)}")
    return sets[name]


def version_of(ds: DataSet) -> str:
    """The declared version and a digest of the source of the modules in ``ds.code``
    (for ``machine_code``: also their places and modification times, and the compiler's
    cache folder)."""
    h = hashlib.sha256(ds.version.encode())
    for module in ds.code:
        spec = importlib.util.find_spec(module)
        if spec is not None and spec.origin:
            h.update(Path(spec.origin).read_bytes())
            if ds.machine_code:
                st = os.stat(spec.origin)
                h.update(f"{spec.origin}:{st.st_mtime_ns}:{st.st_size}".encode())
    if ds.machine_code:
        h.update(os.environ.get("NUMBA_CACHE_DIR", "").encode())
    if ds.code:
        with contextlib.suppress(ImportError):
            import numba

            h.update(numba.__version__.encode())
    return f"{ds.version}+{h.hexdigest()[:12]}" if ds.code else ds.version


# --- one folder -------------------------------------------------------------------------------
def _sha256(path: Path) -> str:
    h = hashlib.sha256()
    with open(path, "rb") as fh:
        for block in iter(lambda: fh.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()


_VERIFIED: dict[str, tuple[int, int, str]] = {}


def _intact(file: Path, entry: Mapping[str, Any]) -> bool:
    """Whether ``file`` has the size and SHA-256 the manifest gives (hashed once per
    process while its size and modification time stay the same)."""
    try:
        st = file.stat()
    except OSError:
        return False
    if st.st_size != entry.get("bytes"):
        return False
    key = str(file)
    known = _VERIFIED.get(key)
    if known is None or known[:2] != (st.st_size, st.st_mtime_ns):
        known = (st.st_size, st.st_mtime_ns, _sha256(file))
        _VERIFIED[key] = known
    return known[2] == entry.get("sha256")


def _write_json(path: Path, data: Any) -> None:
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    tmp.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
    os.replace(tmp, path)


class FolderStore:
    """A data set's folder, as a ``Sink`` (while building) and a ``Source`` (reading)."""

    def __init__(self, folder: Path, name: str, version: str) -> None:
        self.folder = folder
        self.name = name
        self.version = version
        self.manifest: dict[str, Any] = {"name": name, "version": version, "files": {},
                                         "segments": {}, "values": {}}

    # reading
    @classmethod
    def open(cls, folder: Path, name: str, version: str) -> FolderStore | None:
        """The store in ``folder`` if its manifest is of this data set and version."""
        try:
            data = json.loads((folder / MANIFEST).read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return None
        if not isinstance(data, dict) or data.get("name") != name \
                or data.get("version") != version:
            return None
        store = cls(folder, name, version)
        store.manifest = data
        return store

    def _file(self, file: str) -> Path:
        entry = self.manifest["files"].get(file)
        path = self.folder / file
        if entry is None or not _intact(path, entry):
            raise KeyError(file)
        return path

    def array(self, name: str) -> npt.NDArray[Any]:
        if f"{name}.npy" in self.manifest["files"]:
            mapped: npt.NDArray[Any] = np.load(self._file(f"{name}.npy"), mmap_mode="r")
            return mapped
        if f"{name}.npz" in self.manifest["files"]:
            with np.load(self._file(f"{name}.npz")) as data:
                a: npt.NDArray[Any] = data["a"]
            a.flags.writeable = False
            return a
        segments = self.manifest["segments"].get(name)
        if segments:
            return self._segments(name)[1]
        raise KeyError(name)

    def _segments(self, name: str) -> tuple[list[npt.NDArray[Any]], npt.NDArray[Any]]:
        """The intact segments of ``name`` (up to the first damaged one) and all of them
        as one array."""
        entries = self.manifest["segments"].get(name, [])
        path = self.folder / f"{name}.bin"
        if not entries or not path.exists():
            return [], np.zeros(0)
        dtype = np.dtype(entries[0]["dtype"])
        good = []
        with open(path, "rb") as fh:
            for e in entries:
                fh.seek(e["offset"])
                block = fh.read(e["bytes"])
                if len(block) != e["bytes"] or hashlib.sha256(block).hexdigest() != e["sha256"]:
                    break
                good.append(e)
        if not good:
            return [], np.zeros(0, dtype=dtype)
        end = good[-1]["offset"] + good[-1]["bytes"]
        whole = np.memmap(path, dtype=dtype, mode="r", shape=(end // dtype.itemsize,))
        parts = [whole[e["offset"] // dtype.itemsize:(e["offset"] + e["bytes"])
                       // dtype.itemsize] for e in good]
        return parts, whole

    def segments(self, name: str) -> list[npt.NDArray[Any]]:
        key = (name, len(self.manifest["segments"].get(name, [])))
        cached = self.__dict__.setdefault("_seg_cache", {})
        if key not in cached:
            cached[key] = self._segments(name)
        return list(cached[key][0])

    def json(self, name: str) -> Any:
        return self.manifest["values"].get(name)

    # writing
    def clear(self) -> None:
        """Remove what the folder holds (a process that has a file mapped keeps it)."""
        self.folder.mkdir(parents=True, exist_ok=True)
        for path in self.folder.iterdir():
            if path.name not in ("build.lock", "build.log") and path.is_file():
                path.unlink()

    def put_array(self, name: str, array: npt.NDArray[Any], compress: bool = False) -> None:
        file = f"{name}.npz" if compress else f"{name}.npy"
        path = self.folder / file
        tmp = path.with_name(f".{file}.{os.getpid()}.tmp")
        with open(tmp, "wb") as fh:
            if compress:
                np.savez_compressed(fh, a=array)
            else:
                np.save(fh, array)
        os.replace(tmp, path)
        self.manifest["files"][file] = {"bytes": path.stat().st_size, "sha256": _sha256(path)}

    def append(self, name: str, array: npt.NDArray[Any]) -> None:
        a = np.ascontiguousarray(array)
        entries = self.manifest["segments"].setdefault(name, [])
        if entries and entries[0]["dtype"] != a.dtype.str:
            raise ValueError(f"{name}: segments of one dtype, not {a.dtype}")
        offset = entries[-1]["offset"] + entries[-1]["bytes"] if entries else 0
        data = a.tobytes()
        with open(self.folder / f"{name}.bin", "r+b" if offset else "wb") as fh:
            fh.seek(offset)
            fh.write(data)
            fh.truncate()
            fh.flush()
            os.fsync(fh.fileno())
        entries.append({"offset": offset, "bytes": len(data), "count": len(a),
                        "dtype": a.dtype.str, "sha256": hashlib.sha256(data).hexdigest()})

    def put_json(self, name: str, value: Any) -> None:
        self.manifest["values"][name] = value

    def checkpoint(self) -> None:
        _write_json(self.folder / MANIFEST, self.manifest)

    def source(self) -> FolderStore:
        return self

    def bytes_on_disk(self) -> int:
        return sum(p.stat().st_size for p in self.folder.iterdir()
                   if p.is_file() and p.name not in (LOCK, "build.log", PROGRESS))


# --- building ------------------------------------------------------------------------------
def build(root: Path, name: str, params: Mapping[str, Any] | None = None,
          progress: Progress | None = None, force: bool = False) -> tuple[Any, bool]:
    """Build data set ``name`` into ``root/name`` unless a complete copy of this version
    with these parameters is there (or ``force``); the opened data set and whether it
    was built now."""
    ds = data_set(name)
    version = version_of(ds)
    folder = root / name
    given = {**ds.params, **(params or {})}
    existing = FolderStore.open(folder, name, version)
    if existing is not None and not force and existing.json("_params") == given:
        opened = ds.open(existing)
        if opened is not None and getattr(opened, "complete", True):
            return opened, False
    store = FolderStore(folder, name, version)
    store.clear()
    store.put_json("_params", given)
    store.checkpoint()
    ds.build(store, _written(folder / PROGRESS, progress), given)
    store.put_json("_built", time.strftime("%Y-%m-%d %H:%M:%S"))
    store.checkpoint()
    (folder / PROGRESS).unlink(missing_ok=True)
    opened = ds.open(store)
    if opened is None:
        raise RuntimeError(f"{name}: the data set just built cannot be opened")
    return opened, True


def _written(path: Path, outer: Progress | None) -> Progress:
    """``outer``, and the progress written to ``path`` (at most every
    :data:`PROGRESS_EVERY` seconds, and at the end of each stage) for :func:`status`."""
    last = [-PROGRESS_EVERY]

    def progress(stage: str, done: int, total: int) -> None:
        if outer is not None:
            outer(stage, done, total)
        now = time.monotonic()
        if now - last[0] >= PROGRESS_EVERY or done >= total:
            last[0] = now
            _write_json(path, {"stage": stage, "done": done, "total": total,
                               "pid": os.getpid()})

    return progress


# --- providing ------------------------------------------------------------------------------
def mode() -> str:
    """``auto``, ``load`` or ``off`` (the environment variable :data:`ENV`)."""
    value = os.environ.get(ENV, "auto").strip().lower()
    return value if value in ("auto", "load", "off") else "auto"


class FolderResources:
    """The data sets in a data folder, opened once per process (again now and then
    while missing or incomplete); missing ones are built in the background."""

    def __init__(self, root: Path, how: str | None = None, owner: str | None = None) -> None:
        self.root = Path(root)
        self.how = how or mode()
        #: whose builds this process starts (a server's processes share one: the server
        #: stops them when it stops, :func:`stop_builds`); None: they run on alone
        self.owner = owner
        self._opened: dict[str, tuple[float, Any]] = {}
        self._lock = threading.Lock()

    def get(self, name: str) -> Any:
        if self.how == "off":
            return None
        now = time.monotonic()
        with self._lock:
            looked, obj = self._opened.get(name, (-RELOAD_EVERY, None))
            if (obj is None or not getattr(obj, "complete", True)) \
                    and now - looked >= RELOAD_EVERY:
                obj = self._open(name)
                self._opened[name] = (now, obj)
                if (obj is None or not getattr(obj, "complete", True)) and self.how == "auto":
                    self.build_in_background(name)
        return obj

    def open_present(self) -> list[str]:
        """Open now every data set whose copy is here and complete, building none: what
        is missing or still being built is opened (and built) at its first need, as
        before. The names opened (a worker process's warm-up: issue 39)."""
        out = []
        for name in data_sets():
            with self._lock:
                if name not in self._opened and self.how != "off":
                    obj = self._open(name)
                    if obj is not None and getattr(obj, "complete", True):
                        self._opened[name] = (time.monotonic(), obj)
                if self._opened.get(name, (0.0, None))[1] is not None:
                    out.append(name)
        return out

    def _open(self, name: str) -> Any:
        try:
            ds = data_set(name)
        except BadOption:
            return None
        store = FolderStore.open(self.root / name, name, version_of(ds))
        if store is None or (ds.machine_code and not _cache_present()):
            return None
        try:
            return ds.open(store)
        except (KeyError, OSError, ValueError):
            return None

    def build_in_background(self, name: str) -> bool:
        """Start ``ludotheek build NAME`` in the background, at idle priority, unless one
        is running for ``name`` (a lock file with its process id and owner). True if
        started. One build at a time waits for another (the data folder's queue), except
        that of a data set declared ``preload`` (quick, and needed at once: it does not
        wait behind an endgame database, and is niced, not idle: play waits for it)."""
        try:
            preload = data_set(name).preload
        except BadOption:
            preload = False
        folder = self.root / name
        folder.mkdir(parents=True, exist_ok=True)
        lock = folder / LOCK
        pid, _ = _holder(lock)
        if pid and _alive(pid):
            return False
        lock.unlink(missing_ok=True)
        try:
            fd = os.open(lock, os.O_CREAT | os.O_EXCL | os.O_WRONLY)
        except FileExistsError:
            return False
        log = open(folder / "build.log", "ab")  # noqa: SIM115 (the child keeps it)
        env = dict(os.environ, LUDOTHEEK_DATA=str(self.root))
        proc = subprocess.Popen(
            [sys.executable, "-m", "ludotheek", "build", name, "--lock", str(lock),
             *(("--nice", "10") if preload else ("--idle", "--queue"))],
            stdin=subprocess.DEVNULL, stdout=log, stderr=log, start_new_session=True, env=env,
        )
        log.close()
        os.write(fd, (f"{proc.pid} {self.owner}" if self.owner else str(proc.pid)).encode())
        os.close(fd)
        _keep(proc)
        return True


#: the background builds this process started, kept until they have ended: a Popen dropped
#: while its child runs warns (ResourceWarning) when it is collected, and an ended child
#: that is never waited for stays a zombie
_BUILDS: list[subprocess.Popen[bytes]] = []


def _keep(proc: subprocess.Popen[bytes]) -> None:
    """Keep ``proc``; forget (and reap) the builds that have ended."""
    _BUILDS[:] = [p for p in _BUILDS if p.poll() is None]
    _BUILDS.append(proc)


def _cache_present() -> bool:
    """Whether the compiler's cache folder holds anything (a copy of a ``machine_code``
    data set whose cache was removed is stale)."""
    folder = os.environ.get("NUMBA_CACHE_DIR")
    if not folder:
        return True  # the compiler's own default place beside the sources
    try:
        with os.scandir(folder) as entries:
            return any(True for _ in entries)
    except OSError:
        return False


def _alive(pid: int) -> bool:
    """Whether process ``pid`` runs (an ended one not yet waited for does not)."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    try:
        with open(f"/proc/{pid}/stat", "rb") as fh:
            return fh.read().rpartition(b")")[2].split()[0] != b"Z"
    except (OSError, IndexError):
        return True  # no /proc (macOS): kill's answer


def _holder(lock: Path) -> tuple[int, str | None]:
    """The process id and owner a build's lock file names (0 if none)."""
    try:
        words = lock.read_text().split()
        return int(words[0]), (words[1] if len(words) > 1 else None)
    except (OSError, ValueError, IndexError):
        return 0, None


def stop_builds(root: Path, owner: str, wait: float = 5.0) -> list[str]:
    """Stop the background builds of ``owner`` in ``root`` (a server stopping: its builds
    end with it): each build's process group gets SIGTERM, then SIGKILL if it has not ended
    after ``wait`` seconds, and its lock is removed. What it has checkpointed stays usable.
    The names of the data sets whose build was stopped."""
    stopped: list[tuple[Path, int]] = []
    for lock in sorted(Path(root).glob(f"*/{LOCK}")):
        pid, who = _holder(lock)
        if pid and who == owner and _alive(pid):
            with contextlib.suppress(ProcessLookupError, PermissionError):
                os.killpg(pid, signal.SIGTERM)  # the leader of a session of its own
            stopped.append((lock, pid))
    deadline = time.monotonic() + wait
    for lock, pid in stopped:
        for p in _BUILDS:
            if p.pid == pid:
                with contextlib.suppress(subprocess.TimeoutExpired):
                    p.wait(max(0.0, deadline - time.monotonic()))
        while _alive(pid) and time.monotonic() < deadline:
            time.sleep(0.05)
        if _alive(pid):
            with contextlib.suppress(ProcessLookupError, PermissionError):
                os.killpg(pid, signal.SIGKILL)
        if _holder(lock)[0] == pid:
            lock.unlink(missing_ok=True)
        (lock.parent / PROGRESS).unlink(missing_ok=True)
    _BUILDS[:] = [p for p in _BUILDS if p.poll() is None]
    return [lock.parent.name for lock, _ in stopped]


@dataclass(frozen=True)
class Status:
    """How far a data set is: built ``done`` of ``of`` steps (its own, e.g. seeds; None
    where it cannot say), ``percent`` of the running build (None: not running, or not yet
    begun), ``running``: a build runs now (or waits in the queue)."""

    name: str
    done: int | None
    of: int | None
    percent: int | None
    running: bool

    @property
    def complete(self) -> bool:
        return not self.running and self.done is not None and self.done == self.of


def status(root: Path, ds: DataSet) -> Status:
    """How far data set ``ds`` is in ``root`` (reads its manifest, lock and progress file;
    a page shows it while it is being built)."""
    folder = Path(root) / ds.name
    pid, _ = _holder(folder / LOCK)
    running = bool(pid) and _alive(pid)
    steps = None
    store = FolderStore.open(folder, ds.name, version_of(ds))
    if store is not None and ds.steps is not None:
        with contextlib.suppress(KeyError, OSError, ValueError, TypeError):
            steps = ds.steps(store)
    percent = None
    if running:
        with contextlib.suppress(OSError, ValueError, TypeError, KeyError, ZeroDivisionError):
            data = json.loads((folder / PROGRESS).read_text(encoding="utf-8"))
            percent = min(100, int(100 * int(data["done"]) / int(data["total"])))
    if steps is None and store is not None and store.json("_built") and not running:
        return Status(ds.name, 1, 1, None, False)
    return Status(ds.name, steps[0] if steps else None, steps[1] if steps else None,
                  percent, running)


def queue_lock(root: Path) -> Any:
    """An exclusive lock on the data folder's build queue (one background build at a
    time); a context manager."""
    import fcntl

    @contextlib.contextmanager
    def held() -> Any:
        root.mkdir(parents=True, exist_ok=True)
        with open(root / ".build-queue.lock", "a+b") as fh:
            fcntl.flock(fh, fcntl.LOCK_EX)
            try:
                yield
            finally:
                fcntl.flock(fh, fcntl.LOCK_UN)

    return held()


_NUMBA_SET: list[str | None] = [None]  # the numba cache folder this module chose


def setup(root: Path | None = None, owner: str | None = None) -> FolderResources:
    """Provide this process's players with the data folder's data sets (the command
    line's and the server's start; every worker process's too), and keep compiled code
    there. ``owner``: whose background builds this process starts (a server's)."""
    from ludotheek.store.paths import data_dir

    folder = Path(root) if root is not None else data_dir()
    if os.environ.get("NUMBA_CACHE_DIR") in (None, _NUMBA_SET[0]):
        _NUMBA_SET[0] = os.environ["NUMBA_CACHE_DIR"] = str(folder / "numba-cache")
    provided = FolderResources(folder, owner=owner)
    core.provide(provided)
    return provided


def pool(workers: int) -> ProcessPoolExecutor:
    """``workers`` processes whose players get the data sets this process's get: its data
    folder's (:func:`setup` in each, the same owner), or none if it has none. A worker of
    ``forkserver`` starts afresh, with nothing provided: a pool made without this gave its
    players Python's reference search, no endgame database and no book, unseen."""
    provided = core.current()
    context = multiprocessing.get_context("forkserver")
    if not isinstance(provided, FolderResources):
        return ProcessPoolExecutor(workers, mp_context=context)
    return ProcessPoolExecutor(workers, mp_context=context, initializer=setup,
                               initargs=(provided.root, provided.owner))


def preload() -> None:
    """Open now the data sets declared ``preload`` (a process that plays is starting)."""
    provided = core.current()
    for ds in data_sets().values():
        if ds.preload:
            provided.get(ds.name)


def open_present() -> list[str]:
    """Open now the data sets whose copies are in the data folder and complete (none is
    built): a process that plays and analyses is starting. The names opened."""
    provided = core.current()
    return provided.open_present() if isinstance(provided, FolderResources) else []


def remove(root: Path, name: str) -> None:
    """Remove the data set ``name`` from ``root`` (tests, ``build --force``)."""
    shutil.rmtree(root / name, ignore_errors=True)
