"""The strong player (determinized search), the one-ply estimate player and the
evaluation they share. Strength is measured by matches (docs/strength.md), not here."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ludotheek.ai import players
from ludotheek.ai.arena import run_match
from ludotheek.core.errors import BadOption
from ludotheek.core.rng import Rng
from ludotheek.games.akwaier import GAME, AkwaierState, split_fractions
from ludotheek.games.akwaier.classic import classic_move
from ludotheek.games.akwaier.core import OVER
from ludotheek.games.akwaier.evaluation import estimates, pot_parts, stage_factors
from ludotheek.games.akwaier.search import EstimatePlayer, StrongPlayer, candidates
from tests.akwaier.helpers import full_board, hand, pos


def classic_position(seed: int, turns: int) -> AkwaierState:
    """A game of six 1987 players after ``turns`` turns, at a decision."""
    s = GAME.new(seed=seed)
    rng = Rng.from_seed(seed)
    while s.turn < turns and not s.is_over:
        s = s.play(classic_move(s.core, rng))
    return s


def test_strong_is_the_strong_level_and_the_four_below_the_1987_players_temper_the_estimate(
) -> None:
    # the ladder's DECISION of docs/rules/akwaier.md: the search is only the strongest level
    # (the 1987 players are too close below it for a level between them); the four lowest,
    # normal the highest of them, are the one-ply estimate choosing with a temperature
    levels = players.levels("akwaier")
    assert list(levels) == ["beginner", "novice", "easy", "normal", "classic", "strong"]
    assert levels["strong"].player == "strong" and levels["strong"].seconds == 1.0
    # (2026-12-03) strong's own purchases in its rollouts are the estimate's: said in the
    # level's parameters, which the ratings check
    assert levels["strong"].params == {"own": 99, "depth": 48}
    temperatures = []
    for name in ("beginner", "novice", "easy", "normal"):
        assert levels[name].player == "tempered" and levels[name].seconds == 0.0
        assert levels[name].params["inner"] == "estimate"
        temperatures.append(levels[name].params["temperature"])
    # the beginner keeps cash (it buys little: weaker than any temperature makes the
    # estimate, which flattens out a little above random); above it, weaker is hotter
    assert levels["beginner"].params["reserve"] == 10000
    assert all("reserve" not in levels[n].params for n in ("novice", "easy", "normal"))
    assert temperatures[1:] == sorted(temperatures[1:], reverse=True), "weaker is hotter"
    player, seconds = players.for_level("akwaier", "strong", seed=3)
    assert isinstance(player, StrongPlayer) and seconds == 1.0


def test_candidates_merge_look_alike_foundings_and_buys() -> None:
    # H8 is free: founding A and B (both 900) is the same, so is D and E (700)
    s = pos(hands={0: "H8"})
    assert candidates(s.core) == ["H8", "H8+A", "H8+C", "H8+D", "H8+F", "H8+G", "H8+H"]
    s = pos(chains={"C": "A1-A5", "E": "O1"}, hands={0: "B1"}).play("B1")
    assert s.phase == "buy"
    assert candidates(s.core) == ["buy none", "buy C 1", "buy C 3", "buy E 1", "buy E 3"]
    # with cash for 2 shares of C only: 1 and 2
    s = pos(chains={"C": "A1-A5"}, hands={0: "B1"}, cash=[2900] * 6).play("B1")
    assert candidates(s.core) == ["buy none", "buy C 1", "buy C 2"]
    s = pos(chains={"A": "A1-A3", "B": "A5-A7"}, hands={0: "A4"}).play("A4")
    assert candidates(s.core) == ["keep A", "keep B"]


def test_reserve_buys_only_what_leaves_the_cash_it_keeps() -> None:
    # C (5 tiles) costs 1300, E (1 tile) 800; every seat has 25,000
    s = pos(chains={"C": "A1-A5", "E": "O1"}, hands={0: "B1"}).play("B1")
    def ranked(reserve: int) -> list[str]:
        return sorted(m for m, _ in EstimatePlayer(seed=1, reserve=reserve).analyse(s).ranking)
    assert ranked(0) == sorted(candidates(s.core))
    # 22,000 kept: 3,000 to spend, 2 shares of C (2,600) or 3 of E (2,400)
    assert ranked(22000) == ["buy C 1", "buy C 2", "buy E 1", "buy E 3", "buy none"]
    assert ranked(23000) == ["buy C 1", "buy E 1", "buy E 2", "buy none"]
    assert ranked(24000) == ["buy E 1", "buy none"]
    assert ranked(25000) == ["buy none"]
    # placing is not changed
    s = pos(hands={0: "H8"})
    assert sorted(m for m, _ in EstimatePlayer(seed=1, reserve=25000).analyse(s).ranking) \
        == sorted(candidates(s.core))
    with pytest.raises(BadOption):
        EstimatePlayer(reserve=-1)


@settings(max_examples=5, deadline=None)
@given(st.integers(0, 10_000))
def test_a_tempered_estimate_with_a_reserve_never_buys_below_it(seed: int) -> None:
    reserve = 10_000
    p = players.get("akwaier", "tempered", seed=seed, inner="estimate", reserve=reserve,
                    temperature=12800)
    s = GAME.new(seed=seed)
    rng = Rng.from_seed(seed)
    while s.turn < 60 and not s.is_over:
        if s.to_move == 0:
            before = s.core.cash[0]
            move = p.choose(s)
            s = s.play(move)
            spent = before - s.core.cash[0]
            if move.startswith("buy") and spent > 0:
                assert s.core.cash[0] >= reserve
        else:
            s = s.play(classic_move(s.core, rng))


def test_two_makes_buying_two_shares_a_candidate() -> None:
    s = pos(chains={"C": "A1-A5", "E": "O1"}, hands={0: "B1"}).play("B1")
    assert candidates(s.core, two=True) == [
        "buy none", "buy C 1", "buy C 2", "buy C 3", "buy E 1", "buy E 2", "buy E 3"]
    # placing is not changed
    s = pos(hands={0: "H8"})
    assert candidates(s.core, two=True) == candidates(s.core)
    # the player weighs them: 7 candidates instead of 5
    p = StrongPlayer(seed=2, iterations=24, two=1)
    a = p.analyse(pos(chains={"C": "A1-A5", "E": "O1"}, hands={0: "B1"}).play("B1"))
    assert a.stats["candidates"] == 7
    assert StrongPlayer(seed=2, iterations=24).analyse(
        pos(chains={"C": "A1-A5", "E": "O1"}, hands={0: "B1"}).play("B1")).stats[
        "candidates"] == 5


def test_strong_plays_legal_moves_within_its_budget() -> None:
    p = StrongPlayer(seed=2, iterations=12)
    s = classic_position(7, 30)
    for _ in range(12):
        a = p.analyse(s)
        assert a.move in s.legal_moves()
        assert a.stats["simulations"] <= 12
        s = s.play(a.move)


def test_strong_stops_at_its_time_limit() -> None:
    s = classic_position(3, 24)
    a = StrongPlayer(seed=1, iterations=100_000).analyse(s, seconds=0.0)
    assert a.move in s.legal_moves()
    # one world is always searched; then the limit stops it
    assert 1 <= a.stats["simulations"] <= 6


def test_strong_is_repeatable() -> None:
    s = classic_position(5, 40)
    a = StrongPlayer(seed=9, iterations=20).analyse(s)
    b = StrongPlayer(seed=9, iterations=20).analyse(s)
    assert (a.move, a.value, a.ranking) == (b.move, b.value, b.ranking)


def test_strong_never_uses_the_tiles_it_cannot_see() -> None:
    """The same position with the other hands and the bag dealt anew looks the same to
    the player to move: its analysis must not change at all."""
    for seed, turns in ((1, 12), (2, 40), (4, 75)):
        s = classic_position(seed, turns)
        me = s.to_move
        assert me is not None
        first = StrongPlayer(seed=11, iterations=24).analyse(s)
        for k in range(2):
            other = s.determinize(me, Rng.from_seed(100 + k))
            assert other.view(me) == s.view(me)
            assert other.to_json()["bag"] != s.to_json()["bag"]
            again = StrongPlayer(seed=11, iterations=24).analyse(other)
            assert (again.move, again.value, again.ranking, again.reason) == \
                (first.move, first.value, first.ranking, first.reason)


def test_the_worlds_it_samples_agree_with_what_it_saw() -> None:
    s = classic_position(6, 50)
    me = s.to_move
    assert me is not None
    for k in range(5):
        world = s.determinize(me, Rng.from_seed(k))
        assert world.view(me) == s.view(me)
        assert hand(world, me) == hand(s, me)
        assert world.core.problem() is None


def test_strong_takes_the_merger_that_pays_it() -> None:
    # late in a game (A and B have 90 tiles each, held alike by all): I hold 6 of C's 9
    # shares, and A4 merges C into D now, paying me 2/3 of C's pot; B12 only grows A
    shares: dict[int, dict[str, int]] = {q: {"A": 5, "B": 5} for q in range(6)}
    shares[0]["C"], shares[1]["C"] = 6, 3
    s = full_board(chains={"C": "A1-A3", "D": "A5-A9"}, hands={0: "B12 A4"}, shares=shares,
                   turn=130)
    assert s.legal_moves() == ["B12", "A4"]
    assert EstimatePlayer(seed=1).choose(s) == "A4"
    # with the 1987 rule buying for its own seat in the rollouts (own=0): with the
    # default, whose own purchases are the one-ply estimate's, B12 looks better, since
    # after it A is the largest and the estimate values a majority that its purchases
    # then take in B (90 tiles, not the largest) as a pot still to be paid
    a = StrongPlayer(seed=1, iterations=20, own=0).analyse(s)
    assert a.move == "A4"
    assert StrongPlayer(seed=1, iterations=20).analyse(s).move == "B12"
    assert "expected final wealth" in a.reason and a.ranking[0][0] == "A4"
    assert a.value is not None and a.value > 25_000


def test_a_small_match_against_the_1987_players() -> None:
    """Not a strength claim: a fixed-seed match runs and every move is legal."""
    result = run_match(GAME, ["strong:iterations=6:depth=6", "classic*5"], 2, seed=3)
    assert result.games == 2 and sum(result.wins) == 2
    assert result.seconds_max[0] < 1.0


def test_estimate_plays_a_whole_game() -> None:
    s = GAME.new(seed=8)
    p = EstimatePlayer(seed=1)
    rng = Rng.from_seed(8)
    while not s.is_over:
        move = p.choose(s) if s.to_move == 2 else classic_move(s.core, rng)
        s = s.play(move)
    assert s.core.problem() is None


@settings(max_examples=150, deadline=None)
@given(st.lists(st.integers(0, 12), min_size=6, max_size=6))
def test_pot_parts_are_the_split_rules(holdings: list[int]) -> None:
    exact = split_fractions(holdings)
    assert [Fraction(p).limit_denominator(100) for p in pot_parts(holdings)] == exact


def test_estimates_value_a_lead_and_end_in_the_wealth() -> None:
    s = pos(chains={"C": "A1-A5"}, shares={0: {"C": 6}, 1: {"C": 3}, 2: {"C": 1}})
    e = estimates(s.core)
    assert e[0] > e[1] > e[2] > e[3] == e[4] == e[5]
    end = s.adjudicate()
    assert estimates(end.core) == [float(w) for w in end.scores()]
    assert sum(f for _, f in stage_factors(47)) == 1.0


def reference_estimates(s: AkwaierState) -> list[float]:
    """The evaluation's formula written plainly (its docstring), to check the fast one."""
    from ludotheek.games.akwaier import evaluation as ev

    c = s.core
    cash_w, share_w, bonus_w, common = ev._weights(c.turn)
    largest = max(range(8), key=lambda ch: c.sizes[ch])
    out = []
    for seat in range(6):
        v = common + cash_w * c.cash[seat]
        for ch in range(8):
            if not c.sizes[ch]:
                continue
            col = c.shares[ch::8]
            big = int(ch == largest)
            price = c.price(ch)
            v += share_w[big] * col[seat] * price
            part = pot_parts(col)[seat]
            if part:
                lead = col[seat] - max(x for q, x in enumerate(col) if q != seat)
                k = 0 if lead <= 0 else 1 if lead <= 3 else 2
                v += bonus_w[big][k] * (c.sizes[ch] + c.out[ch]) * price * part
        out.append(v)
    return out


