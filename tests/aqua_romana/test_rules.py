"""A test for every rule of docs/rules/aqua-romana.md, on constructed positions.

Two-player layout used throughout (seat 0 plays blue+yellow, seat 1 green+red):
blue c3-d3 with blue1 facing b3, blue2 facing d2, blue3 facing c4; green h3-i3 with green1
facing j3, green2 h2, green3 i4; red c6-d6 with red1 facing b6, red2 d7, red3 c5; yellow
h6-i6 with yellow1 facing j6, yellow2 h7, yellow3 i5.
"""

from __future__ import annotations

from typing import Any

import pytest

from ludotheek.core.errors import BadOption, IllegalMove
from ludotheek.games import get
from ludotheek.games.aqua_romana import GAME, AquaState
from ludotheek.games.aqua_romana.geometry import (
    CODES_BY_KIND,
    COLUMNS,
    CORNERS,
    TILES,
    parse_square,
    square_name,
)


def pos(**spec: Any) -> AquaState:
    return GAME.position(**spec)


def run(state: AquaState, *moves: str) -> AquaState:
    for m in moves:
        state = state.play(m)
    return state


def final(state: AquaState) -> dict[str, Any]:
    """The final scoring of a game that is over."""
    assert state.final is not None
    return state.final


def worker(state: AquaState, name: str) -> dict[str, Any]:
    return next(w for w in state.view(None)["workers"] if w["worker"] == name)


def events(state: AquaState, kind: str) -> list[dict[str, Any]]:
    return [e for e in state.events if e["type"] == kind]


def sq(name: str) -> int:
    s = parse_square(name)
    assert s is not None
    return s


# --- the board -------------------------------------------------------------------------------

def test_rule_site_11_by_8_with_printed_corners() -> None:
    s = GAME.new(seed=1)
    view = s.view(None)
    assert view["site"]["columns"] == 11 and view["site"]["rows"] == 8
    corners = {t["square"]: (t["kind"], t["rotation"]) for t in view["tiles"] if t["printed"]}
    assert corners == {"a1": ("corner", "SE"), "k1": ("corner", "SW"),
                       "a8": ("corner", "NE"), "k8": ("corner", "NW")}
    assert all(t["channels"][0]["worker"] is None for t in view["tiles"])
    assert square_name(2 * COLUMNS + 2) == "c3" and len(CORNERS) == 4


def test_rule_track_38_spaces_numbered_clockwise_with_four_fountains() -> None:
    track = GAME.new(seed=1).view(None)["track"]
    assert [t["space"] for t in track] == list(range(1, 39))
    assert (track[0]["side"], track[0]["line"]) == ("top", 0)  # above a
    assert (track[10]["side"], track[10]["line"]) == ("top", 10)  # above k
    assert (track[11]["side"], track[11]["line"]) == ("right", 0)  # right of row 1
    assert (track[19]["side"], track[19]["line"]) == ("bottom", 10)  # below k
    assert (track[29]["side"], track[29]["line"]) == ("bottom", 0)  # below a
    assert (track[30]["side"], track[30]["line"]) == ("left", 7)  # left of row 8
    assert (track[37]["side"], track[37]["line"]) == ("left", 0)  # left of row 1
    assert GAME.new(seed=1).view(None)["fountains"] == [[11, 12], [19, 20], [30, 31], [38, 1]]


@pytest.mark.parametrize("kind, rotation, channels", [
    ("straight", "NS", [{0, 2}]), ("straight", "EW", [{1, 3}]),
    ("curve", "NE", [{0, 1}]), ("curve", "SE", [{1, 2}]),
    ("curve", "SW", [{2, 3}]), ("curve", "NW", [{0, 3}]),
    ("double", "NE+SW", [{0, 1}, {2, 3}]), ("double", "NW+SE", [{0, 3}, {1, 2}]),
    ("bridge", "NS+EW", [{0, 2}, {1, 3}]),
])
def test_rule_tile_channels_in_every_rotation(kind: str, rotation: str,
                                              channels: list[set[int]]) -> None:
    tile = next(t for t in TILES if t.kind_name == kind and t.rotation == rotation)
    assert [set(c) for c in tile.channels] == channels
    # nine rotations in all: 2 straight, 4 curve, 2 double curve, 1 bridge
    assert sum(len(CODES_BY_KIND[k]) for k in CODES_BY_KIND) == 9


@pytest.mark.parametrize("rotation, end, side", [
    ("straight NS", "d2", "N"), ("curve SE", "d2", "E"), ("curve SW", "d2", "W"),
    ("double NE+SW", "d2", "W"), ("double NW+SE", "d2", "E"), ("bridge NS+EW", "d2", "N"),
])
def test_rule_tile_channel_continues_the_aqueduct(rotation: str, end: str, side: str) -> None:
    # blue2 enters d2 from the south; a joker above column d is in sight of it
    s = pos(track={"T4": "joker"})
    builds = [m for m in s.legal_moves() if m.startswith("blue2 ")]
    assert builds == ["blue2 T4 straight d2 NS", "blue2 T4 curve d2 SE", "blue2 T4 curve d2 SW",
                      "blue2 T4 double d2 NE+SW", "blue2 T4 double d2 NW+SE",
                      "blue2 T4 bridge d2 NS+EW"]
    t = s.play(f"blue2 T4 {rotation.replace(' ', ' d2 ')}")
    w = worker(t, "blue2")
    assert (w["square"], w["side"], w["length"]) == (end, side, 1)
    # a double curve and a bridge leave their second channel neutral
    tile = next(x for x in t.view(None)["tiles"] if x["square"] == "d2")
    owned = [c["sides"] for c in tile["channels"] if c["worker"] == "blue2"]
    neutral = [c["sides"] for c in tile["channels"] if c["worker"] is None]
    assert len(owned) == 1 and "S" in owned[0]
    assert len(neutral) == len(tile["channels"]) - 1  # a second channel stays neutral


