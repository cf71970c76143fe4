"""The sustained load benchmark, short: no error and no lost move, figures next to the echo
(the real run is 500 games for 10 minutes: ``python -m benchmarks.soak_load``)."""

from __future__ import annotations

import pytest

from benchmarks.soak_load import run


@pytest.mark.slow
def test_a_short_sustained_load_loses_nothing() -> None:
    result = run(games=12, seconds=3, echo_seconds=2)
    game, echo = result["game"], result["echo"]
    assert game["errors"] == 0, game["error_samples"]
    assert game["lost_moves"] == 0
    assert game["acknowledged_moves"] > 12 and game["round_trips"] == game["acknowledged_moves"]
    # and the computer's replies (perhaps not the last of each game)
    assert game["moves_in_database"] >= 2 * game["acknowledged_moves"] - game["games_started"]
    assert echo["errors"] == 0 and echo["round_trips"] > 0
    assert echo["reply_bytes"] > 500  # as long as a view
    assert result["ratio"]["p99"] is not None and result["ratio"]["round_trips_per_second"] > 0
