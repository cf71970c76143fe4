"""The attacks of issue 34, each kept as a test: the in-process server of the server tests."""

from __future__ import annotations

from tests.server.conftest import client, db_path

__all__ = ["client", "db_path"]
