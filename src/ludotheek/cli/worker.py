"""``ludotheek worker``: a worker of the computer-player pool of a scaled-out site."""

from __future__ import annotations

import os
import sys

import click

from ludotheek.cli.common import need_scale_packages
from ludotheek.cli.lang import lang_option
from ludotheek.core.texts import text


@click.command("worker")
@click.option("--db", default=None, envvar="LUDOTHEEK_DB",
              help="The shared database (a postgresql:// URL on a scaled-out site).")
@click.option("--redis", "redis_url", required=True, envvar="LUDOTHEEK_REDIS",
              help="The Redis that carries the jobs and the change events.")
@click.option("--processes", type=click.IntRange(1, 256), default=None,
              help="Worker processes (default: one per core).")
@click.option("--threads", type=click.IntRange(1, 64), default=1, show_default=True,
              help="Threads per process (computer players are CPU-bound: keep 1).")
@lang_option
def command(db: str | None, redis_url: str, processes: int | None, threads: int,
            lang: str) -> None:
    """Compute computer players' moves and analyses for the web processes (runs until
    stopped)."""
    need_scale_packages("the worker pool")
    from dramatiq.cli import main, make_argument_parser

    os.environ["LUDOTHEEK_REDIS"] = redis_url
    if db:
        os.environ["LUDOTHEEK_DB"] = db
    args = ["ludotheek.worker.actors", "--threads", str(threads), "--queues", "computer",
            "analysis", "--processes", str(processes or os.cpu_count() or 1)]
    click.echo(text("cli.worker.start", lang, processes=args[-1], redis=redis_url), err=True)
    sys.exit(main(make_argument_parser().parse_args(args)))
