"""What each seat may see, the view's contents, determinization and the text picture."""

from __future__ import annotations

import json

import pytest

from ludotheek.ai import players
from ludotheek.ai.arena import play_game
from ludotheek.ai.mcts import MCTSPlayer
from ludotheek.core.rng import Rng
from ludotheek.games.akwaier import GAME, AkwaierState
from tests.akwaier.helpers import hand, pos


def classic_states(seed: int, every: int = 7) -> list[AkwaierState]:
    """States along a game of six classic players."""
    result = play_game(GAME, {}, seed, ["classic"] * 6)
    out = []
    for i, s in enumerate(result.record.states()):
        if i % every == 0:
            assert isinstance(s, AkwaierState)
            out.append(s)
    return out


def test_rule_view_shows_only_the_seats_own_hand_and_no_bag_order() -> None:
    for s in classic_states(2, every=37):
        for seat in [None, *range(6)]:
            view = s.view(seat)
            text = json.dumps(view)
            assert "seed" not in view and "rng" not in view and "hands" not in view
            assert isinstance(view["bag"], int)
            if seat is None:
                assert view["hand"] is None
            else:
                assert [h["cell"] for h in view["hand"]] == hand(s, seat)
            # what the others hold cannot be told apart from any other deal
            other = s.determinize(0 if seat is None else seat, Rng.from_seed(5))
            assert other.view(seat) == view, "the view depends on hidden tiles"
            assert json.dumps(other.view(seat)) == text


def test_view_holds_what_a_page_draws() -> None:
    s = pos(chains={"A": "A1-A3", "B": "A5-A10"}, loose="O15", hands={0: "A4 H8 N15"},
            shares={0: {"A": 6}, 1: {"A": 3}, 2: {"A": 1}})
    v = s.view(0)
    assert v["board"][0] == "AAA.BBBBBB....." and v["board"][14][14] == "#"
    assert v["rows"] == "ABCDEFGHIJKLMNO" and v["columns"] == 15
    assert v["phase"] == "place" and v["to_move"] == 0 and v["turn"] == 1
    assert v["max_turns"] == 210 and v["bag"] == 225 - 10 - 3 - 5 * 8
    a4, h8, n15 = v["hand"][:3]
    preview = {"chain": "A", "into": "B", "tiles": 3, "outstanding": 10, "price": 1300,
               "pot": 16_900, "payouts": [11_267, 5_633, 0, 0, 0, 0],
               "exchange": [3, 1, 0, 0, 0, 0]}
    assert a4 == {"slot": 1, "cell": "A4", "chains": ["B", "A"], "absorbs_loose": [],
                  "placeable": True, "action": "merge", "survivor": "B", "tied": [],
                  "found": [], "merger": {"B": [preview]}}
    assert h8["action"] == "loose" and h8["found"] == list("CDEFGH")
    assert n15["action"] == "illegal" and not n15["placeable"]
    assert v["hand"][3] == {"slot": 4, "cell": None, "placeable": False, "action": "empty"}
    chain_a = v["chains"][0]
    assert chain_a == {"chain": "A", "tiles": 3, "exists": True, "price": 1300,
                       "outstanding": 10, "foundable": False, "largest": [0],
                       "second": [1]}
    assert v["players"][0]["shares"]["A"] == 6 and v["players"][0]["to_move"]
    assert v["players"][0]["wealth"] == 25_000 + 6 * 1300
    assert "A4" in v["legal"] and s.view(1)["legal"] == []
    t = s.play("A4")
    v = t.view(None)
    kinds = [e["type"] for e in v["events"]]
    assert kinds == ["place", "merger"]
    assert v["events"][1]["paid"] == [{"seat": 0, "name": "OPA", "amount": 11_267},
                                      {"seat": 1, "name": "OMA", "amount": 5_633}]
    assert v["events"][1]["text"].startswith("Keten A (3 stenen) gaat op in B; bonus 16.900")
    assert v["phase"] == "buy" and v["last_move"] == "A4"
    u = t.play("buy B 2")
    assert u.view(None)["events"][0]["text"] == "OPA koopt 2 × B à 1.540."  # 900 + 6 × 100 + 4 × 10


def test_view_of_a_tie_and_of_the_end() -> None:
    s = pos(chains={"A": "A1-A3", "B": "A5-A7"}, hands={0: "A4"}).play("A4")
    pending = s.view(0)["pending"]
    assert pending.pop("merger").keys() == {"A", "B"}
    assert pending == {"cell": "A4", "tied": ["A", "B"], "classic_survivor": "B", "slot": 1}
    assert "slot" not in s.view(1)["pending"]
    over = pos(hands={0: "H8"}, turn=209).play("H8")
    v = over.view(None)
    assert v["over"] and v["end_reason"] == "turn_limit" and v["to_move"] is None
    assert [r["seat"] for r in v["standings"]] == [0, 1, 2, 3, 4, 5]
    assert v["events"][-1]["text"] == "210 beurten gespeeld: het spel is afgelopen."


