"""The self-test: it passes on the engine, and each of its ten checks can fail."""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from ludotheek.games.akwaier import core, money, notation, selftest
from ludotheek.games.akwaier.core import Core
from tests.akwaier.helpers import cli


def test_selftest_passes_and_writes_its_report(tmp_path: Path,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    for name in ("LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", "nl_NL.UTF-8")  # a Dutch system: the report is in Dutch
    assert cli(["selftest", "akwaier"]) == 0
    text = (tmp_path / "akwaier-zelftest.txt").read_text(encoding="utf-8")
    lines = text.splitlines()
    assert lines[0] == "AKWAIER — zelftest"
    assert [line.split(":")[1].strip()[:2] for line in lines[2:12]] == ["ok"] * 10
    assert lines[-1] == "ALLES GOED"
    assert "10 zestig partijen: ok (60 partijen" in text
    assert cli(["selftest", "akwaier", "--out", str(tmp_path / "r.txt"), "--lang", "en"]) == 0
    assert (tmp_path / "r.txt").read_text(encoding="utf-8").splitlines()[-1] == "ALL GOOD"


def test_selftest_of_a_game_without_one_is_an_error(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli(["selftest", "wari"]) == 2
    assert "wari has no self-test" in capsys.readouterr().err


def _wrap(monkeypatch: pytest.MonkeyPatch, owner: Any, name: str,
          change: Callable[..., Any]) -> None:
    original = getattr(owner, name)
    monkeypatch.setattr(owner, name, lambda *a, **k: change(original, *a, **k))


def break_prices(mp: pytest.MonkeyPatch) -> None:
    broken = [row[:] for row in money.PRICE_BY_SIZE]
    broken[2][5] = 1200  # C with 5 tiles
    mp.setattr(money, "PRICE_BY_SIZE", broken)


def break_legality(mp: pytest.MonkeyPatch) -> None:
    mp.setattr(notation, "touch", lambda board, cell: (core.touch(board, cell)[0], []))


def break_loose(mp: pytest.MonkeyPatch) -> None:
    _wrap(mp, Core, "_settle", lambda f, self, cell, chains, loose, survivor, ev:
          f(self, cell, chains, (), survivor, ev))


def break_merger(mp: pytest.MonkeyPatch) -> None:
    mp.setattr(core, "merger_payouts", lambda pot, h: [pot // len(h)] * len(h))


def break_tie(mp: pytest.MonkeyPatch) -> None:
    _wrap(mp, Core, "do_keep", lambda f, self, chain: f(self, self.pending[4][-1]))


def break_three(mp: pytest.MonkeyPatch) -> None:
    _wrap(mp, Core, "_settle", lambda f, self, cell, chains, loose, survivor, ev:
          f(self, cell, list(chains)[:2] if survivor in list(chains)[:2] else chains, loose,
            survivor, ev))


def break_found(mp: pytest.MonkeyPatch) -> None:
    def no_free_share(f: Any, self: Core, slot: int, cell: int, found: int, *rest: Any) -> None:
        f(self, slot, cell, found, *rest)
        if found >= 0:
            self.shares[self.mover * 8 + found] -= 1
    _wrap(mp, Core, "do_place", no_free_share)


def break_buying(mp: pytest.MonkeyPatch) -> None:
    def ignore_cash(f: Any, self: Core, chain: int, asked: int) -> None:
        self.cash[self.mover] += 10**6
        f(self, chain, asked)
        self.cash[self.mover] -= 10**6
    _wrap(mp, Core, "do_buy", ignore_cash)


def break_split(mp: pytest.MonkeyPatch) -> None:
    # the 1987 listing's order of tests: "2 and 3 equal" before "2 to 4 equal"
    def old_order(f: Any, holdings: list[int]) -> list[tuple[int, int]]:
        out: list[tuple[int, int]] = f(holdings)
        if sorted(holdings, reverse=True)[1:4] == [2, 2, 2] and max(holdings) == 9:
            return [(2, 3) if h == 9 else (1, 6) if h == 2 else (0, 1) for h in holdings]
        return out
    _wrap(mp, money, "_split", old_order)


def break_games(mp: pytest.MonkeyPatch) -> None:
    def draw_twice(f: Any, self: Core, seat: int, slot: int) -> None:
        f(self, seat, slot)
        if self.bag_pos and self.turn > 100:
            self.bag_pos -= 1  # the same tile is drawn again later
    _wrap(mp, Core, "_draw", draw_twice)


BREAKS = [break_prices, break_legality, break_loose, break_merger, break_tie, break_three,
          break_found, break_buying, break_split, break_games]


@pytest.mark.parametrize("number, breakage", list(enumerate(BREAKS, 1)),
                         ids=[b.__name__ for b in BREAKS])
def test_each_check_can_fail(number: int, breakage: Callable[[pytest.MonkeyPatch], None],
                             monkeypatch: pytest.MonkeyPatch) -> None:
    assert selftest.run("en", only={number}).failures == 0
    breakage(monkeypatch)
    report = selftest.run("en", only={number})
    (result,) = report.results
    assert not result.ok and result.number == number
    assert report.failures == 1
    line = report.text.splitlines()[2]
    assert line.startswith(f"{number:>2} ") and ": FAIL: " in line
    assert report.text.splitlines()[-1] == "1 CHECK(S) FAILED"


def test_a_failing_check_says_what_differed(monkeypatch: pytest.MonkeyPatch) -> None:
    break_prices(monkeypatch)
    text = selftest.run("nl", only={1}).text
    assert " 1 prijzen: FOUT: C op A1-A5 kost: verwacht 1300, gekregen 1200" in text
    assert text.rstrip().endswith("1 CONTROLE(S) MISLUKT")


def test_the_exit_status_is_the_number_of_failed_checks(tmp_path: Path,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    break_prices(monkeypatch)
    monkeypatch.setattr(money, "_split", lambda h: [(1, 1)] * len(h))  # breaks 4, 6 and 9
    assert cli(["selftest", "akwaier", "--out", str(tmp_path / "r.txt"), "--lang", "nl"]) == 4
    assert (tmp_path / "r.txt").read_text(encoding="utf-8").splitlines()[-1] == \
        "4 CONTROLE(S) MISLUKT"


def test_an_exception_in_a_check_is_a_failure(monkeypatch: pytest.MonkeyPatch) -> None:
    def boom(*_: object) -> None:
        raise RuntimeError("broken")
    monkeypatch.setattr(Core, "do_buy", boom)
    result = selftest.run("en", only={8}).results[0]
    assert result.diffs == ["error in the check: RuntimeError: broken"]


def test_split_rows_are_the_manuals_eight() -> None:
    assert len(selftest.SPLIT_ROWS) == 8
    assert all(sum(want) == Fraction(1) for _, want in selftest.SPLIT_ROWS)
