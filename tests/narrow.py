"""Narrowing for the type checker, checked at run time too: ``narrow(WariState, state)`` is
``state`` when it is a ``WariState`` and fails the test otherwise. The generic layers hand
out a ``State`` (``Record.states()``, ``lessons.positions``, ``registry.get``); a test that
looks at one game's board says which game's state it expects."""

from __future__ import annotations

from typing import TypeVar

T = TypeVar("T")


def narrow(kind: type[T], value: object) -> T:
    """``value`` as a ``kind``; an AssertionError if it is not one.

    >>> narrow(int, 3)
    3
    >>> narrow(int, "3")
    Traceback (most recent call last):
    ...
    AssertionError: expected int, got str
    """
    if not isinstance(value, kind):
        raise AssertionError(f"expected {kind.__name__}, got {type(value).__name__}")
    return value
