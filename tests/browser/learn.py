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


def check_real_game(server_url: str, page: Any, game: str) -> None:
    """After "Play a real game": the game the page went to has the lesson's options and the
    learner's seat a person against computers at the lesson's finishing level (easy)."""
    import httpx

    from ludotheek.learn import lessons

    lesson = lessons.lesson(game)
    assert lesson is not None
    gid = page.url.rsplit("/", 1)[1]
    view = httpx.get(f"{server_url}/api/games/{gid}").json()
    wanted = dict(lesson.finish_options) or dict(lesson.record.options)
    assert {k: view["options"].get(k) for k in wanted} == wanted, view["options"]
    assert lesson.finish_level == "easy"
    for i, seat in enumerate(view["seats"]):
        if i == lesson.seat:
            assert seat["type"] == "person", seat
        else:
            assert (seat["type"], seat["level"]) == ("computer", "easy"), seat