def test_rule_start_layout_two_and_four_players() -> None:
    for players in (2, 4):
        view = GAME.new(seed=1, players=players).view(None)
        outlets = {o["worker"]: (o["square"], o["side"], o["front"])
                   for r in view["site"]["reservoirs"] for o in r["outlets"]}
        assert outlets == {
            "blue1": ("c3", "W", "b3"), "blue2": ("d3", "N", "d2"), "blue3": ("c3", "S", "c4"),
            "green1": ("i3", "E", "j3"), "green2": ("h3", "N", "h2"), "green3": ("i3", "S", "i4"),
            "red1": ("c6", "W", "b6"), "red2": ("d6", "S", "d7"), "red3": ("c6", "N", "c5"),
            "yellow1": ("i6", "E", "j6"), "yellow2": ("h6", "S", "h7"),
            "yellow3": ("i6", "N", "i5"),
        }
    seats = GAME.new(seed=1, players=2).view(None)["seats"]
    assert [s["colours"] for s in seats] == [["blue", "yellow"], ["green", "red"]]
    seats = GAME.new(seed=1, players=4).view(None)["seats"]
    assert [s["colours"] for s in seats] == [["blue"], ["green"], ["yellow"], ["red"]]


def test_rule_start_layout_three_players() -> None:
    view = GAME.new(seed=1, players=3).view(None)
    outlets = {o["worker"]: (o["square"], o["side"], o["front"])
               for r in view["site"]["reservoirs"] for o in r["outlets"]}
    assert outlets == {
        "blue1": ("c3", "W", "b3"), "blue2": ("c3", "N", "c2"), "blue3": ("d3", "S", "d4"),
        "blue4": ("d3", "E", "e3"),
        "green1": ("i3", "E", "j3"), "green2": ("i3", "N", "i2"), "green3": ("h3", "S", "h4"),
        "green4": ("h3", "W", "g3"),
        "red1": ("f5", "N", "f4"), "red2": ("f5", "E", "g5"), "red3": ("f6", "W", "e6"),
        "red4": ("f6", "S", "f7"),
    }
    assert [s["colours"] for s in view["seats"]] == [["blue"], ["green"], ["red"]]


def test_rule_option_players_and_first() -> None:
    assert GAME.new(seed=1).num_players == 2
    assert GAME.new(seed=1, players=3).num_players == 3
    assert GAME.new(seed=1, players=4, first=3).to_move == 2
    assert GAME.new(seed=1, first="2").to_move == 1
    drawn = {GAME.new(seed=seed, players=4).to_move for seed in range(40)}
    assert drawn == {0, 1, 2, 3}  # drawn by the seed
    assert GAME.new(seed=7, players=3).to_move == GAME.new(seed=7, players=3).to_move
    for bad in ({"players": 5}, {"players": 1}, {"first": 3}, {"first": "north"}):
        with pytest.raises(BadOption):
            GAME.new(seed=1, **bad)
    assert get("aqua_romana").seat_names({"players": 2}) == ["Blue/Yellow", "Green/Red"]
    assert get("aqua_romana").seat_names({"players": 3}, "nl") == ["Blauw", "Groen", "Rood"]


# --- setup -----------------------------------------------------------------------------------

def test_rule_setup_twelve_builders_in_turn_start_player_first() -> None:
    s = GAME.new(seed=1, players=3, first=2)
    assert s.phase == "setup" and s.to_move == 1
    assert s.view(None)["reserve"] == ["straight", "curve", "double", "bridge", "joker"]
    assert len(s.legal_moves()) == 4 * 38
    seats: list[int | None] = []
    kinds = ["straight", "curve", "double", "bridge"] * 3
    for i, kind in enumerate(kinds):
        seats.append(s.to_move)
        s = s.play(f"place {kind} T{i + 1}")
    assert seats == [1, 2, 0] * 4
    assert s.phase == "build" and s.to_move == 1  # the start player builds first
    assert [t["builder"] for t in s.view(None)["track"][:12]] == kinds
    assert s.view(None)["reserve"] == ["straight", "curve", "double", "bridge", "joker"]


def test_rule_setup_kinds_run_out_and_spaces_hold_one() -> None:
    s = GAME.new(seed=1, first=1)
    s = run(s, "place curve T1", "place curve T2", "place curve T3")
    assert not any(m.startswith("place curve") for m in s.legal_moves())
    assert not any(m.endswith(" T2") for m in s.legal_moves())
    assert not any("joker" in m for m in s.legal_moves())


# --- building --------------------------------------------------------------------------------

def test_rule_sight_along_row_and_column() -> None:
    everywhere = {f"T{i}": "joker" for i in range(1, 39)}
    s = pos(track=everywhere)
    used = {m.split()[1] for m in s.legal_moves() if m.startswith("blue2 ")}
    assert used == {"T4", "T14", "T27", "T36"}  # d3: column d top/bottom, row 3 right/left
    s = pos(tiles={"d2": "curve SE"}, track=everywhere)
    used = {m.split()[1] for m in s.legal_moves() if m.startswith("blue2 ")}
    assert used == {"T4", "T13", "T27", "T37"}  # now standing on d2
    assert worker(s, "blue2")["sight"] == [4, 13, 27, 37]


