"""Error classes shared by every game.

Every error says what is wrong in plain words; the command line turns them into
exit status 2 and the server into a 4xx answer.

An error may also carry a **code** and the **params** of its message, so that a
page (or the terminal) can say the same in its own language: the catalogs'
``errors.<code>`` texts hold the words, with ``{name}`` for each parameter. The
message itself stays English, for API clients and logs.

>>> err = IllegalMove("cup 3 is empty", code="wari.cup_empty", cup=3)
>>> str(err), err.code, err.params
('cup 3 is empty', 'wari.cup_empty', {'cup': 3})
>>> err.problem()
{'code': 'wari.cup_empty', 'params': {'cup': 3}}

A parameter may itself be a problem (an import refused because of a move the game
refuses), written as ``{"code": ..., "params": ...}``.
"""

from __future__ import annotations

from typing import Any


class LudotheekError(Exception):
    """Base class of every error this package raises on purpose."""

    #: the code a page words the error by (``errors.<code>`` in its catalog), if any
    code: str | None = None

    def __init__(self, *args: Any, code: str | None = None, **params: Any) -> None:
        super().__init__(*args)
        if code is not None:
            self.code = code
        self.params: dict[str, Any] = params

    def problem(self) -> dict[str, Any] | None:
        """The error as a page words it: ``{"code", "params"}``; None without a code."""
        if self.code is None:
            return None
        return {"code": self.code, "params": {k: as_param(v) for k, v in self.params.items()}}


def as_param(value: Any) -> Any:
    """A parameter as JSON: an error with a code becomes its problem, the rest stays."""
    if isinstance(value, LudotheekError):
        return value.problem() or str(value)
    if isinstance(value, tuple):
        return list(value)
    return value


def quoted(value: Any, limit: int = 40) -> str:
    """``value`` as its ``repr`` for a parameter, cut to ``limit`` characters.

    >>> quoted("x" * 50)
    "'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx…"
    """
    text = repr(value)
    return text if len(text) <= limit else text[:limit - 1] + "…"


class IllegalMove(LudotheekError, ValueError):
    """A move that is malformed or not allowed in this position.

    >>> str(IllegalMove("cup 3 is empty"))
    'cup 3 is empty'
    """


class BadOption(LudotheekError, ValueError):
    """An unknown game option, or a value outside the option's range."""


class UnknownGame(LudotheekError, LookupError):
    """A game name (or player name) that is not registered."""

    def __str__(self) -> str:  # LookupError would quote the message
        return str(self.args[0]) if self.args else "unknown game"


class UnknownPlayer(UnknownGame):
    """A computer player or level that a game does not have."""


class BadRecord(LudotheekError, ValueError):
    """A game record that cannot be read or does not replay."""