def test_the_fast_estimates_are_the_formula() -> None:
    for seed in (1, 2):
        s = GAME.new(seed=seed)
        rng = Rng.from_seed(seed)
        while not s.is_over:
            if s.turn % 5 == 0:
                fast, plain = estimates(s.core), reference_estimates(s)
                assert all(abs(a - b) < 1e-6 * max(1.0, abs(b)) for a, b in zip(fast, plain))
            s = s.play(classic_move(s.core, rng))


def _snapshot(c: object) -> tuple[object, ...]:
    from ludotheek.games.akwaier.core import Core

    assert isinstance(c, Core)
    return (bytes(c.board), c.sizes, c.out, c.shares, c.cash, c.hands, c.bag_pos, c.mover,
            c.phase, c.turn, c.passes, c.pending, c.events, c.end)


def test_classic_step_is_the_1987_player() -> None:
    """The rollouts' fast 1987 policy makes the classic player's choice in every position
    of whole games (with the same random numbers drawn)."""
    from ludotheek.games.akwaier.playout import classic_step
    from ludotheek.games.akwaier.search import play_on

    for seed in range(12):
        core = GAME.new(seed=seed).core.copy()
        rng = Rng.from_seed(seed)
        while core.phase != OVER:
            fast, fast_rng = core.copy(), Rng(rng.state)
            play_on(core, classic_move(core, rng))
            classic_step(fast, fast_rng)
            assert _snapshot(fast) == _snapshot(core) and fast_rng.state == rng.state


