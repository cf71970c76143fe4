"""Wari's learned evaluation under the Abapa rules (issue 40): the model of each rule set,
the choice of it by ``strong-learned``, its figures in the docs, and the data and fit of
``benchmarks/wari_learn.py`` for Abapa on a small run.

- ``learned_model_abapa.py`` loads, says it was fitted on the Abapa rules' data, is not our
  rules' model and gives finite values on boards of Abapa games; the compiled search's value
  with it is the pure one's.
- ``strong-learned`` searches with our rules' model for our rules' states and with Abapa's
  for Abapa's (compiled and Python's search), and each searcher keeps its model.
- The held-out rows of ``24-wari-learned-fit.toml`` are the models' own ``heldout``.
- ``wari_learn data --rules abapa`` (a 6-seed database, a few games, 2-ply searches) labels
  its boards by the Abapa database and search (a grand slam captures nothing), and ``fit``
  writes a model module that loads, with ``--rules abapa`` in its ``made_by``.
"""

from __future__ import annotations

import io
import json
import math
import tomllib
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from benchmarks import wari_learn
from ludotheek.ai import players
from ludotheek.games.wari import GAME, WariState
from ludotheek.games.wari import learned as L
from ludotheek.games.wari.strong import StrongPlayer
from tests.wari.helpers import small_db
from tests.wari.test_kernel import _game_positions

fast = pytest.importorskip("ludotheek.games.wari.fast")
K = fast.K

ROOT = Path(__file__).resolve().parents[2]
FIT_TOML = ROOT / "benchmarks/results/figures/strength/24-wari-learned-fit.toml"


def test_each_rule_set_has_its_model() -> None:
    ours, abapa = L.Model.load(), L.Model.load(abapa=True)
    assert ours is L.Model.load(False) and abapa is L.Model.load(True)  # loaded once
    assert ours != abapa
    assert "--rules abapa" in abapa.meta["made_by"] and abapa.meta["data"]["rules"] == "abapa"
    assert "--rules" not in ours.meta["made_by"]
    assert abapa.phases[-1] == 48 and len(abapa.phases) <= K.LEARN_PHASES
    meta = abapa.meta
    assert meta["data"]["db_positions"] > 1000 and meta["data"]["search"] > 1000
    assert meta["data"]["depth"] == 14
    for state in _game_positions(60, 43, rules="abapa"):
        b = state.board if state.to_move == 0 else (*state.board[6:], *state.board[:6])
        v = abapa.value(b)
        assert math.isfinite(v) and abs(v) <= 48, (b, v)
    assert abs(abapa.value((4,) * 12)) < 3  # the start is about even


def test_kernel_value_of_the_abapa_model_is_the_pure_one() -> None:
    model = L.Model.load(abapa=True)
    W = fast.new_work(abapa=True, learned=model)
    rng = np.random.default_rng(5)
    for _ in range(2_000):
        b = tuple(int(x) for x in rng.multinomial(int(rng.integers(0, 49)), [1 / 12] * 12))
        W[K.O_BOARD : K.O_BOARD + 12] = b
        assert K.evaluate(W, K.O_BOARD) == model.value_hundredths(b), b


@pytest.mark.parametrize("compiled", ["on", "off"])
def test_strong_learned_chooses_the_model_of_the_games_rules(compiled: str) -> None:
    player = players.get("wari", "strong-learned", depth=2, book="off", endgames="off",
                         compiled=compiled)
    assert isinstance(player, StrongPlayer)
    ours, abapa = L.Model.load(False), L.Model.load(True)

    def model_of(searcher: Any) -> L.Model:
        if compiled == "on":
            assert isinstance(searcher, fast.FastSearcher)
            return searcher.learned  # type: ignore[no-any-return]
        evaluate = searcher.evaluate
        assert evaluate.__func__ is L.Model.value
        return evaluate.__self__  # type: ignore[no-any-return]

    # each rule set's state, one after the other and back: each time its own model
    for rules, want in (("applet", ours), ("abapa", abapa), ("applet", ours),
                        ("abapa", abapa)):
        state = GAME.new(rules=rules)
        assert isinstance(state, WariState)
        move = player.choose(state)
        assert move in state.legal_moves()
        assert model_of(player.searcher(state.abapa)) is want, rules
    if compiled == "on":  # the work array the search reads holds that model
        s = player.searcher(True)
        W = s.work(True)
        model = abapa.kernel_array()
        assert (W[K.O_LEARN : K.O_LEARN + len(model)] == model).all()
    # the hand-made evaluation is one for both rule sets (one searcher)
    hand = StrongPlayer(depth=2, book="off", endgames="off", compiled=compiled)
    assert hand.searcher(False) is hand.searcher(True)


