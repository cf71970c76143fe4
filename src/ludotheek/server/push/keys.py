"""The server's VAPID keys (RFC 8292): one P-256 key pair, made the first time it is needed
and kept as ``vapid.pem`` (readable by the server's user only) in the data folder, never in
the repository. The public key, as the browsers' ``applicationServerKey`` wants it (the
uncompressed point, base64url without padding), is answered at ``GET /api/push/key``.

>>> import tempfile
>>> folder = Path(tempfile.mkdtemp())
>>> first = VapidKeys.load(folder)
>>> len(first.public), VapidKeys.load(folder).public == first.public
(87, True)
>>> oct((folder / FILE).stat().st_mode & 0o777)
'0o600'
"""

from __future__ import annotations

import base64
import os
import threading
from pathlib import Path

from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec
from py_vapid import Vapid02

FILE = "vapid.pem"
_making = threading.Lock()


def b64url(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).decode().rstrip("=")


class VapidKeys:
    """The key pair: :attr:`vapid` signs a push's headers, :attr:`public` is told to pages."""

    def __init__(self, private: ec.EllipticCurvePrivateKey) -> None:
        self.vapid = Vapid02()
        self.vapid.private_key = private
        point = private.public_key().public_bytes(serialization.Encoding.X962,
                                                  serialization.PublicFormat.UncompressedPoint)
        self.public = b64url(point)

    @classmethod
    def load(cls, folder: Path) -> VapidKeys:
        """The keys kept in ``folder``; made (and kept) when there are none yet."""
        path = folder / FILE
        with _making:
            if not path.is_file():
                folder.mkdir(parents=True, exist_ok=True)
                key = ec.generate_private_key(ec.SECP256R1())
                pem = key.private_bytes(serialization.Encoding.PEM,
                                        serialization.PrivateFormat.PKCS8,
                                        serialization.NoEncryption())
                fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
                with os.fdopen(fd, "wb") as out:
                    out.write(pem)
            loaded = serialization.load_pem_private_key(path.read_bytes(), password=None)
        if not isinstance(loaded, ec.EllipticCurvePrivateKey):
            raise ValueError(f"{path} does not hold an elliptic-curve key")
        return cls(loaded)