def test_rule_only_builders_in_sight_and_their_kind() -> None:
    s = pos(track={"T4": "curve", "T5": "straight", "T20": "joker"})
    builds = [m for m in s.legal_moves()]
    assert builds == ["blue2 T4 curve d2 SE", "blue2 T4 curve d2 SW"]


def test_rule_flow_through_neutral_tiles_lengthens_by_several_squares() -> None:
    # d1 and e1 hold neutral tiles (no aqueduct reaches them); the corner k1 too
    s = pos(tiles={"d1": "curve SE", "e1": "straight EW", "g1": "straight EW",
                   "h1": "straight EW", "i1": "straight EW", "j1": "straight EW"},
            track={"T4": "straight", "T5": "straight", "T14": "straight"})
    assert worker(s, "blue2")["length"] == 0
    t = s.play("blue2 T4 straight d2 NS")
    w = worker(t, "blue2")
    assert (w["length"], w["square"], w["front"]) == (3, "e1", "f1")
    assert [p["square"] for p in w["path"]] == ["d2", "d1", "e1"]
    flow = events(t, "flow")[0]
    assert flow["squares"] == ["d2", "d1", "e1"] and flow["added"] == 3
    # the next tile runs on through g1..j1 and the printed corner k1
    t = run(t, "close none", "green1 T14 straight j3 EW", "close none")
    assert t.to_move == 0
    t = t.play("blue2 T5 straight f1 EW")
    w = worker(t, "blue2")
    assert w["length"] == 3 + 6 and w["square"] == "k1" and w["front"] == "k2"
    k1 = next(x for x in t.view(None)["tiles"] if x["square"] == "k1")
    assert k1["printed"] and k1["channels"][0]["worker"] == "blue2"


def test_rule_one_tile_lengthens_two_aqueducts_of_two_players() -> None:
    # blue3 ends on d4 facing d5 from the north; red3 ends on c5 facing d5 from the west
    s = pos(tiles={"c4": "curve NE", "d4": "curve SW", "c5": "curve SE"},
            track={"T4": "joker"})
    assert worker(s, "blue3")["front"] == "d5" and worker(s, "red3")["front"] == "d5"
    t = s.play("blue3 T4 double d5 NE+SW")
    flows = {e["worker"]: e for e in events(t, "flow")}
    assert flows["blue3"]["squares"] == ["d5"] and flows["blue3"]["closed"] is None
    assert flows["red3"]["squares"] == ["d5"]
    assert worker(t, "blue3")["length"] == 3 and worker(t, "blue3")["front"] == "e5"
    # red3's water ran on to the south side of d5, against the red reservoir d6: closed
    assert flows["red3"]["closed"] == "reservoir"
    assert worker(t, "red3")["state"] == "closed"


def test_rule_joining_two_aqueducts_is_refused() -> None:
    s = pos(tiles={"c4": "curve NE", "d4": "curve SW", "c5": "curve SE"},
            track={"T4": "joker"})
    legal = s.legal_moves()
    assert "blue3 T4 curve d5 NW" not in legal  # would join blue3 and red3
    assert "blue3 T4 double d5 NW+SE" not in legal
    assert "blue3 T4 bridge d5 NS+EW" in legal  # crossing is not joining
    before = s.to_json()
    with pytest.raises(ValueError, match="join blue3's aqueduct to red3's"):
        s.play("blue3 T4 curve d5 NW")
    assert s.to_json() == before


def test_rule_joining_two_own_aqueducts_is_refused() -> None:
    # blue1 ends on b3 facing b4; blue3 ends on c4 facing b4
    # (blue1 on b3 sees T2, blue3 on c4 sees T35)
    s = pos(tiles={"b3": "curve SE", "c4": "curve NW"}, track={"T2": "joker", "T35": "joker"})
    legal = [m for m in s.legal_moves() if " b4 " in m]
    assert "blue1 T2 curve b4 NE" not in legal
    assert "blue3 T35 curve b4 NE" not in legal
    assert "blue1 T2 bridge b4 NS+EW" in legal and "blue3 T35 bridge b4 NS+EW" in legal
    with pytest.raises(ValueError, match="join blue1's aqueduct to blue3's"):
        s.play("blue1 T2 curve b4 NE")


def test_rule_joining_through_neutral_tiles_is_refused() -> None:
    # green2 (h2) was closed voluntarily facing h1, where a neutral curve now lies; blue2
    # runs d2, d1, e1 and faces f1: a tile on f1 would carry blue's water through the
    # neutral g1 and h1 into green2's channel on h2
    s = pos(tiles={"d2": "straight NS", "d1": "curve SE", "e1": "straight EW",
                   "g1": "straight EW", "h1": "curve SW", "h2": "straight NS"},
            voluntary={"green2": 1}, retired={"green2": 1}, track={"T5": "straight"})
    h1 = next(x for x in s.view(None)["tiles"] if x["square"] == "h1")
    assert h1["channels"][0]["worker"] is None
    assert worker(s, "blue2")["front"] == "f1"
    assert "blue2 T5 straight f1 EW" not in s.legal_moves()
    with pytest.raises(ValueError, match="join blue2's aqueduct to green2's on h2"):
        s.play("blue2 T5 straight f1 EW")


