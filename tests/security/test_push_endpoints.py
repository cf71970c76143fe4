"""Issue 37, Web Push from the attacker's side: a subscription's endpoint is an address a
client chose, so the server would post wherever anyone tells it to. It posts only to https on
port 443 of public hosts: an endpoint that is not is refused when a device subscribes
(``push.endpoint``), and a host name is resolved when a push is posted, by the resolver of the
very connection, which lets no loopback, private, link-local, multicast or reserved address
through (a name that points inside the site gets nothing). Only the seat's token subscribes
for a seat, a seat keeps a few devices, bodies are bounded, and a seat taken up on another
device is no longer told on the old one."""

from __future__ import annotations

import asyncio
import socket
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest
from aiohttp.abc import ResolveResult
from starlette.testclient import TestClient

from ludotheek.server import Settings, create_app
from ludotheek.server.push import endpoints
from ludotheek.server.push.endpoints import PublicResolver, Refused
from tests.pushservice import Device, PushService
from tests.server.conftest import auth, new_wari

#: endpoints no push may go to, and the rule each breaks
REFUSED = [
    "http://push.example.com/send/1",  # not https
    "https://127.0.0.1/send/1",  # loopback
    "https://127.1/send/1",  # loopback, spelled short
    "https://0x7f.0.0.1/send/1",
    "https://2130706433/send/1",
    "https://[::1]/send/1",
    "https://10.1.2.3/send/1",  # private
    "https://192.168.0.1/send/1",
    "https://172.16.0.5/send/1",
    "https://169.254.169.254/latest/meta-data",  # link-local: a cloud's metadata
    "https://[fe80::1]/send/1",
    "https://[::ffff:127.0.0.1]/send/1",  # IPv4 in IPv6
    "https://100.64.0.1/send/1",  # shared address space
    "https://224.0.0.1/send/1",  # multicast
    "https://240.0.0.1/send/1",  # reserved
    "https://0.0.0.0/send/1",
    "https://localhost/send/1",
    "https://push.localhost/send/1",
    "https://intranet/send/1",  # a one-word name: the site's own network
    "https://push.example.com:8443/send/1",  # another port
    "https://push.example.com:80/send/1",
    "https://user:pass@push.example.com/send/1",
    "https://push.example.com/" + "x" * 1100,  # too long
    "file:///etc/passwd",
    "gopher://push.example.com/",
]


@pytest.fixture
def service() -> Iterator[PushService]:
    s = PushService()
    yield s
    s.close()


@pytest.fixture
def app(tmp_path: Path, service: PushService) -> Any:
    return create_app(tmp_path / "push.sqlite3", Settings(
        computer_workers=0, requests_per_second=0, push_dir=tmp_path / "keys",
        push_test_hosts=(service.host,)))


@pytest.fixture
def client(app: Any) -> Iterator[TestClient]:
    with TestClient(app) as c:
        yield c


def _move(client: TestClient, gid: str, token: str | None) -> None:
    view = client.get(f"/api/games/{gid}", headers=auth(token)).json()
    r = client.post(f"/api/games/{gid}/moves", headers=auth(token),
                    json={"move": view["legal_moves"][0], "version": view["version"]})
    assert r.status_code == 200, r.text


def _settle(app: Any, timeout: float = 10.0) -> None:
    deadline = time.monotonic() + timeout
    while app.state.pusher.pending:
        assert time.monotonic() < deadline
        time.sleep(0.02)


@pytest.mark.parametrize("endpoint", REFUSED)
def test_subscribing_an_endpoint_that_is_not_public_https_is_refused(
        client: TestClient, endpoint: str) -> None:
    gid, tokens = new_wari(client)
    r = client.post(f"/api/games/{gid}/push", headers=auth(tokens[1]),
                    json=Device().subscription(endpoint))
    assert r.status_code in (400, 413), r.text
    assert r.json()["code"] in ("push.endpoint", "push.endpoint_text")
    assert client.app.state.db.push.of_seat(gid, 1) == []  # type: ignore[attr-defined]


def _resolve(resolver: PublicResolver, host: str, port: int) -> list[ResolveResult]:
    """The resolver's answer, on a loop in a thread of its own (a browser test in this
    process may have left this thread's loop running, as test_computer_pool knows)."""
    with ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, resolver.resolve(host, port, socket.AF_INET)).result()


class _Names:
    """A resolver that answers every name with the addresses it is given."""

    def __init__(self, *addresses: str) -> None:
        self.addresses = addresses

    async def resolve(self, host: str, port: int = 0,
                      family: socket.AddressFamily = socket.AF_INET) -> list[ResolveResult]:
        return [ResolveResult(hostname=host, host=a, port=port, family=family, proto=0,
                              flags=0) for a in self.addresses]

    async def close(self) -> None:
        pass


@pytest.mark.parametrize("addresses", [("127.0.0.1",), ("10.0.0.7",), ("169.254.169.254",),
                                       ("93.184.216.34", "192.168.1.1"), ("::1",),
                                       ("::ffff:10.0.0.1",), ()])
