"""The game page says what of the computer's data is being built and how far it is (issue 39:
"Wari's endgame table: 12 of 18 seeds built"), in the page's language, while it is built,
when it stopped part-way, and nothing once it is complete. The test game Nim's tiered data
set (tests/nim/data.py: nim-tiers) stands in for Wari's endgame table, built in part here."""

from __future__ import annotations

import json
import subprocess
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

import httpx
import pytest

from ludotheek.core.resources import Progress, Sink
from ludotheek.data import folder as resources
from tests.nim.data import TIERS
from tests.serverproc import ServerProcess

pytestmark = pytest.mark.browser

WORDS = {
    "en": ("Nim's tiers: 4 of 9 counters built; the rest is being built in the background",
           "Nim's tiers: 4 of 9 counters built; the rest is built in the background when"),
    "nl": ("Nim's lagen: 4 van 9 fiches klaar; de rest wordt op de achtergrond gebouwd,",
           "Nim's lagen: 4 van 9 fiches klaar; de rest wordt op de achtergrond gebouwd zodra"),
    "no": ("Nims lag: 4 av 9 brikker ferdig; resten bygges i bakgrunnen, og",
           "Nims lag: 4 av 9 brikker ferdig; resten bygges i bakgrunnen når"),
}


class Stopped(Exception):
    pass


def _partly_built(data: Path) -> None:
    """nim-tiers built up to 4 counters, as a build stopped there leaves it."""
    ds = resources.data_set(TIERS)

    def four_tiers(sink: Sink, progress: Progress | None, params: Mapping[str, Any]) -> None:
        class Stopping:
            def __getattr__(self, name: str) -> Any:
                return getattr(sink, name)

            def checkpoint(self) -> None:
                sink.checkpoint()
                if sink.source().json("info")["tiers"] == 5:
                    raise Stopped

        ds.build(Stopping(), progress, params)

    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(resources, "data_sets",
                   lambda: {TIERS: type(ds)(**{**ds.__dict__, "build": four_tiers})})
        with pytest.raises(Stopped):
            resources.build(data, TIERS, {"pause": 0})


@pytest.fixture
def data_server(tmp_path: Path) -> Iterator[tuple[ServerProcess, Path]]:
    data = tmp_path / "data"
    _partly_built(data)
    env = {"LUDOTHEEK_DATA": str(data), "LUDOTHEEK_BUILDS": "load"}
    with ServerProcess(tmp_path / "db.sqlite3", workers=1, extra_env=env) as server:
        yield server, data


def _new_game(url: str) -> tuple[str, str]:
    r = httpx.post(url + "/api/games", json={
        "game": "nim", "seed": 1, "seats": [{"type": "person"},
                                            {"type": "computer", "level": "easy"}]})
    assert r.status_code == 201, r.text
    return r.json()["id"], r.json()["seats"][0]["token"]


@pytest.mark.parametrize("lang", ["en", "nl", "no"])
def test_the_game_page_says_how_far_the_computers_data_is(
        data_server: tuple[ServerProcess, Path], context_factory: Any, lang: str) -> None:
    server, data = data_server
    gid, token = _new_game(server.url)
    folder = data / TIERS
    with subprocess.Popen(["sleep", "120"]) as build:  # a build that runs: its lock names it
        (folder / resources.LOCK).write_text(str(build.pid))
        (folder / resources.PROGRESS).write_text(json.dumps(
            {"stage": "tiers", "done": 5, "total": 10, "pid": build.pid}))
        try:
            page = context_factory(lang).new_page()
            page.goto(f"{server.url}/play/{gid}#token={token}")
            box = page.locator("#data-builds")
            box.wait_for(state="visible")
            running, stopped = WORDS[lang]
            assert box.inner_text().startswith(running), box.inner_text()
        finally:
            build.kill()
    (folder / resources.LOCK).unlink()
    # the build ended part-way: what is there, and that the rest comes when needed
    page.wait_for_timeout(2500)  # past the server's short cache of the answer
    page.reload()
    box.wait_for(state="visible")
    assert box.inner_text().startswith(stopped), box.inner_text()
    # complete: nothing to say
    resources.build(data, TIERS, {"pause": 0})
    page.wait_for_timeout(2500)
    with page.expect_response(lambda r: r.url.endswith("/api/data/nim")) as answer:
        page.reload()
    assert answer.value.json()["builds"] == []
    page.wait_for_selector("#nim-heaps .nim-heap")
    assert page.locator("#data-builds").is_hidden()
