"""Which push endpoints the server posts to.

A subscription's endpoint is an address a client chose, so the server would post wherever
anyone tells it to: to its own loopback, the site's private network, a cloud's metadata
address. It posts only to **https on port 443 of a public host**:

- when a device subscribes (:func:`check_endpoint`): an https URL of at most 1024
  characters, no user or password in it, port 443, a host name with a dot (``localhost``
  and one-word names are refused) or a public IP address;
- when it posts (:class:`PublicResolver`, the resolver of the connections that carry the
  pushes): every address the host resolves to must be public: not loopback, private,
  link-local, multicast, reserved, unspecified or shared (RFC 6598), IPv4 in IPv6 looked at
  as the IPv4 it holds. The check is made on the very addresses the connection then uses, so
  a name that resolves to a public address when checked and a private one a moment later
  gets nowhere; redirects are not followed.

The tests' local push service is reached through ``Settings.push_test_hosts`` (``host:port``
pairs, ``LUDOTHEEK_PUSH_TEST_HOSTS``): those exact pairs may be http and anywhere. A real site
leaves it empty.

>>> check_endpoint("https://fcm.googleapis.com/fcm/send/abc")
'https://fcm.googleapis.com/fcm/send/abc'
>>> for bad in ("http://push.example.com/x", "https://127.0.0.1/x", "https://localhost/x",
...             "https://push.example.com:8443/x", "https://u:p@push.example.com/x",
...             "https://[::1]/x", "https://169.254.169.254/latest", "https://10.0.0.1/"):
...     try:
...         check_endpoint(bad)
...     except NotAllowed as exc:
...         print(exc.reason)
scheme
address
name
port
userinfo
address
address
address
>>> check_endpoint("http://127.0.0.1:8999/push", ("127.0.0.1:8999",))
'http://127.0.0.1:8999/push'
>>> public("8.8.8.8"), public("::ffff:10.1.2.3"), public("100.64.0.1"), public("fe80::1")
(True, False, False, False)
"""

from __future__ import annotations

import ipaddress
import socket
from collections.abc import Iterable
from urllib.parse import urlsplit

from aiohttp.abc import AbstractResolver, ResolveResult
from aiohttp.resolver import ThreadedResolver

#: the longest endpoint kept (the push services' are 200-400 characters)
MAX_ENDPOINT = 1024
#: the only port a push is posted to
PORT = 443


class NotAllowed(ValueError):
    """An endpoint the server does not post to; ``reason`` says which rule it breaks:
    ``length``, ``scheme``, ``userinfo``, ``port``, ``name`` or ``address``."""

    def __init__(self, reason: str) -> None:
        super().__init__(f"not a public https push endpoint ({reason})")
        self.reason = reason


def public(address: str) -> bool:
    """Whether ``address`` (an IP address) is one the server may post to."""
    try:
        ip = ipaddress.ip_address(address.split("%", 1)[0])
    except ValueError:
        return False
    if isinstance(ip, ipaddress.IPv6Address) and ip.ipv4_mapped is not None:
        ip = ip.ipv4_mapped
    return bool(ip.is_global) and not (ip.is_multicast or ip.is_reserved or ip.is_loopback
                                       or ip.is_private or ip.is_link_local
                                       or ip.is_unspecified)


def _allowed_test_host(host: str, port: int | None, test_hosts: Iterable[str]) -> bool:
    shown = f"[{host}]" if ":" in host else host
    return port is not None and f"{shown}:{port}" in set(test_hosts)


def check_endpoint(url: str, test_hosts: Iterable[str] = ()) -> str:
    """``url`` if the server may post pushes to it (see the module's description); else
    :class:`NotAllowed`. Only the address's form is checked: the addresses its host
    resolves to are checked when a push is posted (:class:`PublicResolver`)."""
    if not isinstance(url, str) or not 0 < len(url) <= MAX_ENDPOINT:
        raise NotAllowed("length")
    try:
        parts = urlsplit(url)
        port = parts.port
    except ValueError:
        raise NotAllowed("port") from None
    host = (parts.hostname or "").lower()
    if not host:
        raise NotAllowed("name")
    if _allowed_test_host(host, port, test_hosts) and parts.scheme in ("http", "https"):
        return url
    if parts.scheme != "https":
        raise NotAllowed("scheme")
    if parts.username is not None or parts.password is not None:
        raise NotAllowed("userinfo")
    if port not in (None, PORT):
        raise NotAllowed("port")
    address = _address(host)
    if address is None:
        if "." not in host.strip(".") or host.endswith((".localhost", ".local", ".internal")):
            raise NotAllowed("name")
        return url
    if not public(address):
        raise NotAllowed("address")
    return url


def _address(host: str) -> str | None:
    """``host`` as an IP address if it is one, in any spelling a resolver takes as one
    (``127.1``, ``0x7f.0.0.1``, ``2130706433``); a name whose last label is a number is no
    name either (no top-level domain is): ``0.0.0.0``, refused. None for a name."""
    try:
        return str(ipaddress.ip_address(host))
    except ValueError:
        pass
    try:
        return socket.inet_ntoa(socket.inet_aton(host))
    except OSError:
        pass
    return "0.0.0.0" if host.rstrip(".").rsplit(".", 1)[-1].isdigit() else None


class Refused(OSError):
    """A connection the resolver did not let through (an address that is not public)."""


class PublicResolver(AbstractResolver):
    """The resolver of the pushes' connections: a host's addresses, each public, on port
    443; the test hosts as they resolve. Anything else refuses the connection (an
    :class:`OSError`, as a host that cannot be reached)."""

    def __init__(self, test_hosts: Iterable[str] = ()) -> None:
        self.test_hosts = tuple(test_hosts)
        self.inner: AbstractResolver | None = None  # made on its loop, when first used

    async def resolve(self, host: str, port: int = 0,
                      family: socket.AddressFamily = socket.AF_INET) -> list[ResolveResult]:
        if self.inner is None:
            self.inner = ThreadedResolver()
        found = await self.inner.resolve(host, port, family)
        if _allowed_test_host(host.lower(), port, self.test_hosts):
            return found
        if port != PORT:
            raise Refused(f"a push goes to port {PORT} only, not {port}")
        refused = [r["host"] for r in found if not public(r["host"])]
        if refused or not found:
            raise Refused(f"{host} resolves to an address that is not public: {refused}")
        return found

    async def close(self) -> None:
        if self.inner is not None:
            await self.inner.close()

    def __repr__(self) -> str:  # pragma: no cover - for logs
        return f"PublicResolver(test_hosts={self.test_hosts!r})"


__all__ = ["MAX_ENDPOINT", "NotAllowed", "PublicResolver", "Refused", "check_endpoint",
           "public"]
