"""The data sets Wari's players use, declared for the application
(:mod:`ludotheek.core.resources`; ``ludotheek build NAME`` builds one):

- ``wari-search``: the compiled search (numba's machine code for ``kernel``, kept in
  numba's cache: the application points it at the data folder). Without it ``strong``
  searches in Python (about 30 times slower) until it is there.
- ``wari-endgames`` and ``wari-endgames-abapa``: the endgame databases of the two rule
  sets (``endgame``).
- ``wari-book`` and ``wari-book-abapa``: the openings books (``book``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ludotheek.core.resources import DataSet, Progress, Sink, Source
from ludotheek.games.wari import book, endgame
from ludotheek.games.wari.endgame_index import MAX_TIER

SEARCH = "wari-search"


def endgames_name(abapa: bool) -> str:
    return "wari-endgames-abapa" if abapa else "wari-endgames"


def book_name(abapa: bool) -> str:
    return "wari-book-abapa" if abapa else "wari-book"


def _build_search(sink: Sink, progress: Progress | None, params: Mapping[str, Any]) -> None:
    if progress:
        progress("compile", 0, 1)
    from ludotheek.games.wari import fast

    seconds = fast.warm()
    import numba

    sink.put_json("compiled", {"numba": numba.__version__, "seconds": round(seconds, 2)})
    if progress:
        progress("compile", 1, 1)


def _open_search(source: Source) -> Any:
    if not source.json("compiled"):
        return None
    from ludotheek.games.wari import fast  # loads the machine code from numba's cache

    fast.warm()
    return fast


#: what a step of the endgame table is (a tier: the boards of one seed count)
SEEDS = {"en": "seeds", "nl": "bonen", "no": "frø"}
#: what a step of the openings book is
POSITIONS = {"en": "positions", "nl": "stellingen", "no": "stillinger"}


def _tiers(source: Source) -> tuple[int, int] | None:
    """The most seeds the endgame table has solved so far, of the most it is built for."""
    info = source.json("info")
    if not isinstance(info, dict):
        return None
    return max(len(info.get("tiers", [])) - 1, 0), int(info.get("max_seeds", endgame.FULL))


def _positions(source: Source) -> tuple[int, int] | None:
    """The positions the openings book has searched so far, of all it will have."""
    info = source.json("info")
    if not isinstance(info, dict):
        return None
    done = int(info.get("positions", 0))
    return done, int(info.get("expected", done))


def _endgames(abapa: bool) -> DataSet:
    def build(sink: Sink, progress: Progress | None, params: Mapping[str, Any]) -> None:
        endgame.build(sink, progress, {**params, "abapa": abapa})

    def open_(source: Source) -> endgame.EndgameDB | None:
        return endgame.open_db(source, abapa)

    title = ({"en": "Wari endgames (Abapa rules)", "nl": "Wari-eindspelen (Abapa-regels)",
              "no": "Wari-sluttspill (Abapa-regler)"} if abapa else
             {"en": "Wari endgames", "nl": "Wari-eindspelen", "no": "Wari-sluttspill"})
    return DataSet(
        endgames_name(abapa), title,
        f"endgames-{endgame.FORMAT}-{endgame.fingerprint(abapa)}", build, open_,
        params={"max_seeds": endgame.FULL}, ranges={"max_seeds": (0, MAX_TIER)},
        param_help={"max_seeds": "only boards with at most this many seeds"},
        about=f"every board with at most {endgame.FULL} seeds solved; a few minutes",
        describe=endgame.describe, steps=_tiers, unit=SEEDS)


SEARCH_SET = DataSet(SEARCH, {"en": "Wari's compiled search", "nl": "Wari's gecompileerde zoeker",
                              "no": "Waris kompilerte søk"}, "1", _build_search, _open_search,
                     code=("ludotheek.games.wari.kernel",), preload=True, machine_code=True,
                     about="numba compiles it once: under a minute")

def _book(abapa: bool) -> DataSet:
    def build(sink: Sink, progress: Progress | None, params: Mapping[str, Any]) -> None:
        book.build(sink, progress, {**params, "abapa": abapa})

    def open_(source: Source) -> book.Book | None:
        return book.open_book(source, abapa)

    title = ({"en": "Wari openings book (Abapa rules)", "nl": "Wari-openingsboek (Abapa-regels)",
              "no": "Wari-åpningsbok (Abapa-regler)"} if abapa else
             {"en": "Wari openings book", "nl": "Wari-openingsboek", "no": "Wari-åpningsbok"})
    return DataSet(book_name(abapa), title, f"book-{book.FORMAT}", build, open_,
                   code=("ludotheek.games.wari.kernel", "ludotheek.games.wari.evaluate"),
                   params={"depth": 18, "first_plies": 4, "second_plies": 3},
                   param_help={"depth": "the plies searched at each position",
                               "first_plies": "its plies when it moves first",
                               "second_plies": "its plies when it moves second"},
                   about="the first moves by a search of 18 plies; minutes",
                   steps=_positions, unit=POSITIONS)


DATA_SETS = (SEARCH_SET, _endgames(False), _endgames(True), _book(False), _book(True))
