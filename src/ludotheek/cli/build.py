"""``ludotheek build TARGET``: data computed once and kept in the data folder.

Targets (:data:`TARGETS`): ``wari-endgames``, the Wari endgame database (every
board with at most 15 seeds solved by retrograde analysis; a few minutes, about
70 MB).
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import click

from ludotheek.cli.common import progress_bar
from ludotheek.cli.lang import lang_option
from ludotheek.texts import text


def _wari_endgames(folder: Path | None, max_seeds: int | None, quiet: bool,
                   force: bool, lang: str) -> None:
    from ludotheek.games.wari import endgame
    from ludotheek.games.wari.endgame_index import tier_size

    top = endgame.FULL if max_seeds is None else max_seeds
    path = folder or endgame.default_folder()
    sizes = [tier_size(n) for n in range(top + 1)]
    base = [3 * sum(sizes[:n]) for n in range(top + 2)]
    offset = {"moves": 0, "solve": 1, "robust": 2}
    current = {"n": 0, "at": 0}
    rows: list[str] = []
    start = time.perf_counter()
    with progress_bar(base[-1], text("cli.build.progress", lang, top=top)) as bar:
        def progress(stage: str, done: int, total: int) -> None:
            n = current["n"]
            at = base[n] + offset[stage] * sizes[n] + done
            if at > current["at"]:
                bar.update(at - current["at"])
                current["at"] = at

        def tier_done(n: int, entry: dict[str, Any]) -> None:
            current["n"] = n + 1
            if n + 1 < len(sizes):
                progress("moves", 0, 1)
            rows.append(f"{n:5d} {entry['positions']:12,d} {entry['settled']:12,d} "
                        f"{entry['exact']:12,d} "
                        f"{entry['sweeps']:7d} {entry['seconds']:9.1f} "
                        f"{entry['cpu_seconds']:9.1f} {entry['bytes'] / 1e6:8.2f}")

        db = endgame.build_database(path, top, progress, tier_done, force)
    if quiet:
        return
    if rows:
        click.echo(f"{'seeds':>5} {'positions':>12} {'f = g':>12} {'exact':>12} {'sweeps':>7} "
                   f"{'seconds':>9} {'cpu s':>9} {'MB':>8}")
        click.echo("\n".join(rows))
    total = sum(f.stat().st_size for f in path.glob("tier-*.npy"))
    click.echo(text("cli.build.done", lang, tiers=db.max_seeds + 1, positions=f"{sum(sizes):,}",
                    mb=f"{total / 1e6:.1f}", path=path,
                    seconds=f"{time.perf_counter() - start:.0f}"))


#: what ``ludotheek build`` can build: name -> builder(folder, max_seeds, quiet, force, lang)
TARGETS: dict[str, Callable[[Path | None, int | None, bool, bool, str], None]] = {
    "wari-endgames": _wari_endgames,
}


@click.command("build")
@click.argument("target", type=click.Choice(sorted(TARGETS)))
@click.option("--folder", type=click.Path(file_okay=False, path_type=Path), default=None,
              help="Where to keep it (default: in the data folder).")
@click.option("--max-seeds", type=click.IntRange(0, 15), default=None,
              help="Wari endgames: only boards with at most this many seeds (default 15).")
@click.option("--nice", "niceness", type=click.IntRange(0, 19), default=0,
              help="Lower this process's priority first.")
@click.option("--lock", type=click.Path(dir_okay=False, path_type=Path), default=None,
              hidden=True, help="A lock file to remove at the end (background builds).")
@click.option("--quiet", is_flag=True, help="No summary at the end.")
@click.option("--force", is_flag=True, help="Build again even if a valid copy is there.")
@lang_option
def command(target: str, folder: Path | None, max_seeds: int | None, niceness: int,
            lock: Path | None, quiet: bool, force: bool, lang: str) -> None:
    """Build TARGET once and keep it in the data folder (a valid copy is kept)."""
    if niceness:
        os.nice(niceness)
    try:
        TARGETS[target](folder, max_seeds, quiet, force, lang)
    finally:
        if lock is not None:
            lock.unlink(missing_ok=True)
