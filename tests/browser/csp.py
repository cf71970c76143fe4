"""Browser tests fail on anything the Content-Security-Policy refused.

Every context made by the ``browser`` fixture listens for the page's
``securitypolicyviolation`` events (an init script and a binding); each test
then checks that none came (``assert_none``).
"""

from __future__ import annotations

from typing import Any

#: runs in every page before its own scripts
LISTENER = """
document.addEventListener("securitypolicyviolation", (e) => {
  window.__ludotheekCsp(`${e.violatedDirective} refused ${e.blockedURI || "inline"} `
    + `at ${e.sourceFile || document.location.pathname}:${e.lineNumber}`);
});
"""


class Violations:
    def __init__(self) -> None:
        self.seen: list[str] = []

    def record(self, source: Any, text: str) -> None:
        page = getattr(source.get("page"), "url", "?") if isinstance(source, dict) else "?"
        self.seen.append(f"{page}: {text}")

    def install(self, browser: Any) -> None:
        """Wrap ``browser.new_context`` so every context listens."""
        original = browser.new_context

        def new_context(*args: Any, **kwargs: Any) -> Any:
            ctx = original(*args, **kwargs)
            ctx.expose_binding("__ludotheekCsp", self.record)
            ctx.add_init_script(LISTENER)
            return ctx

        browser.new_context = new_context

    def take(self) -> list[str]:
        seen, self.seen = self.seen, []
        return seen


def poll_instead_of_eval() -> None:
    """``Page.wait_for_function`` polls with ``Page.evaluate`` instead.

    Playwright's own waits run the predicate through ``eval`` inside the page, which the
    pages' policy (no ``unsafe-eval``) refuses; ``evaluate`` goes through the DevTools
    protocol, which the policy does not govern. Same arguments, same timeout error.
    """
    import time

    from playwright.sync_api import Error as PlaywrightError
    from playwright.sync_api import Page
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    def wait_for_function(self: Page, expression: str, *, arg: Any = None,
                          timeout: float | None = None, polling: Any = None) -> Any:
        limit = 30_000.0 if timeout is None else float(timeout)
        deadline = time.monotonic() + limit / 1000 if limit > 0 else None
        interval = polling if isinstance(polling, int | float) else 25
        last_error = ""
        while True:
            try:
                if self.evaluate(expression, arg):
                    return self.evaluate_handle(expression, arg)
            except PlaywrightError as exc:  # the page is still being built: not yet true
                if "Execution context was destroyed" not in str(exc) \
                        and "TypeError" not in str(exc):
                    raise
                last_error = f" (last: {str(exc).splitlines()[0]})"
            if deadline is not None and time.monotonic() > deadline:
                raise PlaywrightTimeout(
                    f"Timeout {limit:.0f}ms exceeded waiting for function "
                    f"{expression[:200]!r}{last_error}")
            self.wait_for_timeout(interval)

    Page.wait_for_function = wait_for_function  # type: ignore[assignment,method-assign]
