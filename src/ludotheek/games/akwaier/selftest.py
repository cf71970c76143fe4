"""The self-test: the manual's "ten checks, among them sixty games", on the real engine.

Each check builds its situation with ``GAME.position`` and plays moves through
the public game API, so it tests exactly what a game uses. Check 10 plays sixty
games of six classic players (game seeds 0-59, the player in seat s of game g
seeded ``10 * g + s``) and checks the position after every move.

``run(lang, progress)`` returns a :class:`Report`; its ``text`` is the report
file (a line per check, ``ok`` or ``FOUT``/``FAIL`` with what differed, then
the verdict) and ``failures`` the number of failed checks.
"""

from __future__ import annotations

from collections.abc import Callable, Collection
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from ludotheek.core.errors import IllegalMove
from ludotheek.games.akwaier import money
from ludotheek.games.akwaier.board import CHAIN_INDEX
from ludotheek.games.akwaier.classic import ClassicPlayer
from ludotheek.games.akwaier.core import OVER
from ludotheek.games.akwaier.rules import GAME, AkwaierState

GAMES = 60
#: a game of 210 turns has at most 630 moves
MOVE_LIMIT = 1000
DEFAULT_REPORT = "akwaier-zelftest.txt"
#: the languages of the report (the manual's)
LANGUAGES = ("nl", "en")

_WORDS = {
    "nl": {"title": "AKWAIER — zelftest", "ok": "ok", "fail": "FOUT", "expected": "verwacht",
           "got": "gekregen", "all_good": "ALLES GOED", "failed": "{n} CONTROLE(S) MISLUKT",
           "error": "fout in de proef"},
    "en": {"title": "AKWAIER — self-test", "ok": "ok", "fail": "FAIL", "expected": "expected",
           "got": "got", "all_good": "ALL GOOD", "failed": "{n} CHECK(S) FAILED",
           "error": "error in the check"},
}


class Probe:
    """Collects what differed in one check."""

    def __init__(self, lang: str) -> None:
        self.lang = lang
        self.diffs: list[str] = []

    def eq(self, what: tuple[str, str], got: Any, want: Any) -> bool:
        """Note a difference unless ``got == want``; ``what`` is (Dutch, English)."""
        if got == want:
            return True
        w = _WORDS[self.lang]
        label = what[0] if self.lang == "nl" else what[1]
        self.diffs.append(f"{label}: {w['expected']} {want!r}, {w['got']} {got!r}")
        return False

    def note(self, what: tuple[str, str]) -> None:
        self.diffs.append(what[0] if self.lang == "nl" else what[1])

    def refused(self, state: AkwaierState, move: str, what: tuple[str, str]) -> None:
        """Note a difference unless playing ``move`` raises IllegalMove and changes nothing."""
        before = state.to_json()
        try:
            state.play(move)
        except IllegalMove:
            self.eq(what, state.to_json() == before, True)
            return
        self.note(what)


@dataclass
class CheckResult:
    number: int
    title: str
    diffs: list[str]
    summary: str = ""

    @property
    def ok(self) -> bool:
        return not self.diffs


@dataclass
class Report:
    lang: str
    results: list[CheckResult] = field(default_factory=list)

    @property
    def failures(self) -> int:
        return sum(1 for r in self.results if not r.ok)

    @property
    def text(self) -> str:
        w = _WORDS[self.lang]
        lines = [w["title"], ""]
        for r in self.results:
            if r.ok:
                extra = f" ({r.summary})" if r.summary else ""
                lines.append(f"{r.number:>2} {r.title}: {w['ok']}{extra}")
            else:
                lines.append(f"{r.number:>2} {r.title}: {w['fail']}: " + "; ".join(r.diffs))
        lines.append("")
        lines.append(w["all_good"] if not self.failures else w["failed"].format(n=self.failures))
        return "\n".join(lines) + "\n"


def _chain(state: AkwaierState, ch: str) -> tuple[int, int]:
    """(tiles, price) of chain ``ch`` in ``state``."""
    c = CHAIN_INDEX[ch]
    return state.core.sizes[c], state.core.price(c)


def _held(state: AkwaierState, seat: int, ch: str) -> int:
    return state.core.shares[seat * 8 + CHAIN_INDEX[ch]]


def _events(state: AkwaierState, kind: str) -> list[tuple[Any, ...]]:
    return [e for e in state.events if e[0] == kind]


# --- the ten checks --------------------------------------------------------

def check_prices(p: Probe) -> str:
    s = GAME.position(chains={"C": "A1-A5"})
    p.eq(("C op A1-A5 kost", "C on A1-A5 costs"), _chain(s, "C")[1], 1300)
    s = GAME.position(chains={"C": "A1-A5"}, shares={1: {"C": 4}})
    p.eq(("met 4 aandelen C uit", "with 4 C shares out"), _chain(s, "C")[1], 1340)
    p.eq(("een keten die niet bestaat (D)", "a chain that does not exist (D)"),
         _chain(s, "D")[1], 0)
    p.eq(("share_price('C', 5, 4)", "share_price('C', 5, 4)"), money.share_price("C", 5, 4),
         _chain(s, "C")[1])
    return ""


