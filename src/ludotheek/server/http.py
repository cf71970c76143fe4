"""Reading requests safely: size limits, JSON, tokens."""

from __future__ import annotations

import json
from typing import Any

from starlette.requests import Request

from ludotheek.server.errors import BadRequest, TooLarge


async def read_body(request: Request, limit: int) -> bytes:
    """The request's body; :class:`TooLarge` past ``limit`` bytes."""
    declared = request.headers.get("content-length")
    if declared is not None:
        if not declared.isdigit():
            raise BadRequest("the Content-Length header is not a number")
        if int(declared) > limit:
            raise TooLarge(f"the body is larger than {limit} bytes")
    body = bytearray()
    async for chunk in request.stream():
        body.extend(chunk)
        if len(body) > limit:
            raise TooLarge(f"the body is larger than {limit} bytes")
    return bytes(body)


async def read_json(request: Request, limit: int) -> Any:
    """The request's JSON body; :class:`TooLarge` past ``limit`` bytes, :class:`BadRequest`
    if it is not JSON."""
    body = await read_body(request, limit)
    if not body:
        raise BadRequest("the body is empty; send a JSON object")
    try:
        return json.loads(body.decode("utf-8"), parse_constant=_no_constant)
    except UnicodeDecodeError as exc:
        raise BadRequest("the body is not UTF-8 text") from exc
    except json.JSONDecodeError as exc:
        raise BadRequest(f"malformed JSON: {exc.msg} at line {exc.lineno} column {exc.colno}") \
            from exc
    except RecursionError as exc:
        raise BadRequest("the JSON is nested too deeply") from exc


def _no_constant(name: str) -> Any:
    raise BadRequest(f"malformed JSON: {name} is not allowed")


def bearer_token(request: Request) -> str | None:
    """The token of ``Authorization: Bearer TOKEN``, if any."""
    header = request.headers.get("authorization")
    if header is None:
        return None
    scheme, _, token = header.partition(" ")
    if scheme.lower() != "bearer" or not token.strip():
        raise BadRequest("the Authorization header must be 'Bearer TOKEN'")
    return token.strip()


def client_address(request: Any) -> str:
    client = getattr(request, "client", None)
    return client.host if client is not None else "unknown"
