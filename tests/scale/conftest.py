from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.services import Postgres, Redis, have_postgres, have_redis


@pytest.fixture(scope="session")
def postgres() -> Iterator[Postgres]:
    if not have_postgres():
        pytest.skip("Debian's postgresql is not installed (./test installs it as root)")
    pg = Postgres().start()
    yield pg
    pg.stop()


@pytest.fixture(scope="session")
def redis_server() -> Iterator[Redis]:
    if not have_redis():
        pytest.skip("Debian's redis-server is not installed (./test installs it as root)")
    r = Redis().start()
    yield r
    r.stop()
