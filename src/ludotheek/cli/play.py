"""``ludotheek play``: a game in the terminal against computer players."""

from __future__ import annotations

import contextlib
import secrets
import textwrap
from typing import Any

import click

from ludotheek.ai import players as registry
from ludotheek.ai.base import Player
from ludotheek.cli.common import game_argument, load_game, option_option, parse_options
from ludotheek.cli.lang import lang_option
from ludotheek.core.errors import BadOption, IllegalMove
from ludotheek.core.game import Game, State
from ludotheek.core.record import Record, ResignAction, apply_move, result_of
from ludotheek.core.texts import text, word


def _moves_line(moves: list[str], lang: str, limit: int = 60) -> str:
    shown = " ".join(moves[:limit])
    if len(moves) > limit:
        shown += " " + text("cli.play.more", lang, n=len(moves) - limit)
    return textwrap.fill(text("cli.play.legal", lang, moves=shown), 100, subsequent_indent="  ")


@click.command("play")
@game_argument
@click.option("--seat", "seats", type=int, multiple=True,
              help="The seat you play, counted from 1 (repeat for several people at one "
                   "keyboard). Default: seat 1.")
@click.option("--watch", is_flag=True, help="Only computer players; you watch.")
@click.option("--level", default="normal", show_default=True,
              help="Level of the computer players (easy, normal, strong, ...).")
@click.option("--seed", type=int, default=None, help="The game's seed (default: random).")
@lang_option
@click.option("--save", type=click.Path(dir_okay=False, writable=True), default=None,
              help="Write the game record (JSON) to this file at the end.")
@click.option("--db", default=None, help="The database (default: LUDOTHEEK_DB or the data "
              "folder); finished games update the score lists there.")
@option_option
def command(game: str, seats: tuple[int, ...], watch: bool, level: str, seed: int | None,
            lang: str, save: str | None, db: str | None, options: tuple[str, ...]) -> None:
    """Play GAME in the terminal against computer players."""
    g = load_game(game)
    opts = _options(g, options, lang)
    if seed is None:
        seed = secrets.randbelow(1_000_000)
    state = g.new(seed, **opts)
    n = state.num_players
    people = set() if watch else {s - 1 for s in (seats or (1,))}
    if any(not 0 <= p < n for p in people):
        raise click.BadParameter(text("cli.play.seats", lang, game=game, n=n),
                                 param_hint="--seat")
    computers: dict[int, tuple[Player, float | None]] = {
        seat: registry.for_level(game, level, seed=seed * 10 + seat)
        for seat in range(n) if seat not in people
    }
    names = g.seat_names(opts, lang)
    click.echo(text("cli.play.start", lang, title=g.title.get(lang, g.name), seed=seed,
                    help=text("cli.play.help", lang)))
    state, record = _play_out(state, Record(g.name, opts, seed), people, computers, names,
                              lang)
    click.echo()
    click.echo(state.render(None, lang))
    _finish(state, record, save, db, names, lang)


def _options(g: Game[Any], options: tuple[str, ...], lang: str) -> dict[str, Any]:
    """The game's options from ``-o`` pairs; a game with its own language follows
    ``--lang`` where it has that language and no ``-o language=`` says otherwise."""
    opts = parse_options(g, options)
    given = {pair.partition("=")[0].strip() for pair in options}
    if "language" in opts and "language" not in given:
        with contextlib.suppress(BadOption):
            opts = g.check_options({**opts, "language": lang})
    return opts


def _play_out(state: State, record: Record, people: set[int],
              computers: dict[int, tuple[Player, float | None]], names: list[str],
              lang: str) -> tuple[State, Record]:
    """Play until the game is over or a person quits: the last state and the record."""
    while not state.is_over:
        seat = state.to_move
        assert seat is not None
        click.echo()
        click.echo(state.render(seat if seat in people else None, lang))
        move: str | ResignAction | None
        if seat in computers:
            player, seconds = computers[seat]
            move = player.choose(state, seconds)
            click.echo(f"{names[seat]}: {move}  — {state.describe_move(move, lang)}")
        else:
            move = _ask(state, names[seat], lang, names)
            if move is None:
                click.echo(text("cli.play.stopped", lang))
                break
        try:
            state = apply_move(state, move)
        except IllegalMove as exc:  # only a person's move can be wrong here
            click.echo(text("cli.play.not_allowed", lang, reason=word(exc, lang, names)),
                       err=True)
            continue
        record = record.with_move(move)
    return state, record


def _finish(state: State, record: Record, save: str | None, db: str | None,
            names: list[str], lang: str) -> None:
    """Save the record (``--save``); a finished game updates the score lists."""
    if save:
        record = Record(record.game, record.options, record.seed, record.moves,
                        result=result_of(state) if state.is_over else None)
        with open(save, "w", encoding="utf-8") as fh:
            fh.write(record.dumps())
        click.echo(text("cli.play.saved", lang, path=save))
    if state.is_over:
        # imported here: the database layer is slow to import for every other command
        from ludotheek.rated.hooks import game_over
        from ludotheek.store import open_database

        database = open_database(db)
        try:
            game_over(database, state, names)
        finally:
            database.close()


def _ask(state: State, name: str, lang: str, names: list[str]) -> str | ResignAction | None:
    """The person's move; None: they quit. The word ``resign`` is the resignation (unless
    the game has a legal move so spelled), ``quit``, ``help`` and ``moves`` the terminal's."""
    moves = state.legal_moves()
    prompt = text("cli.play.prompt", lang, name=name)
    click.echo(_moves_line(moves, lang))
    while True:
        typed = click.prompt(prompt, default="", show_default=False).strip()
        if typed in ("quit", "exit", "stop"):
            return None
        if typed in ("help", "?", ""):
            click.echo(text("cli.play.help", lang))
            continue
        if typed == "moves":
            click.echo(textwrap.fill(" ".join(moves), 100))
            continue
        if typed == "resign" and typed not in moves:
            if not state.game.resignable:
                click.echo(text("errors.move.no_resignation", lang), err=True)
                continue
            return ResignAction()
        try:
            state.play(typed)
        except IllegalMove as exc:
            click.echo(text("cli.play.not_allowed", lang, reason=word(exc, lang, names)),
                       err=True)
            continue
        return typed