def check_legality(p: Probe) -> str:
    s = GAME.position(loose="E5", hands={0: "F5 H8"})
    legal = s.legal_moves()
    p.eq(("F5 naast losse steen E5 mag", "F5 next to loose E5 is legal"), "F5" in legal, False)
    p.refused(s, "F5", ("F5 naast losse steen E5 wordt geweigerd",
                        "F5 next to loose E5 is refused"))
    p.eq(("H8 op een leeg stuk bord mag", "H8 on an empty part of the board is legal"),
         "H8" in legal, True)
    p.eq(("stichten op H8 mag", "founding on H8 is legal"), "H8+A" in legal, True)
    s = GAME.position(loose="E5", chains={"B": "F6"}, hands={0: "F5 H8"})
    legal = s.legal_moves()
    p.eq(("F5 mag zodra B op F6 ligt", "F5 is legal once B lies on F6"), "F5" in legal, True)
    p.eq(("stichten op F5 mag", "founding on F5 is legal"),
         any(m.startswith("F5+") for m in legal), False)
    p.refused(s, "F5+A", ("stichten op F5 wordt geweigerd", "founding on F5 is refused"))
    return ""


def check_loose(p: Probe) -> str:
    s = GAME.position(loose="E5", chains={"B": "F6-F7"}, hands={0: "F5"}).play("F5")
    p.eq(("E5 hoort daarna bij", "E5 then belongs to"), s.view(None)["board"][4][4], "B")
    p.eq(("stenen van B", "tiles of B"), _chain(s, "B")[0], 4)
    return ""


def check_merger(p: Probe) -> str:
    s = GAME.position(chains={"A": "A1-A3", "B": "A5-A10"}, hands={0: "A4"},
                      shares={0: {"A": 6}, 1: {"A": 3}, 2: {"A": 1}})
    cash = list(s.core.cash)
    t = s.play("A4")
    mergers = _events(t, "merger")
    if not p.eq(("aantal fusies", "number of mergers"), len(mergers), 1):
        return ""
    _, chain, into, tiles, out, price, pot, pays, _before, _gained = mergers[0]
    p.eq(("A gaat op in B", "A goes into B"), (chain, into), (0, 1))
    p.eq(("pot (13 × 1300)", "pot (13 × 1300)"), (tiles + out, price, pot), (13, 1300, 16_900))
    p.eq(("uitkeringen", "payouts"), list(pays[:3]), [11_267, 5_633, 0])
    p.eq(("saldo's erna", "cash afterwards"), list(t.core.cash[:3]),
         [cash[0] + 11_267, cash[1] + 5_633, cash[2]])
    p.eq(("aandelen B erna", "B shares afterwards"), [_held(t, q, "B") for q in range(3)],
         [3, 1, 0])
    p.eq(("aandelen A erna", "A shares afterwards"), [_held(t, q, "A") for q in range(3)],
         [0, 0, 0])
    p.eq(("stenen van B", "tiles of B"), _chain(t, "B")[0], 10)
    p.eq(("A is weer te stichten", "A can be founded again"),
         t.view(None)["chains"][0]["foundable"], True)
    return ""


def check_tie(p: Probe) -> str:
    s = GAME.position(chains={"A": "A1-A3", "B": "A5-A7"}, hands={0: "A4"}).play("A4")
    p.eq(("aangeboden keuzes", "choices offered"), s.legal_moves(), ["keep A", "keep B"])
    p.refused(s, "keep C", ("keep C (niet gelijk) wordt geweigerd",
                            "keep C (not tied) is refused"))
    t = s.play("keep A")
    p.eq(("stenen van A en B na keep A", "tiles of A and B after keep A"),
         (_chain(t, "A")[0], _chain(t, "B")[0]), (7, 0))
    return ""


def check_three(p: Probe) -> str:
    s = GAME.position(chains={"A": "B1", "C": "A2", "B": "B3-B8"}, hands={0: "B2"},
                      shares={0: {"A": 2, "C": 2}})
    t = s.play("B2")
    pots = [(e[1], e[6], e[7][0]) for e in _events(t, "merger")]
    p.eq(("fusies (keten, pot, aan speler 1)", "mergers (chain, pot, to player 1)"), pots,
         [(0, 3_060, 3_060), (2, 2_760, 2_760)])
    p.eq(("stenen van B", "tiles of B"), _chain(t, "B")[0], 9)
    p.eq(("A en C bestaan nog", "A and C still exist"),
         (_chain(t, "A")[0], _chain(t, "C")[0]), (0, 0))
    return ""


def check_found(p: Probe) -> str:
    s = GAME.position(hands={0: "H8", 1: "A1"})
    t = s.play("H8+E")
    p.eq(("stenen van E", "tiles of E"), _chain(t, "E")[0], 1)
    p.eq(("aandelen E van speler 1", "E shares of player 1"), _held(t, 0, "E"), 1)
    p.eq(("saldo van speler 1", "cash of player 1"), t.core.cash[0], s.core.cash[0])
    u = t.play("buy none")
    p.eq(("E is nog te stichten", "E can still be founded"),
         "A1+E" in u.legal_moves() or u.view(None)["chains"][4]["foundable"], False)
    p.refused(u, "A1+E", ("E nog eens stichten wordt geweigerd",
                          "founding E again is refused"))
    return ""


