"""``ludotheek build NAME ...``: data computed once and kept in the data folder.

The names are the data sets the games declare (``ludotheek.resources.data_sets``), e.g.
``wari-search`` (Wari's compiled search), ``wari-endgames`` and ``wari-endgames-abapa``
(its endgame databases). A complete copy of the same version is kept unless ``--force``.
"""

from __future__ import annotations

import contextlib
import os
import time
from pathlib import Path
from typing import Any

import click

from ludotheek import resources
from ludotheek.cli.common import progress_bar
from ludotheek.cli.lang import lang_option
from ludotheek.core.errors import BadOption
from ludotheek.texts import text


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


@click.command("build")
@click.argument("names", nargs=-1, required=True, metavar="NAME...")
@click.option("--folder", type=click.Path(file_okay=False, path_type=Path), default=None,
              help="The data folder to keep it in (default: ludotheek's data folder).")
@click.option("--max-seeds", type=click.IntRange(0, 24), default=None,
              help="Wari endgames: only boards with at most this many seeds.")
@click.option("--nice", "niceness", type=click.IntRange(0, 19), default=0,
              help="Lower this process's priority first.")
@click.option("--lock", type=click.Path(dir_okay=False, path_type=Path), default=None,
              hidden=True, help="A lock file to remove at the end (background builds).")
@click.option("--queue", is_flag=True, hidden=True,
              help="Wait for other background builds to finish first.")
@click.option("--quiet", is_flag=True, help="No summary at the end.")
@click.option("--force", is_flag=True, help="Build again even if a valid copy is there.")
@lang_option
def command(names: tuple[str, ...], folder: Path | None, max_seeds: int | None,
            niceness: int, lock: Path | None, queue: bool, quiet: bool, force: bool,
            lang: str) -> None:
    """Build the data sets NAME... once and keep them in the data folder."""
    from ludotheek.store.paths import data_dir

    try:
        if niceness:
            os.nice(niceness)
        root = folder if folder is not None else data_dir()
        resources.setup(root)
        known = resources.data_sets()
        for name in names:
            if name not in known:
                raise BadOption(f"{name!r} is not a data set; the data sets are: "
                                f"{', '.join(known)}", code="data.unknown", name=name,
                                names=", ".join(known))
        with resources.queue_lock(root) if queue else contextlib.nullcontext():
            for name in names:
                params = {} if max_seeds is None or "max_seeds" not in known[name].params \
                    else {"max_seeds": max_seeds}
                _build_one(name, root, params, quiet, force, lang)
    finally:
        if lock is not None:
            lock.unlink(missing_ok=True)