def _number(text: str) -> float:
    return float(text.replace(",", "").rstrip("%"))


@pytest.mark.parametrize("abapa", [False, True])
def test_the_docs_rows_are_the_models_heldout_figures(abapa: bool) -> None:
    """The table's rows, our rules' first, then the Abapa rules' (their first column says
    so), each part's three rows: learned, hand, hand scaled."""
    doc = tomllib.loads(FIT_TOML.read_text(encoding="utf-8"))
    model = L.Model.load(abapa)
    heldout, scale = model.meta["heldout"], model.meta["hand_scale"]
    part = None
    seen = 0
    for row in doc["rows"]:
        if row[0]:
            part = ("database" if "database" in row[0] else "search",
                    row[0].startswith("Abapa"))
            if part[1] == abapa:
                assert _number(row[1]) == heldout[part[0]]["learned"]["positions"], row
        assert part is not None
        if part[1] != abapa:
            continue
        kind = ("learned" if row[2].startswith("learned") else
                "hand_scaled" if "×" in row[2] else "hand")
        if kind == "hand_scaled":
            assert f"{scale:.3f}" in row[2], row
        m = heldout[part[0]][kind]
        assert _number(row[3]) == round(m["mae"], 2), row
        share, of = row[4].split(" of ")
        assert _number(share) == round(100 * m["sign_right"], 1), row
        assert _number(of) == m["signed_positions"], row
        seen += 1
    assert seen == 6


def test_data_and_fit_for_abapa_on_a_small_run(tmp_path: Path,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    db = small_db(6, abapa=True)
    assert db.abapa
    monkeypatch.setattr(wari_learn, "data_path",
                        lambda seed, abapa=False: tmp_path / f"d-{int(abapa)}-{seed}.npz")
    meta = wari_learn.make_data(3, games=6, per_count=20, search=60, depth=2,
                                log=io.StringIO(), abapa=True, max_seeds=6, db=db)
    data = np.load(tmp_path / "d-1-3.npz")
    assert meta["rules"] == "abapa" and 40 <= meta["search"] == len(data["search_boards"])
    boards, values = data["db_boards"], data["db_values"]
    assert len(boards) == 5 * 20 and set(boards.sum(1)) == {2, 3, 4, 5, 6}
    for b, v in zip(boards, values, strict=True):
        t = tuple(int(x) for x in b)
        low, high = db.bounds_of(t)
        assert v == min(max(sum(t[:6]) - sum(t[6:]), low), high), t
    # the search's labels are the Abapa search's (its own work array: rules=abapa)
    searcher = fast.FastSearcher(tables=db.kernel_tables(), tt_bits=20)
    for b, v in list(zip(data["search_boards"], data["search_values"], strict=True))[:10]:
        searcher.reset()
        state = GAME.position(tuple(int(x) for x in b), to_move=0, rules="abapa")
        assert state.abapa and searcher.run(state, None, 2).value == v, b
    assert json.loads(str(data["meta"]))["rules"] == "abapa"
    out = tmp_path / "model_abapa.py"
    doc = wari_learn.fit(3, (6, 30, 48), 10.0, out, log=io.StringIO(),
                         abapa=True)
    assert doc["made_by"].startswith("python -m benchmarks.wari_learn fit --rules abapa")
    text = out.read_text(encoding="utf-8")
    assert text.startswith('"""Wari\'s learned evaluation: the model')  # our module's head
    model = L.Model.from_json(json.loads(text.split("MODEL_JSON = r'''", 1)[1]
                                         .split("'''", 1)[0]))
    assert model.phases == (6, 30, 48) and model.meta["data"]["rules"] == "abapa"
    assert set(doc["heldout"]) == {"database", "search"}
