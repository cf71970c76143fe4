"""Reading requests safely: size limits, JSON, whole numbers, tokens."""

from __future__ import annotations

import json
from typing import Any

import anyio
from starlette.requests import ClientDisconnect, Request

from ludotheek.server.errors import Invalid, TimedOut, TooLarge

#: the most digits a whole number in a query, header or path may have
MAX_DIGITS = 18


def whole_number(raw: str) -> int | None:
    """``raw`` as a whole number of at most 18 ASCII digits, or None.

    ``str.isdigit`` alone also accepts '²' or '٣', and ``int`` refuses texts of
    thousands of digits: neither may reach the server's arithmetic.

    >>> whole_number("42"), whole_number("²"), whole_number("-1"), whole_number("9" * 40)
    (42, None, None, None)
    """
    if not raw or len(raw) > MAX_DIGITS or not raw.isascii() or not raw.isdigit():
        return None
    return int(raw)


def parse_json(text: str | bytes, what: str = "the body") -> Any:
    """JSON text as Python data; :class:`Invalid` says what is wrong with it.

    Refused besides malformed JSON: NaN and Infinity, numbers of thousands of
    digits, nesting deeper than Python's stack, and text that is not Unicode
    (lone surrogates such as ``"\\ud800"``, which no reply or database could hold).
    """
    if isinstance(text, bytes):
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError as exc:
            raise Invalid(f"{what} is not UTF-8 text", code="request.not_utf8") from exc
    try:
        data = json.loads(text, parse_constant=_no_constant)
    except json.JSONDecodeError as exc:
        raise Invalid(f"malformed JSON: {exc.msg} at line {exc.lineno} column {exc.colno}",
                      code="request.bad_json", line=exc.lineno, column=exc.colno) from exc
    except RecursionError as exc:
        raise Invalid("the JSON is nested too deeply", code="request.too_deep") from exc
    except ValueError as exc:  # a number with more digits than Python converts
        raise Invalid("the JSON holds a number with too many digits",
                      code="request.big_number") from exc
    check_text(data)
    return data


def check_text(data: Any) -> None:
    """:class:`Invalid` if any text (key or value) in ``data`` is not valid Unicode
    (lists and dicts are walked without recursion)."""
    stack = [data]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            texts: Any = (item,)
        elif isinstance(item, dict):
            texts = item.keys()
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
            continue
        else:
            continue
        for text in texts:
            try:
                text.encode("utf-8")
            except UnicodeEncodeError as exc:
                raise Invalid("the JSON holds text that is not valid Unicode "
                              "(a lone surrogate escape such as \\ud800)",
                              code="request.bad_unicode") from exc


#: a body refused as too large is still read to its end (and thrown away) up to this size,
#: before the answer: an answer sent while the client - a reverse proxy - is still sending
#: ends with the connection closed under it, and nginx then answers 502 instead of ours
#: (a proxy's own limit, 1 MB in docs/deploy, keeps the bodies that reach us below this)
DRAIN_MOST = 1 << 20


class ClientLeft(Exception):
    """The client closed the connection before its request's body had come: nobody is
    left to answer (the app logs one line, ``app._client_left``)."""


def _too_large(limit: int) -> TooLarge:
    return TooLarge(f"the body is larger than {limit} bytes", code="request.too_large",
                    most=limit)


def body_seconds(request: Request) -> float | None:
    """The seconds a request's body may take to arrive (``Settings.body_timeout``; None
    when the app has no settings)."""
    settings = getattr(request.app.state, "settings", None)
    return None if settings is None else float(settings.body_timeout)


async def read_body(request: Request, limit: int) -> bytes:
    """The request's body; :class:`TooLarge` past ``limit`` bytes, :class:`TimedOut` if it
    has not all come within ``body_timeout`` seconds (a client trickling a byte every few
    seconds holds nothing for long), :class:`ClientLeft` if the client went away."""
    declared = request.headers.get("content-length")
    if declared is not None:
        size = whole_number(declared.strip())
        if size is None:
            raise Invalid("the Content-Length header is not a number", code="request.length")
        if size > max(limit, DRAIN_MOST):
            raise _too_large(limit)
    body = bytearray()
    read = 0
    seconds = body_seconds(request)
    try:
        with anyio.fail_after(seconds):
            async for chunk in request.stream():
                read += len(chunk)
                if read <= limit:
                    body.extend(chunk)
                elif read > DRAIN_MOST:
                    break
    except TimeoutError as exc:
        raise TimedOut(f"the body did not arrive within {seconds:g} s",
                       code="request.timeout", seconds=f"{seconds:g}") from exc
    except ClientDisconnect as exc:
        raise ClientLeft(f"the client left after {read} bytes of the body") from exc
    if read > limit:
        raise _too_large(limit)
    return bytes(body)


async def read_json(request: Request, limit: int) -> Any:
    """The request's JSON body; :class:`TooLarge` past ``limit`` bytes, :class:`Invalid`
    if it is not JSON (see :func:`parse_json`)."""
    body = await read_body(request, limit)
    if not body:
        raise Invalid("the body is empty; send a JSON object", code="request.empty")
    return parse_json(body)


def _no_constant(name: str) -> Any:
    raise Invalid(f"malformed JSON: {name} is not allowed", code="request.json_constant",
                  name=name)


def bearer_token(request: Request) -> str | None:
    """The token of ``Authorization: Bearer TOKEN``, if any."""
    header = request.headers.get("authorization")
    if header is None:
        return None
    scheme, _, token = header.partition(" ")
    if scheme.lower() != "bearer" or not token.strip():
        raise Invalid("the Authorization header must be 'Bearer TOKEN'",
                      code="request.authorization")
    return token.strip()


def client_address(request: Any) -> str:
    client = getattr(request, "client", None)
    return client.host if client is not None else "unknown"