def test_strong_refuses_a_budget_it_cannot_search_with() -> None:
    bads: tuple[dict[str, Any], ...] = ({"iterations": 0}, {"top": 1}, {"depth": -1})
    for bad in bads:
        with pytest.raises(ValueError):
            StrongPlayer(**bad)


def test_guarded_rollouts_never_buy_a_random_chain() -> None:
    """With ``guard`` the player's own seat in the rollouts buys only where the 1987 rule
    sees its place threatened: where the classic policy would fall back to a random chain,
    the guarded seat buys nothing; the other seats play the classic policy unchanged."""
    from ludotheek.games.akwaier.core import BUY
    from ludotheek.games.akwaier.playout import classic_playout, classic_step

    differed = 0
    for seed in range(8):
        core = GAME.new(seed=seed).core.copy()
        rng = Rng.from_seed(seed)
        while core.phase != OVER:
            if core.phase == BUY:
                guarded, plain = core.copy(), core.copy()
                classic_playout(guarded, Rng(rng.state), 1, guarded=core.mover)
                classic_step(plain, Rng(rng.state))
                spent = core.cash[core.mover] - guarded.cash[core.mover]
                if _snapshot(guarded) != _snapshot(plain):
                    differed += 1
                    assert spent == 0  # it bought nothing where the classic player bought
                classic_playout(other := core.copy(), Rng(rng.state), 1,
                                guarded=(core.mover + 1) % 6)
                assert _snapshot(other) == _snapshot(plain)
            classic_step(core, rng)
    assert differed > 0
    p = StrongPlayer(seed=2, iterations=12, guard=1)
    s = classic_position(7, 30)
    assert p.choose(s) in s.legal_moves()


