"""Take the README's screenshots: each game's page in a real browser.

    .venv/bin/python scripts/screenshots.py [GAME ...]

Starts a server on a temporary database, sets up a game in an interesting
position through the API, and writes docs/screenshots/<name>.png.
"""

from __future__ import annotations

import shutil
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

import httpx

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from tests.serverproc import ServerProcess  # noqa: E402

OUT = Path(__file__).resolve().parent.parent / "docs" / "screenshots"
CHROMIUM = shutil.which("chromium")
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking"]


def wari(url: str) -> tuple[str, str]:
    """A Wari game twelve moves in, South (a person) to move against the computer."""
    r = httpx.post(f"{url}/api/games", json={"game": "wari", "seed": 4, "seats": [
        {"type": "person"}, {"type": "person"}]}).json()
    gid, tokens = r["id"], [s["token"] for s in r["seats"]]
    for move in ["3", "9", "5", "12", "1", "8", "6", "10", "2", "7", "4", "11"]:
        view = httpx.get(f"{url}/api/games/{gid}").json()
        seat = view["to_move"]
        httpx.post(f"{url}/api/games/{gid}/moves", json={"move": move, "version": view["version"]},
                   headers={"Authorization": f"Bearer {tokens[seat]}"}).raise_for_status()
    return gid, tokens[0]


SCENARIOS: dict[str, Callable[[str], tuple[str, str]]] = {"wari": wari}


def shoot(names: list[str]) -> None:
    from playwright.sync_api import sync_playwright

    OUT.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp, ServerProcess(Path(tmp) / "shots.db") as server, \
            sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        for name in names:
            gid, token = SCENARIOS[name](server.url)
            page: Any = browser.new_page(viewport={"width": 1280, "height": 760}, locale="en")
            page.add_init_script("localStorage.setItem('ludotheek.animate', '0');")
            page.goto(f"{server.url}/play/{gid}#token={token}")
            page.wait_for_selector("#board svg")
            page.wait_for_timeout(800)
            page.screenshot(path=str(OUT / f"{name}.png"))
            print(f"wrote {OUT / f'{name}.png'}")
        browser.close()


if __name__ == "__main__":
    shoot(sys.argv[1:] or list(SCENARIOS))
