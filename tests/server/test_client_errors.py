"""Errors in the pages: reported over HTTP, appended to the game's error log, limited."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from ludotheek.server import Settings, create_app
from ludotheek.server.api.client_errors import file_name, report_limit


@pytest.fixture
def logs(tmp_path: Path) -> Path:
    return tmp_path / "data"


@pytest.fixture
def reporter(db_path: Path, logs: Path) -> Iterator[TestClient]:
    app = create_app(db_path, Settings(computer_workers=0, error_dir=logs))
    with TestClient(app) as c:
        yield c


REPORT = {"game": "akwaier", "game_id": "abc123", "version": "37", "kind": "error",
          "message": "TypeError: x is undefined", "stack": "at draw (akwaier.js:10)\nat show",
          "url": "http://localhost/play/abc123", "agent": "Chromium"}


def test_a_report_is_appended_to_the_games_error_log(reporter: TestClient, logs: Path) -> None:
    r = reporter.post("/api/client-errors", json=REPORT)
    assert r.status_code == 201 and r.json() == {"logged": True, "file": "akwaier-fout.txt"}
    reporter.post("/api/client-errors", json={**REPORT, "message": "a second one"})
    text = (logs / "akwaier-fout.txt").read_text()
    assert text.count("UTC ====") == 2 and "akwaier, game abc123 (version 37)" in text
    assert "message: TypeError: x is undefined" in text and "    at draw (akwaier.js:10)" in text
    assert "a second one" in text
    r = reporter.post("/api/client-errors", json={"message": "in the lobby"})
    assert r.json()["file"] == "ludotheek-errors.txt"
    assert file_name("wari") == "wari-errors.txt"


@pytest.mark.parametrize("body, status, message", [
    ({"stack": "x"}, 400, "'message'"),
    ({"message": "x", "secret": 1}, 400, "unknown field 'secret'"),
    ({"message": "x", "game": "chess"}, 400, "unknown game"),
    ([1], 400, "JSON object"),
    ({"message": "x" * 20_000}, 413, "larger than"),
])
def test_bad_reports_are_refused(reporter: TestClient, logs: Path, body: object, status: int,
                                 message: str) -> None:
    r = reporter.post("/api/client-errors", json=body)
    assert r.status_code == status and message in r.json()["error"]
    assert not logs.exists()


def test_control_characters_and_long_fields_are_cleaned(reporter: TestClient,
                                                        logs: Path) -> None:
    reporter.post("/api/client-errors", json={"message": "bell\u0007\u001b[31m", "url": "u" * 900})
    text = (logs / "ludotheek-errors.txt").read_text()
    assert "\u0007" not in text and "\u001b" not in text and "bell??[31m" in text
    assert "u" * 500 + " …(cut)" in text


def test_reports_are_rate_limited_per_address(reporter: TestClient, logs: Path) -> None:
    codes = [reporter.post("/api/client-errors", json={"message": f"n{i}"}).status_code
             for i in range(8)]
    assert codes == [201] * 5 + [429] * 3
    assert (logs / "ludotheek-errors.txt").read_text().count("UTC ====") == 5


def test_the_bucket_refills_with_time() -> None:
    limit = report_limit(per_minute=6, burst=2)
    assert [limit.allow("a", now=0) for _ in range(3)] == [True, True, False]
    assert limit.allow("b", now=0)
    assert not limit.allow("a", now=5) and limit.allow("a", now=10.5)