def test_the_chance_to_finish_first() -> None:
    """Exact once the game is over (a shared first place counts its part); before, it
    grows with the lead, stays between 0 and 1 and is the same for equal leads."""
    from ludotheek.games.akwaier.search import win_chance

    s = classic_position(4, 300)
    assert s.is_over
    wealth = [float(w) for w in s.scores()]
    best = max(range(6), key=wealth.__getitem__)
    other = min(range(6), key=wealth.__getitem__)
    assert win_chance(s.core, wealth, best) == pytest.approx(1.0, abs=1e-4)
    assert win_chance(s.core, wealth, other) == pytest.approx(0.0, abs=1e-4)
    tied = list(wealth)
    tied[other] = tied[best]
    assert win_chance(s.core, tied, best) == pytest.approx(0.5)
    playing = classic_position(4, 60).core
    chances = [win_chance(playing, [100_000.0 + lead] + [100_000.0] * 5, 0)
               for lead in (-50_000, -10_000, 0, 10_000, 50_000)]
    assert chances == sorted(chances) and len(set(chances)) == 5
    assert all(0.0 < c < 1.0 for c in chances)
    assert win_chance(playing, [5.0, 9.0, 1.0, 1.0, 1.0, 1.0], 0) == pytest.approx(
        win_chance(playing, [105.0, 109.0, 1.0, 1.0, 1.0, 1.0], 0))


def test_rollouts_play_out_the_game_once_the_largest_chain_is_big() -> None:
    s = classic_position(4, 60)
    largest = max(s.core.sizes)
    assert StrongPlayer(finish=largest + 1).rollout_depth(s.core) == 24
    assert StrongPlayer(finish=largest).rollout_depth(s.core) > 6 * 210
    assert StrongPlayer().rollout_depth(s.core) == 24
    for p in (StrongPlayer(seed=3, iterations=12, win=0, finish=largest),
              StrongPlayer(seed=3, iterations=12, win=1000)):
        assert p.choose(s) in s.legal_moves()


