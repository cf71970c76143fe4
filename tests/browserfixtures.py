"""Browser fixtures (every test folder may use them): Playwright driving Debian's Chromium
against a real server."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.browser.csp import Violations, poll_instead_of_eval
from tests.serverproc import ServerProcess

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-dev-shm-usage", "--no-first-run", "--disable-component-update"]

#: what the Content-Security-Policy refused in the pages of the running test
CSP = Violations()


@pytest.fixture(scope="session")
def browser() -> Iterator[object]:
    if CHROMIUM is None:
        pytest.skip("Debian's chromium is not installed (./test installs it when run as root)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        CSP.install(b)
        poll_instead_of_eval()
        yield b
        b.close()


@pytest.fixture(autouse=True)
def no_csp_violations() -> Iterator[None]:
    """Every browser test fails on anything the pages' security policy refused."""
    CSP.take()
    yield
    refused = CSP.take()
    assert not refused, "the Content-Security-Policy refused:\n" + "\n".join(refused)


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    db = Path(tmp_path_factory.mktemp("browser")) / "browser.sqlite3"
    with ServerProcess(db, workers=1) as s:
        yield s


@pytest.fixture
def context_factory(browser: object) -> Iterator[object]:
    """New browser contexts (separate cookies and storage: separate people)."""
    contexts = []

    def make(lang: str = "en", animate: bool = False, warnings: bool = False,
             ask_name: bool = False) -> object:
        ctx = browser.new_context(locale=lang, viewport={"width": 1280, "height": 900})  # type: ignore[attr-defined]
        ctx.add_init_script(f"localStorage.setItem('ludotheek.animate', '{int(animate)}');")
        # the words before a risky move wait for a click: tests that want them say so
        ctx.add_init_script(f"localStorage.setItem('ludotheek.warnings', '{int(warnings)}');")
        # "What is your name?" before playing by an invitation (js/yourname.js): asked only in
        # the tests that want it (the others play as the seats' own names, South and North)
        if not ask_name:
            ctx.add_init_script("localStorage.setItem('ludotheek.name.asked', '1');")
        contexts.append(ctx)
        return ctx

    yield make
    for ctx in contexts:
        ctx.close()
