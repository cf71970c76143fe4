"""The app as uvicorn's worker processes make it (``serve --workers N``).

Each web process builds its own app from the environment that ``ludotheek serve``
set: ``LUDOTHEEK_DB`` and ``LUDOTHEEK_REDIS``.
"""

from __future__ import annotations

import os

from starlette.applications import Starlette

from ludotheek.server.app import create_app
from ludotheek.server.config import settings_from_env


def app_from_env() -> Starlette:
    return create_app(os.environ.get("LUDOTHEEK_DB"), settings_from_env())
