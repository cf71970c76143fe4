"""The answers of Web Push (server/api/push.py), each declared once
(:mod:`ludotheek.server.edge.shapes`)."""

from __future__ import annotations

from typing import Annotated

import msgspec

from ludotheek.server.edge.shapes import Answer


class PushKey(Answer):
    """``GET /api/push/key``: the server's VAPID public key, the browsers'
    ``applicationServerKey`` (an uncompressed P-256 point, base64url)."""

    key: str


class PushDevices(Answer):
    """A device subscribed: how many devices the seat (or the profile) has now (the oldest
    go beyond the limit)."""

    devices: Annotated[int, msgspec.Meta(ge=1)]


class PushRemoved(Answer):
    """A device unsubscribed: whether it had been subscribed."""

    removed: bool