def test_rule_water_may_not_run_into_a_reservoir_outlet() -> None:
    # blue3's end on c4 faces c5, which faces red3's outlet (north side of c6); red3 was
    # closed before it began, so only the outlet is there
    s = pos(tiles={"c4": "straight NS"}, track={"T35": "straight", "T28": "curve"},
            voluntary={"red3": 0}, retired={"red3": 0})
    assert worker(s, "blue3")["front"] == "c5"
    with pytest.raises(ValueError, match="into the outlet of red3 on c6"):
        s.play("blue3 T35 straight c5 NS")
    assert "blue3 T28 curve c5 NE" in s.legal_moves()
    # with red3 still open, the same tile would join blue3 and red3 in one channel
    s = pos(tiles={"c4": "straight NS"}, track={"T35": "straight"})
    with pytest.raises(ValueError, match="join"):
        s.play("blue3 T35 straight c5 NS")


def test_rule_closed_at_the_edge() -> None:
    s = pos(tiles={"b3": "straight EW"}, track={"T36": "straight"})
    assert worker(s, "blue1")["front"] == "a3"
    t = s.play("blue1 T36 straight a3 EW")
    assert worker(t, "blue1")["state"] == "retired"
    assert events(t, "closed") == [{"type": "closed", "worker": "blue1", "seat": 0,
                                    "reason": "edge", "length": 2}]
    assert t.phase == "pick"  # no voluntary close: the tile closed an own aqueduct


def test_rule_closed_at_a_blank_tile_side() -> None:
    # a3 holds a neutral straight NS: its east side is blank
    s = pos(tiles={"a3": "straight NS"}, track={"T36": "straight"})
    t = s.play("blue1 T36 straight b3 EW")
    closed = events(t, "closed")
    assert closed == [{"type": "closed", "worker": "blue1", "seat": 0, "reason": "blank",
                       "length": 1}]
    # and the neutral tile stays neutral
    a3 = next(x for x in t.view(None)["tiles"] if x["square"] == "a3")
    assert a3["channels"][0]["worker"] is None


def test_rule_closed_at_a_reservoir_side_without_outlet() -> None:
    # blue2 runs d2 -> e2 and faces e3; a curve NW on e3 turns it west against d3's east
    # side, which has no outlet in the 2-4 player layout
    s = pos(tiles={"d2": "curve SE", "e2": "curve SW"}, track={"T5": "curve"})
    assert worker(s, "blue2")["front"] == "e3"
    t = s.play("blue2 T5 curve e3 NW")
    assert events(t, "closed") == [{"type": "closed", "worker": "blue2", "seat": 0,
                                    "reason": "reservoir", "length": 3}]


def test_rule_a_tile_can_close_another_players_aqueduct() -> None:
    # red3 ends on c5 facing d5 from the west; blue3 lays a straight NS on d5: blank to red3
    s = pos(tiles={"c4": "curve NE", "d4": "curve SW", "c5": "curve SE"},
            track={"T4": "straight"})
    t = s.play("blue3 T4 straight d5 NS")
    closed = {e["worker"]: e["reason"] for e in events(t, "closed")}
    assert closed == {"blue3": "reservoir", "red3": "blank"}


def test_rule_a_square_passed_twice_counts_twice() -> None:
    s = pos(tiles={"d1": "curve SW", "c1": "curve SE", "c2": "curve NE"},
            track={"T4": "bridge"})
    t = s.play("blue2 T4 bridge d2 NS+EW")
    w = worker(t, "blue2")
    assert [p["square"] for p in w["path"]] == ["d2", "d1", "c1", "c2", "d2"]
    assert w["length"] == 5 and w["front"] == "e2"


def test_rule_builder_moves_clockwise_to_the_next_free_space() -> None:
    s = pos(track={"T4": "curve", "T5": "straight", "T6": "bridge"})
    t = s.play("blue2 T4 curve d2 SE")
    assert events(t, "builder") == [{"type": "builder", "kind": "curve", "from": 4, "to": 7,
                                     "corners": 0}]
    assert [x["builder"] for x in t.view(None)["track"][3:7]] == [None, "straight", "bridge",
                                                                  "curve"]


def test_rule_builder_rounding_a_corner_gives_a_bonus_tile() -> None:
    # the builder on T36 (left of row 3) passes T37, T38, the fountain, and stops on T1
    s = pos(track={"T36": "curve", "T37": "straight", "T38": "bridge"})
    t = s.play("blue1 T36 curve b3 NE")
    assert events(t, "builder")[0]["to"] == 1 and events(t, "builder")[0]["corners"] == 1
    assert t.phase == "bonus" and t.to_move == 0
    assert t.view(None)["step"]["kinds"] == ["curve"]
    legal = t.legal_moves()
    assert all(m.startswith("bonus curve ") for m in legal)
    targets = {m.split()[2] for m in legal}
    # not in front of an open end or an outlet, not on tiles or reservoirs
    assert "b2" not in targets  # blue1 now faces b2
    assert not targets & {"d2", "c4", "j3", "h2", "i4", "b6", "d7", "c5", "j6", "h7", "i5"}
    assert not targets & {"a1", "k1", "b3", "c3", "d3"}
    assert "e5" in targets
    t2 = t.play("bonus curve e5 NW")
    bonus = next(x for x in t2.view(None)["tiles"] if x["square"] == "e5")
    assert bonus["bonus"] and bonus["channels"][0]["worker"] is None
    assert events(t2, "bonus") == [{"type": "bonus", "seat": 0, "kind": "curve",
                                    "square": "e5", "rotation": "NW"}]
    assert t2.phase == "close"


