"""Following a guided game's coach in the browser: click (or tap) what it rings, and only that."""

from __future__ import annotations

from typing import Any

SEQ = "document.documentElement.dataset.learnSeq"
STEP = "document.getElementById('coach-text').dataset.step"


def coach_step(page: Any) -> str:
    return str(page.evaluate(STEP))


def follow(page: Any, tap: bool = False, until: str = "learn-play", limit: int = 200,
           on_step: Any = None) -> list[str]:
    """Click what the coach highlights until the element with id ``until`` is the target
    (not clicked); the steps met, in order. ``on_step(page, step)`` runs once per step."""
    steps: list[str] = []
    for _ in range(limit):
        target = page.locator("[data-learn-target]")
        target.wait_for(timeout=20_000)
        step = coach_step(page)
        if not steps or steps[-1] != step:
            steps.append(step)
            if on_step:
                on_step(page, step)
                target = page.locator("[data-learn-target]")
                target.wait_for(timeout=20_000)
        if target.get_attribute("id") == until:
            return steps
        seq = page.evaluate(SEQ)
        if tap:
            target.tap()
        else:
            target.click()
        page.wait_for_function(f"(s) => {SEQ} !== s", arg=seq, timeout=20_000)
    raise AssertionError(f"the coach did not reach #{until}: {steps}")
