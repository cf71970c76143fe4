"""What a game declares about itself: its plug-in (:class:`GamePlugin`).

A game is one package whose module ``plugin`` holds ``PLUGIN``, a
:class:`GamePlugin`: the rules (its :class:`~ludotheek.core.game.Game`), where
its computer players and levels are, its page, its score list and what a
finished game enters in it, the file its page errors
are logged to, its default language, its self-test and its build targets (the data
its players use), how it is taught and reviewed. The registry
(:mod:`ludotheek.games`) finds the packages; the generic layers (server, command
line, store, players) read the declaration and never name a game.

Everything here is a plain declaration: nothing in it reads files, the
environment or the clock. (docs/adding-a-game.md walks through writing one.)
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Protocol

from ludotheek.core.game import Game, State


@dataclass(frozen=True)
class ScoreLine:
    """One result that a finished game enters in its score list."""

    name: str
    value: float
    seat: int


class ScoreFile(Protocol):
    """A score list's own file format (Akwaier's ``akwaier-scores.json``)."""

    #: the file's usual name
    FILE_NAME: str

    def export_scores(self, entries: Iterable[tuple[str, int | float]], lang: str) -> str: ...

    def import_scores(self, text: str) -> Sequence[tuple[str, float]]: ...


@dataclass(frozen=True)
class ScoreList:
    """A list of the best results ever, filled as games end (command line or server)."""

    #: what the value is, by language ("wealth", "vermogen"), for the list's heading
    label: Mapping[str, str]
    #: what a finished game enters: (state, the seats' names) -> its lines, best first
    results: Callable[[State, Sequence[str]], Sequence[ScoreLine]]
    #: the list's file format for ``--export``/``--import`` (None: it has none)
    file: ScoreFile | None = None


class SelfTestReport(Protocol):
    @property
    def text(self) -> str: ...

    @property
    def failures(self) -> int: ...


@dataclass(frozen=True)
class SelfTest:
    """A game's own self-test (``ludotheek selftest GAME``)."""

    #: (language, progress) -> its report; ``progress(n)`` is called as work gets done
    run: Callable[[str, Callable[[int], None]], SelfTestReport]
    #: how much work there is, in ``progress`` units (for the progress bar)
    steps: int
    #: the report's usual file name
    report_file: str
    #: the report's languages (the first is the default)
    languages: Sequence[str] = ("en",)


@dataclass(frozen=True)
class GamePlugin:
    """Everything the application needs to know about one game."""

    game: Game
    #: the module whose ``PLAYERS`` (and ``LEVELS``) are the game's own computer players
    #: and levels, imported when first needed (None: the generic players and levels)
    players: str | None = None
    #: the folder of its page: ``<name>.js`` (the renderer), the modules it imports from
    #: ``<name>/``, its style sheet ``<name>.css`` and its module for the learn pages
    #: ``learn/<name>.js`` (server.pages); None: it has no page. A game has a page when its
    #: renderer exists.
    page: Path | None = None
    #: the folder of its texts for the pages (and the command line's error words):
    #: ``<lang>.json`` for each language, the catalogs' part named after the game; None:
    #: it brings none
    texts: Path | None = None
    #: its score list, if it keeps one
    score_list: ScoreList | None = None
    #: the file its page errors are appended to (None: ``<name>-errors.txt``)
    error_log: str | None = None
    #: the language of its own texts when nobody chooses one (its manual's)
    language: str = "en"
    #: its self-test, if it has one
    selftest: SelfTest | None = None
    #: the module that teaches it (``ludotheek.learn.lessons``): its ``HOWTO`` ("How to
    #: play") and ``LESSON`` (the guided first game), and the coach's words where it has
    #: them (``compare``, ``advice``, ``position_advice``, ``hint_facts``, ``refusal``),
    #: imported when first needed (None: it has neither)
    learn: str | None = None
    #: the module whose ``REVIEW`` (a ``ludotheek.analysis.review.Review``) says how its
    #: games are analysed, imported when first needed (None: they cannot be)
    review: str | None = None
    #: the module whose ``DATA_SETS`` (each a ``ludotheek.core.resources.DataSet``) are
    #: its build targets: data its players use, computed once and kept by the application
    #: (``ludotheek build NAME``), imported when first needed (None: it has none)
    data: str | None = None

    @property
    def name(self) -> str:
        return self.game.name

    @property
    def error_file(self) -> str:
        """The file its page errors are logged to."""
        return self.error_log or f"{self.name}-errors.txt"