def test_the_fast_buy_standings_are_the_one_ply_judgement() -> None:
    """buy_standings judges every purchase as the one-ply player does (a copy of the
    position, the purchase played, the estimates' standing), from the one changed chain."""
    from ludotheek.games.akwaier.core import BUY
    from ludotheek.games.akwaier.evaluation import best_buy, buy_standings
    from ludotheek.games.akwaier.notation import BUY_NAMES, BUY_NONE, legal_moves
    from ludotheek.games.akwaier.playout import classic_step
    from ludotheek.games.akwaier.search import _static

    judged = ended = 0
    for seed in range(3):
        core = GAME.new(seed=seed).core.copy()
        rng = Rng.from_seed(seed)
        while core.phase != OVER:
            if core.phase == BUY:
                standings = buy_standings(core, 0.5)
                moves = [BUY_NONE if c < 0 else BUY_NAMES[c][n] for c, n, _ in standings]
                assert moves == legal_moves(core)
                for move, (_, _, value) in zip(moves, standings, strict=True):
                    assert value == pytest.approx(_static(core, move, core.mover, 0.5),
                                                  rel=1e-9, abs=1e-6)
                    judged += 1
                best = max(standings, key=lambda j: j[2])
                assert best_buy(core, 0.5) == best[:2]
                ended += max(core.sizes) > 100
            classic_step(core, rng)
    assert judged > 500 and ended > 0  # the last purchase of a game is judged by the wealth


def test_the_estimated_placement_is_the_one_ply_players() -> None:
    """estimate_place makes the one-ply estimate player's placement (where no tie for the
    survivor follows, which the two settle differently)."""
    from ludotheek.games.akwaier.core import KEEP, PLACE
    from ludotheek.games.akwaier.playout import classic_step, estimate_place
    from ludotheek.games.akwaier.search import play_on

    compared = 0
    for seed in range(2):
        core = GAME.new(seed=seed).core.copy()
        rng = Rng.from_seed(seed)
        while core.phase != OVER:
            if core.phase == PLACE:
                fast, plain = core.copy(), core.copy()
                estimate_place(fast, 0.5)
                play_on(plain, EstimatePlayer().choose(AkwaierState(core.copy())))
                if plain.phase != KEEP:
                    assert _snapshot(fast) == _snapshot(plain)
                    compared += 1
            classic_step(core, rng)
    assert compared > 200


def test_own_rollouts_choose_by_the_estimate_for_the_players_seat_only() -> None:
    """With ``own_buys`` / ``own_places`` the player's seat makes its first purchases and
    placements in a rollout as the one-ply estimate would, then by the 1987 rule; the other
    seats play the 1987 rule throughout."""
    from ludotheek.games.akwaier.core import BUY, PLACE
    from ludotheek.games.akwaier.evaluation import best_buy
    from ludotheek.games.akwaier.playout import classic_playout, classic_step, estimate_place

    differed = 0
    for seed, turns in ((3, 20), (5, 70), (8, 110)):
        start = classic_position(seed, turns).core
        me = start.mover
        for buys, places in ((1, 0), (0, 1), (3, 2)):
            rolled = start.copy()
            classic_playout(rolled, Rng.from_seed(seed), 60, own=me, own_buys=buys,
                            rivalry=0.5, own_places=places)
            step, rng = start.copy(), Rng.from_seed(seed)
            for _ in range(60):
                if step.phase == OVER:
                    break
                if step.mover == me and step.phase == BUY and buys:
                    step.do_buy(*best_buy(step, 0.5))
                    buys -= 1
                elif step.mover == me and step.phase == PLACE and places:
                    estimate_place(step, 0.5)
                    places -= 1
                else:
                    classic_step(step, rng)
            assert _snapshot(rolled) == _snapshot(step)
            plain = start.copy()
            classic_playout(plain, Rng.from_seed(seed), 60)
            differed += _snapshot(plain) != _snapshot(rolled)
    assert differed > 0
    s = classic_position(7, 30)
    p = StrongPlayer(seed=2, iterations=12, own=2, place=1)
    assert p.choose(s) in s.legal_moves()
    # the search's rollouts use them: its figures differ from the default's
    assert p.analyse(s).ranking != StrongPlayer(seed=2, iterations=12).analyse(s).ranking
