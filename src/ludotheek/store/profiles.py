"""Player profiles: a name and a secret, nothing else.

The browser keeps the secret (and can move it to another device as a link or a code);
the database keeps only its SHA-256 hash. The secret is 20 letters and digits of
Crockford's base 32 (100 random bits), shown in groups of four.

>>> s = new_secret()
>>> len(s), normalize_secret(code_of(s).lower()) == s
(20, True)
>>> normalize_secret("0oIl-" + "A" * 16)  # O reads as 0, I and L as 1
'0011AAAAAAAAAAAAAAAA'
>>> normalize_secret("too short") is None
True
"""

from __future__ import annotations

import hashlib
import secrets
import time
from dataclasses import dataclass

from sqlalchemy import Engine, delete, insert, select, update

from ludotheek.store.schema import profiles

ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"  # Crockford's base 32
SECRET_LENGTH = 20
NAME_LENGTH = 32
_READ_AS = str.maketrans({"O": "0", "I": "1", "L": "1"})


@dataclass(frozen=True)
class Profile:
    id: str
    name: str
    created: float


def new_secret() -> str:
    return "".join(secrets.choice(ALPHABET) for _ in range(SECRET_LENGTH))


def code_of(secret: str) -> str:
    """The secret as a person copies it: ``ABCD-EFGH-JKMN-PQRS-TVWX``."""
    return "-".join(secret[i:i + 4] for i in range(0, len(secret), 4))


def normalize_secret(text: str) -> str | None:
    """A secret as typed or pasted (any case, with spaces or dashes) in its one form, or
    None if it cannot be a secret at all."""
    if not isinstance(text, str) or len(text) > 64:
        return None
    plain = "".join(text.split()).replace("-", "").upper().translate(_READ_AS)
    if len(plain) != SECRET_LENGTH or any(c not in ALPHABET for c in plain):
        return None
    return plain


def hash_secret(secret: str) -> str:
    return hashlib.sha256(secret.encode("ascii")).hexdigest()


def new_profile_id() -> str:
    return secrets.token_urlsafe(9).replace("-", "x").replace("_", "y")


class ProfileStore:
    def __init__(self, engine: Engine) -> None:
        self.engine = engine

    def create(self, name: str) -> tuple[Profile, str]:
        """A new profile named ``name``; returns it with its secret (stored only hashed)."""
        secret = new_secret()
        profile = Profile(new_profile_id(), name, time.time())
        with self.engine.begin() as conn:
            conn.execute(insert(profiles).values(id=profile.id, name=name,
                                                 secret_hash=hash_secret(secret),
                                                 created=profile.created))
        return profile, secret

    def get(self, profile_id: str) -> Profile | None:
        with self.engine.connect() as conn:
            r = conn.execute(select(profiles).where(profiles.c.id == profile_id)).first()
        return Profile(r.id, r.name, r.created) if r is not None else None

    def by_secret(self, secret: str) -> Profile | None:
        """The profile whose secret is ``secret`` (already normalized), or None."""
        with self.engine.connect() as conn:
            r = conn.execute(select(profiles).where(
                profiles.c.secret_hash == hash_secret(secret))).first()
        return Profile(r.id, r.name, r.created) if r is not None else None

    def names(self, ids: list[str]) -> dict[str, str]:
        if not ids:
            return {}
        with self.engine.connect() as conn:
            rows = conn.execute(select(profiles.c.id, profiles.c.name)
                                .where(profiles.c.id.in_(ids))).all()
        return {str(i): str(n) for i, n in rows}

    def rename(self, profile_id: str, name: str) -> None:
        with self.engine.begin() as conn:
            conn.execute(update(profiles).where(profiles.c.id == profile_id).values(name=name))

    def delete(self, profile_id: str) -> None:
        """Remove the profile and its ratings; its seats in rated games become seats
        without a profile (the other players' histories stay as they were)."""
        with self.engine.begin() as conn:
            conn.execute(delete(profiles).where(profiles.c.id == profile_id))