def check_buying(p: Probe) -> str:
    s = GAME.position(chains={"C": "A1-A5"}, cash={0: 3_000}, phase="buy")
    p.eq(("prijs van C", "price of C"), _chain(s, "C")[1], 1300)
    t = s.play("buy C 3")
    p.eq(("gekocht en saldo", "bought and cash"), (_held(t, 0, "C"), t.core.cash[0]), (2, 400))
    return ""


#: the manual's split table: holdings by seat and the expected parts
SPLIT_ROWS: list[tuple[list[int], list[Fraction]]] = [
    ([9, 0, 0, 0, 0, 0], [Fraction(1), *[Fraction(0)] * 5]),
    ([5, 5, 5, 0, 0, 0], [Fraction(1, 3)] * 3 + [Fraction(0)] * 3),
    ([5, 5, 2, 0, 0, 0], [Fraction(1, 2)] * 2 + [Fraction(0)] * 4),
    ([9, 2, 2, 0, 0, 0], [Fraction(2, 3), Fraction(1, 6), Fraction(1, 6), *[Fraction(0)] * 3]),
    ([9, 2, 2, 2, 0, 0], [Fraction(2, 3), *[Fraction(1, 9)] * 3, *[Fraction(0)] * 2]),
    ([9, 2, 2, 2, 2, 0], [Fraction(2, 3), *[Fraction(1, 12)] * 4, Fraction(0)]),
    ([9, 2, 2, 2, 2, 2], [Fraction(2, 3), *[Fraction(1, 15)] * 5]),
    ([9, 4, 1, 0, 0, 0], [Fraction(2, 3), Fraction(1, 3), *[Fraction(0)] * 4]),
]


def check_split(p: Probe) -> str:
    for holdings, want in SPLIT_ROWS:
        got = money.split_fractions(holdings)
        p.eq((f"verdeling bij {holdings}", f"split for {holdings}"),
             [str(f) for f in got], [str(f) for f in want])
        p.eq((f"som bij {holdings}", f"sum for {holdings}"), str(sum(got)), "1")
    return ""


def check_games(p: Probe, progress: Callable[[int], None] | None = None) -> str:
    moves = turns = 0
    for seed in range(GAMES):
        state = GAME.new(seed)
        players = [ClassicPlayer(seed=10 * seed + s) for s in range(6)]
        played = 0
        while not state.is_over:
            mover = state.to_move
            assert mover is not None
            move = players[mover].choose(state)
            state = state.play(move)
            played += 1
            problem = state.core.problem()
            if problem or played > MOVE_LIMIT:
                p.note((f"partij {seed}, zet {played} ({move}): {problem or 'eindigt niet'}",
                        f"game {seed}, move {played} ({move}): {problem or 'does not end'}"))
                break
        else:
            if state.core.phase != OVER or state.end_reason is None:  # pragma: no cover
                p.note((f"partij {seed} eindigt zonder reden", f"game {seed} ends without reason"))
        moves += played
        turns += state.turn
        if progress:
            progress(1)
        if p.diffs:
            break
    if p.lang == "nl":
        return f"{GAMES} partijen, {turns} beurten, {moves} zetten, na elke zet gecontroleerd"
    return f"{GAMES} games, {turns} turns, {moves} moves, checked after every move"


CHECKS: list[tuple[str, str, Callable[[Probe], str]]] = [
    ("prijzen", "prices", check_prices),
    ("legaliteit", "legality", check_legality),
    ("losse steen opgenomen", "a loose tile is absorbed", check_loose),
    ("fusie", "merger", check_merger),
    ("gelijke ketens", "tie", check_tie),
    ("drie ketens", "three chains", check_three),
    ("stichten", "founding", check_found),
    ("kopen", "buying", check_buying),
    ("verdeelsleutel", "the split table", check_split),
    ("zestig partijen", "sixty games", check_games),
]


def run(lang: str = "nl", progress: Callable[[int], None] | None = None,
        only: Collection[int] | None = None) -> Report:
    """Run the ten checks (or those numbered in ``only``); ``progress(1)`` is called
    after each of the sixty games."""
    if lang not in _WORDS:
        raise ValueError("the report's language is nl or en")
    report = Report(lang)
    for number, (nl, en, check) in enumerate(CHECKS, 1):
        if only is not None and number not in only:
            continue
        probe = Probe(lang)
        try:
            summary = check_games(probe, progress) if check is check_games else check(probe)
        except Exception as exc:  # a broken engine must show up as FOUT, not a crash
            probe.note((f"{_WORDS['nl']['error']}: {type(exc).__name__}: {exc}",
                        f"{_WORDS['en']['error']}: {type(exc).__name__}: {exc}"))
            summary = ""
        report.results.append(CheckResult(number, nl if lang == "nl" else en, probe.diffs,
                                          summary))
    return report
