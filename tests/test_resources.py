"""Data sets kept by the application (ludotheek.data.folder) for the players
(ludotheek.core.resources): folders with manifests and checksums, stale copies,
the build command, background builds one at a time, the switch."""

from __future__ import annotations

import os
import subprocess
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from ludotheek.core import resources as core
from ludotheek.core.resources import DataSet, Progress, Sink, Source
from ludotheek.data import folder as resources


def _build(sink: Sink, progress: Progress | None, params: Mapping[str, Any]) -> None:
    for k in range(int(params["parts"])):
        sink.append("numbers", np.arange(k * 10, k * 10 + 10, dtype=np.int32))
        sink.put_array(f"square-{k}", np.arange(10) ** 2, compress=k % 2 == 1)
        sink.put_json("info", {"parts": k + 1})
        sink.checkpoint()
        if progress:
            progress("parts", k + 1, int(params["parts"]))


class Opened:
    def __init__(self, source: Source, parts: int) -> None:
        self.numbers = source.array("numbers")
        self.segments = source.segments("numbers")
        self.complete = len(self.segments) == parts
        self.square = source.array("square-0")


def _open(source: Source) -> Opened | None:
    info = source.json("info")
    return None if not info else Opened(source, 3)


TOY = DataSet("toy-numbers", {"en": "Toy numbers"}, "1", _build, _open, params={"parts": 3})


@pytest.fixture
def toy(monkeypatch: pytest.MonkeyPatch) -> DataSet:
    monkeypatch.setattr(resources, "data_sets", lambda: {"toy-numbers": TOY})
    return TOY


def test_a_folder_keeps_arrays_segments_and_values(tmp_path: Path, toy: DataSet) -> None:
    opened, built = resources.build(tmp_path, "toy-numbers")
    assert built and opened.complete
    assert opened.numbers.tolist() == list(range(30))
    assert [len(s) for s in opened.segments] == [10, 10, 10]
    assert isinstance(opened.numbers, np.memmap) and not opened.numbers.flags.writeable
    store = resources.FolderStore.open(tmp_path / "toy-numbers", "toy-numbers",
                                       resources.version_of(toy))
    assert store is not None
    assert store.array("square-1").tolist() == [x * x for x in range(10)]  # compressed
    assert (tmp_path / "toy-numbers" / "square-1.npz").exists()
    # a second build keeps the complete copy; force builds again
    assert resources.build(tmp_path, "toy-numbers")[1] is False
    assert resources.build(tmp_path, "toy-numbers", force=True)[1] is True
    # other parameters: built again
    again, built = resources.build(tmp_path, "toy-numbers", {"parts": 2})
    assert built and not again.complete and len(again.segments) == 2


def test_damaged_or_stale_copies_are_not_used(tmp_path: Path, toy: DataSet) -> None:
    resources.build(tmp_path, "toy-numbers")
    provided = resources.FolderResources(tmp_path, how="load")
    assert provided.get("toy-numbers").complete
    folder = tmp_path / "toy-numbers"
    # a damaged segment: the data set stops before it
    data = bytearray((folder / "numbers.bin").read_bytes())
    data[-1] ^= 1
    (folder / "numbers.bin").write_bytes(bytes(data))
    fresh = resources.FolderResources(tmp_path, how="load").get("toy-numbers")
    assert len(fresh.segments) == 2 and not fresh.complete
    # a damaged plain file: not opened at all
    (folder / "square-0.npy").write_bytes(b"garbage")
    assert resources.FolderResources(tmp_path, how="load").get("toy-numbers") is None
    # another version: stale
    resources.build(tmp_path, "toy-numbers", force=True)
    newer = DataSet("toy-numbers", {"en": "Toy numbers"}, "2", _build, _open, params={"parts": 3})
    assert resources.FolderStore.open(folder, "toy-numbers", resources.version_of(newer)) \
        is None