def test_rule_two_corners_two_bonus_tiles() -> None:
    # blue2 ends on h1 facing i1 and sees T8 (above h); T9-T19 are all taken, so the
    # joker passes two fountains (11|12 and 19|20) on its way to T20
    taken = {f"T{i}": "straight" for i in range(9, 20)}
    s = pos(track={"T8": "joker", **taken},
            tiles={"d2": "straight NS", "d1": "curve SE", "e1": "straight EW",
                   "f1": "straight EW", "g1": "straight EW", "h1": "straight EW"})
    assert worker(s, "blue2")["front"] == "i1"
    t = s.play("blue2 T8 bridge i1 NS+EW")
    assert events(t, "builder")[0] == {"type": "builder", "kind": "joker", "from": 8,
                                       "to": 20, "corners": 2}
    assert t.phase == "bonus" and t.bonus_left == 2
    assert t.view(None)["step"]["kinds"] == ["straight", "curve", "double", "bridge"]
    t = t.play("bonus double e5 NE+SW")
    assert t.phase == "bonus" and t.bonus_left == 1
    t = t.play("bonus straight f5 NS")
    assert t.phase == "close"


def test_rule_bonus_tile_lost_when_no_square() -> None:
    # fill every square that a bonus tile could take
    s = pos(track={"T36": "curve", "T37": "straight", "T38": "bridge"})
    fill = {}
    blocked = set(s.table.outlet_fronts) | {sq("b2")}
    for q in range(88):
        if s.tiles[q] == -1 and q not in blocked and q != sq("b3"):
            fill[square_name(q)] = "bridge NS+EW"
    s = pos(track={"T36": "curve", "T37": "straight", "T38": "bridge"}, tiles=fill,
            supply={"straight": 5, "curve": 5, "double": 5, "bridge": 5})
    t = s.play("blue1 T36 curve b3 NE")
    assert events(t, "bonus_lost") == [{"type": "bonus_lost", "seat": 0,
                                        "reason": "no_square"}]
    assert t.phase == "close"


def test_rule_no_builder_in_sight_moves_a_builder_without_bonus() -> None:
    s = pos(track={"T5": "curve", "T11": "straight", "T12": "joker"})
    assert s.legal_moves() == ["move T5", "move T11", "move T12"]
    assert s.view(None)["step"] == {"can_build": False}
    t = s.play("move T11")
    assert events(t, "move_builder") == [{"type": "move_builder", "seat": 0, "kind": "straight",
                                          "from": 11, "to": 13, "corners": 1}]
    assert t.phase == "close"  # no bonus tile; the player may still close voluntarily
    assert t.supply == s.supply


def test_rule_builder_in_sight_but_no_legal_tile_moves_a_builder() -> None:
    # only blue3 (on c4, facing c5) sees the straight builder on T35 (left of row 4); the
    # only straight that continues blue3 would join it to red3, whose outlet faces c5
    s = pos(tiles={"c4": "straight NS"}, track={"T35": "straight"})
    assert s.legal_moves() == ["move T35"]
    assert s.view(None)["step"] == {"can_build": False}


def test_rule_a_kind_run_out_lets_the_builder_give_any_kind() -> None:
    s = pos(track={"T4": "curve"}, supply={"straight": 1, "curve": 0, "double": 2, "bridge": 0})
    assert s.legal_moves() == ["blue2 T4 straight d2 NS", "blue2 T4 double d2 NE+SW",
                               "blue2 T4 double d2 NW+SE"]
    t = s.play("blue2 T4 straight d2 NS")
    assert t.supply == [0, 0, 2, 0]


def test_rule_joker_builds_any_kind_left() -> None:
    s = pos(track={"T4": "joker"}, supply={"straight": 0, "curve": 3, "double": 0, "bridge": 1})
    assert s.legal_moves() == ["blue2 T4 curve d2 SE", "blue2 T4 curve d2 SW",
                               "blue2 T4 bridge d2 NS+EW"]


def test_rule_build_is_compulsory_when_possible() -> None:
    s = pos(track={"T4": "curve", "T20": "straight"})
    assert "move T20" not in s.legal_moves()
    with pytest.raises(ValueError, match="can build"):
        s.play("move T20")


# --- voluntary closing ------------------------------------------------------------------------

def test_rule_voluntary_close_after_a_tile_that_closed_none_of_ones_own() -> None:
    s = pos(track={"T4": "curve"})
    t = s.play("blue2 T4 curve d2 SE")
    assert t.phase == "close"
    assert t.legal_moves() == ["close none", "close blue1", "close blue2", "close blue3",
                               "close yellow1", "close yellow2", "close yellow3"]
    u = t.play("close blue2")
    assert events(u, "closed") == [{"type": "closed", "worker": "blue2", "seat": 0,
                                    "reason": "voluntary", "length": 1}]
    assert worker(u, "blue2")["podium"] == 1


def test_rule_no_voluntary_close_when_the_tile_closed_an_own_aqueduct() -> None:
    s = pos(tiles={"b3": "straight EW"}, track={"T36": "straight"})
    t = s.play("blue1 T36 straight a3 EW")
    assert t.phase != "close"
    assert worker(t, "blue1")["podium"] == 2


def test_rule_voluntary_close_allowed_when_the_tile_closed_only_anothers() -> None:
    s = pos(tiles={"c4": "curve NE", "d4": "curve SW", "c5": "curve SE"},
            track={"T4": "double"})
    t = s.play("blue3 T4 double d5 NE+SW")  # closes red3 only
    assert [e["worker"] for e in events(t, "closed")] == ["red3"]
    assert t.phase == "close"
    with pytest.raises(ValueError, match="closes only their own"):
        t.play("close green1")


