"""Measuring a page's layout in the browser: sideways scrolling, what is in view, tap targets.

The sizes the pages are made for (CSS px): a phone, a tablet and a desktop, the first two also
held the other way, and the narrowest phone we support."""

from __future__ import annotations

from pathlib import Path
from typing import Any

#: name -> (width, height)
SIZES = {
    "phone": (390, 844),
    "tablet": (820, 1180),
    "desktop": (1366, 768),
}
TURNED = {"phone-landscape": (844, 390), "tablet-landscape": (1180, 820)}
NARROW = {"narrow": (360, 740)}
#: the smallest tap target (CSS px)
TAP = 44

_JS = (Path(__file__).with_name("layout.js")).read_text()


def _run(page: Any, name: str, arg: Any = None) -> Any:
    return page.evaluate(f"(arg) => ({_JS}).{name}(arg)", arg)


def context(browser: Any, size: tuple[int, int], lang: str = "en", touch: bool = True) -> Any:
    """A browser context of that size, with touch (a phone's or tablet's browser when narrow)."""
    width, height = size
    ctx = browser.new_context(locale=lang, viewport={"width": width, "height": height},
                              has_touch=touch, is_mobile=touch and width < 1024)
    ctx.add_init_script("localStorage.setItem('ludotheek.animate', '0');"
                        "localStorage.setItem('ludotheek.warnings', '0');"
                        "localStorage.setItem('ludotheek.aqua_romana.delay', '0');"
                        "localStorage.setItem('ludotheek.akwaier.delay', '5');"
                        "localStorage.setItem('ludotheek.haaienzee.delay', '20');")
    return ctx


def sideways(page: Any) -> list[str]:
    """What sticks out to the right (empty when nothing scrolls sideways), and what of the
    header is covered or out of its place (``header``)."""
    m = _run(page, "overflow")
    width = page.viewport_size["width"]
    problems = []
    if m["inner"] > width or m["scroll"] > m["width"]:
        problems.append(f"the page is {m['scroll']} px wide in a {width} px viewport "
                        f"(layout viewport {m['inner']})")
        problems.extend(m["wide"])
    return problems + header(page)


def header(page: Any) -> list[str]:
    """What of the page's header is out of its place: its parts (the name, the nav, the
    language buttons) over one another, or something of a part drawn outside that part (under
    a neighbour: no sideways scrolling, yet covered), or beyond the viewport."""
    return list(_run(page, "header"))


def out_of_view(page: Any, selectors: list[str]) -> list[str]:
    """The selectors whose first visible element is not wholly in the viewport at the top of
    the page (or that are not on the page)."""
    page.evaluate("window.scrollTo(0, 0)")
    width, height = page.viewport_size["width"], page.viewport_size["height"]
    problems = []
    for selector, box in _run(page, "boxes", selectors):
        if box is None:
            problems.append(f"{selector}: not shown")
        elif box["left"] < -0.5 or box["top"] < -0.5 or box["right"] > width + 0.5 \
                or box["bottom"] > height + 0.5:
            problems.append(f"{selector}: {round(box['left'])},{round(box['top'])}-"
                            f"{round(box['right'])},{round(box['bottom'])} "
                            f"outside {width}x{height}")
    return problems


def watch(page: Any, selectors: list[str], when: str) -> None:
    """From now on, look at every frame the page draws while ``when`` matches (the player's
    turn) with the page at its top, for any of ``selectors`` not wholly in view: what a check
    between two frames misses (or catches only under load, a flaky test)."""
    _run(page, "watch", {"selectors": selectors, "when": when})


def watched(page: Any) -> list[str]:
    """What ``watch`` saw out of view since it started or was last read."""
    return list(_run(page, "watched"))


def overlaps(page: Any, over: str, under: str) -> list[str]:
    """Whether the first visible element of ``over`` lies over that of ``under`` (a panel stuck
    to the screen over the board, say); empty when not (or when either is not shown)."""
    boxes = dict(_run(page, "boxes", [over, under]))
    a, b = boxes[over], boxes[under]
    if a is None or b is None:
        return []
    if a["left"] < b["right"] - 0.5 and b["left"] < a["right"] - 0.5 \
            and a["top"] < b["bottom"] - 0.5 and b["top"] < a["bottom"] - 0.5:
        return [f"{over} {round(a['top'])}-{round(a['bottom'])} over {under} "
                f"{round(b['top'])}-{round(b['bottom'])}"]
    return []


def fits_in(page: Any, element: Any, scroller: str, under: str, until: str = "") -> list[str]:
    """Scroll ``scroller`` (a dialog that scrolls) so that ``element`` starts just under
    ``under`` (the dialog's sticky title), and say whether it is then seen whole (down to the
    bottom of its part ``until``, when given): inside the viewport and the scroller's visible
    box."""
    box = element.evaluate(
        """(e, [scroller, under, until]) => {
             const s = document.querySelector(scroller), u = document.querySelector(under);
             s.scrollTop += e.getBoundingClientRect().top - u.getBoundingClientRect().bottom;
             const r = e.getBoundingClientRect(), v = s.getBoundingClientRect();
             const end = until ? e.querySelector(until).getBoundingClientRect() : r;
             const top = Math.max(u.getBoundingClientRect().bottom, 0);
             const bottom = Math.min(v.bottom, window.innerHeight);
             return { top: r.top, bottom: end.bottom, room: bottom - top, from: top, to: bottom,
                      left: r.left, right: r.right };
           }""", [scroller, under, until])
    width = page.viewport_size["width"]
    problems = []
    if box["top"] < box["from"] - 0.5 or box["bottom"] > box["to"] + 0.5:
        problems.append(f"{round(box['bottom'] - box['top'])} px high in "
                        f"{round(box['room'])} px of room")
    if box["left"] < -0.5 or box["right"] > width + 0.5:
        problems.append(f"{round(box['left'])}-{round(box['right'])} outside {width} px")
    return problems


def small_targets(page: Any, exempt: str | None = None) -> list[str]:
    """Tap targets smaller than TAP px either way; ``exempt`` selects the dense boards' parts
    (which take a two-step touch instead)."""
    return list(_run(page, "small", {"tap": TAP, "exempt": exempt}))


def accessibility(page: Any, every: bool = False) -> list[str]:
    """The violations of impact serious or critical (``every``: of any impact) that axe-core
    finds on the page (axe's own file, from the axe-playwright-python package), one line
    each."""
    from axe_playwright_python.base import AXE_SCRIPT

    if not page.evaluate("typeof window.axe !== 'undefined'"):
        page.evaluate(AXE_SCRIPT)
    result = page.evaluate("async () => { const r = await axe.run(document, "
                           "{ resultTypes: ['violations'] }); return r.violations.map((v) => "
                           "({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.map("
                           "(n) => n.target.join(' ')).slice(0, 4) })); }")
    return [f"{v['id']} ({v['impact']}): {v['help']} - {', '.join(v['nodes'])}"
            for v in result if every or v["impact"] in ("serious", "critical")]


def squashed(page: Any) -> list[str]:
    """The icons in buttons that their button squeezes narrower than they are drawn (a long
    word beside them, in one language, leaves them no room)."""
    return list(_run(page, "squashed"))


def cut_off(page: Any, selector: str) -> list[str]:
    """The options of the menus ``selector`` whose text is wider than their menu."""
    return list(_run(page, "cutOff", selector))
