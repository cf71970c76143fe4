"""The client's real address behind reverse proxies we trust.

Behind a reverse proxy (nginx, Caddy) every connection comes from the proxy; the
client's address is in the ``X-Forwarded-For`` header the proxy adds, and
whether the client used HTTPS in ``X-Forwarded-Proto``. Anybody can send those
headers, so they count only when the connection comes from a *trusted proxy*
(``--trusted-proxies``, default the loopback addresses: a proxy on the same
host). ``X-Forwarded-For`` lists every hop, the nearest last: the client is the
nearest address that is not itself a trusted proxy (so a forged first entry
changes nothing).

>>> trusted = parse_networks("127.0.0.1, 10.0.0.0/8")
>>> real_client("127.0.0.1", "203.0.113.7", trusted)
'203.0.113.7'
>>> real_client("127.0.0.1", "6.6.6.6, 203.0.113.7, 10.1.2.3", trusted)
'203.0.113.7'
>>> real_client("198.51.100.1", "203.0.113.7", trusted)  # not from a proxy: ignored
'198.51.100.1'
>>> real_client("127.0.0.1", "10.0.0.1, 10.0.0.2", trusted)  # all proxies: the farthest
'10.0.0.1'
"""

from __future__ import annotations

import ipaddress
from collections.abc import Iterable
from typing import Any

from starlette.types import ASGIApp, Receive, Scope, Send

Network = ipaddress.IPv4Network | ipaddress.IPv6Network
#: the default: a proxy on this host
LOOPBACK = "127.0.0.1, ::1"
#: every address (a proxy whose address is not known in advance, e.g. in a container
#: network that nothing else can reach)
ANY = "*"


class BadNetworks(ValueError):
    """A list of trusted proxies that cannot be read."""


def parse_networks(text: str | Iterable[str]) -> tuple[Network, ...]:
    """Addresses and networks (``10.0.0.0/8``), comma-separated or a list; ``*``: all.

    >>> parse_networks("*") == parse_networks("0.0.0.0/0, ::/0")
    True
    >>> parse_networks("")
    ()
    >>> parse_networks("proxy.local")
    Traceback (most recent call last):
    ...
    ludotheek.server.edge.proxy.BadNetworks: 'proxy.local' is not an address or network ...
    """
    items = text.split(",") if isinstance(text, str) else list(text)
    networks: list[Network] = []
    for raw in items:
        item = str(raw).strip()
        if not item:
            continue
        if item == ANY:
            networks += [ipaddress.ip_network("0.0.0.0/0"), ipaddress.ip_network("::/0")]
            continue
        try:
            networks.append(ipaddress.ip_network(item, strict=False))
        except ValueError as exc:
            raise BadNetworks(f"{item!r} is not an address or network (like 10.0.0.0/8); "
                              "name the proxies by address") from exc
    return tuple(networks)


def _address(text: str) -> ipaddress.IPv4Address | ipaddress.IPv6Address | None:
    text = text.strip()
    if text.startswith("[") and "]" in text:  # [2001:db8::1]:443
        text = text[1:text.index("]")]
    elif text.count(":") == 1:  # 203.0.113.7:5555
        text = text.split(":", 1)[0]
    try:
        return ipaddress.ip_address(text)
    except ValueError:
        return None


def is_trusted(host: str | None, trusted: tuple[Network, ...]) -> bool:
    addr = _address(host) if host else None
    return addr is not None and any(addr in net for net in trusted)


def real_client(peer: str, forwarded_for: str | None, trusted: tuple[Network, ...]) -> str:
    """The client's address: ``peer`` unless it is a trusted proxy that says otherwise."""
    if not forwarded_for or not is_trusted(peer, trusted):
        return peer
    nearest = peer
    for hop in reversed([h for h in forwarded_for.split(",") if h.strip()]):
        addr = _address(hop)
        if addr is None:  # garbage: nothing farther can be believed
            return nearest
        if not any(addr in net for net in trusted):
            return str(addr)
        nearest = str(addr)
    return nearest


def _header(scope: Scope, name: bytes) -> str | None:
    values = [v.decode("latin-1") for k, v in scope.get("headers", ()) if k == name]
    return ", ".join(values) if values else None


class ProxyHeaders:
    """ASGI middleware: ``scope["client"]`` and ``scope["scheme"]`` as the client sees
    them, when the connection comes from a trusted proxy."""

    def __init__(self, app: ASGIApp, trusted: tuple[Network, ...]) -> None:
        self.app = app
        self.trusted = trusted

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] in ("http", "websocket") and self.trusted:
            scope = self.rewrite(scope)
        await self.app(scope, receive, send)

    def rewrite(self, scope: Scope) -> Scope:
        client = scope.get("client")
        peer = client[0] if client else None
        if peer is None or not is_trusted(peer, self.trusted):
            return scope
        changed: dict[str, Any] = {}
        forwarded = _header(scope, b"x-forwarded-for")
        if forwarded:
            host = real_client(peer, forwarded, self.trusted)
            if host != peer:
                changed["client"] = (host, 0)
        proto = _header(scope, b"x-forwarded-proto")
        if proto:
            last = proto.split(",")[-1].strip().lower()
            if last in ("http", "https"):
                secure = last == "https"
                if scope["type"] == "websocket":
                    changed["scheme"] = "wss" if secure else "ws"
                else:
                    changed["scheme"] = last
        return {**scope, **changed} if changed else scope
