"""Nim's page in the browser: the lobby lists it, Start opens its page, a click plays."""

from __future__ import annotations

from typing import Any

import pytest

from tests.serverproc import ServerProcess

pytestmark = pytest.mark.browser


def test_the_lobby_starts_nim_and_its_page_plays(server: ServerProcess,
                                                 context_factory: Any) -> None:
    ctx = context_factory("nl")
    page = ctx.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda err: errors.append(str(err)))
    page.goto(server.url + "/")
    card = page.locator("#game-nim")
    assert "wie de laatste pakt, wint" in card.inner_text()
    card.locator("fieldset select").first.wait_for()
    card.locator("button[type=submit]").click()
    page.wait_for_url("**/play/*", timeout=10_000)
    page.wait_for_selector("button[data-move='3-5']:not([disabled])", timeout=30_000)
    assert page.locator("#title").inner_text() == "Nim"
    page.click("button[data-move='3-5']")
    # the computer (seat 2) answers; then it is our turn again, with heap 3 empty
    page.wait_for_function("document.querySelectorAll('button.nim-take:not([disabled])')"
                           ".length > 0 && !document.querySelector(\"button[data-move='3-5']\")",
                           timeout=30_000)
    assert not errors, errors
    assert page.locator(".toast.error").count() == 0