def test_the_merger_preview_is_what_the_merger_pays() -> None:
    """The hand's and the tie's previews name the same pots and payouts as the events
    of the placement they preview, for every survivor a tie allows."""
    s = pos(chains={"A": "A1-A3", "B": "A5-A7", "C": "B4"}, hands={2: "A4"},
            shares={0: {"A": 2, "B": 1}, 1: {"B": 3, "C": 1}, 2: {"A": 2, "C": 2}}, to_move=2)
    tile = s.view(2)["hand"][0]
    assert tile["action"] == "merge" and tile["tied"] == ["A", "B"]
    tied = s.play("A4")
    assert tied.view(None)["pending"]["merger"] == tile["merger"]
    for keep in ("A", "B"):
        done = tied.play(f"keep {keep}").view(None)["events"]
        mergers = [{k: e[k] for k in ("chain", "into", "tiles", "outstanding", "price",
                                      "pot", "payouts")} for e in done if e["type"] == "merger"]
        assert mergers == [{k: p[k] for k in mergers[0]} for p in tile["merger"][keep]]
        assert [p["chain"] for p in tile["merger"][keep]] == (["B", "C"] if keep == "A"
                                                              else ["A", "C"])


def test_events_in_english() -> None:
    s = pos(hands={0: "H8"}, language="en")
    assert s.describe_move("H8+C") == "GRANDPA founds chain C on H8 and gets a free share."
    assert s.describe_move("H8") == ("GRANDPA places H8 (loose tile). GRANDPA cannot buy: "
                                     "there is no chain.")
    assert s.describe_move("zz") == "zz"


def test_determinize_deals_only_the_unseen_tiles() -> None:
    for s in classic_states(4, every=41):
        for seat in range(6):
            d = s.determinize(seat, Rng.from_seed(seat))
            assert d.core.problem() is None
            assert hand(d, seat) == hand(s, seat)
            assert d.core.board == s.core.board and d.core.cash == s.core.cash
            assert [sum(t is not None for t in hand(d, q)) for q in range(6)] == \
                [sum(t is not None for t in hand(s, q)) for q in range(6)]
            assert d.legal_moves() == s.legal_moves() if seat == s.to_move else True
            assert s.to_json() == s.to_json()  # the original is untouched


def test_determinize_keeps_a_tile_waiting_for_keep() -> None:
    s = pos(chains={"A": "A1-A3", "B": "A5-A7"}, hands={0: "A4"}).play("A4")
    for seed in range(5):
        d = s.determinize(3, Rng.from_seed(seed))
        assert hand(d, 0)[0] == "A4" and d.legal_moves() == ["keep A", "keep B"]


def test_information_set_mcts_plays_akwaier() -> None:
    s = GAME.new(seed=2)
    p = MCTSPlayer(seed=1, iterations=6, max_rollout=30)
    m = p.choose(s)
    assert m in s.legal_moves()
    strong, _ = players.for_level("akwaier", "strong", seed=1)
    assert hasattr(strong, "choose")


@pytest.mark.parametrize("lang", ["nl", "en"])
def test_render_shows_own_tiles_only(lang: str) -> None:
    s = pos(chains={"C": "A1-A5"}, loose="E5", hands={0: "F5 H8"}, shares={0: {"C": 2}})
    text = s.render(0, lang)
    assert "F5" in text and "H8" in text and ("(1)" in text)  # F5 cannot be placed
    spectator = s.render(None, lang)
    assert "F5" not in spectator and "(1)" not in spectator
    assert "OPA" in text  # the names follow the game's own language option (nl)
    over = pos(hands={0: "H8"}, turn=209).play("H8")
    assert ("Afgelopen" if lang == "nl" else "Game over") in over.render(None, lang)


def test_json_round_trip_in_every_phase() -> None:
    tie = pos(chains={"A": "A1-A3", "B": "A5-A7"}, hands={0: "A4"}, shares={2: {"A": 3}})
    states = [tie, tie.play("A4"), tie.play("A4").play("keep B"),
              tie.play("A4").play("keep B").play("buy B 1"), tie.adjudicate()]
    for s in states:
        text = json.dumps(s.to_json())
        back = GAME.from_json(text)
        assert back.to_json() == s.to_json() and back.legal_moves() == s.legal_moves()
        assert back.view(0) == s.view(0)
    assert [s.phase for s in states] == ["place", "keep", "buy", "place", "over"]


@pytest.mark.parametrize("change", [
    lambda d: d.update(board=d["board"][:-1]),
    lambda d: d.update(phase="keep"),
    lambda d: d.update(to_move=3),
    lambda d: d.update(bag=d["bag"] + [d["bag"][0]]),
    lambda d: d["hands"][1].__setitem__(0, "Z9"),
    lambda d: d.update(cash=[-1] * 6),
    lambda d: d.update(end="turn_limit"),
    lambda d: d.update(game="wari"),
])
def test_from_json_refuses_broken_states(change: object) -> None:
    data = GAME.new(seed=1).to_json()
    change(data)  # type: ignore[operator]
    with pytest.raises(ValueError, match="not an Akwaier state"):
        GAME.from_json(data)
