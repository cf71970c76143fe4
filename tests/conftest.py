"""Shared test setup: the test games, hypothesis profiles and the golden-record switch."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

from ludotheek.core.registry import ENV as GAMES_ENV

#: the browser fixtures (browser, server, context_factory) for every folder's page tests
pytest_plugins = ["tests.browserfixtures"]

#: the test games: every folder of tests/ whose plugin.py declares a game (PLUGIN). They
#: are registered through LUDOTHEEK_GAMES, for this process and every process a test
#: starts (servers, their computer players, the command line); tests take the games from
#: names(), so each runs through the conformance suite, the server and the pages too.
ROOT = Path(__file__).resolve().parent.parent
TEST_GAMES = sorted(f"tests.{p.parent.name}.plugin" for p in ROOT.glob("tests/*/plugin.py"))
os.environ[GAMES_ENV] = ",".join(filter(None, (os.environ.get(GAMES_ENV), *TEST_GAMES)))
os.environ["PYTHONPATH"] = os.pathsep.join(
    filter(None, (str(ROOT), os.environ.get("PYTHONPATH"))))

# compiled code (Wari's numba search) is compiled once and kept for later runs, in a
# folder of the machine's temporary files (never in the repository)
os.environ.setdefault("NUMBA_CACHE_DIR", str(
    Path(tempfile.gettempdir()) / f"ludotheek-numba-cache-{os.getuid()}"))

settings.register_profile(
    "default", max_examples=100, deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.register_profile(
    "thorough", max_examples=2000, deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "default"))


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption("--update-golden", action="store_true",
                     help="Rewrite the golden game records instead of comparing with them.")


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """A browser test that fails runs once more, and only a second failure fails the run:
    Chromium, a server and the page's pushes share a busy machine (xdist fills every core),
    where a test's wait can lose a race that a person never sees. The reruns are counted
    in the last line ("2 rerun"), so a test that needs one is seen and mended; a test that
    fails twice fails. Everything else runs once."""
    if not config.pluginmanager.hasplugin("rerunfailures"):
        return
    for item in items:
        if item.get_closest_marker("browser") and not item.get_closest_marker("flaky"):
            item.add_marker(pytest.mark.flaky(reruns=1))


@pytest.fixture
def update_golden(request: pytest.FixtureRequest) -> bool:
    return bool(request.config.getoption("--update-golden"))


@pytest.fixture(autouse=True)
def _private_data_folder(tmp_path_factory: pytest.TempPathFactory,
                         monkeypatch: pytest.MonkeyPatch) -> None:
    """No test writes into the user's real data folder."""
    data = tmp_path_factory.mktemp("data")
    monkeypatch.setenv("LUDOTHEEK_DATA", str(data))
    monkeypatch.delenv("LUDOTHEEK_DB", raising=False)
    # no data set (Wari's endgame database: minutes of work) is built behind a test's back;
    # tests that want one build a small one and provide it (core.resources)
    monkeypatch.setenv("LUDOTHEEK_BUILDS", "off")
