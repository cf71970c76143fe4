"""A game's page comes from its own folder (``GamePlugin.page``, issue 22): the server serves
every file in it at the page's addresses, with the same headers as the shared files (the
security headers, an ETag that answers a repeated request with 304) and nothing outside it."""

from __future__ import annotations

from pathlib import Path

import pytest
from starlette.testclient import TestClient

from ludotheek.games import names, plugin
from ludotheek.server.pages.files import has_page

#: the games with a page folder of their own
OWN = [n for n in names() if plugin(n).page is not None]


def _addresses(folder: Path, name: str) -> dict[str, Path]:
    """Each file of ``name``'s page folder and the address it is served at."""
    out = {f"/static/js/games/{name}.js": folder / f"{name}.js"}
    for module in sorted((folder / name).rglob("*.js")):
        out[f"/static/js/games/{name}/{module.relative_to(folder / name).as_posix()}"] = module
    if (folder / f"{name}.css").is_file():
        out[f"/static/css/{name}.css"] = folder / f"{name}.css"
    if (folder / "learn" / f"{name}.js").is_file():
        out[f"/static/js/learn/games/{name}.js"] = folder / "learn" / f"{name}.js"
    return out


def test_the_built_in_games_and_the_test_game_bring_their_own_page() -> None:
    assert set(names()) == set(OWN)
    assert all(has_page(n) for n in OWN)


@pytest.mark.parametrize("name", OWN)
def test_every_file_of_a_games_page_folder_is_served(client: TestClient, name: str) -> None:
    folder = plugin(name).page
    assert folder is not None
    addresses = _addresses(folder, name)
    served = set(addresses.values())
    # every file of the folder has its address (nothing in it that a page cannot load)
    assert {p for p in folder.rglob("*") if p.is_file()} == served
    for address, path in addresses.items():
        answer = client.get(address)
        assert answer.status_code == 200, address
        assert answer.content == path.read_bytes(), address
        kind = "text/css" if path.suffix == ".css" else "javascript"
        assert kind in answer.headers["content-type"], address
        assert "script-src 'self'" in answer.headers["content-security-policy"]
        assert answer.headers["x-content-type-options"] == "nosniff"
        etag = answer.headers["etag"]
        again = client.get(address, headers={"If-None-Match": etag})
        assert again.status_code == 304, address


@pytest.mark.parametrize("name", OWN)
def test_nothing_outside_a_games_page_folder_is_served(client: TestClient, name: str) -> None:
    for address in (f"/static/js/games/{name}/../../../plugin.py",
                    f"/static/js/games/{name}/%2e%2e/%2e%2e/plugin.py",
                    f"/static/js/learn/games/{name}/../../../../plugin.py",
                    f"/static/js/games/{name}/nothing.js", f"/static/css/{name}x.css"):
        assert client.get(address).status_code == 404, address