# --- scoring ---------------------------------------------------------------------------------

#: blue2's long way: up column d, along row 1, round the printed corner k1, down column k,
#: round k8 and back along row 8 (None: a printed corner)
LONG_WAY = ([("d2", "straight NS"), ("d1", "curve SE")]
            + [(f"{c}1", "straight EW") for c in "efghij"] + [("k1", None)]
            + [(f"k{r}", "straight NS") for r in range(2, 8)] + [("k8", None)]
            + [(f"{c}8", "straight EW") for c in "jihgfedcb"])


def close_blue2_at(length: int, retired: dict[str, int] | None = None) -> AquaState:
    """blue2 has an open aqueduct of ``length``; blue1 builds and blue2 closes voluntarily."""
    tiles = {q: spec for q, spec in LONG_WAY[:length] if spec}
    s = pos(tiles=tiles, track={"T36": "straight"}, retired=retired or {})
    assert worker(s, "blue2")["length"] == length and worker(s, "blue2")["state"] == "open"
    return run(s, "blue1 T36 straight b3 EW", "close blue2")


@pytest.mark.parametrize("length", [1, 5, 12, 20])
def test_rule_podium_equal_to_length_after_voluntary_close(length: int) -> None:
    t = close_blue2_at(length)
    assert worker(t, "blue2")["podium"] == length
    assert t.scores() == [length, 0]


def test_rule_podium_equal_to_length() -> None:
    s = pos(tiles={"b3": "straight EW"}, track={"T36": "straight"})
    t = s.play("blue1 T36 straight a3 EW")
    retire = events(t, "retire")
    assert retire == [{"type": "retire", "worker": "blue1", "seat": 0, "length": 2, "podium": 2,
                       "points": 2, "final": False}]
    assert t.scores() == [2, 0]
    assert t.view(None)["podiums"][1] == {"value": 2, "capacity": 1, "workers": ["blue1"]}


def test_rule_podium_taken_goes_to_the_next_lower_with_room() -> None:
    s = pos(tiles={"b3": "straight EW"}, track={"T36": "straight"},
            retired={"green1": 2})
    t = s.play("blue1 T36 straight a3 EW")
    assert worker(t, "blue1")["podium"] == 1


@pytest.mark.parametrize("podium", [3, 7])
def test_rule_podiums_3_and_7_hold_two(podium: int) -> None:
    t = close_blue2_at(podium, retired={"green1": podium})
    assert worker(t, "blue2")["podium"] == podium
    assert t.view(None)["podiums"][podium - 1]["workers"] == ["green1", "blue2"]
    t = close_blue2_at(podium, retired={"green1": podium, "red1": podium})
    assert worker(t, "blue2")["podium"] == podium - 1


@pytest.mark.parametrize("podium", [5, 10, 12])
def test_rule_other_podiums_hold_one(podium: int) -> None:
    t = close_blue2_at(podium, retired={"green1": podium})
    assert worker(t, "blue2")["podium"] == podium - 1
    t = close_blue2_at(podium, retired={"green1": podium, "red1": podium - 1})
    assert worker(t, "blue2")["podium"] == podium - 2


def test_rule_length_over_20_counts_as_20() -> None:
    t = close_blue2_at(22)
    assert worker(t, "blue2")["length"] == 22 and worker(t, "blue2")["podium"] == 20
    t = close_blue2_at(22, retired={"green1": 20})
    assert worker(t, "blue2")["podium"] == 19


def test_rule_no_podium_with_room_scores_zero() -> None:
    retired = {"green1": 1, "green2": 2}
    s = pos(tiles={"b3": "straight EW"}, track={"T36": "straight"}, retired=retired)
    t = s.play("blue1 T36 straight a3 EW")
    assert worker(t, "blue1")["podium"] == 0 and worker(t, "blue1")["state"] == "retired"
    assert t.scores() == [0, 3]
    assert events(t, "retire")[0]["points"] == 0


def test_rule_retire_order_active_player_first_longest_first() -> None:
    # blue3 closes at the red reservoir (length 3) and red3 at a blank side (length 1) by the
    # same tile; podium 3 is full, 2 taken: blue3 (active) goes first to 1? no: to 2 is taken,
    # so blue3 takes 1 and red3 finds no room
    s = pos(tiles={"c4": "curve NE", "d4": "curve SW", "c5": "curve SE"},
            track={"T4": "straight"}, retired={"green1": 3, "green2": 3, "yellow1": 2})
    t = s.play("blue3 T4 straight d5 NS")
    retire = [(e["worker"], e["podium"]) for e in events(t, "retire")]
    assert retire == [("blue3", 1), ("red3", 0)]


def test_rule_retire_and_pick_order_clockwise_from_the_active_player() -> None:
    # 3 players, red (seat 2) to move: blue4 (e3) and green4 (g3) face f3 from both sides,
    # red1 (f4) from below; red's straight NS on f3 closes blue4 and green4 (blank sides).
    # Both have length 1 and podium 1 holds one: blue (seat 0, next clockwise after red)
    # takes it before green (seat 1).
    s = GAME.position(players=3, to_move=2, track={"T6": "straight"},
                      tiles={"e3": "straight EW", "g3": "straight EW", "f4": "straight NS"})
    assert {worker(s, w)["front"] for w in ("blue4", "green4", "red1")} == {"f3"}
    t = run(s, "red1 T6 straight f3 NS", "close none")
    assert [(e["worker"], e["podium"]) for e in events(t, "retire")] == [("blue4", 1),
                                                                          ("green4", 0)]
    assert t.phase == "pick" and t.to_move == 0
    t = t.play("pick none")
    assert t.phase == "pick" and t.to_move == 1


