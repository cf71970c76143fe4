"""What the public moves tell about the 1987 players' hidden tiles (games/akwaier/infer.py)
and the strong player's ``infer``, which deals the unseen tiles within it."""

from __future__ import annotations

from ludotheek.ai.arena import make_player
from ludotheek.core.rng import Rng
from ludotheek.games.akwaier import GAME, AkwaierState
from ludotheek.games.akwaier.board import CELL_INDEX
from ludotheek.games.akwaier.classic import classic_move
from ludotheek.games.akwaier.infer import deal, hidden_limits, ruled_out
from ludotheek.games.akwaier.search import StrongPlayer
from tests.akwaier.helpers import pos


class WithMoves(AkwaierState):
    """A state that carries the game's moves so far, as benchmarks/akwaier_paired.py gives
    them to the strong player (the rules' state does not carry them)."""

    __slots__ = ("public_moves",)

    def __init__(self, state: AkwaierState, moves: list[str]) -> None:
        super().__init__(state.core)
        self.public_moves = tuple(moves)


def held(s: AkwaierState) -> list[int]:
    return [sum(1 for t in s.core.hand(q) if t >= 0) for q in range(6)]


def classic_game(seed: int, turns: int) -> tuple[AkwaierState, list[str]]:
    s = GAME.new(seed=seed)
    rng = Rng.from_seed(seed)
    moves: list[str] = []
    while s.turn < turns and not s.is_over:
        m = classic_move(s.core, rng)
        moves.append(m)
        s = s.play(m)
    return s, moves


def test_the_limits_never_rule_out_a_tile_a_1987_player_holds() -> None:
    """At level j (0: the youngest tile) at most j of the tiles really held are among
    the cells ruled out: the others were held at every move whose limits it carries."""
    ruled = 0
    for seed, turns in ((1, 20), (2, 60), (3, 100), (4, 130)):
        s, moves = classic_game(seed, turns)
        me = s.to_move
        assert me is not None
        limits = hidden_limits(s.options, moves, me, held(s))
        assert limits[me] == []
        for q in range(6):
            if q == me:
                continue
            assert len(limits[q]) == held(s)[q]
            tiles = [t for t in s.core.hand(q) if t >= 0]
            for j, no in enumerate(limits[q]):
                assert sum(1 for t in tiles if t in no) <= j
            ruled += len(limits[q][-1])
    assert ruled > 100  # they do rule tiles out


def test_a_pass_rules_out_every_tile_that_could_be_placed() -> None:
    s = pos(chains={"C": "A1-A5"}, loose="H8", hands={0: "G8"})
    out = ruled_out(s.core, -1, -1)
    assert CELL_INDEX["B1"] in out  # it touches chain C
    assert CELL_INDEX["M12"] in out  # it would be placed loose
    # next to the loose tile and no chain: never placeable, so it may be held
    assert CELL_INDEX["G8"] not in out and CELL_INDEX["H9"] not in out
    assert CELL_INDEX["A3"] not in out  # on the board


def test_a_seat_that_does_not_play_by_the_1987_rule_gets_no_limits() -> None:
    s = GAME.new(seed=5)
    players = [make_player("akwaier", "random" if q == 0 else "classic", q)[0]
               for q in range(6)]
    moves: list[str] = []
    while s.turn < 60:
        mover = s.to_move
        assert mover is not None
        m = players[mover].choose(s)
        moves.append(m)
        s = s.play(m)
    limits = hidden_limits(s.options, moves, 3, held(s))
    assert limits[0] == [] and limits[3] == []
    assert all(limits[q] for q in (1, 2, 4, 5))


def test_deal_keeps_the_limits_and_what_the_player_sees() -> None:
    s, moves = classic_game(2, 70)
    me = s.to_move
    assert me is not None
    limits = hidden_limits(s.options, moves, me, held(s))
    for k in range(4):
        c = deal(s.core, me, Rng.from_seed(k), limits)
        assert c.problem() is None
        world = AkwaierState(c)
        assert world.view(me) == s.view(me)
        for q in range(6):
            if q != me:
                tiles = [t for t in c.hands[q * 8:q * 8 + 8] if t >= 0]
                assert len(tiles) == held(s)[q]
                for j, no in enumerate(limits[q]):
                    assert sum(1 for t in tiles if t in no) <= j


def test_infer_uses_the_public_moves_and_never_the_hidden_tiles() -> None:
    s, moves = classic_game(3, 50)
    me = s.to_move
    assert me is not None
    seen = WithMoves(s, moves)
    first = StrongPlayer(seed=4, iterations=24, infer=1).analyse(seen)
    assert first.move in s.legal_moves()
    for k in range(2):
        other = WithMoves(s.determinize(me, Rng.from_seed(50 + k)), moves)
        again = StrongPlayer(seed=4, iterations=24, infer=1).analyse(other)
        assert (again.move, again.value, again.ranking) == \
            (first.move, first.value, first.ranking)
    # with the moves its worlds are others than the default's
    assert StrongPlayer(seed=4, iterations=24).analyse(seen).stats != first.stats
    # without them (the rules' state does not carry them) it is the default player
    plain = StrongPlayer(seed=4, iterations=24).analyse(s)
    blind = StrongPlayer(seed=4, iterations=24, infer=1).analyse(s)
    assert (plain.move, plain.value, plain.ranking) == (blind.move, blind.value, blind.ranking)
