"""``ludotheek build NAME ... [--PARAM N ...]``: data computed once and kept in the data folder.

The names are the data sets the games declare as their build targets
(``GamePlugin.data``, ``ludotheek.data.folder.data_sets``). A complete copy of the same
version is kept unless ``--force``. The parameters are the ones the named data sets
declare (``DataSet.params``, ``--max-seeds 4`` for ``max_seeds``), each within its
declared range; ``ludotheek build --help`` lists them all.
"""

from __future__ import annotations

import contextlib
import os
import time
from pathlib import Path
from typing import Any

import click

from ludotheek.cli.common import progress_bar
from ludotheek.cli.lang import lang_option
from ludotheek.core.errors import BadOption
from ludotheek.core.resources import DataSet
from ludotheek.core.texts import text
from ludotheek.data import folder as resources


def idle_priority() -> None:
    """This process gets the CPU only when no one else wants it: Linux's SCHED_IDLE (a
    process of nice 19 still takes a share of a busy core; an idle one waits until a
    core is free), and the lowest nice where there is no such policy."""
    with contextlib.suppress(OSError):
        os.nice(19 - os.nice(0))
    if hasattr(os, "sched_setscheduler") and hasattr(os, "SCHED_IDLE"):
        with contextlib.suppress(OSError):
            os.sched_setscheduler(0, os.SCHED_IDLE, os.sched_param(0))


def _title(title: Any, lang: str) -> str:
    return str(title.get(lang) or title["en"]) if isinstance(title, dict) else str(title)


def _build_one(name: str, root: Path, params: dict[str, Any], quiet: bool, force: bool,
               lang: str) -> None:
    ds = resources.data_set(name)
    title = _title(ds.title, lang)
    start = time.perf_counter()
    state: dict[str, Any] = {"bar": None, "at": 0}
    with contextlib.ExitStack() as stack:
        def progress(stage: str, done: int, total: int) -> None:
            if state["bar"] is None:
                state["bar"] = stack.enter_context(progress_bar(total, title))
            if done > state["at"]:
                state["bar"].update(done - state["at"])
                state["at"] = done

        _, built = resources.build(root, name, params, progress, force)
    if quiet:
        return
    store = resources.FolderStore.open(root / name, name, resources.version_of(ds))
    assert store is not None
    if built and ds.describe is not None:
        click.echo(ds.describe(store))
    click.echo(text("cli.build.done" if built else "cli.build.kept", lang, title=title,
                    mb=f"{store.bytes_on_disk() / 1e6:.1f}", path=root / name,
                    seconds=f"{time.perf_counter() - start:.0f}"))


def _split(words: tuple[str, ...]) -> tuple[list[str], list[tuple[str, str | None]]]:
    """The data sets' names and the parameters (``--name N`` or ``--name=N``) in
    ``words``, which holds both (the parameters are not click's own options)."""
    names: list[str] = []
    given: list[tuple[str, str | None]] = []
    rest = list(words)
    while rest:
        word = rest.pop(0)
        if not word.startswith("--"):
            names.append(word)
            continue
        key, eq, value = word[2:].partition("=")
        given.append((key, value if eq else (rest.pop(0) if rest else None)))
    return names, given


def _params(ds: DataSet, given: list[tuple[str, str | None]]) -> dict[str, int]:
    """The parameters of ``given`` that ``ds`` declares, checked against its ranges."""
    out: dict[str, int] = {}
    for key, raw in given:
        name = key.replace("-", "_")
        if name not in ds.params:
            continue
        low, high = ds.ranges.get(name, (0, 10**9))
        value = int(raw) if raw is not None and raw.isascii() and raw.isdigit() else None
        if value is None or not low <= value <= high:
            raise click.BadParameter(f"{raw!r} is not a whole number from {low} to {high}",
                                     param_hint=f"--{key}")
        out[name] = value
    return out


def _check(names: list[str], given: list[tuple[str, str | None]],
           known: dict[str, DataSet]) -> None:
    if not names:
        raise click.UsageError("name at least one data set")
    for name in names:
        if name not in known:
            raise BadOption(f"{name!r} is not a data set; the data sets are: "
                            f"{', '.join(known)}", code="data.unknown", name=name,
                            names=", ".join(known))
    declared = {p for ds in known.values() for p in ds.params}
    for key, _ in given:
        if key.replace("-", "_") not in declared:
            raise click.NoSuchOption(f"--{key}")


class _BuildCommand(click.Command):
    """``--help`` also lists the parameters the data sets declare."""

    def format_epilog(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        rows: dict[str, dict[str, list[str]]] = {}  # option -> what it does -> data sets
        for ds in resources.data_sets().values():
            for name, default in ds.params.items():
                low, high = ds.ranges.get(name, (0, None))
                span = f"{low}-{high}" if high is not None else f"from {low}"
                what = f"{ds.param_help.get(name, name)} ({span}, default {default})"
                option = f"--{name.replace('_', '-')} N"
                rows.setdefault(option, {}).setdefault(what, []).append(ds.name)
        if rows:
            with formatter.section("Parameters of the data sets"):
                formatter.write_dl([(option, "; ".join(f"{', '.join(sets)}: {what}"
                                                       for what, sets in uses.items()))
                                    for option, uses in rows.items()])


@click.command("build", cls=_BuildCommand,
               context_settings={"ignore_unknown_options": True})
@click.argument("words", nargs=-1, metavar="NAME... [--PARAM N]...")
@click.option("--preloaded", is_flag=True,
              help="Also the data sets the players need at once (compiled code; what an "
                   "install builds).")
@click.option("--folder", type=click.Path(file_okay=False, path_type=Path), default=None,
              help="The data folder to keep it in (default: ludotheek's data folder).")
@click.option("--nice", "niceness", type=click.IntRange(0, 19), default=0,
              help="Lower this process's priority first.")
@click.option("--idle", is_flag=True,
              help="Build at idle priority: only when no one else wants the CPU (a "
                   "server's background builds; they never slow play).")
@click.option("--lock", type=click.Path(dir_okay=False, path_type=Path), default=None,
              hidden=True, help="A lock file to remove at the end (background builds).")
@click.option("--queue", is_flag=True, hidden=True,
              help="Wait for other background builds to finish first.")
@click.option("--quiet", is_flag=True, help="No summary at the end.")
@click.option("--force", is_flag=True, help="Build again even if a valid copy is there.")
@lang_option
def command(words: tuple[str, ...], preloaded: bool, folder: Path | None, niceness: int,
            idle: bool, lock: Path | None, queue: bool, quiet: bool, force: bool,
            lang: str) -> None:
    """Build the data sets NAME... once and keep them in the data folder."""
    from ludotheek.store.paths import data_dir

    try:
        if niceness:
            os.nice(niceness)
        if idle:
            idle_priority()
        root = folder if folder is not None else data_dir()
        resources.setup(root)
        known = resources.data_sets()
        names, given = _split(words)
        if preloaded:
            names += [n for n, ds in known.items() if ds.preload and n not in names]
        _check(names, given, known)
        with resources.queue_lock(root) if queue else contextlib.nullcontext():
            for name in names:
                _build_one(name, root, _params(known[name], given), quiet, force, lang)
    finally:
        if lock is not None:
            lock.unlink(missing_ok=True)
