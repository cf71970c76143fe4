"""The view a page draws from, the text rendering, the SVG start layouts and the CLI."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from ludotheek.cli import cli
from ludotheek.core.rng import Rng
from ludotheek.games.aqua_romana import GAME, AquaState
from ludotheek.games.aqua_romana.drawing import layout_svg

DOCS = Path(__file__).resolve().parents[2] / "docs"


def played(seed: int, moves: int, players: int = 2) -> AquaState:
    s = GAME.new(seed=seed, players=players)
    rng = Rng.from_seed(seed)
    for _ in range(moves):
        if s.is_over:
            break
        legal = s.legal_moves()
        keep = [m for m in legal if not m.startswith("close ") or m == "close none"]
        s = s.play(rng.choice(keep))
    return s


def test_view_has_everything_to_draw() -> None:
    s = played(3, 60)
    view = s.view(0)
    assert view == s.view(None) == s.view(1)  # nothing is hidden
    assert "seed" not in view and "rng" not in view
    json.dumps(view)
    assert set(view) >= {"seats", "phase", "current", "to_move", "step", "site", "tiles",
                         "workers", "track", "fountains", "reserve", "supply", "podiums",
                         "scores", "events", "final", "legal"}
    assert view["legal"] == s.legal_moves()
    assert len(view["track"]) == 38 and len(view["podiums"]) == 20
    assert sum(view["supply"].values()) + sum(
        1 for t in view["tiles"] if not t["printed"]) == 84
    for w in view["workers"]:
        assert len(w["path"]) == w["length"]
        if w["state"] == "open":
            assert w["front"] is not None and len(w["sight"]) == 4
            if w["path"]:
                assert w["path"][-1]["square"] == w["square"]
        owned = [c for t in view["tiles"] for c in t["channels"] if c["worker"] == w["worker"]]
        assert len(owned) == w["length"]


def test_events_describe_the_last_move() -> None:
    s = GAME.position(tiles={"c4": "curve NE", "d4": "curve SW", "c5": "curve SE"},
                      track={"T4": "joker"})
    t = s.play("blue3 T4 double d5 NE+SW")
    kinds = [e["type"] for e in t.view(None)["events"]]
    assert kinds == ["build", "flow", "flow", "closed", "builder"]
    t = t.play("close none")
    kinds = [e["type"] for e in t.view(None)["events"]]
    assert kinds == ["keep", "retire"]
    assert t.view(None)["step"] == {"queue": [1], "reserve": ["straight", "curve", "double",
                                                              "bridge", "joker"]}


def test_final_scoring_is_given_step_by_step() -> None:
    s = played(5, 2000)
    assert s.is_over
    view = s.view(None)
    final = view["final"]
    assert final["reason"] == view["end_reason"]
    assert [b["bonus"] for b in final["bonuses"]] == [4, 3, 2][:len(final["bonuses"])]
    assert final["totals"] == view["scores"] == [x["score"] for x in view["seats"]]
    assert [t["total"] for t in final["tally"]] == final["totals"]
    assert all(t["total"] == t["podium_points"] + t["bonus"] for t in final["tally"])
    assert sum(len(t["workers"]) for t in final["tally"]) == 12
    assert view["to_move"] is None and view["legal"] == []


def test_render_shows_site_track_podiums_and_reserve() -> None:
    s = GAME.position(tiles={"d2": "curve SE"}, track={"T5": "curve", "T36": "joker"},
                      retired={"green1": 7}, voluntary={"green1": 0})
    text = s.render()
    lines = text.splitlines()
    assert lines[0].split()[:3] == ["T1", "T2", "T3"]
    assert "T36 J 3|" in text  # the joker left of row 3
    assert "C" in lines[1].split()  # the curve builder above e
    assert "b2·" in text  # blue2 faces e2 from the west
    assert "Podiums: 7: green1" in text
    assert "Reserve: straight, curve, double, bridge, joker" in text
    assert "Blue/Yellow to move: builds (WORKER Tn KIND SQUARE ROTATION)" in text
    assert "Blauw/Geel aan zet: bouwt" in s.render(None, "nl")


def test_start_layout_drawings_match_the_engine() -> None:
    for players, name in ((2, "layout-2-4.svg"), (3, "layout-3.svg")):
        path = DOCS / "aqua-romana" / name
        assert path.read_text(encoding="utf-8") == layout_svg(players), (
            f"{path} is out of date: run .venv/bin/python scripts/aqua_romana_layouts.py "
            "docs/aqua-romana")
    assert "layout-2-4.svg" in (DOCS / "rules" / "aqua-romana.md").read_text(encoding="utf-8")


def test_cli_play_watch_runs_a_whole_game() -> None:
    result = CliRunner().invoke(cli, ["play", "aqua_romana", "--watch", "--seed", "2"])
    assert result.exit_code == 0, result.output
    assert "Game over:" in result.output


def test_cli_play_refuses_a_bad_move_and_goes_on() -> None:
    moves = "place curve T99\nplace curve T4\nquit\n"
    result = CliRunner().invoke(cli, ["play", "aqua_romana", "--seed", "1", "-o", "first=1"],
                                input=moves)
    assert result.exit_code == 0, result.output
    assert "'T99' is not a track space" in result.output
    assert "Stopped." in result.output


def test_build_step_previews_what_each_legal_tile_does() -> None:
    s = GAME.position(tiles={"c4": "curve NE", "d4": "curve SW", "c5": "curve SE"},
                      track={"T4": "joker"})
    step = s.view(None)["step"]
    assert step["can_build"]
    keys = {" ".join(m.split()[3:]) for m in s.legal_moves()}
    assert set(step["previews"]) == keys
    # the double curve on d5 lengthens blue3 and red3 and closes one of them
    preview = step["previews"]["d5 NE+SW"]
    t = s.play("blue3 T4 double d5 NE+SW")
    flows = [e for e in t.view(None)["events"] if e["type"] == "flow"]
    assert [(p["worker"], p["squares"], p["length"], p["closed"]) for p in preview] == [
        (f["worker"], f["squares"], f["length"], f["closed"]) for f in flows]


def test_close_step_says_which_podium_each_worker_would_take() -> None:
    seen = 0
    s = GAME.new(seed=4)
    rng = Rng.from_seed(4)
    while not s.is_over:
        if s.phase == "close":
            step = s.view(None)["step"]
            assert [r["worker"] for r in step["retire"]] == step["workers"]
            for r in step["retire"]:
                t = s.play(f"close {r['worker']}")
                retired = [e for e in t.view(None)["events"]
                           if e["type"] == "retire" and e["worker"] == r["worker"]]
                assert retired[0]["podium"] == r["podium"]
                assert retired[0]["length"] == r["length"]
                seen += 1
        s = s.play(rng.choice(s.legal_moves()))
    assert seen > 20
