"""What the service refuses, and why: domain errors that know nothing of HTTP.

Every part of the service raises one of these with a message that says what is
wrong (and, where it helps, extra fields such as the game's ``version``). The
edge (:mod:`ludotheek.server.edge`) gives each kind its HTTP status, for the API
and the WebSocket alike.
"""

from __future__ import annotations


class ServiceError(Exception):
    """A request the service refuses; ``message`` says why, ``extra`` goes to the client."""

    def __init__(self, message: str, **extra: object) -> None:
        super().__init__(message)
        self.message = message
        self.extra = extra


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


#: the names before the service was split (kept while the other branches rebase)
ApiError = ServiceError
BadRequest = Invalid