def test_the_switch(tmp_path: Path, toy: DataSet, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(resources.ENV, "off")
    assert resources.FolderResources(tmp_path).get("toy-numbers") is None
    resources.build(tmp_path, "toy-numbers")
    assert resources.FolderResources(tmp_path).get("toy-numbers") is None  # off: nothing
    monkeypatch.setenv(resources.ENV, "load")
    assert resources.FolderResources(tmp_path).get("toy-numbers") is not None
    empty = tmp_path / "empty"
    assert resources.FolderResources(empty).get("toy-numbers") is None
    assert not (empty / "toy-numbers" / "build.lock").exists()  # "load" never builds


def test_one_background_build_at_a_time(tmp_path: Path, toy: DataSet) -> None:
    """A lock file naming a live process: no second build is started."""
    folder = tmp_path / "toy-numbers"
    folder.mkdir()
    (folder / "build.lock").write_text(str(os.getpid()))
    assert resources.FolderResources(tmp_path).build_in_background("toy-numbers") is False
    assert (folder / "build.lock").read_text() == str(os.getpid())


def test_setup_provides_the_data_folder(tmp_path: Path) -> None:
    before = core.current()
    try:
        provided = resources.setup(tmp_path)
        assert core.current() is provided and provided.root == tmp_path
    finally:
        core.provide(before)


def test_version_covers_the_source_of_compiled_code() -> None:
    ds = DataSet("x", {"en": "x"}, "7", _build, _open, code=("ludotheek.core.resources",))
    assert resources.version_of(ds).startswith("7+") and resources.version_of(TOY) == "1"


def test_the_games_declare_their_data_sets() -> None:
    names = set(resources.data_sets())
    assert {"wari-search", "wari-endgames", "wari-endgames-abapa"} <= names


def test_build_command(tmp_path: Path) -> None:
    """``ludotheek build wari-endgames --max-seeds 4``: a summary per seed count; a
    second run keeps the copy; an unknown name is refused."""
    from click.testing import CliRunner

    from ludotheek.cli import cli
    from ludotheek.games.wari import endgame as eg

    runner = CliRunner()
    args = ["build", "wari-endgames", "--max-seeds", "4", "--folder", str(tmp_path),
            "--lang", "en"]
    result = runner.invoke(cli, args)
    assert result.exit_code == 0, result.output
    assert "5 tiers, 1,820 positions" in result.output
    assert result.output.splitlines()[-3].split()[:2] == ["4", "1,365"]
    assert "Wari endgames: built" in result.output
    store = resources.FolderStore.open(tmp_path / "wari-endgames", "wari-endgames",
                                       resources.version_of(resources.data_set(
                                           "wari-endgames")))
    assert store is not None and eg.open_db(store).max_seeds == 4  # type: ignore[union-attr]
    again = runner.invoke(cli, args)
    assert again.exit_code == 0 and "already there" in again.output
    from ludotheek.cli import main
    from ludotheek.core.errors import BadOption

    assert isinstance(runner.invoke(cli, ["build", "nothing"]).exception, BadOption)
    with pytest.raises(SystemExit) as stop:
        main(["build", "nothing", "--lang", "en"])
    assert stop.value.code == 2


def _module_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A module of its own (``toy_kernel``) whose file the tests touch."""
    (tmp_path / "src").mkdir()
    file = tmp_path / "src" / "toy_kernel.py"
    file.write_text("X = 1\n")
    monkeypatch.syspath_prepend(str(tmp_path / "src"))
    return file


def test_machine_code_is_stale_once_its_source_is_touched_or_its_cache_gone(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """numba keys its cache by the source file's place and modification time: a copy of a
    ``machine_code`` data set is stale (rebuilt in the background) once the file is
    touched with the same text, or once the cache folder is empty - instead of being
    compiled again by the first process that opens it. Other data sets naming the
    same code only follow its text."""
    file = _module_file(tmp_path, monkeypatch)
    cache = tmp_path / "cache"
    cache.mkdir()
    (cache / "index").write_text("x")
    monkeypatch.setenv("NUMBA_CACHE_DIR", str(cache))
    compiled = DataSet("toy-compiled", {"en": "x"}, "1", _build, _open, code=("toy_kernel",),
                       params={"parts": 1}, machine_code=True)
    plain = DataSet("toy-plain", {"en": "x"}, "1", _build, _open, code=("toy_kernel",),
                    params={"parts": 1})
    monkeypatch.setattr(resources, "data_sets", lambda: {d.name: d for d in (compiled, plain)})
    for ds in (compiled, plain):
        resources.build(tmp_path / "data", ds.name)
    provided = resources.FolderResources(tmp_path / "data", "load")
    assert provided.get("toy-compiled") is not None and provided.get("toy-plain") is not None
    before = {ds.name: resources.version_of(ds) for ds in (compiled, plain)}
    st = file.stat()
    os.utime(file, ns=(st.st_atime_ns, st.st_mtime_ns + 1_000_000_000))
    assert resources.version_of(plain) == before["toy-plain"]
    assert resources.version_of(compiled) != before["toy-compiled"]
    assert resources.FolderResources(tmp_path / "data", "load").get("toy-compiled") is None
    assert resources.FolderResources(tmp_path / "data", "load").get("toy-plain") is not None
    os.utime(file, ns=(st.st_atime_ns, st.st_mtime_ns))  # back: usable again
    assert resources.FolderResources(tmp_path / "data", "load").get("toy-compiled") is not None
    (cache / "index").unlink()  # the cache emptied
    assert resources.FolderResources(tmp_path / "data", "load").get("toy-compiled") is None
    assert resources.FolderResources(tmp_path / "data", "load").get("toy-plain") is not None
    monkeypatch.setenv("NUMBA_CACHE_DIR", str(tmp_path / "elsewhere"))
    assert resources.version_of(compiled) != before["toy-compiled"]


class _Started:
    pid = 4242

    def poll(self) -> int:
        return 0  # ended


def test_a_preloaded_data_set_does_not_wait_in_the_build_queue(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The background build of a data set declared ``preload`` (the compiled search) starts
    at once; the others wait for one another in the data folder's queue (a fresh install
    asks for all of them at its first move)."""
    quick = DataSet("toy-quick", {"en": "x"}, "1", _build, _open, params={"parts": 1},
                    preload=True)
    monkeypatch.setattr(resources, "data_sets", lambda: {"toy-quick": quick, "toy-numbers": TOY})
    commands: list[list[str]] = []

    def popen(args: list[str], **kwargs: Any) -> _Started:
        commands.append(list(args))
        return _Started()

    monkeypatch.setattr("ludotheek.data.folder.subprocess.Popen", popen)
    monkeypatch.setattr(resources, "_BUILDS", [])
    provided = resources.FolderResources(tmp_path)
    assert provided.build_in_background("toy-quick") and provided.build_in_background(
        "toy-numbers")
    assert [c[c.index("build") + 1] for c in commands] == ["toy-quick", "toy-numbers"]
    assert "--queue" not in commands[0] and "--queue" in commands[1]


def test_build_preloaded_builds_what_an_install_builds(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """``ludotheek build --preloaded`` (scripts/ensure-env runs it): every data set declared
    ``preload`` and no other."""
    from click.testing import CliRunner

    from ludotheek.cli import cli

    quick = DataSet("toy-quick", {"en": "Quick"}, "1", _build, _open, params={"parts": 1},
                    preload=True)
    monkeypatch.setattr(resources, "data_sets", lambda: {"toy-quick": quick, "toy-numbers": TOY})
    result = CliRunner().invoke(cli, ["build", "--preloaded", "--folder", str(tmp_path),
                                      "--lang", "en"])
    assert result.exit_code == 0, result.output
    assert (tmp_path / "toy-quick" / resources.MANIFEST).exists()
    assert not (tmp_path / "toy-numbers").exists()
    empty = CliRunner().invoke(cli, ["build", "--folder", str(tmp_path), "--lang", "en"])
    assert empty.exit_code != 0


def test_the_install_compiles_the_preloaded_data_sets() -> None:
    """scripts/ensure-env builds them once when it installs with extras (./test), after the
    stamp's check (not at every start); ./start leaves them to the server's background
    build (issue 39: the lobby within a minute of a fresh clone)."""
    script = (Path(__file__).parents[1] / "scripts" / "ensure-env").read_text()
    install = script[script.index('[ -f "$stamp" ] && exit 0'):]
    compile_step = install.split("touch")[0]
    assert "ludotheek build --preloaded" in compile_step
    assert 'if [ -n "$extras" ]' in compile_step.split("ludotheek build --preloaded")[0]


def test_a_background_build_is_kept_until_it_has_ended(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The process of a background build is kept (and reaped once ended), not dropped while
    it runs: a dropped one warned "subprocess N is still running" whenever it was collected
    (in CI it failed an unrelated test that happened to run then)."""
    import warnings

    monkeypatch.setattr(resources, "data_sets", lambda: {"toy-numbers": TOY})
    slow = tmp_path / "slow-python"
    slow.write_text("#!/bin/sh\nsleep 0.5\n")
    slow.chmod(0o755)
    monkeypatch.setattr("ludotheek.data.folder.sys.executable", str(slow))
    monkeypatch.setattr(resources, "_BUILDS", [])
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        assert resources.FolderResources(tmp_path / "data").build_in_background("toy-numbers")
    assert not [w for w in caught if issubclass(w.category, ResourceWarning)], caught
    kept = list(resources._BUILDS)
    assert len(kept) == 1 and kept[0].poll() is None  # still running, and kept
    kept[0].wait(10)
    with subprocess.Popen(["sleep", "0.1"]) as later:  # the next build forgets the ended one
        resources._keep(later)
        now = resources._BUILDS
        assert now == [later]
