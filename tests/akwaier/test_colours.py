"""The chain colours of the page: every chain's letter on its colour is readable (WCAG AA,
4.5:1 for text of normal size), in the page's own palette. The BBC palette of the retro
look (``body.akw-retro``) is the 1987 screen's and is not held to it."""

from __future__ import annotations

import re

import pytest

from ludotheek.games.akwaier.plugin import PLUGIN

assert PLUGIN.page is not None
CSS = PLUGIN.page / "akwaier.css"


def _luminance(colour: str) -> float:
    hexa = colour.lstrip("#")
    if len(hexa) == 3:
        hexa = "".join(c * 2 for c in hexa)
    channels = [int(hexa[i:i + 2], 16) / 255 for i in (0, 2, 4)]
    lin = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]


def contrast(a: str, b: str) -> float:
    """The WCAG contrast ratio of two colours written #rgb or #rrggbb."""
    low, high = sorted((_luminance(a), _luminance(b)))
    return (high + 0.05) / (low + 0.05)


def palette() -> dict[str, tuple[str, str]]:
    """Chain letter -> (its colour, its letter's colour), from the first ``body { ... }``."""
    block = re.search(r"^body \{(.*?)^\}", CSS.read_text(), re.S | re.M)
    assert block is not None, "akwaier.css has no body block with the chain colours"
    fill = dict(re.findall(r"--c-([A-H]):\s*(#[0-9a-fA-F]{3,6})", block.group(1)))
    ink = dict(re.findall(r"--t-([A-H]):\s*(#[0-9a-fA-F]{3,6})", block.group(1)))
    return {ch: (fill[ch], ink[ch]) for ch in fill}


def test_the_contrast_ratio_is_the_wcag_one() -> None:
    assert contrast("#000", "#fff") == pytest.approx(21.0)
    assert contrast("#5479a8", "#fff") == pytest.approx(4.49, abs=0.01)  # the old A failed


def test_the_palette_has_all_eight_chains() -> None:
    assert sorted(palette()) == list("ABCDEFGH")


@pytest.mark.parametrize("chain", list("ABCDEFGH"))
def test_a_chains_letter_is_readable_on_its_colour(chain: str) -> None:
    fill, ink = palette()[chain]
    assert contrast(fill, ink) >= 4.5, f"chain {chain}: {ink} on {fill}"