def test_a_name_that_resolves_inside_is_refused_when_the_push_is_posted(
        addresses: tuple[str, ...]) -> None:
    resolver = PublicResolver()
    resolver.inner = _Names(*addresses)  # type: ignore[assignment]
    with pytest.raises(Refused):
        _resolve(resolver, "push.example.com", 443)


def test_the_resolver_lets_public_addresses_on_443_and_the_test_hosts_through() -> None:
    resolver = PublicResolver(("127.0.0.1:8999",))
    resolver.inner = _Names("93.184.216.34")  # type: ignore[assignment]
    assert [r["host"] for r in _resolve(resolver, "push.example.com", 443)] == ["93.184.216.34"]
    with pytest.raises(Refused):  # a redirect to another port would get here: refused
        _resolve(resolver, "push.example.com", 8443)
    resolver.inner = _Names("127.0.0.1")  # type: ignore[assignment]
    assert [r["host"] for r in _resolve(resolver, "127.0.0.1", 8999)] == ["127.0.0.1"]
    with pytest.raises(Refused):
        _resolve(resolver, "127.0.0.1", 9000)


def test_a_stored_name_pointing_at_loopback_gets_no_post_and_is_dropped(
        app: Any, client: TestClient, service: PushService,
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The name passed the check when the device subscribed; when the push is posted it
    resolves to loopback (DNS changed, or always did): no connection, the subscription
    goes."""
    monkeypatch.setattr(endpoints, "ThreadedResolver", lambda: _Names("127.0.0.1"))
    gid, tokens = new_wari(client)
    r = client.post(f"/api/games/{gid}/push", headers=auth(tokens[1]),
                    json=Device().subscription("https://push.example.com/send/1"))
    assert r.status_code == 200
    _move(client, gid, tokens[0])
    _settle(app)
    assert app.state.pusher.counts == {"refused": 1}
    assert app.state.db.push.of_seat(gid, 1) == []
    assert service.posted == []


def test_only_the_seats_token_subscribes_for_it(client: TestClient,
                                                service: PushService) -> None:
    gid, _ = new_wari(client)
    _, other_tokens = new_wari(client)
    device = Device().subscription(service.url("/x"))
    for headers in ({}, auth("not-a-token"), auth(other_tokens[1])):
        r = client.post(f"/api/games/{gid}/push", headers=headers, json=device)
        assert r.status_code == 403, r.text
        assert r.json()["code"] in ("seat.token_needed", "seat.wrong_token")
        r = client.request("DELETE", f"/api/games/{gid}/push", headers=headers,
                           json={"endpoint": device["endpoint"]})
        assert r.status_code == 403
    r = client.post("/api/profiles/me/push", json=device)
    assert r.status_code == 403 and r.json()["code"] == "ratings.secret_missing"
    assert client.app.state.db.push.of_seat(gid, 1) == []  # type: ignore[attr-defined]


def test_a_seat_keeps_a_few_devices_and_bodies_are_bounded(client: TestClient,
                                                           service: PushService) -> None:
    gid, tokens = new_wari(client)
    for n in range(8):
        r = client.post(f"/api/games/{gid}/push", headers=auth(tokens[1]),
                        json=Device().subscription(service.url(f"/d{n}")))
        assert r.json() == {"devices": min(n + 1, 5)}
    kept = client.app.state.db.push.of_seat(gid, 1)  # type: ignore[attr-defined]
    assert [s.subscription.endpoint for s in kept] == [service.url(f"/d{n}") for n in
                                                       range(3, 8)]
    big = {**Device().subscription(service.url("/big")), "pad": "x" * 8000}
    r = client.post(f"/api/games/{gid}/push", headers=auth(tokens[1]), json=big)
    assert r.status_code == 413
    bad_keys = {"endpoint": service.url("/k"), "keys": {"p256dh": "!" * 87, "auth": "a" * 22}}
    r = client.post(f"/api/games/{gid}/push", headers=auth(tokens[1]), json=bad_keys)
    assert r.status_code == 400 and r.json()["code"] == "push.keys"


def test_a_seat_taken_up_on_another_device_is_not_told_on_the_old_one(
        app: Any, client: TestClient, service: PushService) -> None:
    profile = client.post("/api/profiles", json={"name": "Ada"}).json()["secret"]
    made = client.post("/api/games", json={"game": "wari", "seats": [
        {"type": "person"}, {"type": "person", "invite": True}]}).json()
    gid, south = made["id"], made["seats"][0]["token"]
    old = client.post(f"/api/games/{gid}/seats/1/claim", json={
        "invite": made["seats"][1]["invite"], "profile": profile}).json()["token"]
    assert client.post(f"/api/games/{gid}/push", headers=auth(old),
                       json=Device().subscription(service.url("/old"))).status_code == 200
    r = client.post(f"/api/games/{gid}/seats/1/resume", json={"profile": profile})
    assert r.status_code == 200, r.text  # the old device's token acts for nothing now
    _move(client, gid, south)
    _settle(app)
    assert service.posted == []
    assert app.state.db.push.of_seat(gid, 1) == []