def test_rule_reserve_picks_in_scoring_order_and_placement_next_turn() -> None:
    s = pos(tiles={"c4": "curve NE", "d4": "curve SW", "c5": "curve SE"},
            track={"T4": "straight"})
    t = s.play("blue3 T4 straight d5 NS")  # closes blue3 and red3
    assert t.phase == "pick" and t.to_move == 0
    assert t.legal_moves() == ["pick none", "pick straight", "pick curve", "pick double",
                               "pick bridge", "pick joker"]
    t = t.play("pick joker")
    assert t.phase == "pick" and t.to_move == 1
    t = t.play("pick curve")
    assert t.view(None)["reserve"] == ["straight", "double", "bridge"]
    # green/red's turn begins with placing its picked builder
    assert t.phase == "place" and t.to_move == 1
    assert t.legal_moves()[0] == "place curve T1" and len(t.legal_moves()) == 37
    t = t.play("place curve T13")
    assert t.phase == "build" and t.to_move == 1
    assert events(t, "place") == [{"type": "place", "seat": 1, "kind": "curve", "space": 13,
                                   "from": "reserve"}]


def test_rule_no_pick_when_the_reserve_is_empty() -> None:
    s = pos(tiles={"c4": "curve NE", "d4": "curve SW", "c5": "curve SE"},
            track={"T4": "straight"}, reserve=["joker"])
    t = s.play("blue3 T4 straight d5 NS")
    t = t.play("pick joker")
    assert t.phase == "build" and t.to_move == 1  # red3's pick is skipped: nothing left
    assert events(t, "pick") == [{"type": "pick", "seat": 0, "kind": "joker"}]


def test_rule_player_without_workers_places_a_picked_builder_at_once() -> None:
    retired = {"green1": 9, "green2": 8, "green3": 6, "red1": 5, "red2": 4}
    s = pos(tiles={"c4": "curve NE", "d4": "curve SW", "c5": "curve SE"},
            track={"T4": "straight"}, retired=retired)
    t = s.play("blue3 T4 straight d5 NS")  # closes red3, green/red's last worker
    t = run(t, "pick none", "pick double")
    assert t.phase == "place_now" and t.to_move == 1
    t = t.play("place double T30")
    assert t.phase == "build" and t.to_move == 0  # green/red is out: blue/yellow again
    assert t.track[29] == 2


# --- the end ----------------------------------------------------------------------------------

def test_rule_the_end_after_a_round_without_a_tile() -> None:
    s = pos(track={"T5": "curve"})  # nobody sees T5
    t = run(s, "move T5", "close none")  # seat 0: no tile
    assert t.to_move == 1 and not t.is_over
    assert t.legal_moves()[0].startswith("move ")
    t = run(t, t.legal_moves()[0], "close none")  # seat 1: no tile: a full round
    assert t.is_over and t.end_reason == "no_tile_round"


def test_rule_a_tile_restarts_the_round() -> None:
    s = pos(track={"T4": "curve"}, no_tile=[1])
    t = run(s, "blue2 T4 curve d2 SE", "close none")
    assert not t.is_over and t.no_tile == [False, False]


def test_rule_the_end_when_no_worker_is_left() -> None:
    retired = {"green1": 9, "green2": 8, "green3": 6, "red1": 5, "red2": 4, "red3": 0,
               "blue1": 3, "blue3": 3, "yellow1": 1, "yellow2": 0, "yellow3": 0}
    s = pos(track={"T4": "curve"}, retired=retired)
    t = run(s, "blue2 T4 curve d2 SE", "close blue2", "pick none")
    assert t.is_over and t.end_reason == "no_workers"


def test_rule_final_scoring_closes_open_aqueducts_from_the_last_tile_layer() -> None:
    s = pos(tiles={"d2": "straight NS", "j3": "straight EW", "i4": "straight NS"},
            track={"T20": "curve"}, last_tile=1, no_tile=[1])
    # seat 0 cannot build (T20 is in nobody's sight) and moves a builder: a round without tile
    t = run(s, "move T20", "close none")
    assert t.is_over
    order = [(p["worker"], p["length"], p["podium"]) for p in final(t)["podiums"]]
    # green/red laid the last tile: its workers first, longest first, then blue/yellow
    assert order[:3] == [("green1", 1, 1), ("green3", 1, 0), ("green2", 0, 0)]
    assert order[6] == ("blue2", 1, 0)


def test_rule_rank_bonuses_4_3_2_and_earlier_arrival_first() -> None:
    retired = {"green1": 12, "blue1": 7, "red1": 7, "yellow1": 5, "green2": 0}
    s = pos(track={"T5": "curve"}, retired=retired, no_tile=[1])
    t = run(s, "move T5", "close none")
    assert t.is_over
    bonuses = [(b["worker"], b["podium"], b["bonus"]) for b in final(t)["bonuses"]]
    assert bonuses == [("green1", 12, 4), ("blue1", 7, 3), ("red1", 7, 2)]
    # green/red: 12 + 4 + 7 + 2; blue/yellow: 7 + 3 + 5
    assert t.scores() == [15, 25]
    assert t.winners() == [1]


