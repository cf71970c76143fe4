"""The devices subscribed to Web Push (``push_subscriptions``): for a seat of a game or for a
profile, at most a few each (a new one beyond the limit pushes the oldest out).

>>> from ludotheek.store.database import Database
>>> db = Database("sqlite://")
>>> profile, _ = db.profiles.create("Ada")
>>> def sub(n: int) -> Subscription:
...     return Subscription(f"https://push.example/{n}", "k" * 87, "a" * 22, "nl")
>>> [db.push.for_profile_add(profile.id, sub(n), most=2) for n in (1, 2, 2, 3)]
[1, 2, 2, 2]
>>> [s.subscription.endpoint for s in db.push.of_profile(profile.id)]
['https://push.example/2', 'https://push.example/3']
"""

from __future__ import annotations

import time
from dataclasses import dataclass

from sqlalchemy import Engine, and_, delete, insert, select

from ludotheek.store.schema import push_subscriptions as subs


@dataclass(frozen=True)
class Subscription:
    """What a browser's ``PushSubscription`` holds, and the language of its page."""

    endpoint: str
    p256dh: str
    auth: str
    lang: str


@dataclass(frozen=True)
class Stored:
    """A stored subscription: its row, and whom it is for."""

    id: int
    subscription: Subscription
    game_id: str | None
    seat: int | None
    token_hash: str | None
    profile_id: str | None


def _stored(r: object) -> Stored:
    row = r._mapping  # type: ignore[attr-defined]
    return Stored(row["id"], Subscription(row["endpoint"], row["p256dh"], row["auth"],
                                          row["lang"]),
                  row["game_id"], row["seat"], row["token_hash"], row["profile_id"])


class PushStore:
    def __init__(self, engine: Engine) -> None:
        self.engine = engine

    def _add(self, owner: dict[str, object], sub: Subscription, most: int) -> int:
        """Keep ``sub`` for ``owner`` (the same endpoint's older row replaced; beyond
        ``most`` the oldest go): how many devices the owner has now."""
        match = and_(*(subs.c[k] == v for k, v in owner.items() if k != "token_hash"))
        with self.engine.begin() as conn:
            conn.execute(delete(subs).where(match, subs.c.endpoint == sub.endpoint))
            conn.execute(insert(subs).values(**owner, endpoint=sub.endpoint, p256dh=sub.p256dh,
                                             auth=sub.auth, lang=sub.lang,
                                             created=time.time()))
            ids = [r.id for r in conn.execute(
                select(subs.c.id).where(match).order_by(subs.c.created.desc(),
                                                        subs.c.id.desc()))]
            if len(ids) > most:
                conn.execute(delete(subs).where(subs.c.id.in_(ids[most:])))
            return min(len(ids), most)

    def for_seat_add(self, game_id: str, seat: int, token_hash: str, sub: Subscription,
                     most: int) -> int:
        return self._add({"game_id": game_id, "seat": seat, "token_hash": token_hash},
                         sub, most)

    def for_profile_add(self, profile_id: str, sub: Subscription, most: int) -> int:
        return self._add({"profile_id": profile_id}, sub, most)

    def remove_for_seat(self, game_id: str, seat: int, endpoint: str) -> bool:
        with self.engine.begin() as conn:
            return bool(conn.execute(delete(subs).where(
                subs.c.game_id == game_id, subs.c.seat == seat,
                subs.c.endpoint == endpoint)).rowcount)

    def remove_for_profile(self, profile_id: str, endpoint: str) -> bool:
        with self.engine.begin() as conn:
            return bool(conn.execute(delete(subs).where(
                subs.c.profile_id == profile_id, subs.c.endpoint == endpoint)).rowcount)

    def of_seat(self, game_id: str, seat: int) -> list[Stored]:
        with self.engine.connect() as conn:
            return [_stored(r) for r in conn.execute(select(subs).where(
                subs.c.game_id == game_id, subs.c.seat == seat).order_by(subs.c.id))]

    def of_profile(self, profile_id: str) -> list[Stored]:
        with self.engine.connect() as conn:
            return [_stored(r) for r in conn.execute(select(subs).where(
                subs.c.profile_id == profile_id).order_by(subs.c.id))]

    def drop(self, ids: list[int]) -> None:
        """Forget these subscriptions (the push service said they are gone)."""
        if ids:
            with self.engine.begin() as conn:
                conn.execute(delete(subs).where(subs.c.id.in_(ids)))
