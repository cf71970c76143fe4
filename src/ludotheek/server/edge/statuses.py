"""The edge: domain errors (:mod:`ludotheek.server.errors`) as HTTP answers.

The one place that knows which status each refusal gets; the HTTP handlers and
the WebSocket (which sends the status in its error messages) both ask here.
"""

from __future__ import annotations

from typing import Any

from starlette.requests import Request
from starlette.responses import Response

from ludotheek.server.edge.jsonio import JSON as JSONResponse
from ludotheek.server.errors import (
    Conflict,
    Forbidden,
    Invalid,
    NotFound,
    ServiceError,
    TimedOut,
    TooLarge,
    TooMany,
)

STATUS: dict[type[ServiceError], int] = {
    Invalid: 400,
    Forbidden: 403,
    NotFound: 404,
    Conflict: 409,
    TooLarge: 413,
    TooMany: 429,
    TimedOut: 408,
}


def status_of(exc: ServiceError) -> int:
    """The HTTP status of a refusal (400 for a kind the table does not name).

    >>> status_of(Conflict("the game is over")), status_of(ServiceError("?"))
    (409, 400)
    """
    for kind in type(exc).__mro__:
        if kind in STATUS:
            return STATUS[kind]
    return 400


def error_body(exc: ServiceError) -> dict[str, Any]:
    """The JSON a client gets: ``error`` (the English message), the ``code`` and
    ``params`` a page words it by, and the parameters as fields of their own too.

    >>> error_body(Conflict("the game is over", code="game.over", version=4))
    {'error': 'the game is over', 'version': 4, 'code': 'game.over', 'params': {'version': 4}}
    """
    return {"error": exc.message, **exc.extra, "code": exc.code, "params": dict(exc.extra)}


async def service_error(request: Request, exc: Exception) -> Response:
    """Starlette's handler for :class:`ServiceError`."""
    assert isinstance(exc, ServiceError)
    # a request whose body is still coming is not read to its end: the connection closes
    # after the answer, where it would wait for the rest
    close = {"Connection": "close"} if isinstance(exc, TimedOut) else None
    return JSONResponse(error_body(exc), status_code=status_of(exc), headers=close)