def test_rule_fewer_than_three_on_podiums_fewer_bonuses() -> None:
    s = pos(track={"T5": "curve"}, retired={"green1": 4, "green2": 0}, no_tile=[1])
    t = run(s, "move T5", "close none")
    assert [(b["worker"], b["bonus"]) for b in final(t)["bonuses"]] == [("green1", 4)]


def test_rule_equal_first_places_are_shared() -> None:
    # blue/yellow: 9 + 3 (second) + 3 + 2 (third); green/red: 10 + 4 (first) + 3 = 17 each
    retired = {"green1": 10, "blue1": 9, "yellow1": 3, "red1": 3}
    s = pos(track={"T5": "curve"}, retired=retired, no_tile=[1])
    t = run(s, "move T5", "close none")
    assert t.scores() == [17, 17]
    assert t.winners() == [0, 1]
    retired = {"green1": 10, "blue1": 9, "red1": 3, "yellow1": 3}  # red1 came first
    s = pos(track={"T5": "curve"}, retired=retired, no_tile=[1])
    t = run(s, "move T5", "close none")
    assert t.scores() == [15, 19] and t.winners() == [1]


def test_rule_bonus_tile_of_a_kind_run_out_may_be_any_kind() -> None:
    # the curve builder on T36 rounds the corner after the last curve was laid
    s = pos(track={"T36": "curve", "T37": "straight", "T38": "bridge"},
            supply={"straight": 3, "curve": 1, "double": 0, "bridge": 2})
    t = s.play("blue1 T36 curve b3 NE")
    assert t.supply == [3, 0, 0, 2]
    assert t.view(None)["step"]["kinds"] == ["straight", "bridge"]
    assert {m.split()[1] for m in t.legal_moves()} == {"straight", "bridge"}


def test_rule_bonus_lost_when_no_tiles_are_left() -> None:
    s = pos(track={"T36": "curve", "T37": "straight", "T38": "bridge"},
            supply={"straight": 0, "curve": 1, "double": 0, "bridge": 0})
    t = s.play("blue1 T36 curve b3 NE")
    assert events(t, "bonus_lost") == [{"type": "bonus_lost", "seat": 0, "reason": "no_tiles"}]


def test_rule_no_tiles_left_no_build() -> None:
    s = pos(track={"T4": "joker"}, supply={"straight": 0, "curve": 0, "double": 0, "bridge": 0})
    assert s.legal_moves() == ["move T4"]


def test_rule_a_player_without_workers_is_skipped() -> None:
    # 3 players: green (seat 1) has retired every worker; after blue comes red
    retired = {"green1": 1, "green2": 2, "green3": 3, "green4": 4}
    s = GAME.position(players=3, track={"T3": "curve"}, retired=retired)
    t = run(s, "blue2 T3 curve c2 SE", "close none")
    assert t.to_move == 2 and t.current == 2
    assert [x["in_game"] for x in t.view(None)["seats"]] == [True, False, True]


def test_rule_round_without_a_tile_counts_only_players_still_in_the_game() -> None:
    retired = {"green1": 1, "green2": 2, "green3": 3, "green4": 4}
    s = GAME.position(players=3, track={"T30": "curve"}, retired=retired, no_tile=[2])
    t = run(s, "move T30", "close none")  # blue: no tile; red had none either; green is out
    assert t.is_over and t.end_reason == "no_tile_round"


def test_rule_final_scoring_starts_with_the_start_player_when_no_tile_was_laid() -> None:
    s = pos(track={"T30": "curve"}, first=1, to_move=0, tiles={"d2": "straight NS",
                                                                 "j3": "straight EW"})
    t = run(s, "move T30", "close none")
    t = run(t, t.legal_moves()[0], "close none")
    assert t.is_over and t.final is not None
    assert t.final["start"] == 1
    assert [p["worker"] for p in t.final["podiums"]][:1] == ["green1"]
    assert [(p["worker"], p["podium"]) for p in t.final["podiums"] if p["length"]] == [
        ("green1", 1), ("blue2", 0)]


# --- resignation (a DECISION: only in a game of two) -----------------------------------
def test_rule_a_game_of_two_can_be_resigned_and_the_other_wins() -> None:
    from ludotheek.core.record import Record, ResignAction, apply_move

    state = GAME.new(3)
    for _ in range(14):
        state = state.play(state.legal_moves()[0])
    before = state.to_json()
    over = apply_move(state, ResignAction(seat=1))
    assert state.to_json() == before  # the old state is unchanged
    assert over.is_over and over.end_reason == "resigned" and over.winners() == [0]
    assert [e["type"] for e in over.view(None)["events"]] == ["resigned", "game_over"]
    assert over.view(None)["final"]["resigned"] == 1
    assert GAME.from_json(over.to_json()) == over
    record = Record("aqua_romana", {}, 3, (*[m for m in _moves(3, 14)], ResignAction(seat=1)))
    assert record.replay() == over  # the record replays the resignation
    with pytest.raises(IllegalMove, match="the game is over"):
        over.resign(0)


def _moves(seed: int, n: int) -> list[str]:
    state, out = GAME.new(seed), []
    for _ in range(n):
        out.append(state.legal_moves()[0])
        state = state.play(out[-1])
    return out


def test_rule_three_or_four_players_cannot_resign_in_the_engine() -> None:
    state = GAME.new(1, players=3)
    with pytest.raises(IllegalMove) as info:
        state.resign(0)
    assert info.value.code == "aqua_romana.resign_players"
