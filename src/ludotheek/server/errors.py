"""What the service refuses, and why: domain errors that know nothing of HTTP.

Every part of the service raises one of these with a message that says what is
wrong in English, a **code** and the **parameters** of the message, so that a page
words it in its own language (its catalog's ``errors.<code>``, ``js/problems.js``).
The parameters also go to the client as fields of their own (``version`` of a
:class:`Conflict`, ``games`` of a refused start). The edge
(:mod:`ludotheek.server.edge.statuses`) gives each kind its HTTP status, for the API and the
WebSocket alike.

>>> err = Conflict("the game is at version 3, not 2", code="game.version", version=3, sent=2)
>>> err.code, err.extra
('game.version', {'version': 3, 'sent': 2})
"""

from __future__ import annotations

from typing import Any, TypeVar

from ludotheek.core.errors import LudotheekError, as_param

E = TypeVar("E", bound="ServiceError")


class ServiceError(Exception):
    """A request the service refuses; ``message`` says why, ``code`` and ``extra`` (its
    parameters) let a page say it in its language."""

    def __init__(self, message: str, code: str | None = None, **extra: Any) -> None:
        super().__init__(message)
        self.message = message
        self.code = code
        self.extra = {k: as_param(v) for k, v in extra.items()}

    @classmethod
    def of(cls: type[E], exc: LudotheekError, **extra: Any) -> E:
        """The refusal of an engine's (or a record's, an option's) error: its message,
        code and parameters."""
        problem = exc.problem() or {"code": None, "params": {}}
        return cls(str(exc), problem["code"], **problem["params"], **extra)


class Invalid(ServiceError):
    """The request is malformed, or asks for what the rules refuse."""


class Forbidden(ServiceError):
    """The caller's seat (or the lack of one) may not do this."""


class NotFound(ServiceError):
    """There is no such game (or score list)."""


class Conflict(ServiceError):
    """The game is not where the caller thought: another version, or over."""


class TooLarge(ServiceError):
    """A body or a message over its size limit."""


class TooMany(ServiceError):
    """A limit reached: games per address, requests, messages or reports per second."""


class TimedOut(ServiceError):
    """A request that did not arrive in time: its body still coming at the deadline."""
